"""Generated bad record files thrown at `meeple replay`.

Each file holds verified records and one broken one: a field of another JSON type, a key missing
or added, a value that does not replay (seed, scores, winners, fingerprint, actions cut or out
of range, a forfeit that does not fit the game), or text that is no record at all (cut short,
nested too deeply, not UTF-8, not an object). Asserted for every one: exit 2, one
`meeple: error:` line naming the broken record and what is wrong with it, no traceback, and the
file (and its directory) left byte for byte as they were.
"""

import copy
import json

from fuzz_support import assert_one_line_error, at, fuzz_settings, kind, paths, retyped, run_cli, scratch, snapshot
from hypothesis import given
from hypothesis import strategies as st

from meeple.records import Forfeit, make_record, record_to_data
from meeple.registry import Registry

REGISTRY = Registry.load()


def played(game_id, players, seed, moves=None, forfeit=False):
    """The record of `game_id` played with the first legal action each move (cut after `moves`
    and forfeited by the seat owed the next decision, with `forfeit`)."""
    game = REGISTRY.create(game_id, players)
    state, actions = game.new_state(seed), []
    while not state.is_terminal and (moves is None or len(actions) < moves):
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    lost = Forfeit(state.current_player, "bot random raised ValueError: boom") if forfeit else None
    record = make_record(state, seed, actions, ("random",) * players, REGISTRY.game_version(game_id), lost)
    return record_to_data(type(game), record)


RECORDS = [played("nim", 2, 1), played("nim", 3, 2, moves=4, forfeit=True), played("linkage", 2, 3)]
#: What a replay names when a record's values do not replay (any of these words).
REPLAY_FAILURES = ("fingerprint", "scores", "winners", "illegal", "not over", "forfeit", "seed")


def line(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def names_for(path: tuple) -> str:
    """What the error must name when the value at `path` is wrong."""
    if path[0] == "actions" and len(path) > 1:
        return f"action {path[1]}"
    if path[0] == "seats" and len(path) > 1:
        return f"seat {path[1]}"
    if path[0] in ("options", "result") and len(path) > 1:
        return str(path[1])
    if path[0] == "forfeit" and len(path) > 1:
        return f"forfeit {path[1]}"
    return str(path[0])


def names_key(where: tuple, key: str) -> str:
    """What the error must name when `key` is missing from, or unexpected in, the object at `where`."""
    return f"action {where[1]}" if where[:1] == ("actions",) else key


def accepts(path: tuple, value) -> set[str]:
    """Scores are numbers: an integer or a float alike."""
    return {"int", "float"} if path[:2] == ("result", "scores") and len(path) == 3 else {kind(value)}


keys = st.from_regex(r"[a-z_]{1,8}", fullmatch=True)


@st.composite
def retyped_field(draw, record):
    path, broken = draw(retyped(record, list(paths(record)), accepts))
    return broken, (names_for(path),)


@st.composite
def missing_key(draw, record):
    objects = [()] + [p for p in paths(record) if isinstance(at(record, p), dict) and at(record, p)]
    where = draw(st.sampled_from(objects))
    key = draw(st.sampled_from(sorted(at(record, where))))
    broken = copy.deepcopy(record)
    del at(broken, where)[key]
    return broken, (names_key(where, key),)


@st.composite
def extra_key(draw, record):
    objects = [()] + [p for p in paths(record) if isinstance(at(record, p), dict)]
    where = draw(st.sampled_from(objects))
    key = draw(keys.filter(lambda k: k not in at(record, where)))
    broken = copy.deepcopy(record)
    at(broken, where)[key] = draw(st.one_of(st.none(), st.integers(), st.text(max_size=3)))
    return broken, (names_key(where, key),)


@st.composite
def false_value(draw, record):
    """Values of the right type that do not replay."""
    broken = copy.deepcopy(record)
    players, count = record["players"], len(record["actions"])
    change = draw(st.sampled_from(["seed", "score", "winners", "fingerprint", "cut", "action", "players",
                                   "forfeit-added", "forfeit-seat", "forfeit-dropped"]))
    if change == "seed":
        broken["seed"] = draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64),
                                        st.integers(0, 2**64 - 1).filter(lambda s: s != record["seed"])))
    elif change == "score":
        seat = draw(st.integers(0, players - 1))
        broken["result"]["scores"][seat] = draw(st.floats(allow_nan=False).filter(
            lambda x: x != record["result"]["scores"][seat]))
    elif change == "winners":
        broken["result"]["winners"] = draw(st.lists(st.integers(-3, players + 3), max_size=players + 1).filter(
            lambda w: w != record["result"]["winners"]))
        return broken, REPLAY_FAILURES
    elif change == "fingerprint":
        broken["result"]["final_fingerprint"] = draw(st.from_regex(r"[0-9a-f]{32}", fullmatch=True))
    elif change == "cut" and count:
        del broken["actions"][draw(st.integers(0, count - 1)):]
        return broken, REPLAY_FAILURES + ("action",)
    elif change == "action" and count:
        index = draw(st.integers(0, count - 1))
        fields = [k for k, v in broken["actions"][index].items() if type(v) is int]
        if fields:
            broken["actions"][index][draw(st.sampled_from(fields))] = draw(st.one_of(
                st.integers(max_value=-1), st.integers(min_value=1000)))
            return broken, (f"action {index}",)
    elif change == "players":
        broken["players"] = draw(st.integers(-3, 1000).filter(lambda p: p != players))
        return broken, ("players",)
    elif change == "forfeit-added" and record["forfeit"] is None:
        broken["forfeit"] = {"seat": draw(st.integers(0, players - 1)), "reason": draw(st.text(max_size=10))}
        return broken, ("forfeit",)
    elif change == "forfeit-seat" and record["forfeit"] is not None:
        broken["forfeit"]["seat"] = draw(st.integers(-3, players + 3).filter(lambda s: s != record["forfeit"]["seat"]))
        return broken, ("forfeit",)
    elif change == "forfeit-dropped" and record["forfeit"] is not None:
        broken["forfeit"] = None
        return broken, REPLAY_FAILURES
    if broken == record:  # the change did not apply to this record: break its fingerprint instead
        broken["result"]["final_fingerprint"] = "0" * 32
    return broken, REPLAY_FAILURES


