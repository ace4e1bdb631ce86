"""The rollout horizon: silent within a round, token-based values once the next round starts."""

from meeple import Registry, Rng
from meeple_combo_breaker.game import ComboBreaker
from meeple_combo_breaker.horizon import end_of_round


def play_until_next_round(state, seed=0):
    chooser, root = Rng(seed), state.clone()
    while state.pending and state.round_number == root.round_number:
        assert end_of_round(root, state) is None
        state.apply(state.legal_actions()[chooser.below(len(state.legal_actions()))])
    return root, state


def test_horizon_values_the_next_round_by_tokens():
    root, state = play_until_next_round(ComboBreaker(4).new_state(3))
    assert state.pending, "a first round never ends the game with two tokens each"
    values = end_of_round(root, state)
    assert abs(sum(values) - 1) < 1e-9
    tokens = [state.tokens[s] for s in range(4)]
    poorest, richest = tokens.index(min(tokens)), tokens.index(max(tokens))
    assert values[poorest] < values[richest]


def test_the_plugin_registers_the_horizon():
    assert Registry.load().search_aids("combo_breaker").horizon is end_of_round
