"""Game records replay to the same final state; corrupt or altered records are named as such."""

import json

import pytest
from market_game import MarketGame

from meeple import RecordError, Rng
from meeple.records import make_record, record_from_json, record_to_data, record_to_json, replay
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
