"""Generated bad command lines: each is one fault injected into a command line that works.

Asserted for every one: exit 2, one `meeple: error:` line naming the fault (the flag, the value
or the name that was wrong), no traceback, and nothing written in the working directory.
"""

import re
import subprocess
import sys
from pathlib import Path

import typer
import pytest
from fuzz_support import assert_one_line_error, error_lines, fuzz_settings, run_cli, scratch, snapshot
from hypothesis import example, given
from hypothesis import strategies as st

from meeple.cli.app import app
from meeple.records import make_record, record_to_json
from meeple.registry import Registry

REGISTRY = Registry.load()
GAMES = set(REGISTRY.games)
BOTS = {info.name for info in REGISTRY.all_bots()} | {"human"}
COMMANDS = typer.main.get_command(app).commands
RECORD = "game.jsonl"

#: Command lines that work (quickly): each fault is injected into one of them.
WORKING = {
    "match": ["match", "nim", "-b", "random", "-b", "random:seed=1", "-n", "2"],
    "tournament": ["tournament", "nim", "-b", "random", "-b", "random:seed=1", "-n", "2"],
    "bench": ["bench", "nim", "-n", "2"],
    "play": ["play", "nim", "--seed", "1"],
    "replay": ["replay", RECORD],
    "rules": ["rules", "nim"],
    "bots": ["bots", "--game", "nim"],
    "games": ["games"],
    "plugins": ["plugins"],
    "serve": ["serve"],
}
WITH_GAME = ["match", "tournament", "bench", "play", "rules"]


def valued_options(command: str) -> list[str]:
    """The flags of `command` that take a value (every spelling: `-n`, `--games`)."""
    return [flag for p in COMMANDS[command].params if p.param_type_name == "option" and not p.is_flag
            for flag in p.opts]


def int_options(command: str) -> list[str]:
    return [flag for p in COMMANDS[command].params if p.param_type_name == "option" and not p.is_flag
            and p.type_descriptor.annotation is int for flag in p.opts]


def all_flags(command: str) -> set[str]:
    return {flag for p in COMMANDS[command].params for flag in (*p.opts, *p.secondary_opts)} | {"--help"}


def is_int(text: str) -> bool:
    """As meeple reads an integer on the command line: ASCII digits, an optional sign."""
    return re.fullmatch(r"[+-]?[0-9]+", text) is not None


#: Names that print as themselves inside quotes (no quote, backslash, space or control character).
names = st.text(st.characters(categories=["L", "N", "P", "S"], exclude_characters="'\"\\`"),
                min_size=1, max_size=12).filter(lambda s: not s.startswith("-"))
not_integers = st.one_of(
    st.text(max_size=8).filter(lambda s: not is_int(s) and not s.startswith("-")),
    st.floats().map(repr).filter(lambda s: not s.startswith("-")),
    st.sampled_from(["1e3", "0x10", "2.0", " 2", "1_000", "\u0663", "nan", "one", ""]),
)


def with_option(command: str, flag: str, value: str) -> list[str]:
    return WORKING[command] + [flag, value]


@st.composite
def not_an_integer(draw):
    command = draw(st.sampled_from([c for c in WORKING if int_options(c)]))
    flag = draw(st.sampled_from(int_options(command)))
    return with_option(command, flag, draw(not_integers)), flag


@st.composite
def out_of_range(draw):
    command, flag, value = draw(st.one_of(
        st.tuples(st.sampled_from(["match", "tournament", "bench"]), st.just("--games"), st.integers(max_value=0)),
        st.tuples(st.sampled_from(["match", "tournament"]), st.just("--jobs"), st.integers(max_value=0)),
        st.tuples(st.sampled_from(["match", "tournament", "bench", "play"]), st.just("--seed"),
                  st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64))),
        st.tuples(st.sampled_from(["tournament", "bench", "play"]), st.just("--players"),
                  st.one_of(st.integers(max_value=1), st.integers(min_value=5, max_value=10**6))),
        st.tuples(st.just("replay"), st.just("--index"), st.one_of(st.integers(max_value=-1), st.integers(min_value=1))),
    ))
    names_it = "players" if flag == "--players" else flag
    return with_option(command, flag, str(value)), names_it


