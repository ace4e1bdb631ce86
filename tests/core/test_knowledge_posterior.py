"""Determinization samples follow the exact posterior: on positions small enough to enumerate,
with facts learned by several seats, `check_posterior` passes the game's own sampler and
catches planted wrong ones (one ignoring facts, one dealing count facts with the wrong odds)."""

import attrs
import pytest
from asking_game import AskingGame, Turn

from meeple import Hand, Pile, Rng, Visibility
from meeple import counted_deal
from meeple.determinize import sample_state
from meeple.errors import MeepleError
from meeple.knowledge import CardAbove, HoldsAtLeast, HoldsNone
from meeple.testing import check_posterior, exact_posterior
from meeple.testing.posterior import chi_square_sf


def known_position(suited=False):
    """Three seats of Asking (kinds 1-4, three copies each), with facts from several seats:
    everyone heard seat 1 has no 3 and seat 2 asked for a 4; seats 0 and 1 compared reserves
    (seat 1's is above 1); seats 1 and 2 compared theirs (seat 2's is above 2); seat 2 alone
    knows seat 1 holds no 2."""
    game = AskingGame(3, {"kinds": 4, "suited": suited})
    hands, reserves, stock = [[2, 3], [1, 4], [3, 4]], [[1], [2], [4]], [1, 2, 3]
    if suited:  # the same ranks as distinct cards
        copies: dict[int, int] = {}

        def card(rank):
            copies[rank] = copies.get(rank, -1) + 1
            return rank * 10 + copies[rank]

        hands = [[card(r) for r in hand] for hand in hands]
        reserves = [[card(r) for r in pile] for pile in reserves]
        stock = [card(r) for r in stock]
    state = game.build_state(
        Rng(3), pending=[Turn(0)],
        hands=tuple(Hand(hands[s], owner=s, ordered=False) for s in range(3)),
        reserves=tuple(Pile(reserves[s], visibility=Visibility.OWNER, owner=s) for s in range(3)),
        stock=Pile(stock, visibility=Visibility.SECRET), books=Pile())
    state.learn(HoldsNone("hands[1]", 3))
    state.learn(HoldsAtLeast("hands[2]", 4))
    state.learn(CardAbove("reserves[1]", 0, 1), by={0, 1})
    state.learn(CardAbove("reserves[2]", 0, 2), by={1, 2})
    state.learn(HoldsNone("hands[1]", 2), by={2})
    return game, state


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_samples_follow_the_exact_posterior_given_every_fact_the_seat_knows(seat):
    game, state = known_position()
    report = check_posterior(game, state, seat, samples=3000, seed=seat)
    assert report.deals > 100 and report.bins > 10 and report.p_value >= 1e-3


def test_distinct_cards_ranked_by_card_kind_follow_the_posterior_too():
    game, state = known_position(suited=True)
    state.hands[2].reveal()  # seat 2 showed its hand: fewer distinct cards to enumerate
    report = check_posterior(game, state, 0, samples=3000, seed=9,
                             key=lambda sample: tuple(sorted(c // 10 for c in sample.hands[1])))
    assert report.outcomes > 3


def test_the_observer_knows_the_one_deal():
    game, state = known_position()
    assert check_posterior(game, state, None, samples=20).deals == 1


def test_the_posterior_excludes_what_the_seat_knows_and_keeps_what_it_does_not():
    game, state = known_position()
    key = lambda sample: tuple(sorted(sample.hands[1]))  # noqa: E731
    for seat, excluded in [(0, 3), (2, 2)]:
        exact, _ = exact_posterior(game, state.view(seat), key)
        assert not any(excluded in hand for hand in exact)
    exact, _ = exact_posterior(game, state.view(0), key)
    assert any(2 in hand for hand in exact)  # only seat 2 knows seat 1 holds no 2


def test_a_planted_sampler_ignoring_facts_is_caught():
    game, state = known_position()
    view = state.view(0)

    def ignores(rng):
        sample = sample_state(game, attrs.evolve(view, facts=()), rng)
        sample._facts = view.facts
        return sample

    with pytest.raises(AssertionError, match=r"outcomes sampled from seat 0's view are impossible given what it knows"):
        check_posterior(game, state, 0, samples=500, sampler=ignores)


def test_a_planted_sampler_with_the_wrong_odds_is_caught(monkeypatch):
    # Every split of a kind among the zones equally likely, whatever the number of deals it
    # leads to: the same outcomes as the exact sampler, in the wrong proportions.
    game, state = known_position()
    splits = counted_deal.CountedDeal._splits

    def uniform(self, i, room):
        return [(split, 1) for split, _ in splits(self, i, room)]

    monkeypatch.setattr(counted_deal.CountedDeal, "_splits", uniform)
    with pytest.raises(AssertionError, match=r"samples of seat 0's view do not follow the exact posterior: chi-square"):
        check_posterior(game, state, 0, samples=3000)


def test_a_position_too_large_to_enumerate_is_refused():
    game = AskingGame(4, {"kinds": 6})
    with pytest.raises(MeepleError, match="too many to enumerate"):
        exact_posterior(game, game.new_state(1).view(0))


def test_chi_square_tail_matches_the_tables():
    for x, df in [(3.841, 1), (5.991, 2), (7.815, 3), (18.307, 10), (31.410, 20)]:
        assert chi_square_sf(x, df) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_sf(0.0, 4) == 1.0