@st.composite
def broken_record_line(draw):
    record = draw(st.sampled_from(RECORDS))
    broken, names = draw(st.one_of(retyped_field(record), missing_key(record), extra_key(record),
                                   false_value(record)))
    return line(broken), names


@st.composite
def not_a_record(draw):
    """Text that is no game record at all."""
    text = line(draw(st.sampled_from(RECORDS)))
    return draw(st.one_of(
        st.integers(1, len(text) - 1).map(lambda cut: (text[:cut], ("JSON",))),
        st.integers(1000, 200_000).map(lambda depth: ("[" * depth, ("JSON",))),
        st.integers(1000, 200_000).map(lambda depth: ('{"index": 0, "record": ' + "[" * depth + "}", ("JSON",))),
        st.one_of(st.integers(), st.floats(allow_nan=False), st.text(max_size=5), st.lists(st.integers(), max_size=3))
          .map(lambda value: (json.dumps(value), ("a game record is a JSON object",))),
        st.just(("9" * 5000, ("JSON",))),
    ))


@fuzz_settings(examples=170)
@given(broken=broken_record_line(), before=st.integers(0, 2), after=st.integers(0, 1))
def test_a_broken_record_among_good_ones_is_one_line_naming_it_and_the_file_is_untouched(
        tmp_path, tried, broken, before, after):
    text, names = broken
    tried["records"] += 1
    good = line(RECORDS[0])
    with scratch(tmp_path) as cwd:
        (cwd / "games.jsonl").write_text("\n".join([good] * before + [text] + [good] * after) + "\n")
        files = snapshot(cwd)
        code, out, err, escaped = result = run_cli(["replay", "games.jsonl"], cwd)
        assert_one_line_error(result, f"record {before} of games.jsonl", f"record {text[:300]}")
        assert any(name in err for name in names), f"record {text[:300]}: {err.strip()} names none of {names}"
        assert snapshot(cwd) == files


@fuzz_settings(examples=40)
@given(content=not_a_record())
def test_text_that_is_no_record_is_one_line_and_the_file_is_untouched(tmp_path, tried, content):
    text, names = content
    tried["records"] += 1
    with scratch(tmp_path) as cwd:
        (cwd / "games.jsonl").write_text(text)
        files = snapshot(cwd)
        result = run_cli(["replay", "games.jsonl"], cwd)
        assert_one_line_error(result, names[0], f"record file {text[:200]!r}")
        assert snapshot(cwd) == files


@fuzz_settings(examples=15)
@given(raw=st.binary(min_size=1, max_size=40).filter(lambda b: not _is_utf8(b)))
def test_a_file_that_is_not_text_is_one_line(tmp_path, tried, raw):
    tried["records"] += 1
    with scratch(tmp_path) as cwd:
        (cwd / "games.jsonl").write_bytes(raw)
        files = snapshot(cwd)
        result = run_cli(["replay", "games.jsonl"], cwd)
        assert_one_line_error(result, "games.jsonl is not a text file of game records", f"bytes {raw!r}")
        assert snapshot(cwd) == files


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_the_unbroken_records_replay(tmp_path):
    with scratch(tmp_path) as cwd:
        (cwd / "games.jsonl").write_text("\n".join(line(r) for r in RECORDS) + "\n")
        code, out, err, escaped = run_cli(["replay", "games.jsonl"], cwd)
        assert escaped is None and code == 0 and out.count("verified") == len(RECORDS), err
