"""Every game's action space and observation stay what they were: the indices a trained policy
learned (the actions, in order) and the observation layout are recorded per game and options in
`golden_spaces.json`, as a size and a SHA-256, so moving a declaration (from the core into each
game, issue 16) or tidying one cannot silently renumber anything.

A deliberate change to a space regenerates the file (and says so in its commit):
``.venv/bin/python tests/rl/test_golden_spaces.py > tests/rl/golden_spaces.json``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from rl_games import GAMES, REGISTRY, game_name, make

from meeple import Rng
from meeple.rl import action_space, encoder_for
from meeple.serialization import action_to_data

GOLDEN = Path(__file__).with_name("golden_spaces.json")

#: Options that change what a game may offer or show, beyond the adapters' own list.
MORE = [("linko", 2, {"two_player": "classic"}), ("linko", 3, {"variant": "expert"}), ("linko", 5, {}),
        ("combo_breaker", 4, {"tokens": 3}), ("hearts", 4, {"pass_cards": False})]
CASES = [params for params in GAMES + MORE if params[0] in REGISTRY.games]


def fingerprint(game) -> dict:
    """The action space (every action's JSON, in index order) and the observations of every seat
    along one seeded random game, each as a size and a SHA-256."""
    actions = json.dumps([action_to_data(type(game), a) for a in action_space(game).actions],
                         sort_keys=True, separators=(",", ":"))
    encoder, observations, rng = encoder_for(game), hashlib.sha256(), Rng(0)
    state = game.new_state(0)
    for _ in range(20):
        for seat in range(game.players):
            observations.update(encoder.encode(state.view(seat)).astype("<f4").tobytes())
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return {"actions": len(action_space(game)),
            "actions_sha256": hashlib.sha256(actions.encode()).hexdigest(),
            "observation": encoder.size, "observations_sha256": observations.hexdigest()}


@pytest.mark.parametrize("params", CASES, ids=game_name)
def test_a_games_action_indices_and_observation_layout_are_the_recorded_ones(params):
    recorded = json.loads(GOLDEN.read_text())[game_name(params)]
    assert fingerprint(make(*params)) == recorded


def test_every_recorded_game_is_checked():
    missing = set(json.loads(GOLDEN.read_text())) - {game_name(p) for p in CASES}
    for example in ("hearts", "kuhn"):  # an example game, not installed
        if example not in REGISTRY.games:
            missing = {name for name in missing if not name.startswith(f"{example}-")}
    assert not missing, missing


if __name__ == "__main__":
    print(json.dumps({game_name(p): fingerprint(make(*p)) for p in CASES}, indent=1, sort_keys=True))
