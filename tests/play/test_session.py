"""Sessions: a game in progress, its save files, and resuming exactly where it stopped."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from meeple import IllegalAction, OptionError, Registry, SaveError, UnknownName
from meeple.session import SAVE_KIND, Session

REGISTRY = Registry.load()


def a_game_in_progress(moves=5, game="linko", seats=("human", "random", "random"), seed=9):
    session = Session.start(REGISTRY, game, list(seats), seed)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session


def test_a_save_file_round_trips_to_the_same_state_and_seats(tmp_path):
    session = a_game_in_progress()
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(REGISTRY, path)
    assert loaded.state.fingerprint() == session.state.fingerprint()
    assert loaded.seats == session.seats and loaded.actions == session.actions and loaded.seed == 9


def test_a_save_file_says_it_holds_the_full_state_not_a_view(tmp_path):
    session = a_game_in_progress()
    data = session.to_data()
    assert data["kind"] == SAVE_KIND and "FULL state" in data["note"] and "not a player's view" in data["note"]
    hands = data["state"]["fields"]["hands"]
    assert all(hand["cards"] for hand in hands), "every hidden hand is in the save"
    assert data["state"]["rng"] == session.state.rng.state


def test_seat_labels_are_checked_and_spelt_canonically():
    session = Session.start(REGISTRY, "nim", ["Human", " random:seed=3 "], 1)
    assert session.seats == ("human", "random:seed=3") and session.humans == (0,)
    with pytest.raises(UnknownName, match="unknown bot 'oracle' for nim.*or `human` for a person"):
        Session.start(REGISTRY, "nim", ["human", "oracle"], 1)
    with pytest.raises(OptionError, match="unknown option 'depth'"):
        Session.start(REGISTRY, "nim", ["human", "random:depth=3"], 1)


def test_an_illegal_action_leaves_the_session_unchanged():
    session = a_game_in_progress(game="nim", seats=("human", "human"))
    fingerprint, actions = session.state.fingerprint(), list(session.actions)
    with pytest.raises(IllegalAction):
        session.apply(session.state.legal_actions()[0], seat=1 - session.state.current_player)
    with pytest.raises(RuntimeError):
        session.attempt(session.state.legal_actions()[0], None, lambda after: _boom())
    assert session.state.fingerprint() == fingerprint and session.actions == actions


def _boom():
    raise RuntimeError("a narrator's bug")


def test_bots_restart_on_resume_exactly_as_a_fresh_session_would():
    session = a_game_in_progress(moves=4)
    resumed = Session.from_data(REGISTRY, session.to_data())
    seat = 1
    view, legal = session.state.view(seat), session.state.legal_actions()
    assert session.make_bot(REGISTRY, seat, "random").act(view, legal) == \
        resumed.make_bot(REGISTRY, seat, "random").act(view, legal)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(kind="other"), "not a meeple save file"),
    (lambda d: d.pop("fingerprint"), "missing keys \\['fingerprint'\\]"),
    (lambda d: d.update(format=9), "save format 9 is not supported"),
    (lambda d: d.update(seed="x"), "seed must be an integer"),
    (lambda d: d.update(seats=["human"]), "one string per player"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    # another deal either makes some saved action illegal or ends in another state
    (lambda d: d.update(seed=d["seed"] + 1), "does not follow from its seed and actions|do not replay"),
    (lambda d: d["actions"].append({"type": "take_back"}), "do not replay"),
    (lambda d: d["actions"].append({"type": "fly"}), "unknown action type 'fly'"),
    (lambda d: d["state"]["fields"]["hands"][0]["cards"].reverse(), "does not follow"),
    (lambda d: d["options"].pop("max_turns"), "option 'max_turns' is missing"),
    # rebuilds the same game (an empty list and an empty string iterate alike), but was edited
    (lambda d: d["state"]["fields"]["hands"][0].update(known=""), "state is not as meeple writes it"),
    (lambda d: d["options"].update(ghost_steal_blocks_draw="true"), "ghost_steal_blocks_draw"),
])
def test_a_corrupt_or_edited_save_is_refused_with_its_reason(change, message):
    data = json.loads(json.dumps(a_game_in_progress().to_data()))
    change(data)
    with pytest.raises(SaveError, match=message):
        Session.from_data(REGISTRY, data)


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"), (b"\xff\xfe", "not text"), (b"{nope", "not a meeple save file"),
])
def test_unreadable_save_files_are_one_line_errors(tmp_path, content, message):
    path = tmp_path / "save.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        Session.load(REGISTRY, path)


# -- bad save files: one SaveError line, whatever was edited ------------------------------------

def an_edited_save(change):
    data = json.loads(json.dumps(a_game_in_progress().to_data()))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d["state"]["fields"]["hands"][0].update(visibility="bogus"),
     r"'bogus' is not a valid Visibility @ fields\.hands\[0\]"),
    (lambda d: d["state"]["fields"]["hands"][0].update(visibility=5), r"@ fields\.hands\[0\]"),
    (lambda d: d["state"]["fields"]["hands"][1].update(zone="pile"), r"expected a hand zone.* @ fields\.hands\[1\]"),
    (lambda d: d["state"]["fields"].update(hands=[[[[]]]]), r"@ fields\.hands\[0\]"),
])
def test_an_edited_zone_is_one_save_error_naming_the_field(change, message):
    with pytest.raises(SaveError, match=message):
        Session.from_data(REGISTRY, an_edited_save(change))


@pytest.mark.parametrize("key, value", [
    ("players", 3.0), ("players", True), ("seed", 9.0), ("seed", False), ("format", 1.0), ("format", True),
    ("seed", -1), ("seed", 1 << 64), ("seed", 10 ** 40), ("options", []), ("seats", ["human", 1, 2]),
    ("plugin_version", 1), ("note", None), ("actions", {}), ("state", []), ("fingerprint", 7),
    ("game", ["linko"]), ("kind", None),
])
def test_save_fields_must_have_their_exact_type_never_coerced(key, value):
    with pytest.raises(SaveError):
        Session.from_data(REGISTRY, an_edited_save(lambda d: d.update({key: value})))


def test_deeply_nested_json_is_refused_without_a_traceback(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(SaveError, match="nested too deeply"):
        Session.load(REGISTRY, path)
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(SaveError):
        Session.from_data(REGISTRY, an_edited_save(lambda d: d["state"]["fields"].update(hands=nested)))


@pytest.mark.parametrize("kind", ["directory", "fifo", "device", "too big"])
def test_only_a_regular_file_of_sensible_size_is_read(tmp_path, kind):
    path = tmp_path / "x"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # reading would wait for a writer forever
    elif kind == "device":
        path = Path("/dev/zero")  # reading would never end
    else:
        path.write_text(" " * 101)
    with pytest.raises(SaveError, match="not a regular file|larger than 100 bytes"):
        Session.load(REGISTRY, path, max_bytes=100)


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_saving_never_replaces_anything_but_a_regular_file(tmp_path, kind):
    # (a device node takes the same path; /dev/null itself is not risked in a test)
    path = tmp_path / "x"
    if kind == "directory":
        path.mkdir()
    else:
        os.mkfifo(path)
    with pytest.raises(SaveError, match="not a regular file"):
        a_game_in_progress().save(path)
    assert path.exists() and not path.is_file()


def test_saving_without_overwrite_refuses_an_existing_file_and_leaves_it(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("a 61-move game")
    with pytest.raises(SaveError, match="already exists"):
        a_game_in_progress().save(path, overwrite=False)
    assert path.read_text() == "a 61-move game"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file left behind"
    a_game_in_progress().save(path)  # the default replaces it (a resumed game saving itself)
    assert Session.load(REGISTRY, path).actions


@pytest.mark.parametrize("seed", [-1, 1 << 64, 2.0, True])
def test_a_new_session_needs_a_seed_the_generator_reads_exactly(seed):
    with pytest.raises(OptionError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
        Session.start(REGISTRY, "nim", ["human", "random"], seed)


# -- any edit of any field: SaveError or the same game, never another exception ---------------

def _leaves(data, path=()):
    """Every place in a JSON document: (path, value) for objects' keys and lists' items."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
SAVES = {game: json.loads(json.dumps(a_game_in_progress(moves=3, game=game, seats=seats).to_data()))
         for game, seats in [("nim", ("human", "random")), ("linko", ("human", "random", "random"))]}


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(SAVES)), data=st.data(), value=JSON_VALUES)
def test_any_edited_value_anywhere_in_a_save_is_a_save_error_or_harmless(game, data, value):
    document = json.loads(json.dumps(SAVES[game]))
    places = [path for path, _ in _leaves(document) if path]
    path = data.draw(st.sampled_from(places))
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    try:
        session = Session.from_data(REGISTRY, document)
    except SaveError as exc:
        assert "\n" not in str(exc)
    else:  # accepted only if it is the very same game
        assert session.to_data()["fingerprint"] == SAVES[game]["fingerprint"]
