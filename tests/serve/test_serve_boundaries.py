"""`meeple serve` at its boundaries (issues 11 and 12): the seed never reaches a client, save
files stay in the operator's directory, types are exact, and a bot cannot take the server down.

Most tests drive `Server.handle_line` in this process (the same entry the server loop uses);
those about the process itself (sys.exit, prints) run a real server subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from misbehaving import registry as misbehaving_registry

from meeple import Registry
from meeple.protocol import Server, load_schema, validate
from meeple.serialization import state_fingerprint
from meeple.session import MAX_SAVE_BYTES, Session

REGISTRY = misbehaving_registry()
HERE = Path(__file__).parent


def ask(server: Server, **request) -> dict:
    """One request as a line; the one response line, parsed and checked against its schema."""
    line = server.handle_line(json.dumps(request))
    assert line is not None and "\n" not in line
    response = json.loads(line)
    validate(response, f"{request['op']}.response.json" if response["ok"] else "error.response.json")
    return response


def error(server: Server, **request) -> dict:
    response = ask(server, **request)
    assert response["ok"] is False, response
    assert "\n" not in response["error"]["message"]
    return response["error"]


def nim(server: Server, seed: int = 123_456_789, seats=("human", "random")) -> Session:
    """Session s1: a Nim game two moves in."""
    assert ask(server, op="create", game="nim", seats=list(seats), seed=seed)["ok"]
    ask(server, op="apply", session="s1", seat=0, notation="take 0 1")
    ask(server, op="apply", session="s1", seat=1, notation="take 1 1")
    return server.sessions["s1"]


def unchanged(server: Server, session: Session):
    """A check that `session` and the set of open sessions are as they are now."""
    fingerprint, moves, names = state_fingerprint(session.state), list(session.actions), set(server.sessions)

    def check():
        assert state_fingerprint(session.state) == fingerprint and session.actions == moves
        assert set(server.sessions) == names
    return check


# -- the seed is a secret ------------------------------------------------------------------------

def test_no_response_but_a_save_document_carries_the_seed(tmp_path):
    server = Server(REGISTRY, save_dir=tmp_path)
    seed = 987_654_321_987
    answers = [ask(server, op="create", game="nim", seats=["human", "random"], seed=seed)]
    answers.append(ask(server, op="apply", session="s1", seat=0, notation="take 0 1"))
    answers += [ask(server, op="view", session="s1", seat=seat) for seat in (0, 1, None)]
    answers.append(ask(server, op="bot", session="s1", seat=1))
    answers.append(ask(server, op="history", session="s1", seat=None))
    answers.append(ask(server, op="save", session="s1", path="g.json"))
    answers.append(ask(server, op="load", path="g.json"))
    saved = ask(server, op="save", session="s1")["result"]["save"]
    answers.append(ask(server, op="load", save=saved))
    answers.append(ask(server, op="create", game="nim"))  # a seed the server chose
    for answer in answers:
        assert answer["ok"], answer
        assert "seed" not in json.dumps(answer) and str(seed) not in json.dumps(answer), answer
    assert saved["seed"] == seed, "the save document, the full state, is the one exception"
    assert "seed" not in load_schema("common.json")["$defs"]["session_info"]["properties"]


# -- save files: the operator's directory only ---------------------------------------------------

def test_without_a_save_dir_save_and_load_by_path_are_refused(tmp_path):
    server = Server(REGISTRY)
    session = nim(server)
    same = unchanged(server, session)
    assert error(server, op="save", session="s1", path="g.json")["code"] == "no_save_dir"
    assert error(server, op="load", path="g.json")["code"] == "no_save_dir"
    assert "--save-dir" in error(server, op="load", path="/etc/passwd")["message"]
    same()
    assert ask(server, op="save", session="s1")["ok"], "the save document itself is still given"


@pytest.fixture
def saves(tmp_path):
    """A save directory (tmp_path/saves) holding one good save, and a good save outside it."""
    directory = tmp_path / "saves"
    directory.mkdir()
    session = Session.start(Registry.load(), "nim", ["human", "human"], 5)
    session.save(directory / "good.json")
    session.save(tmp_path / "outside.json")
    return directory


@pytest.mark.parametrize("make, path, code, words", [
    (None, "/etc/passwd", "bad_path", "is absolute"),
    (None, "/dev/zero", "bad_path", "is absolute"),
    (None, "../outside.json", "bad_path", "climbs out with '..'"),
    (None, "sub/../../outside.json", "bad_path", "climbs out with '..'"),
    (None, ".", "bad_path", "names a directory"),
    (None, "sub/", "bad_path", "names a directory"),
    (lambda d: (d / "out").symlink_to(d.parent / "outside.json"), "out", "bad_path", "leads out of the save directory"),
    (lambda d: (d / "zero").symlink_to("/dev/zero"), "zero", "bad_path", "leads out of the save directory"),
    (lambda d: (d / "up").symlink_to(d.parent), "up/outside.json", "bad_path", "leads out of the save directory"),
    (lambda d: (d / "sub").mkdir(), "sub", "bad_path", "a directory, not a regular file"),
    (lambda d: os.mkfifo(d / "fifo"), "fifo", "bad_path", "a FIFO, not a regular file"),
    (lambda d: (d / "big.json").write_bytes(b" " * (MAX_SAVE_BYTES + 1)), "big.json", "bad_save",
     f"larger than {MAX_SAVE_BYTES} bytes"),
    (None, "missing.json", "bad_save", "cannot read missing.json: no such file"),
    (lambda d: (d / "junk.json").write_text("{"), "junk.json", "bad_save", "junk.json is not a meeple save file"),
])
def test_load_reads_only_regular_files_inside_the_save_directory(saves, make, path, code, words):
    if make is not None:
        make(saves)
    server = Server(REGISTRY, save_dir=saves)
    session = nim(server)
    same = unchanged(server, session)
    answer = error(server, op="load", path=path)
    assert answer["code"] == code and words in answer["message"], answer
    assert str(saves) not in answer["message"], "messages never show the server's own paths"
    same()
    assert ask(server, op="load", path="./good.json")["ok"], "a plain name inside still loads"


@pytest.mark.parametrize("make, path, code, words", [
    (None, "/tmp/evil.json", "bad_path", "is absolute"),
    (None, "../evil.json", "bad_path", "climbs out"),
    (lambda d: (d / "out").symlink_to(d.parent / "evil.json"), "out", "bad_path", "leads out of the save directory"),
    (lambda d: (d / "null").symlink_to("/dev/null"), "null", "bad_path", "leads out of the save directory"),
    (lambda d: os.mkfifo(d / "fifo"), "fifo", "bad_path", "a FIFO, not a regular file"),
    (lambda d: (d / "dir").mkdir(), "dir", "bad_path", "a directory, not a regular file"),
    (None, "good.json", "file_exists", "already exists in the save directory: it is left as it is"),
    (None, "no-such-dir/g.json", "bad_save", "cannot write no-such-dir/g.json"),
])
def test_save_writes_only_new_regular_files_inside_the_save_directory(saves, make, path, code, words):
    if make is not None:
        make(saves)
    before = {p: p.read_bytes() for p in saves.parent.rglob("*") if p.is_file() and not p.is_symlink()}
    server = Server(REGISTRY, save_dir=saves)
    session = nim(server)
    same = unchanged(server, session)
    answer = error(server, op="save", session="s1", path=path)
    assert answer["code"] == code and words in answer["message"], answer
    same()
    assert not (saves.parent / "evil.json").exists()
    assert {p: p.read_bytes() for p in saves.parent.rglob("*") if p.is_file() and not p.is_symlink()} == before


def test_save_replaces_a_file_only_when_asked_to(saves):
    server = Server(REGISTRY, save_dir=saves)
    nim(server)
    kept = (saves / "good.json").read_bytes()
    assert error(server, op="save", session="s1", path="good.json", overwrite=False)["code"] == "file_exists"
    assert (saves / "good.json").read_bytes() == kept
    assert ask(server, op="save", session="s1", path="good.json", overwrite=True)["result"] == \
        {"session": "s1", "path": "good.json"}
    assert Session.load(REGISTRY, saves / "good.json").actions == server.sessions["s1"].actions
    (saves / "alice").mkdir()
    assert ask(server, op="save", session="s1", path="alice/g.json")["ok"]
    assert ask(server, op="load", path="alice/g.json")["result"]["moves"] == 2


# -- exact types, bounds before building ---------------------------------------------------------

@pytest.mark.parametrize("request_, code, words", [
    ({"op": "create", "game": "nim", "seed": 5.0}, "bad_request", "request.seed must be integer, not 5.0"),
    ({"op": "create", "game": "nim", "players": 2.0}, "bad_request", "request.players must be integer, not 2.0"),
    ({"op": "create", "game": "nim", "seed": True}, "bad_request", "request.seed must be integer, not true"),
    ({"op": "create", "game": "nim", "seed": 2**64}, "bad_request", "request.seed must be at most"),
    ({"op": "view", "session": "s1", "seat": 1.0}, "bad_request", "request.seat must be integer or null, not 1.0"),
    ({"op": "history", "session": "s1", "seat": 0, "since": 1.0}, "bad_request", "request.since must be integer"),
    ({"op": "apply", "session": "s1", "seat": 0.0, "notation": "1"}, "bad_request", "request.seat must be integer"),
    ({"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": True, "stones": 2}},
     "bad_action", "expected an integer, got true @ $.heap"),
    ({"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": 1, "stones": 2.9}},
     "bad_action", "expected an integer, got 2.9 @ $.stones"),
    ({"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": 1, "stones": 2.0}},
     "bad_action", "expected an integer, got 2.0 @ $.stones"),
    ({"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": "1", "stones": 2}},
     "bad_action", "expected an integer, got '1' @ $.heap"),
    ({"op": "bot", "session": "s1", "seat": 0, "bot": "random", "timeout": 0}, "bad_request",
     "request.timeout must be more than 0"),
])
def test_numbers_and_fields_are_exact_types_never_coerced(request_, code, words):
    server = Server(REGISTRY)
    session = nim(server)
    same = unchanged(server, session)
    answer = error(server, **request_)
    assert answer["code"] == code and words in answer["message"], answer
    same()


@pytest.mark.parametrize("line", ['{"op": "create", "game": "nim", "seed": NaN}',
                                  '{"op": "create", "game": "nim", "seed": Infinity}',
                                  '{"op": "create", "game": "nim", "seed": -Infinity}'])
def test_nan_and_infinity_are_not_json(line):
    answer = json.loads(Server(REGISTRY).handle_line(line))
    assert answer["error"]["code"] == "bad_json" and "is not a JSON number" in answer["error"]["message"]


@pytest.mark.parametrize("request_", [{"players": 1_000_000_000}, {"seats": ["human"] * 100_000},
                                      {"players": 0}, {"seats": ["human"]}])
def test_a_player_count_outside_the_games_range_is_refused_before_anything_is_built(monkeypatch, request_):
    def must_not_start(*args, **kwargs):
        raise AssertionError("a session was built")

    monkeypatch.setattr(Session, "start", must_not_start)
    server = Server(REGISTRY)
    answer = error(server, op="create", game="nim", **request_)
    assert answer["code"] in ("bad_option", "bad_request") and "players" in answer["message"], answer
    assert server.sessions == {}


# -- bots cannot take the server down ------------------------------------------------------------

def test_a_client_cannot_run_a_program_through_an_exec_bot(tmp_path):
    server = Server(REGISTRY)
    nim(server)
    witness = tmp_path / "ran"
    for request_ in ({"op": "bot", "session": "s1", "seat": 0, "bot": f"exec:touch {witness}"},
                     {"op": "create", "game": "nim", "seats": ["human", f"exec:touch {witness}"]}):
        answer = error(server, **request_)
        assert answer["code"] == "unknown_bot" and "exec: bots" in answer["message"]
    assert not witness.exists()


@pytest.mark.parametrize("bot, words", [
    ("brokenfactory", "bot brokenfactory could not be built for seat 0: ZeroDivisionError: the factory's own bug"),
    ("exitingfactory", "bot exitingfactory could not be built for seat 0: SystemExit: no"),
    ("exiter", "bot exiter tried to exit the host (sys.exit(3))"),
    ("interrupter", "bot interrupter raised KeyboardInterrupt (no Ctrl-C was pressed)"),
    ("crasher", "bot crasher raised RuntimeError: the bot's own bug on two lines"),
    ("cheater", "bot cheater chose an illegal action: 'take everything'"),
    ("hanger", "bot hanger timed out: no answer within 0.2 s"),
    ("hangingfactory", "bot hangingfactory timed out: no answer within 0.2 s"),
])
def test_a_failing_bot_is_an_error_naming_it_and_the_session_is_unchanged(bot, words):
    server = Server(REGISTRY, bot_timeout=5.0)
    session = nim(server)
    same = unchanged(server, session)
    answer = error(server, op="bot", session="s1", seat=0, bot=bot, timeout=0.2)
    assert answer["code"] == "bot_failed" and words in answer["message"], answer
    same()
    assert ask(server, op="bot", session="s1", seat=0, bot="random")["ok"], "the server goes on"


def test_a_bot_may_think_no_longer_than_the_server_allows():
    server = Server(REGISTRY, bot_timeout=1.0)
    nim(server)
    answer = error(server, op="bot", session="s1", seat=0, bot="random", timeout=2)
    assert answer["code"] == "bad_request" and "at most 1 seconds (the server's --bot-timeout)" in answer["message"]
    for huge in (10**400, 1e308):
        assert error(server, op="bot", session="s1", seat=0, bot="random", timeout=huge)["code"] == "bad_request"


def test_a_bot_that_exits_or_prints_neither_stops_the_server_process_nor_forges_a_response():
    server = subprocess.Popen([sys.executable, str(HERE / "misbehaving.py")], cwd=HERE, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    requests = [{"op": "create", "game": "nim", "seed": 1},
                {"op": "bot", "session": "s1", "seat": 0, "bot": "exiter"},
                {"op": "bot", "session": "s1", "seat": 0, "bot": "interrupter"},
                {"op": "bot", "session": "s1", "seat": 0, "bot": "printer"},
                {"op": "hello"}]
    out, err = server.communicate("".join(json.dumps(r) + "\n" for r in requests).encode(), timeout=60)
    answers = [json.loads(line) for line in out.decode().splitlines()]
    assert server.returncode == 0 and len(answers) == len(requests), err.decode()
    assert [a["ok"] for a in answers] == [True, False, False, True, True]
    assert "forged" not in out.decode() and "forged by a bot" in err.decode()


@pytest.mark.parametrize("line", [b"\x1c", "\u2028".encode(), b"\x0b\x0c", b"\x00"])
def test_a_line_that_only_python_calls_blank_still_gets_its_one_error_response(line):
    """Only JSON's whitespace (space, tab, CR, LF) makes a blank line; anything else is answered,
    or a client pairing requests with responses would fall out of step."""
    answer = json.loads(Server(REGISTRY).handle_line(line))
    assert answer["ok"] is False and answer["error"]["code"] == "bad_json"


def test_a_real_ctrl_c_while_a_bot_thinks_stops_the_server_quietly():
    import signal
    import time

    server = subprocess.Popen([str(Path(sys.executable).with_name("meeple")), "serve"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    server.stdin.write(b'{"op": "create", "game": "linko", "players": 3, "seed": 1}\n')
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["ok"]
    server.stdin.write(b'{"op": "bot", "session": "s1", "seat": 0, "bot": "ismcts:iterations=100000000", '
                       b'"timeout": 60}\n')
    server.stdin.flush()
    time.sleep(2)  # not a timed test: the bot is thinking (for up to 60 s) whenever the signal lands
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 130 and out == b"" and b"Traceback" not in err
