"""Fuzzing `meeple serve`: generated bad requests, each built to be wrong in one known way (a
float where an integer goes, a wrong type, a huge number, deep nesting, an unknown op or key, a
missing key, a bad action or notation, a seat out of turn, a bad bot, a path outside the save
directory, bytes that are not JSON), thrown at `Server.handle_line`, the server loop's entry.

Every one must get exactly one response line: `ok: false`, a code other than `internal_error`, a
one-line message naming what was wrong — and nothing changes: the open sessions, their states'
fingerprints and actions, and the save directory's files.
"""

from __future__ import annotations

import json
import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.protocol import ERROR_CODES, Server, validate
from meeple.protocol.server import OPERATIONS
from meeple.errors import SerializationError
from meeple.serialization import action_from_data, state_fingerprint
from meeple.session import Session
from misbehaving import registry as misbehaving_registry

REGISTRY = misbehaving_registry()
EXAMPLES = 500

#: Requests that succeed on the fuzzed server (s1: Nim, seat 0 to move), by operation.
GOOD = {
    "hello": {"op": "hello"},
    "games": {"op": "games", "game": "nim"},
    "create": {"op": "create", "game": "nim", "players": 2, "seed": 3, "seats": ["human", "random"],
               "options": {"max_take": 2}},
    "view": {"op": "view", "session": "s1", "seat": 0},
    "apply": {"op": "apply", "session": "s1", "seat": 0, "action": {"type": "take", "heap": 0, "stones": 1}},
    "bot": {"op": "bot", "session": "s1", "seat": 0, "bot": "random", "timeout": 5},
    "history": {"op": "history", "session": "s1", "seat": 0, "since": 0},
    "save": {"op": "save", "session": "s1"},
    "load": {"op": "load", "path": "good.json"},
    "close": {"op": "close", "session": "s1"},
}

#: (op, path to an integer in its request, the word the error must name).
INTEGERS = [("create", ("players",), "players"), ("create", ("seed",), "seed"), ("view", ("seat",), "seat"),
            ("apply", ("seat",), "seat"), ("bot", ("seat",), "seat"), ("history", ("seat",), "seat"),
            ("history", ("since",), "since"), ("apply", ("action", "heap"), "heap"),
            ("apply", ("action", "stones"), "stones")]

#: (op, path to a field, its JSON kinds, the word the error must name).
FIELDS = [(op, path, {"int", "null"} if op in ("view", "history") and path == ("seat",) else {"int"}, word)
          for op, path, word in INTEGERS] + [  # a viewer may be null: the omniscient observer
    ("create", ("game",), {"str"}, "game"), ("create", ("seats",), {"list"}, "seats"),
    ("create", ("options",), {"object"}, "options"), ("view", ("session",), {"str"}, "session"),
    ("apply", ("action",), {"object"}, "action"), ("apply", ("action", "type"), {"str"}, "type"),
    ("bot", ("bot",), {"str"}, "bot"), ("bot", ("timeout",), {"int", "float"}, "timeout"),
    ("load", ("path",), {"str"}, "path"), ("games", ("game",), {"str"}, "game"),
]

VALUES = {
    "null": st.none(), "bool": st.booleans(), "int": st.integers(-3, 3),
    "float": st.floats(-1e6, 1e6, allow_nan=False).filter(lambda f: f != int(f)),
    "str": st.text(max_size=5), "list": st.lists(st.integers(0, 3), max_size=3),
    "object": st.dictionaries(st.sampled_from("xyz"), st.integers(0, 3), max_size=2),
}


def put(request: dict, path: tuple, value) -> dict:
    request = json.loads(json.dumps(request))
    place = request
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return request


def drop(request: dict, path: tuple) -> dict:
    request = json.loads(json.dumps(request))
    place = request
    for step in path[:-1]:
        place = place[step]
    del place[path[-1]]
    return request


def nested(depth: int, leaf="x") -> str:
    return "[" * depth + json.dumps(leaf) + "]" * depth


@st.composite
def float_for_int(draw):
    op, path, word = draw(st.sampled_from(INTEGERS))
    number = draw(st.integers(0, 3))
    value = draw(st.sampled_from([float(number), number + 0.5, f"{number}e0", f"{number}.0"]))
    line = json.dumps(put(GOOD[op], path, "@"))
    text = json.dumps(value) if isinstance(value, float) else value
    return line.replace('"@"', text), word


