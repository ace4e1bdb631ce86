"""Elimination as a status (`State.eliminated`): the rules set it, views show it, JSON keeps it,
the kit holds a game to its promises and the runner never asks a seat that is out."""

from __future__ import annotations

import json

import pytest
from knockout_game import Fold, Knockout, KnockoutState, PlayCard, Shedding, Showdown, Turn

from meeple import MeepleError, Rng
from meeple.runner import play_game
from meeple.serialization import view_from_data, view_to_data
from meeple.testing import check_game


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view, legal):
        return legal[self.rng.below(len(legal))]


def folded(state, *seats):
    for seat in seats:
        assert state.current_player == seat
        state.apply(Fold(), seat)
    return state


def test_a_seat_that_folds_is_eliminated_in_the_order_it_went_out():
    state = folded(Knockout(4).new_state(3), 0, 1)
    assert state.eliminated() == (0, 1)
    assert state.current_player == 2
    assert state.scores() == (0, 1, 2, 2)  # places so far: the seats still in share the standing


def test_the_last_seat_in_wins_and_the_others_rank_by_when_they_went_out():
    state = folded(Knockout(3).new_state(3), 0, 1)
    assert state.is_terminal
    assert state.eliminated() == (0, 1)
    assert state.winners() == (2,)
    assert state.scores() == (0, 1, 2)


def test_every_viewer_sees_who_is_out():
    state = folded(Knockout(3).new_state(5), 0)
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer).eliminated == (0,)


def test_a_view_carries_elimination_through_json_and_omits_it_when_nobody_is_out():
    state = Knockout(3).new_state(5)
    assert "eliminated" not in view_to_data(Knockout, state.view(1))
    folded(state, 0)
    data = json.loads(json.dumps(view_to_data(Knockout, state.view(1))))
    assert data["eliminated"] == [0]
    assert view_from_data(Knockout, data) == state.view(1)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_knockout_passes_the_conformance_kit(players):
    report = check_game(Knockout(players), games=10, seed=players)
    assert report.eliminations >= 10 * (players - 1)


def test_shedding_passes_the_kit_with_eliminated_seats_that_may_win():
    report = check_game(Shedding(3), games=10, seed=1)
    assert report.eliminations


def test_showdown_eliminates_through_a_simultaneous_decision_and_passes_the_kit():
    report = check_game(Showdown(4), games=10, seed=3)
    assert report.eliminations and report.simultaneous


def test_the_lowest_card_of_a_showdown_goes_out_and_the_next_round_asks_only_those_still_in():
    state = Showdown(3).new_state(0)
    low = min(min(hand) for hand in state.hands)
    loser = next(seat for seat, hand in enumerate(state.hands) if low in hand)
    for seat in range(3):
        state.apply(PlayCard(low if seat == loser else max(state.hands[seat])), seat)
    assert state.eliminated() == (loser,)
    assert loser not in state.owing() and len(state.owing()) == 2


def test_a_game_without_elimination_has_nobody_out():
    state = Knockout(2, {"cards": 3}).new_state(1)
    state.apply(state.legal_actions()[0])
    assert state.eliminated() == ()


# -- the kit catches games that break elimination's promises ---------------------------------------


class ComesBack(KnockoutState):
    """Forgets who folded first once a third seat is out (elimination must be final)."""

    def _eliminated(self):
        return self.out[1:] if len(self.out) > 1 else self.out


class AsksTheOut(KnockoutState):
    """Claims the seat to act is already out."""

    def _eliminated(self):
        return [*self.out, self.current_player] if self.pending and self.current_player not in self.out else self.out


class ScoresAfterwards(KnockoutState):
    """An eliminated seat's score keeps moving (with the number of cards on the pile)."""

    def _scores(self):
        return [len(self.pile) if seat in self.out else 0 for seat in range(self.players)]

    def _winners(self):
        return [seat for seat in range(self.players) if seat not in self.out]


class OutWins(KnockoutState):
    """The first seat out wins, but the game does not declare `eliminated_can_win`."""

    def _winners(self):
        return self.out[:1]


def knockout_with(state_class):
    return type(f"Broken{state_class.__name__}", (Knockout,), {"state_class": state_class})


@pytest.mark.parametrize("state_class, message", [
    (ComesBack, "elimination is final"),
    (AsksTheOut, "owe a decision"),
    (ScoresAfterwards, "score changed after it went out"),
    (OutWins, "declares eliminated_can_win"),
])
def test_the_kit_catches_a_game_that_breaks_elimination(state_class, message):
    with pytest.raises(AssertionError, match=message):
        check_game(knockout_with(state_class)(4), games=6, seed=2)


def test_the_runner_never_asks_an_eliminated_seat():
    game = knockout_with(AsksTheOut)(3)
    with pytest.raises(MeepleError, match="asked seat 0 for a decision after it was eliminated"):
        play_game(game, [RandomBot(seed=s) for s in range(3)], seed=1, seat_names=["random"] * 3)


def test_the_runner_plays_knockout_to_its_last_seat():
    record, state = play_game(Knockout(4), [RandomBot(seed=s) for s in range(4)], seed=9,
                              seat_names=["random"] * 4)
    assert len(state.eliminated()) == 3
    assert state.winners() == tuple(set(range(4)) - set(state.eliminated()))


def test_turns_skip_the_seats_that_are_out():
    state = Knockout(3).new_state(4)
    folded(state, 0)
    state.apply(state.legal_actions()[0], 1)  # seat 1 plays or folds; seat 2 is next either way
    assert state.pending[-1] == Turn(2) or state.is_terminal
    top = state.pile.top or 0
    assert all(a == Fold() or (isinstance(a, PlayCard) and a.card > top) for a in state.legal_actions())