@st.composite
def unknown_option(draw):
    command = draw(st.sampled_from(list(WORKING)))
    flag = "--" + draw(st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True))
    if flag in all_flags(command) or any(f.startswith(flag) for f in all_flags(command)):
        flag += "-zz"
    return WORKING[command] + [flag], flag


@st.composite
def missing_value(draw):
    command = draw(st.sampled_from([c for c in WORKING if valued_options(c)]))
    flag = draw(st.sampled_from(valued_options(command)))
    return WORKING[command] + [flag], flag


@st.composite
def unknown_game(draw):
    game = draw(names.filter(lambda s: s not in GAMES))
    command = draw(st.sampled_from(WITH_GAME + ["bots"]))
    if command == "bots":
        return ["bots", "--game", game], game
    return [command, game, *WORKING[command][2:]], game


@st.composite
def bad_bot(draw):
    """A bot spec that names no bot, an unknown parameter, a bad value or no name."""
    name = draw(names.filter(lambda s: s not in BOTS and not set(s) & set(":,=")))
    key = draw(st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True).filter(lambda k: k != "seed"))
    spec, names_it = draw(st.sampled_from([
        (name, name), (f"random:{key}=1", key), ("random:seed=x" + key, "seed"),
        ("random:seed", "seed"), (":", ":"),
    ]))
    command = draw(st.sampled_from(["match", "tournament", "play-seat", "play-hint"]))
    if command in ("match", "tournament"):
        return [*WORKING[command][:5], spec, *WORKING[command][6:]], names_it
    flag = "--seat" if command == "play-seat" else "--hint"
    return with_option("play", flag, spec), names_it


@st.composite
def bad_game_option(draw):
    command = draw(st.sampled_from(["match", "tournament", "bench", "play"]))
    key = draw(st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True).filter(lambda k: k not in ("heaps", "max_take", "misere")))
    pair, names_it = draw(st.one_of(
        names.filter(lambda s: "=" not in s).map(lambda s: (s, s)),
        st.just((f"{key}=1", key)),
        not_integers.filter(str.isprintable).map(lambda v: (f"max_take={v}", "max_take")),  # see below
        st.integers(max_value=0).map(lambda v: (f"max_take={v}", "max_take")),
        names.filter(lambda v: v.strip().lower() not in ("true", "false", "1", "0", "yes", "no"))
             .map(lambda v: (f"misere={v}", "misere")),
        st.just(("variant=x", "variant")),
    ))
    flag = draw(st.sampled_from(["-o", "--option"]))
    return with_option(command, flag, pair), names_it


@st.composite
def bad_move_timeout(draw):
    command = draw(st.sampled_from(["match", "tournament"]))
    value = draw(st.one_of(st.sampled_from(["nan", "inf", "-inf", "0", "1e12"]),
                           st.floats(max_value=0).map(repr), st.floats(min_value=86401).map(repr)))
    return with_option(command, "--move-timeout", value), "--move-timeout"


@st.composite
def bad_path(draw):
    """A file argument naming a directory, a missing file or a file in a missing directory."""
    missing = draw(st.from_regex(r"[a-z]{1,8}", fullmatch=True))
    case = draw(st.sampled_from(["replay-missing", "replay-dir", "out-dir", "out-nowhere", "play-save-dir",
                                 "play-save-nowhere", "play-record-nowhere", "play-resume-missing"]))
    if case == "replay-missing":
        return ["replay", missing + ".jsonl"], missing + ".jsonl"
    if case == "replay-dir":
        return ["replay", "."], "."
    if case.startswith("out"):
        command = draw(st.sampled_from(["match", "tournament"]))
        path = "." if case == "out-dir" else f"{missing}/results.jsonl"
        return with_option(command, "--out", path), path
    flag = {"save": "--save", "record": "--record", "resume": "--resume"}[case.split("-")[1]]
    path = "." if case.endswith("dir") else missing if case.endswith("missing") else f"{missing}/game.json"
    if flag == "--resume":  # a resumed game takes neither GAME nor --seed
        return ["play", flag, path], path
    return with_option("play", flag, path), path


