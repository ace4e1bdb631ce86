"""`meeple.testing.random_states`: the random games property tests walk."""

from meeple import Registry
from meeple.testing import random_states

REGISTRY = Registry.load()


def test_random_states_replay_the_same_game_from_the_same_seed():
    game = REGISTRY.create("linko", 4)
    first = [state.fingerprint() for state in random_states(game, 5, 40)]
    again = [state.fingerprint() for state in random_states(game, 5, 40)]
    assert first == again and len(first) == 41 and len(set(first)) == 41
    assert [s.fingerprint() for s in random_states(game, 6, 40)] != first


def test_random_states_stop_at_the_end_of_the_game():
    game = REGISTRY.create("nim", 2)
    states = list(random_states(game, 1, 10_000))
    assert states[-1].is_terminal and len(states) < 10_001

