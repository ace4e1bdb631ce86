"""Game records replay to the same final state; corrupt or altered records are named as such."""

import json

import pytest
from market_game import MarketGame

from meeple import RecordError, Rng
from meeple.records import Forfeit, make_record, record_from_json, record_to_data, record_to_json, replay
from meeple.testing.conformance import _OneGameRegistry


def played(seed=3):
    game = MarketGame(3)
    state = game.new_state(seed)
    chooser, actions = Rng(seed), []
    while not state.is_terminal:
        action = state.legal_actions()[chooser.below(len(state.legal_actions()))]
        state.apply(action)
        actions.append(action)
    return game, state, make_record(state, seed, actions, ("random",) * 3, "1.0")


def test_record_roundtrips_and_replays_to_the_same_state():
    game, state, record = played()
    registry = _OneGameRegistry(game)
    parsed = record_from_json(registry, record_to_json(MarketGame, record))
    assert parsed == record
    assert replay(registry, parsed).fingerprint() == state.fingerprint()


def tampered(change):
    game, _, record = played()
    data = record_to_data(MarketGame, record)
    change(data)
    return _OneGameRegistry(game), json.dumps(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["actions"].insert(0, {"type": "play", "position": 9}), "record action 0 .* is illegal on replay"),
    (lambda d: d["result"]["scores"].__setitem__(0, 99), "replayed scores"),
    (lambda d: d["result"].__setitem__("final_fingerprint", "0" * 32), "fingerprint mismatch"),
    (lambda d: d.__setitem__("format", 7), "format 7 is not supported"),
    (lambda d: d.__setitem__("game", "chess"), "unknown game 'chess'"),
    (lambda d: d.pop("seed"), "has the keys"),
    (lambda d: d.__setitem__("seed", "x"), "seed must be an integer"),
    (lambda d: d["actions"].__setitem__(0, {"type": "fly"}), "unknown action type"),
    (lambda d: d.__setitem__("actions", d["actions"][:-1]), "not over"),
])
def test_corrupt_records_give_one_clear_line(change, message):
    registry, text = tampered(change)
    with pytest.raises(RecordError, match=message) as info:
        replay(registry, record_from_json(registry, text))
    assert "\n" not in str(info.value)


def test_non_json_record_is_named():
    game, _, _ = played()
    with pytest.raises(RecordError, match="must be JSON"):
        record_from_json(_OneGameRegistry(game), "{not json")


def forfeited(after=4, seat=None):
    """A record of a game stopped after `after` actions by a forfeit (of the seat owed the decision)."""
    game = MarketGame(3)
    state = game.new_state(5)
    actions = []
    for _ in range(after):
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(action)
    owed = state.current_player if seat is None else seat
    return game, make_record(state, 5, actions, ("random",) * 3, "1.0", Forfeit(owed, "bot random raised"))


def test_a_forfeit_by_the_seat_owed_the_decision_replays_and_every_other_seat_wins():
    game, record = forfeited()
    registry = _OneGameRegistry(game)
    parsed = record_from_json(registry, record_to_json(MarketGame, record))
    assert parsed == record
    replay(registry, parsed)
    assert record.forfeit.seat not in record.winners and len(record.winners) == 2


