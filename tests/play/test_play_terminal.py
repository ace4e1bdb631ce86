"""`meeple play` end to end: the real program on a pseudo-terminal, typed at like a person."""

from __future__ import annotations

import io
import json

import pexpect
import pytest
from terminal import PROMPT, finish, play_first_moves, spawn


def test_a_whole_game_of_nim_against_a_bot_to_the_end(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "random", "--seed", "4",
                  "--record", "game.jsonl", cwd=tmp_path)
    child.expect("seat 0: you, seat 1: random")
    typed, result = play_first_moves(child)
    assert typed >= 3 and "win" in result and "Scores:" in result
    assert finish(child) == 0
    record = json.loads((tmp_path / "game.jsonl").read_text())
    assert record["game"] == "nim" and record["seats"] == ["human", "random"]
    assert not list(tmp_path.glob("*.save.json")), "a finished game leaves no save file"


def test_other_seats_moves_are_narrated(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "random", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("take 0 1")
    child.expect(r"• seat 0: take 1 from heap 0")
    child.expect(r"• seat 1: take \d from heap \d")
    child.expect(PROMPT)
    child.sendeof()
    assert finish(child) == 0


@pytest.mark.parametrize("typed, explanation", [
    ("frobnicate", r"'frobnicate' is not a move here: type a number from 1 to 9"),
    ("0", r"there is no move 0: choose a number from 1 to 9"),
    ("10", r"there is no move 10: choose a number from 1 to 9"),
    ('{"type": "take", "heap": 0, "stones": 3, "extra": 1}', r"bad action: extra fields found \(extra\)"),
    ('{"type": "take", "heap": 0, "stones": 4}', r"take 4 from heap 0 is not legal now"),
    ("{not json", r"that is not valid JSON"),
    ("list heap 9", r"no legal move contains 'heap 9'"),
    ("save /nonexistent/dir/x.json", r"cannot write /nonexistent/dir/x.json"),
])
def test_bad_input_explains_itself_and_changes_nothing(tmp_path, typed, explanation):
    child = spawn("play", "nim", "--seat", "human", "--seat", "random", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline(typed)
    child.expect("✗ " + explanation)
    child.expect(PROMPT)
    assert child.match.group(2) == "9", "the position is unchanged: still 9 legal moves"
    child.sendline("quit")
    child.expect("you quit: no move was made, nothing to save")
    assert finish(child) == 0
    assert list(tmp_path.iterdir()) == [], "no save file after zero moves"


def test_help_rules_list_show_and_hint_answer_without_moving(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "random", "--seed", "4", cwd=tmp_path)
    for command, answer in [("help", "How to type moves in Nim"), ("rules", "Take stones|heap"),
                            ("list heap 2", r"7\. take 1 from heap 2"), ("show", "Nim · seat 0"),
                            ("hint", r"would play \d\. take"), ("hint random", r"random would play")]:
        child.expect(PROMPT)
        assert child.match.group(2) == "9"
        child.sendline(command)
        child.expect(answer)
    child.expect(PROMPT)
    assert child.match.group(2) == "9"
    child.sendeof()
    assert finish(child) == 0


def test_ctrl_c_saves_and_resume_finishes_the_same_game(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "random", "--seed", "8", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("interrupted: saving the game")
    child.expect(r"meeple play --resume (nim-\d{8}-\d{6}\.save\.json)")
    name = child.match.group(1)
    assert finish(child) == 130
    saved = json.loads((tmp_path / name).read_text())
    assert len(saved["actions"]) == 2 and saved["kind"] == "meeple-save"
    assert "FULL state" in saved["note"]

    child = spawn("play", "--resume", name, cwd=tmp_path)
    child.expect("resumed after 2 moves")
    typed, result = play_first_moves(child)
    assert "win" in result
    assert finish(child) == 0


def test_end_of_input_saves_to_the_chosen_file(tmp_path):
    child = spawn("play", "nim", "--seed", "2", "--save", "mine.json", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("end of input: saving the game")
    assert finish(child) == 0
    assert json.loads((tmp_path / "mine.json").read_text())["seed"] == 2


def test_the_seed_is_shown_only_once_the_hotseat_game_is_over(tmp_path):
    seed = "918273645"
    child = spawn("play", "nim", "--seat", "human", "--seat", "human", "--seed", seed, cwd=tmp_path)
    child.logfile_read = screen = io.StringIO()
    child.expect(r"seat 0: press Enter> ")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("help")  # the help names the default save file
    child.expect(r"default file: (\S+)\)")
    typed, result = play_first_moves(child)
    child.expect(rf"Seed {seed}\. To play this deal again: meeple play nim --seed {seed} --seat human --seat human")
    assert finish(child) == 0
    during, _, after = screen.getvalue().partition("Final result:")
    assert typed >= 3 and "win" in result and "nim-" in during
    assert seed not in during, "no seed on the screen, in the help or the save file's name mid-game"
    assert seed in after


def test_hotseat_clears_the_screen_and_waits_before_each_players_view(tmp_path):
    child = spawn("play", "nim", "--seat", "human", "--seat", "human", "--seed", "1", cwd=tmp_path)
    for seat in (0, 1, 0):
        child.expect(r"\x1b\[2J")  # the screen is wiped
        child.expect(f"Seat {seat}, it is your turn")
        child.expect(f"seat {seat}: press Enter> ")
        assert "heap 0:" not in child.before, "nothing of the game is shown before the hand-over"
        child.sendline("")
        child.expect(PROMPT)
        assert child.match.group(1) == str(seat)
        child.sendline("1")
    child.expect(r"seat 1: press Enter> ")
    child.sendline("")
    child.expect(r"• seat 0: take 1 from heap \d")  # what happened since, told on taking over
    child.expect(PROMPT)
    assert child.match.group(1) == "1"
    child.sendeof()
    assert finish(child) == 0


@pytest.mark.parametrize("args, message", [
    (["play"], "name a game to play"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "nim", "--seat", "random", "--seat", "random"], "meeple play needs a `--seat human`"),
    (["play", "nim", "--seat", "oracle"], "unknown bot 'oracle' for nim"),
    (["play", "nim", "--players", "2", "--seat", "human", "--seat", "random", "--seat", "random"], "3 --seat given for 2 players"),
    (["play", "nim", "-o", "max_take=0"], "option 'max_take' cannot be 0"),
    (["play", "--resume", "missing.json"], "cannot read missing.json"),
    (["play", "--resume", "missing.json", "--seed", "3"], "drop --seed"),
])
def test_command_line_mistakes_are_one_line_errors(tmp_path, args, message):
    child = spawn(*args, cwd=tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    lines = child.before.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("meeple: error: ") and message in lines[0], child.before
