"""Property tests (hypothesis): zone operations against simple models, and random games."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from market_game import MarketGame

from meeple import Hand, Rng
from meeple.testing import check_determinization, check_view_hides

operations = st.lists(st.tuples(st.sampled_from(["add", "add_known", "insert", "remove", "take"]),
                                st.integers(0, 5), st.integers(0, 10)), max_size=40)


@given(operations)
def test_hand_known_flags_follow_the_cards(ops):
    """Known cards are exactly those added in view and not removed since; positions track moves."""
    hand, model = Hand(owner=0), []  # model: list of (card, known)
    for op, card, position in ops:
        if op in ("add", "add_known"):
            hand.add(card, known=op == "add_known")
            model.append((card, op == "add_known"))
        elif op == "insert":
            position %= len(model) + 1
            hand.insert(position, card, known=True)
            model.insert(position, (card, True))
        elif op == "remove" and card in hand:
            hand.remove(card)
            copies = [i for i, (c, _) in enumerate(model) if c == card]
            known = [i for i in copies if model[i][1]]
            del model[(known or copies)[0]]
        elif op == "take" and model:
            position %= len(model)
            hand.take(position, 1)
            del model[position]
        assert list(hand) == [c for c, _ in model]
        assert hand.view(1).known == tuple((i, c) for i, (c, k) in enumerate(model) if k)
        assert hand.view(0).cards == tuple(c for c, _ in model)  # a cached view is never stale


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), ordered=st.booleans(),
       steps=st.integers(0, 30), sampler=st.integers(0, 1000))
def test_random_positions_hide_and_sample_correctly(seed, players, ordered, steps, sampler):
    game = MarketGame(players, {"ordered": ordered})
    state, chooser = game.new_state(seed), Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[chooser.below(len(state.legal_actions()))])
    assert not state.invariants()
    for _, zone in state.zones():  # cached zone views equal views built afresh
        assert zone.view(0) == zone.make_view(zone.visible_to(0))
    total = Counter(c for _, zone in state.zones() for c in zone.cards())
    assert total == game.deck_counts()
    for seat in range(players):
        check_view_hides(state, seat, Rng(sampler))
        check_determinization(game, state, seat, Rng(sampler + seat))


def test_the_pytest_plugin_gives_a_fresh_registry(meeple_registry):
    assert "random" in [b.name for b in meeple_registry.all_bots()]