def forged(change, record=None):
    game, _, played_record = played()
    data = record_to_data(MarketGame, record or played_record)
    change(data)
    registry = _OneGameRegistry(game)
    return registry, json.dumps(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.__setitem__("format", True), "format true is not supported"),
    (lambda d: d.__setitem__("format", 1.0), "format 1.0 is not supported"),
    (lambda d: d.__setitem__("players", 3.0), "players must be an integer, got 3.0"),
    (lambda d: d.__setitem__("players", True), "players must be an integer, got true"),
    (lambda d: d.__setitem__("seed", 3.0), "seed must be an integer, got 3.0"),
    (lambda d: d.__setitem__("seed", -1), "seed must be an integer from 0 to 2\*\*64 - 1, got -1"),
    (lambda d: d.__setitem__("seed", 2**64 + 3), "seed must be an integer from 0 to 2\*\*64 - 1"),
    (lambda d: d.__setitem__("game", ["market"]), "game must be a string"),
    (lambda d: d.__setitem__("plugin_version", 1), "plugin_version must be a string, got 1"),
    (lambda d: d.__setitem__("options", []), "options must be an object"),
    (lambda d: d.__setitem__("seats", ["random"] * 2), "2 seats for 3 players"),
    (lambda d: d.__setitem__("seats", ["random", "random", 7]), "seat 2 must be a string, got 7"),
    (lambda d: d.__setitem__("actions", {}), "actions must be a list"),
    (lambda d: d["actions"].__setitem__(3, {"type": "fly"}), "action 3: .*unknown action type"),
    (lambda d: d.__setitem__("result", []), "result is a JSON object"),
    (lambda d: d["result"].pop("winners"), r"missing \['winners'\]"),
    (lambda d: d["result"].__setitem__("scores", [True, 0, 0]), "scores must be 3 numbers"),
    (lambda d: d["result"].__setitem__("scores", [0, 0]), "scores must be 3 numbers"),
    (lambda d: d["result"].__setitem__("winners", [1.0]), "winners must be distinct seats"),
    (lambda d: d["result"].__setitem__("winners", [2, 1]), "winners must be distinct seats"),
    (lambda d: d["result"].__setitem__("winners", [5]), "winners must be distinct seats"),
    (lambda d: d["result"].__setitem__("final_fingerprint", None), "final_fingerprint must be a string"),
    (lambda d: d.__setitem__("forfeit", {"seat": 99, "reason": 5}), "forfeit seat 99 is not a seat of 3 players"),
    (lambda d: d.__setitem__("forfeit", {"seat": 0, "reason": 5}), "forfeit reason must be a string, got 5"),
    (lambda d: d.__setitem__("forfeit", {"seat": False, "reason": "x"}), "forfeit seat must be an integer, got false"),
    (lambda d: d.__setitem__("forfeit", {"seat": 0}), r"forfeit has the keys .*missing \['reason'\]"),
    (lambda d: d.__setitem__("forfeit", "seat 0"), "forfeit is a JSON object"),
    (lambda d: d.__setitem__("extra", 1), r"unexpected \['extra'\]"),
])
def test_every_record_field_is_checked_with_its_exact_type(change, message):
    registry, text = forged(change)
    with pytest.raises(RecordError, match=message) as info:
        record_from_json(registry, text)
    assert "\n" not in str(info.value)


def test_a_forfeit_of_a_finished_game_is_refused():
    registry, text = forged(lambda d: d.__setitem__("forfeit", {"seat": 0, "reason": "bot x raised"}))
    with pytest.raises(RecordError, match="forfeit a game that was over"):
        replay(registry, record_from_json(registry, text))


def test_a_forfeit_by_a_seat_not_owed_the_decision_is_refused():
    game, record = forfeited()
    other = (record.forfeit.seat + 1) % 3
    registry, text = forged(lambda d: d.__setitem__("forfeit", {"seat": other, "reason": "x"}), record)
    with pytest.raises(RecordError, match=f"seat {other} forfeit, but .* the decision was owed by seat {record.forfeit.seat}$"):
        replay(registry, record_from_json(registry, text))


def test_a_forfeit_record_must_name_every_other_seat_as_winner():
    game, record = forfeited()
    registry, text = forged(lambda d: d["result"].__setitem__("winners", [record.forfeit.seat]), record)
    with pytest.raises(RecordError, match="replayed winners"):
        replay(registry, record_from_json(registry, text))


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "nested too deeply"),
    ('{"format": ' + "1" * 5000 + "}", "digits"),
])
def test_json_no_parser_can_hold_is_one_clear_line(text, message):
    game, _, _ = played()
    with pytest.raises(RecordError, match=message) as info:
        record_from_json(_OneGameRegistry(game), text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["options"].__setitem__("turns", "40"), "option 'turns' cannot be \"40\" \\(text\\)"),
    (lambda d: d["options"].pop("turns"), "options lack 'turns'"),
])
def test_a_record_holds_every_option_exactly_as_the_game_does(change, message):
    registry, text = forged(change)
    with pytest.raises(RecordError, match=message):
        replay(registry, record_from_json(registry, text))