@st.composite
def wrong_type(draw):
    op, path, kinds, word = draw(st.sampled_from(FIELDS))
    kind = draw(st.sampled_from(sorted(set(VALUES) - kinds - ({"float"} if "int" in kinds else set()))))
    return json.dumps(put(GOOD[op], path, draw(VALUES[kind]))), word


@st.composite
def huge_number(draw):
    op, path, word = draw(st.sampled_from([i for i in INTEGERS if i[2] != "since"] + [("history", ("since",), "since")]))
    digits = draw(st.integers(20, 4000))  # 20 nines exceed 2**64
    sign = "-" if word == "since" or draw(st.booleans()) else ""
    return json.dumps(put(GOOD[op], path, "@")).replace('"@"', sign + "9" * digits), word


@st.composite
def deep_nesting(draw):
    depth = draw(st.integers(30, 20_000))
    where = draw(st.sampled_from(["line", "options", "seats", "action", "heap", "save"]))
    if where == "line":
        return nested(depth), ("JSON", "request")  # too deep to parse, or not a request
    op, path, word = {"options": ("create", ("options",), "options"), "seats": ("create", ("seats",), "seats"),
                      "action": ("apply", ("action",), "action"), "heap": ("apply", ("action", "heap"), "heap"),
                      "save": ("load", ("save",), "save")}[where]
    request = GOOD[op] if where != "save" else {"op": "load", "save": "@"}
    line = json.dumps(put(request, path, "@")).replace('"@"', nested(depth))
    return line, ("JSON", word)


@st.composite
def unknown_op(draw):
    op = draw(st.text(min_size=1, max_size=8).filter(lambda o: o not in OPERATIONS))
    return json.dumps({"op": op, "session": "s1"}), "unknown operation"


@st.composite
def unknown_key(draw):
    op = draw(st.sampled_from(sorted(GOOD)))
    key = draw(st.text("abcdefgh_", min_size=1, max_size=6).filter(lambda k: k not in GOOD[op] and k not in (
        "id", "seats", "players", "options", "seed", "bot", "timeout", "since", "notation", "path", "overwrite",
        "save", "game", "action")))
    return json.dumps({**GOOD[op], key: 1}), key


@st.composite
def missing_key(draw):
    op, key = draw(st.sampled_from([("create", "game"), ("view", "seat"), ("view", "session"), ("apply", "seat"),
                                    ("apply", "action"), ("bot", "seat"), ("history", "seat"), ("save", "session"),
                                    ("load", "path"), ("close", "session"), ("apply", ("action", "heap"))]))
    path = key if isinstance(key, tuple) else (key,)
    return json.dumps(drop(GOOD[op], path)), path[-1]


@st.composite
def bad_action(draw):
    action = draw(st.sampled_from([
        {"type": "leap", "heap": 0, "stones": 1}, {"type": "take", "heap": 0, "stones": 1, "extra": 2},
        {"type": "take", "heap": 0}, {"type": "take", "heap": 9, "stones": 1}, {"type": "take", "heap": 0, "stones": 9},
        {"type": "take", "heap": -1, "stones": 1}, {"type": "take", "heap": 0, "stones": 0}, {"type": ""},
        {"type": "take", "heap": None, "stones": 1}, {"type": "take", "heap": [0], "stones": 1}]))
    return json.dumps(put(GOOD["apply"], ("action",), action)), "action" if action.get("heap") in (0, None, [0]) \
        and action.get("stones") in (1, None) else ("not legal" if action.get("type") == "take" and
                                                    set(action) == {"type", "heap", "stones"} else "action")


@st.composite
def bad_notation(draw):
    text = "§" + draw(st.text(max_size=10))
    request = {"op": "apply", "session": "s1", "seat": 0, "notation": text}
    return json.dumps(request), "is not a move here"


@st.composite
def out_of_turn(draw):
    op = draw(st.sampled_from(["apply", "bot"]))
    seat = draw(st.integers(1, 50))
    request = put(GOOD[op], ("seat",), seat)
    return json.dumps(request), f"seat {seat}"


