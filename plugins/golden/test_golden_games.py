"""Golden games: the rules of all three games play exactly as they did when the corpus was made.

Random games with fixed seeds are played for every option set that changes the rules; for each
game the record (`record_to_data`, canonical JSON) and the fingerprint of every state along the
way are hashed. `golden_games.json` holds those hashes, computed on the code before any wording
change: text (narration, renderers, descriptions, error messages) may change freely, but the
same seed and actions must still give the same game, state JSON and record, byte for byte.

The suite checks the first `QUICK` games of each option set (a few seconds); the full corpus
(`FULL` games each) is checked by running this file as a script:

    .venv/bin/python plugins/golden/test_golden_games.py          # check all games
    .venv/bin/python plugins/golden/test_golden_games.py --write  # make the file (refuses to overwrite)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from meeple import Registry, Rng
from meeple.records import make_record, record_to_data
from meeple.serialization import dumps

GOLDEN = Path(__file__).with_name("golden_games.json")
QUICK = 12
FULL = 300

#: (game id, players, options): every option set that changes the rules, at each player count.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("linko", 2, {"variant": "base"}),
    ("linko", 2, {"variant": "base", "ghost_steal_blocks_draw": False}),
    ("linko", 2, {"variant": "advanced"}),
    ("linko", 2, {"variant": "expert"}),
    ("linko", 2, {"two_player": "classic", "variant": "base"}),
    ("linko", 2, {"two_player": "classic", "variant": "expert"}),
    ("linko", 3, {"variant": "base"}),
    ("linko", 3, {"variant": "expert", "ties": "shared"}),
    ("linko", 4, {"variant": "advanced"}),
    ("linko", 4, {"variant": "base", "max_turns": 7}),
    ("linko", 5, {"variant": "expert"}),
    ("combo_breaker", 3, {}),
    ("combo_breaker", 3, {"tokens": 3, "double_wild": False}),
    ("combo_breaker", 4, {}),
    ("combo_breaker", 4, {"double_wild": False}),
    ("combo_breaker", 5, {"tokens": 3}),
    ("linkage", 2, {"variant": "standard"}),
    ("linkage", 2, {"variant": "balanced"}),
]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = config
    return f"{game_id}-{players}p-" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def game_digest(registry: Registry, config: tuple[str, int, dict[str, Any]], seed: int) -> str:
    """Play one random game from `seed` (actions chosen by an Rng of its own) and hash its record
    and every state fingerprint on the way."""
    game_id, players, options = config
    game_cls = registry.game(game_id)
    game = game_cls(players, options)
    state = game.new_state(seed)
    chooser = Rng(seed * 7919 + 1)
    digest = hashlib.sha256(state.fingerprint().encode())
    actions = []
    while not state.is_terminal:
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
        digest.update(state.fingerprint().encode())
    record = make_record(state, seed, actions, tuple(f"random{s}" for s in range(players)), "golden")
    digest.update(dumps(record_to_data(game_cls, record)).encode())
    return digest.hexdigest()


def corpus_digest(registry: Registry, config, games: int) -> str:
    """One hash over the first `games` games of an option set (seeds 0, 1, ...)."""
    digest = hashlib.sha256()
    for seed in range(games):
        digest.update(game_digest(registry, config, seed).encode())
    return digest.hexdigest()


def _golden() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_play_exactly_as_the_golden_corpus(config):
    expected = _golden()[config_id(config)][f"first_{QUICK}"]
    assert corpus_digest(Registry.load(), config, QUICK) == expected


def main(argv: list[str]) -> int:
    registry = Registry.load()
    if "--write" in argv:
        if GOLDEN.exists():
            print(f"{GOLDEN} exists: remove it first if the rules really changed", file=sys.stderr)
            return 2
        data = {config_id(c): {f"first_{QUICK}": corpus_digest(registry, c, QUICK),
                               f"first_{FULL}": corpus_digest(registry, c, FULL)} for c in CONFIGS}
        GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
        return 0
    golden, failed = _golden(), 0
    for config in CONFIGS:
        name = config_id(config)
        same = corpus_digest(registry, config, FULL) == golden[name][f"first_{FULL}"]
        failed += not same
        print(f"{'same' if same else 'DIFFERENT'}  {name} ({FULL} games)")
    print("all games identical" if not failed else f"{failed} option sets changed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
