"""Generated bad request lines thrown at the protocol server (`Server.handle_line`).

A server holds a game in progress; each line is one fault: text that is no JSON (cut short,
nested too deeply, not UTF-8), JSON that is no request, an unknown operation, or a request that
works with one field of another JSON type, a key missing or added, or a value out of range.
Asserted: an error response (`"ok": false`, never `internal_error`) whose message names the
field or value that was wrong, and the server's sessions exactly as they were (fingerprints).
"""

import copy
import json

import pytest
from fuzz_support import fuzz_settings, kind, paths, retyped
from hypothesis import given
from hypothesis import strategies as st

from meeple.protocol.schema import load_schema
from meeple.protocol.server import OPERATIONS, Server
from meeple.registry import Registry

REGISTRY = Registry.load()


def new_server() -> Server:
    """A server with one nim game (session `s1`) after one move: seat 1 is to move."""
    server = Server(REGISTRY)
    for request in ({"op": "create", "game": "nim", "seats": ["human", "human"], "seed": 3},
                    {"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": 0, "stones": 1}}):
        assert json.loads(server.handle_line(json.dumps(request)))["ok"]
    return server


def fingerprint(server: Server) -> tuple:
    """Everything a request could change: the open sessions, their games and moves."""
    return (server._opened, tuple((name, s.state.fingerprint(), len(s.actions), s.seats, s.seed)
                                  for name, s in server.sessions.items()))


#: Requests that work on `new_server()`'s game (and change nothing but, for some, a new session).
WORKING = [
    {"op": "create", "game": "nim", "players": 2, "seed": 5, "options": {"max_take": 2}, "seats": ["human", "random"]},
    {"op": "view", "session": "s1", "seat": 1},
    {"op": "apply", "session": "s1", "seat": 1, "action": {"type": "take", "heap": 1, "stones": 2}},
    {"op": "apply", "session": "s1", "seat": 1, "notation": "1"},
    {"op": "bot", "session": "s1", "seat": 1, "bot": "random"},
    {"op": "history", "session": "s1", "seat": 0, "since": 0},
    {"op": "games", "game": "nim"},
    {"op": "save", "session": "s1"},
    {"op": "close", "session": "s1"},
]
SERVER = new_server()
SAVE = json.loads(SERVER.handle_line(json.dumps({"op": "save", "session": "s1"})))["result"]["save"]
WORKING.append({"op": "load", "save": SAVE})


def required(op: str) -> set[str]:
    """The keys the operation's request schema requires."""
    return set(load_schema(f"{op}.request.json").get("required", []))


def accepts(path: tuple, value) -> set[str]:
    """The JSON kinds a field takes: a seat is an integer, or null (everyone) where a view is asked."""
    return {"int", "null"} if path == ("seat",) else {kind(value)}


def names_for(path: tuple) -> str:
    """What the error must name: the deepest key of the field (`players`, `heap`, `kind`...)."""
    keys = [k for k in path if isinstance(k, str)]
    return keys[-1] if keys else str(path[0])