BAD_COMMAND_LINES = st.one_of(not_an_integer(), out_of_range(), unknown_option(), missing_value(),
                              unknown_game(), bad_bot(), bad_game_option(), bad_move_timeout(), bad_path())


def a_record(directory):
    """A verified nim record in `directory`, for `meeple replay`."""
    game = REGISTRY.create("nim", 2)
    state, actions = game.new_state(1), []
    while not state.is_terminal:
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    record = make_record(state, 1, actions, ("random", "random"), REGISTRY.game_version("nim"))
    (directory / RECORD).write_text(record_to_json(type(game), record) + "\n")


def test_the_working_command_lines_work(tmp_path):
    """The faults below are the only reason the command lines fail."""
    for command, args in WORKING.items():
        with scratch(tmp_path) as cwd:
            a_record(cwd)
            code, out, err, escaped = run_cli(args, cwd)
            assert escaped is None and code == 0 and not error_lines(err), (command, code, err)


@fuzz_settings(examples=240)
@given(case=BAD_COMMAND_LINES)
def test_a_bad_command_line_is_one_line_naming_the_fault_and_writes_nothing(tmp_path, tried, case):
    args, names_it = case
    tried["CLI arguments"] += 1
    with scratch(tmp_path) as cwd:
        a_record(cwd)
        before = snapshot(cwd)
        result = run_cli(args, cwd)
        assert_one_line_error(result, names_it, f"meeple {' '.join(args)}")
        assert snapshot(cwd) == before, f"meeple {' '.join(args)} wrote or changed files"


@fuzz_settings(examples=6)
@given(case=BAD_COMMAND_LINES)
def test_the_installed_meeple_command_reports_a_bad_command_line_in_one_line(tmp_path, tried, case):
    """The same, through the console script in a separate process (its real stdin, closed)."""
    args, names_it = case
    tried["CLI arguments"] += 1
    meeple = Path(sys.executable).parent / "meeple"
    with scratch(tmp_path) as cwd:
        a_record(cwd)
        before = snapshot(cwd)
        done = subprocess.run([str(meeple), *args], cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=60)
        assert_one_line_error((done.returncode, done.stdout, done.stderr, None), names_it,
                              f"meeple {' '.join(args)}")
        assert snapshot(cwd) == before


@fuzz_settings(examples=10)
@given(value=st.one_of(
    st.integers(1, 99).map(lambda n: "_".join(str(n))).filter(lambda v: "_" in v),
    st.integers(1, 9).map(lambda n: chr(0x0660 + n)),  # Arabic-Indic digits
    st.integers(1, 9).map(lambda n: chr(0xFF10 + n)),  # full-width digits
))
def test_a_game_option_integer_is_typed_in_ascii_digits(tmp_path, tried, value):
    """`-o max_take=1_0` or `-o max_take=３` is no integer as typed (as for `--games`): refused."""
    tried["CLI arguments"] += 1
    with scratch(tmp_path) as cwd:
        result = run_cli(with_option("bench", "-o", f"max_take={value}"), cwd)
        assert_one_line_error(result, "max_take", f"-o max_take={value}")


@fuzz_settings(examples=10)
@given(control=st.characters(categories=["Cc"]).filter(lambda c: c not in "\x00"))
@example(control="\n").via("a newline would split the error line")
@example(control="\x1b").via("an escape sequence would drive the terminal")
def test_a_control_character_in_a_game_option_is_shown_escaped(tmp_path, tried, control):
    tried["CLI arguments"] += 1
    with scratch(tmp_path) as cwd:
        code, out, err, escaped = result = run_cli(with_option("bench", "-o", f"max_take=1{control}2"), cwd)
        assert_one_line_error(result, "max_take", f"-o max_take=1{control!r}2")
        assert control not in err.removesuffix("\n")  # the line's own end is the only newline
