"""Fixtures for the RL adapter tests (the games themselves are listed in rl_games.py)."""

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from rl_games import GAMES, game_name, make  # noqa: E402


@pytest.fixture(params=GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def any_game(request):
    return make(*request.param)