@st.composite
def bad_bot(draw):
    bot, word = draw(st.sampled_from([
        ("oracle", "oracle"), ("exec:rm -rf ~", "exec:"), ("random:seed=x", "seed"), ("random:colour=red", "colour"),
        ("human", "person"), ("brokenfactory", "brokenfactory"), ("crasher", "crasher"), ("exiter", "exiter"),
        ("interrupter", "interrupter"), ("cheater", "cheater")]))
    timeout = draw(st.sampled_from([None, 0, -1, 10**6, 1e308, 10**400]))
    request = put(GOOD["bot"], ("bot",), bot)
    if timeout is None:
        del request["timeout"]
    else:  # one defect at a time: a bad timeout for a good bot
        request.update(bot="random", timeout=timeout)
        word = "timeout"
    return json.dumps(request), word


@st.composite
def bad_path(draw):
    name = draw(st.text("abc", min_size=1, max_size=4))
    op = draw(st.sampled_from(["save", "load"]))
    path = draw(st.sampled_from(["/" + name, "../" + name, f"{name}/../../{name}", "/dev/zero", "outside",
                                 "fifo", "dir", "good.json", ".", f"{name}/", f"a\x00{name}", "up/x.json"]))
    request = {"op": "load", "path": path} if op == "load" else {"op": "save", "session": "s1", "path": path}
    if op == "load" and path == "good.json":
        request["path"] = "big.json"
    return json.dumps(request), "NUL" if "\x00" in request["path"] else request["path"]


@st.composite
def not_json(draw):
    raw = draw(st.one_of(st.binary(min_size=1, max_size=30).filter(lambda b: b"\n" not in b and b.strip(b" \t\r")),
                         st.text(min_size=1, max_size=20).map(lambda t: t.encode("utf-8", "surrogatepass")).filter(
                             lambda b: b"\n" not in b and b.strip(b" \t\r") and not b.lstrip(b" \t\r").startswith(b"{")),
                         st.sampled_from([b"NaN", b'{"op": "hello", "id": Infinity}', b"{", b"[1, 2]", b'"hello"',
                                          b"null", b"17", b"\xff\xfe{}"])))
    return raw, ""


CLASSES = {name: strategy() for name, strategy in [
    ("float for an integer", float_for_int), ("wrong type", wrong_type), ("huge number", huge_number),
    ("deep nesting", deep_nesting), ("unknown op", unknown_op), ("unknown key", unknown_key),
    ("missing key", missing_key), ("bad action", bad_action), ("bad notation", bad_notation),
    ("out of turn", out_of_turn), ("bad bot", bad_bot), ("path outside / not a regular file", bad_path),
    ("not JSON / not a request", not_json)]}


def directory_contents(directory) -> dict[str, bytes | str]:
    return {str(p.relative_to(directory)): (p.read_bytes() if p.is_file() and not p.is_symlink() else
                                            os.readlink(p) if p.is_symlink() else "dir/fifo")
            for p in sorted(directory.rglob("*")) if p.name != "big.json"}


#: The other games' sessions (s2, s3, ...), each a few moves in: their legal actions are mutated.
OTHER_GAMES = [("linko", 3), ("linkage", 2), ("combo_breaker", 3)]


def mutated_action(legal: dict[str, tuple[int, list[dict]]], optional: dict[str, set[str]]):
    """A legal action of one of the sessions, with one field made wrong: a float, bool, string,
    null, list or object where the game wants something else, an element of a list likewise, an
    extra or a missing field, an unknown tag. The error must name the field (or the tag)."""
    wrong = {"int": [st.floats(-9, 9, allow_nan=False), st.booleans(), st.text(max_size=3), st.none(),
                     st.lists(st.integers(0, 3), max_size=2)],
             "other": [st.floats(-9, 9, allow_nan=False), st.integers(-3, 3), st.none(),
                       st.dictionaries(st.sampled_from("xy"), st.integers(0, 3), min_size=1, max_size=1)]}

    @st.composite
    def build(draw):
        session = draw(st.sampled_from(sorted(legal)))
        seat, actions = legal[session]
        action = dict(draw(st.sampled_from(actions)))
        fields = sorted(k for k in action if k != "type")
        how = draw(st.sampled_from(["value", "value", "element", "extra", "missing", "tag"] if fields else ["extra", "tag"]))
        field = draw(st.sampled_from(fields)) if fields else None
        if how == "missing" and field in optional[session]:  # a field with a default may be left out
            how = "value"
        if how == "element" and not (isinstance(action[field], list) and action[field]):
            how = "value"
        if how == "value":
            original = action[field]
            kind = "int" if type(original) is int else "other"
            value = draw(st.one_of(*wrong[kind]))
            if kind == "int" and type(value) is float:
                value = float(original) if draw(st.booleans()) else value
            if type(value) is type(original) or (isinstance(original, list) and value == []):
                value = {"not": original}
            action[field] = value
            word = field
        elif how == "element":
            items = list(action[field])
            index = draw(st.integers(0, len(items) - 1))
            items[index] = draw(st.sampled_from([float(items[index]) if type(items[index]) is int else 0.5,
                                                 str(items[index]), True, None]))
            action[field] = items
            word = field
        elif how == "extra":
            word = draw(st.sampled_from(["zz", "extra", "colour"]))
            action[word] = 1
        elif how == "missing":
            del action[field]
            word = field
        else:
            action["type"] = draw(st.text("qwxz", min_size=1, max_size=5))
            word = "unknown action type"
        return json.dumps({"op": "apply", "session": session, "seat": seat, "action": action}), word

    return build()


