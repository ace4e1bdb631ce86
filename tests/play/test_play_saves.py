"""Where `meeple play` saves: nothing after zero moves, never over another file, the resumed file
in place, the record never lost; every path checked before the game starts."""

from __future__ import annotations

import datetime
import io
import os
from pathlib import Path

import pytest
from rich.console import Console
from test_play_loop import REGISTRY, Recording, first_move_or_enter

from meeple.cli.app import main
from meeple.session import Session
from meeple.files import default_save_path
from meeple.terminal.play import PlayLoop


def nim_loop(save_path, answers, resumed_from=None, session=None, record_path=None):
    session = session or Session.start(REGISTRY, "nim", ["human", "random"], 4)
    screen = Recording(answers)
    screen.console = Console(file=io.StringIO(), width=10_000)  # long temporary paths stay on one line
    return PlayLoop(REGISTRY, session, screen, save_path, "random", record_path,
                    resumed_from=resumed_from), session


def typing(*lines):
    typed = iter(lines)
    return lambda prompt: next(typed)


def output_of(loop):
    return loop.screen.console.file.getvalue()


@pytest.mark.parametrize("leaving", ["quit", EOFError, KeyboardInterrupt])
def test_leaving_before_any_move_writes_no_save(tmp_path, monkeypatch, leaving):
    monkeypatch.chdir(tmp_path)

    def answers(prompt):
        if isinstance(leaving, str):
            return leaving
        raise leaving

    loop, session = nim_loop(None, answers)
    assert loop.run() in (0, 130)
    assert "no move was made, nothing to save" in output_of(loop)
    assert list(tmp_path.iterdir()) == []


def test_the_default_save_name_tells_the_time_not_the_seed_and_skips_taken_names(tmp_path):
    now = datetime.datetime(2026, 11, 23, 19, 5, 7)
    first = default_save_path("nim", tmp_path, now)
    assert first == tmp_path / "nim-20261123-190507.save.json"
    first.write_text("someone's game")
    assert default_save_path("nim", tmp_path, now) == tmp_path / "nim-20261123-190507-2.save.json"


def test_a_default_named_save_taken_meanwhile_is_left_alone_for_a_fresh_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    loop, session = nim_loop(None, typing("1", "quit"))
    taken = loop.save_path
    taken.write_text("a 61-move game")  # another game saved under the same name meanwhile
    assert loop.run() == 0
    assert taken.read_text() == "a 61-move game"
    assert loop.save_path != taken and len(Session.load(REGISTRY, loop.save_path).actions) == 2


def test_save_at_the_prompt_never_replaces_another_file(tmp_path):
    other = tmp_path / "other.json"
    other.write_text("a 61-move game")
    loop, session = nim_loop(tmp_path / "save.json", typing(f"save {other}", "1", "save", "1", "save", "quit"))
    assert loop.run() == 0
    assert other.read_text() == "a 61-move game"
    assert f"{other} already exists: it is left as it is" in output_of(loop)
    # its own file it updates, and leaving right after a save has nothing new to write
    assert len(Session.load(REGISTRY, tmp_path / "save.json").actions) == 4
    assert "you quit: no move since the game was saved" in output_of(loop)


def test_a_resumed_game_is_saved_back_into_its_own_file(tmp_path):
    path = tmp_path / "game.json"
    started = Session.start(REGISTRY, "nim", ["human", "random"], 4)
    started.apply(started.state.legal_actions()[0])
    started.apply(started.state.legal_actions()[0])
    started.save(path)
    resumed = Session.load(REGISTRY, path)
    loop, _ = nim_loop(path, typing("1", "quit"), resumed_from=path, session=resumed)
    assert loop.run() == 0
    assert len(Session.load(REGISTRY, path).actions) == 4


def test_resuming_and_leaving_at_once_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "game.json"
    started = Session.start(REGISTRY, "nim", ["human", "random"], 4)
    started.apply(started.state.legal_actions()[0])
    started.apply(started.state.legal_actions()[0])  # the person is to play again
    started.save(path)
    before = path.read_bytes(), path.stat().st_mtime_ns
    loop, _ = nim_loop(path, typing("quit"), resumed_from=path, session=Session.load(REGISTRY, path))
    assert loop.run() == 0
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_a_record_that_cannot_be_written_exits_non_zero_and_the_game_is_kept(tmp_path):
    record = tmp_path / "gone" / "game.jsonl"  # its directory vanished during the game
    loop, session = nim_loop(tmp_path / "save.json", first_move_or_enter, record_path=record)
    assert loop.run() == 1
    assert "the record was not written: cannot write" in output_of(loop)
    kept = Session.load(REGISTRY, tmp_path / "save.json")
    assert kept.state.is_terminal, "the finished game is saved; resuming it writes the record"


def test_a_record_file_that_appeared_meanwhile_is_not_overwritten(tmp_path):
    record = tmp_path / "game.jsonl"
    loop, session = nim_loop(tmp_path / "save.json", first_move_or_enter, record_path=record)
    record.write_text("another record")
    assert loop.run() == 1
    assert record.read_text() == "another record"


# -- the command line refuses, before the game starts, every path it could not write ------------

def one_line_error(capsys, *args):
    code = main(["play", *args])
    err = capsys.readouterr().err
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("meeple: error: "), err
    return lines[0]


@pytest.mark.parametrize("args, message", [
    (["--save", "."], "--save .: a directory, not a regular file"),
    (["--save", "/dev/null"], "--save /dev/null: a device, not a regular file"),
    (["--save", "fifo"], "--save fifo: a FIFO, not a regular file"),
    (["--save", "missing/game.json"], "--save missing/game.json: the directory missing does not exist"),
    (["--record", "missing/game.jsonl"], "--record missing/game.jsonl: the directory missing does not exist"),
    (["--save", "taken.json"], "--save taken.json already exists: choose another file"),
    (["--record", "taken.json"], "--record taken.json already exists: choose another file"),
    (["--seed", "-1"], "--seed must be an integer from 0 to 2**64 - 1, got -1"),
    (["--seed", str(1 << 64)], "--seed must be an integer from 0 to 2**64 - 1"),
    (["--move-timeout", "nan"], "--move-timeout must be a positive number of seconds"),
    (["--move-timeout", "1e12"], "--move-timeout must be a positive number of seconds"),
])
def test_unwritable_or_taken_paths_are_refused_before_the_game(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    Path("taken.json").write_text("a 61-move game")
    assert message in one_line_error(capsys, "nim", *args)
    assert Path("taken.json").read_text() == "a 61-move game"
    assert sorted(os.listdir()) == ["fifo", "taken.json"], "nothing written"


@pytest.mark.parametrize("content, message", [
    ("[" * 100_000, "nested too deeply"),
    ('{"kind": "meeple-save", "format": true}', "corrupt save"),
])
def test_resuming_a_bad_file_is_one_line(tmp_path, monkeypatch, capsys, content, message):
    monkeypatch.chdir(tmp_path)
    Path("bad.json").write_text(content)
    assert message in one_line_error(capsys, "--resume", "bad.json")
    assert Path("bad.json").read_text() == content
