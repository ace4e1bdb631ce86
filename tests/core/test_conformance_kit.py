"""The conformance kit passes correct games and catches broken ones."""

import attrs
import pytest
from attrs import define, frozen
from market_game import MarketGame, MarketState, PlayCard, Turn

from meeple import Rng
from meeple.testing import check_game, check_view_hides


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ordered", [False, True])
def test_market_game_conforms(players, ordered):
    report = check_game(MarketGame(players, {"ordered": ordered}), games=4, seed=players)
    assert report.games == 4 and report.deep_checks > 0


@define(slots=True, eq=False, kw_only=True)
class LeakyState(MarketState):
    """Leaks the sum of every hand through a view extra."""

    view_extra_types = {"hand_sums": tuple[int, ...]}

    def view_extras(self, player):
        return {"hand_sums": tuple(sum(h) for h in self.hands)}


class LeakyGame(MarketGame):
    state_class = LeakyState

    def setup(self, rng):
        base = super().setup(rng)
        return LeakyState(game=self, rng=base.rng, pending=base.pending, hands=base.hands,
                          tableaux=base.tableaux, market=base.market, pile=base.pile,
                          turns_left=base.turns_left)


def test_kit_catches_a_view_that_leaks_hidden_cards():
    state = LeakyGame(3).new_state(2)
    with pytest.raises(AssertionError, match="view changed"):
        for seed in range(20):
            check_view_hides(state, 0, Rng(seed))


@frozen
class CardEatingTurn(Turn):
    """A market turn whose card played to seat 0's tableau vanishes (a lost card)."""

    def resolve(self, state, action):
        super().resolve(state, action)
        if isinstance(action, PlayCard) and len(state.tableaux[0]):
            state.tableaux[0].pop_layer()
        if state.pending:
            state.pending[-1] = CardEatingTurn(state.pending[-1].player)


class CardEatingGame(MarketGame):
    decision_types = (CardEatingTurn,)

    def setup(self, rng):
        state = super().setup(rng)
        state.pending = [CardEatingTurn(0)]
        return state


def test_kit_catches_a_lost_card():
    with pytest.raises(AssertionError, match="cards missing"):
        check_game(CardEatingGame(2), games=3)


class EndlessGame(MarketGame):
    spec = attrs.evolve(MarketGame.spec, max_length=lambda options, players: 3)


def test_kit_catches_a_false_maximum_length():
    with pytest.raises(AssertionError, match="maximum length 3"):
        check_game(EndlessGame(2), games=1)
