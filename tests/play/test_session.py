"""Sessions: a game in progress, its save files, and resuming exactly where it stopped."""

from __future__ import annotations

import json

import pytest

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
    (lambda d: d.update(seats=["human"]), "one entry per player"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    # another deal either makes some saved action illegal or ends in another state
    (lambda d: d.update(seed=d["seed"] + 1), "does not follow from its seed and actions|do not replay"),
    (lambda d: d["actions"].append({"type": "take_back"}), "do not replay"),
    (lambda d: d["actions"].append({"type": "fly"}), "unknown action type 'fly'"),
    (lambda d: d["state"]["fields"]["hands"][0]["cards"].reverse(), "does not follow"),
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
