"""JSON for actions, views and states: round trips, and one readable line for bad input."""

import json

import pytest
from market_game import DrawBlind, MarketGame, TakeMarket

from meeple import SerializationError
from meeple.serialization import (action_from_data, action_to_data, state_from_data, state_to_data,
                                  view_from_data, view_to_data)


def test_action_is_a_tagged_object():
    assert action_to_data(MarketGame, TakeMarket(1, 2)) == {"type": "take", "slot": 1, "position": 2}
    assert action_from_data(MarketGame, {"type": "draw"}) == DrawBlind()


@pytest.mark.parametrize("data, message", [
    ({"type": "fly"}, "unknown action type 'fly'; known: draw, play, take"),
    ({"slot": 1}, "with a 'type'"),
    ({"type": "take", "slot": 1}, "position"),
    ({"type": "take", "slot": 1, "position": 0, "extra": 1}, "extra"),
    ([1, 2], "with a 'type'"),
])
def test_bad_action_json_gives_one_line(data, message):
    with pytest.raises(SerializationError) as info:
        action_from_data(MarketGame, data)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_state_roundtrip_keeps_rng_and_everything():
    state = MarketGame(3, {"ordered": True}).new_state(8)
    state.apply(TakeMarket(0, 2))
    data = json.loads(json.dumps(state_to_data(state)))
    again = state_from_data(MarketGame, data)
    assert again.fingerprint() == state.fingerprint()
    assert again.rng == state.rng and again.hands[0].is_known(2)


def test_state_json_rejects_another_game_and_bad_options():
    data = state_to_data(MarketGame(2).new_state(1))
    with pytest.raises(SerializationError, match="not 'market'"):
        state_from_data(MarketGame, {**data, "game": "chess"})
    with pytest.raises(SerializationError, match="option 'turns'"):
        state_from_data(MarketGame, {**data, "options": {"turns": 0, "ordered": False}})


def test_view_roundtrip_and_json_has_no_rng():
    state = MarketGame(2).new_state(3)
    view = state.view(0)
    data = json.loads(json.dumps(view_to_data(MarketGame, view)))
    assert "rng" not in json.dumps(data)
    assert view_from_data(MarketGame, data) == view


def test_view_json_with_wrong_fields_is_rejected():
    data = view_to_data(MarketGame, MarketGame(2).new_state(3).view(0))
    del data["fields"]["pile"]
    with pytest.raises(SerializationError, match="do not match"):
        view_from_data(MarketGame, data)


def test_tuple_valued_fields_become_json_lists_and_come_back_as_tuples():
    from meeple.serialization import converter_for

    converter = converter_for(MarketGame)
    cells = tuple[tuple[int, int], ...]
    data = converter.unstructure(((3, 3), (3, 4)), cells)
    assert data == [[3, 3], [3, 4]]
    assert converter.structure(data, cells) == ((3, 3), (3, 4))