def optional_fields(game_cls, actions: list[dict]) -> set[str]:
    """The action fields that have a default (a request may leave them out)."""
    optional = set()
    for action in actions:
        for field in action:
            try:
                action_from_data(game_cls, {k: v for k, v in action.items() if k != field})
                optional.add(field)
            except SerializationError:
                pass
    return optional


def test_generated_bad_requests_get_one_error_line_naming_the_problem_and_change_nothing(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (tmp_path / "outside.json").write_text("{}")
    Session.start(REGISTRY, "nim", ["human", "human"], 5).save(saves / "good.json")
    (saves / "outside").symlink_to(tmp_path / "outside.json")
    (saves / "up").symlink_to(tmp_path)
    (saves / "dir").mkdir()
    os.mkfifo(saves / "fifo")
    with open(saves / "big.json", "wb") as big:
        big.truncate(17 << 20)
    server = Server(REGISTRY, save_dir=saves, bot_timeout=10.0)

    def ask(**request):
        answer = json.loads(server.handle_line(json.dumps(request)))
        assert answer["ok"], answer
        return answer["result"]

    ask(op="create", game="nim", seats=["human", "random"], seed=11)
    ask(op="apply", session="s1", seat=0, notation="take 0 1")
    ask(op="apply", session="s1", seat=1, notation="take 1 1")
    legal = {}
    for game, players in OTHER_GAMES:
        name = ask(op="create", game=game, players=players, seed=7)["session"]
        for _ in range(4):
            seat = ask(op="view", session=name, seat=None)["to_move"]
            ask(op="apply", session=name, seat=seat, action=ask(op="view", session=name, seat=seat)["legal"][-1]["action"])
        seat = ask(op="view", session=name, seat=None)["to_move"]
        legal[name] = (seat, [move["action"] for move in ask(op="view", session=name, seat=seat)["legal"]])
    optional = {name: optional_fields(type(server.sessions[name].game), actions) for name, (_, actions) in legal.items()}
    classes = {**CLASSES, "mutated legal action (every game)": mutated_action(legal, optional)}
    sessions = dict(server.sessions)
    before = {name: (state_fingerprint(s.state), list(s.actions)) for name, s in sessions.items()}
    files = directory_contents(saves)
    tried: Counter = Counter()

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
    @given(st.sampled_from(sorted(classes)).flatmap(lambda name: st.tuples(st.just(name), classes[name])))
    def bad_request_changes_nothing(case):
        name, (line, names) = case
        tried[name] += 1
        response = server.handle_line(line)
        assert response is not None and "\n" not in response, (name, line)
        answer = json.loads(response)
        validate(answer, "error.response.json")
        code, message = answer["error"]["code"], answer["error"]["message"]
        assert answer["ok"] is False and code in ERROR_CODES and code != "internal_error", (name, line, answer)
        assert message and "Traceback" not in message
        names = (names,) if isinstance(names, str) else names
        assert any(word in message for word in names), \
            f"{name}: {line[:200]!r} -> {message!r} does not name any of {names!r}"
        assert server.sessions == sessions
        assert {n: (state_fingerprint(s.state), list(s.actions)) for n, s in sessions.items()} == before
        assert directory_contents(saves) == files

    bad_request_changes_nothing()
    print(f"\nserve fuzz: {sum(tried.values())} bad requests ({', '.join(f'{k} {v}' for k, v in sorted(tried.items()))})")
    assert set(tried) == set(classes) and sum(tried.values()) >= 200