@st.composite
def broken_request(draw):
    request = draw(st.sampled_from(WORKING))
    fault = draw(st.sampled_from(["retype", "missing", "extra", "range"]))
    broken = copy.deepcopy(request)
    if fault == "retype":
        choices = [p for p in paths(request) if p[:1] != ("save",) or len(p) == 2]
        path, broken = draw(retyped(request, choices, accepts))
        return broken, names_for(path)
    needed = required(request["op"]) - {"op"}
    if fault == "missing" and needed & set(request):
        key = draw(st.sampled_from(sorted(needed & set(request))))
        del broken[key]
        return broken, key
    if fault == "missing" and request["op"] in ("apply", "load"):  # one of action/notation, save/path
        for key in ("action", "notation", "save"):
            broken.pop(key, None)
        return broken, {"apply": "action", "load": "save"}[request["op"]]
    if fault == "missing":
        fault = "extra"
    if fault == "extra":
        key = draw(st.from_regex(r"[a-z_]{1,8}", fullmatch=True).filter(lambda k: k not in request))
        broken[key] = draw(st.one_of(st.none(), st.integers(), st.text(max_size=3)))
        return broken, key
    # values of the right type out of their range
    field = draw(st.sampled_from([k for k in ("seat", "seed", "players", "since") if k in request]
                                 or ["seat"]))
    if field not in request:  # no numeric field: name a seat that does not exist
        broken = {"op": "view", "session": "s1", "seat": draw(st.integers(min_value=2))}
        return broken, "seat"
    value = draw({
        "seat": st.one_of(st.integers(max_value=-1), st.integers(min_value=2)),
        "seed": st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64)),
        "players": st.one_of(st.integers(max_value=1), st.integers(min_value=5)),  # 10**9 too
        "since": st.integers(max_value=-1),
    }[field])
    broken[field] = value
    if field == "players":
        broken.pop("seats", None)
    return broken, field


@st.composite
def not_a_request(draw):
    text = json.dumps(draw(st.sampled_from(WORKING)))
    return draw(st.one_of(
        st.integers(1, len(text) - 1).map(lambda cut: (text[:cut], "JSON")),
        st.integers(1000, 100_000).map(lambda depth: ("[" * depth + "]" * depth, "JSON")),
        st.one_of(st.integers(), st.text(max_size=4), st.lists(st.integers(), max_size=2), st.none())
          .map(lambda value: (json.dumps(value), "JSON object")),
        st.from_regex(r"[a-z_]{1,10}", fullmatch=True).filter(lambda op: op not in OPERATIONS)
          .map(lambda op: (json.dumps({"op": op}), op)),
        st.binary(min_size=1, max_size=20).filter(lambda b: not _is_utf8(b)).map(lambda raw: (raw, "UTF-8")),
    ))


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def assert_refused(server: Server, line, names: str) -> None:
    before = fingerprint(server)
    response = json.loads(server.handle_line(line))
    shown = line[:300] if isinstance(line, str) else line
    assert response["ok"] is False, f"{shown!r} was accepted: {response}"
    error = response["error"]
    assert error["code"] != "internal_error" and "\n" not in error["message"], f"{shown!r}: {error}"
    assert names in error["message"], f"{shown!r}: {error['message']!r} does not name {names!r}"
    assert fingerprint(server) == before, f"{shown!r} changed the server's sessions"


def test_the_working_requests_work():
    for request in WORKING:
        response = json.loads(new_server().handle_line(json.dumps(request)))
        assert response["ok"], (request, response)


@fuzz_settings(examples=200)
@given(case=broken_request())
def test_a_broken_request_is_an_error_naming_the_field_and_changes_nothing(tried, case):
    request, names = case
    tried["protocol lines"] += 1
    assert_refused(SERVER, json.dumps(request), names)


@fuzz_settings(examples=50)
@given(case=not_a_request())
def test_a_line_that_is_no_request_is_an_error_and_changes_nothing(tried, case):
    line, names = case
    tried["protocol lines"] += 1
    assert_refused(SERVER, line, names)


#: Option values written as the command line would type them: JSON has types, so these are wrong.
OPTIONS_AS_TEXT = st.one_of(
    st.integers(1, 9).map(lambda n: ("max_take", str(n))),
    st.sampled_from(["true", "false", "yes", "no", "1", "0"]).map(lambda text: ("misere", text)),
    st.sampled_from([0, 1]).map(lambda n: ("misere", n)),
)


@fuzz_settings(examples=12)
@given(option=OPTIONS_AS_TEXT)
def test_an_option_value_of_another_json_type_is_refused(tried, option):
    """`"max_take": "2"` is a string, not the integer the option is: refused, not converted."""
    tried["protocol lines"] += 1
    key, value = option
    request = {"op": "create", "game": "nim", "seats": ["human", "human"], "options": {key: value}}
    assert_refused(SERVER, json.dumps(request), key)
