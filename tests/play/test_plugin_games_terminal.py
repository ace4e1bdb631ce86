"""A full game of every installed plugin through `meeple play` on a pseudo-terminal, typing the
first legal move's number at each prompt, then stepping through the record it wrote.
"""

from __future__ import annotations

import json

import pytest
from terminal import PROMPT, finish, play_first_moves, spawn

GAMES = [
    ("linkage", ["--seat", "human", "--seat", "greedy"]),
    ("linkage", ["--variant", "balanced", "--seat", "human", "--seat", "random"]),
    ("linko", ["--seat", "human", "--seat", "random", "--seat", "random"]),
    ("linko", ["--seat", "random", "--seat", "human"]),  # the Duel
    ("combo_breaker", ["--seat", "random", "--seat", "human", "--seat", "random"]),
    ("nim", ["--seat", "human", "--seat", "random", "--seat", "random"]),
]


@pytest.mark.parametrize("game, seats", GAMES, ids=[f"{g}-{len(s) // 2}" for g, s in GAMES])
def test_a_full_game_to_the_end_then_a_verified_record(tmp_path, game, seats):
    child = spawn("play", game, *seats, "--seed", "3", "--record", "game.jsonl", cwd=tmp_path, timeout=60)
    typed, result = play_first_moves(child)
    assert typed > 0 and "Scores:" in result
    assert finish(child) == 0
    record = json.loads((tmp_path / "game.jsonl").read_text())
    assert record["game"] == game and "human" in record["seats"]
    replayed = spawn("replay", "game.jsonl", cwd=tmp_path)
    replayed.expect("verified")
    assert finish(replayed) == 0


def test_narration_and_notation_of_a_plugin_at_the_prompt(tmp_path):
    child = spawn("play", "linkage", "--seat", "human", "--seat", "greedy", "--seed", "1", cwd=tmp_path)
    child.expect(r"\d+ legal moves\. Type one \(e\.g\. `W 00-01`, `[^`]+`\), `list` to see them all numbered")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("W 33-34")  # the game's own notation help
    child.expect(PROMPT)
    child.sendline("w 33 34")
    child.expect(r"✗ \(3,3\) holds the blocker \(rule 3\)")  # parsed, then explained by the rules
    child.expect(PROMPT)
    child.sendline("W 00-01")
    child.expect(r"• seat 0 \(More\) lays white on \(0,0\)-\(0,1\): 1 colour group")
    child.expect(r"• seat 1 \(Fewer\) lays ")
    child.expect(PROMPT)
    child.sendline("list w 0")
    child.expect(r"place white on \(0,")
    child.sendeof()
    assert finish(child) == 0
