"""`meeple play` hotseat on a real pseudo-terminal with the Goofspiel test game (simultaneous
secret bids): each owing person chooses in turn with the screen handed over, and nobody ever sees
another person's pending choice. The subprocess loads the test game through MEEPLE_PLUGINS.
"""

from __future__ import annotations

import io
import json

import goofspiel_plugin
import pytest
from hosts_support import subprocess_env
from terminal import GAME_OVER, HAND_OVER, PROMPT, finish, spawn

from meeple import Registry
from meeple.records import record_from_json, replay


@pytest.fixture
def goofspiel_env(monkeypatch):
    for key, value in subprocess_env().items():
        monkeypatch.setenv(key, value)


def test_hotseat_people_bid_in_turn_and_never_see_each_others_pending_bid(tmp_path, goofspiel_env):
    record = tmp_path / "game.jsonl"
    child = spawn("play", "goofspiel", "--seat", "human", "--seat", "human", "--seat", "random",
                  "--seed", "5", "-o", "cards=3", "--record", str(record), cwd=tmp_path)
    child.logfile_read = screen = io.StringIO()
    prompts = []
    while True:
        which = child.expect([HAND_OVER, GAME_OVER])
        if which == 1:
            break
        seat = int(child.match.group(1))
        child.sendline("")
        child.expect(PROMPT)
        shown = child.before  # everything this person sees after taking over
        assert int(child.match.group(1)) == seat
        assert "you chose" not in shown and "your choice:" not in shown, "another person's pending bid"
        assert "bid for the prize in secret" in shown
        prompts.append(seat)
        child.sendline("1")
    assert finish(child) == 0
    assert prompts == [0, 1] * 3, "both people bid every round, each after a hand-over"
    assert screen.getvalue().count("you chose: bid") == 3, "seat 0 hears its own bid before handing over"
    text = record.read_text().strip()
    game = record_from_json(Registry.load(plugins=[goofspiel_plugin]), text)
    assert replay(Registry.load(plugins=[goofspiel_plugin]), game).is_terminal
    assert len(json.loads(text)["actions"]) == 9


def test_nim_hotseat_still_plays_one_seat_at_a_time(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "human", "--seed", "3", cwd=tmp_path)
    seats = []
    while child.expect([HAND_OVER, GAME_OVER]) == 0:
        child.sendline("")
        child.expect(PROMPT)
        seats.append(int(child.match.group(1)))
        child.sendline("1")
    assert finish(child) == 0
    assert seats[:4] == [0, 1, 0, 1]


def test_stepping_through_a_simultaneous_decision_tells_a_seat_only_its_own_pending_choice(
        tmp_path, goofspiel_env, monkeypatch):
    from meeple.cli.app import main

    path = tmp_path / "games.jsonl"
    assert main(["match", "goofspiel", "-b", "random", "-b", "random", "-b", "random", "-n", "1",
                 "-o", "cards=2", "--seed", "3", "--out", str(path)]) == 0
    record = json.loads(path.read_text().splitlines()[0])
    bids = [a["card"] for a in record["actions"]]
    child = spawn("replay", str(path), "--step", "--seat", "1", cwd=tmp_path)
    step = r"move (\d+)/6 \[Enter, b, help\]> "
    child.expect(step)
    child.sendline("")  # seat 0's bid: a secret from seat 1
    child.expect(step)
    assert "seat 0 chose in secret" in child.before and f"seat 0: bid {bids[0]}" not in child.before
    child.sendline("")  # seat 1's own bid
    child.expect(step)
    assert f"seat 1: bid {bids[1]}" in child.before and "seat 0: bid" not in child.before
    child.sendline("")  # seat 2's bid resolves the decision: every bid, in seat order
    child.expect(step)
    told = child.before
    assert told.index(f"seat 0: bid {bids[0]}") < told.index(f"seat 1: bid {bids[1]}") < told.index(f"seat 2: bid {bids[2]}")
    child.sendline("quit")
    assert finish(child) == 0
