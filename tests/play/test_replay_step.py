"""`meeple replay --step` on a pseudo-terminal: forwards, backwards, any seat or everything."""

from __future__ import annotations

import re

import pexpect
import pytest
from terminal import finish, spawn

from meeple.cli.app import main

STEP = re.compile(r"move (\d+)/(\d+) \[Enter, b, help\]> ")


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "games.jsonl"
    assert main(["match", "linko", "-b", "random", "-b", "random", "-b", "random", "-n", "2", "--out", str(path)]) == 0
    return path


def test_stepping_forwards_and_back_from_one_seat_never_shows_other_hands(tmp_path, record):
    child = spawn("replay", str(record), "--index", "1", "--step", "--seat", "1", cwd=tmp_path)
    child.expect("before the first move · seat 1's view")
    child.expect(STEP)
    assert child.match.group(1) == "0"
    shown = child.before
    assert "seat 0: hand 13 cards" in shown and "seat 2: hand 13 cards" in shown
    assert re.search(r"seat 1 \(you\): hand \[", shown)
    child.sendline("")
    child.expect(r"• seat 0 plays ")
    child.expect(STEP)
    assert child.match.group(1) == "1"
    child.sendline("5")
    child.expect(STEP)
    assert child.match.group(1) == "5"
    child.sendline("b")
    child.expect(STEP)
    assert child.match.group(1) == "4" and "seat 0: hand [" not in child.before
    child.sendline("seat all")
    child.expect("after move 4 of \\d+ · omniscient view")
    child.expect(STEP)
    assert "seat 0: hand [" in child.before and "seat 2: hand [" in child.before
    child.sendline("end")
    child.expect("End of the record: winners")
    child.expect(STEP)
    child.sendline("")
    child.expect("✗ this is the end of the game")
    child.sendline("start")
    child.expect(STEP)
    child.sendline("b")
    child.expect("✗ this is the start of the game")
    for typed, error in [("seat 9", "a seat is a number from 0 to 2"), ("jump", "'jump' is not a command here"),
                         ("99999", "the game has \\d+ moves")]:
        child.sendline(typed)
        child.expect("✗ " + error)
    child.sendline("quit")
    assert finish(child) == 0


def test_end_of_input_leaves_the_stepper(tmp_path, record):
    child = spawn("replay", str(record), "--index", "0", "--step", cwd=tmp_path)
    child.expect(STEP)
    child.sendeof()
    assert finish(child) == 0


@pytest.mark.parametrize("args, message", [
    (["--step"], "holds 2 records: choose one to step through with --index"),
    (["--seat", "1"], "--seat chooses whose view --step or --index shows"),
    (["--index", "0", "--seat", "7"], "a seat is a number from 0 to 2"),
    (["--index", "0", "--step", "--seat", "x"], "a seat is a number from 0 to 2"),
])
def test_step_mistakes_are_one_line_errors(tmp_path, record, args, message):
    child = spawn("replay", str(record), *args, cwd=tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and message in child.before, child.before


def test_index_with_a_seat_prints_that_seats_final_view(capsys, record):
    assert main(["replay", str(record), "--index", "0", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 (you)" in out and "verified" in out
