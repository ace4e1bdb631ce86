"""The games the RL adapter tests run: every built-in game, the example games (Nim, and Kuhn
and Hearts when installed) and the Goofspiel test game (simultaneous). The built-in games declare their action spaces themselves (`rl_action_space` on
their Game class, Nim's example included); Goofspiel's is declared here through
`register_action_space`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))

from goofspiel_game import BidCard, Goofspiel

from meeple import Registry
from meeple.rl import register_action_space

register_action_space("goofspiel", lambda game: [BidCard(c) for c in range(1, game.options["cards"] + 1)])

#: (game id, players, options) for every game the adapters must serve.
GAMES = [
    ("nim", 2, {}),
    ("nim", 3, {"heaps": "2,4", "max_take": 2, "misere": True}),
    ("linkage", 2, {}),
    ("linkage", 2, {"variant": "balanced"}),
    ("linko", 2, {}),
    ("linko", 4, {}),
    ("combo_breaker", 3, {}),
    ("combo_breaker", 5, {"double_wild": False}),
]

REGISTRY = Registry.load()
if "kuhn" in REGISTRY.games:  # the Kuhn poker example, when installed (explicit chance, chips)
    GAMES.append(("kuhn", 2, {}))
if "hearts" in REGISTRY.games:  # the Hearts example, when installed (simultaneous pass)
    GAMES.append(("hearts", 4, {}))


def make(game_id: str, players: int, options: dict):
    if game_id == "goofspiel":
        return Goofspiel(players, options)
    return REGISTRY.create(game_id, players, options)


def game_name(params) -> str:
    game_id, players, options = params
    return f"{game_id}-{players}-" + "-".join(f"{k}={v}" for k, v in options.items())

