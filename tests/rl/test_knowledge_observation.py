"""RL observations carry the facts a seat knows (`FactsPart`), for a game that records them."""

import pytest
import rl_games  # noqa: F401 - puts tests/core on the path
from asking_game import Ask, AskingGame, Compare

from meeple.knowledge import HoldsNone
from meeple.rl import encoder_for
from meeple.rl.encoding import EncodingError, check_capacities


def block(encoder, name="facts"):
    return next(b for b in encoder.layout() if b.name == name)


def features(encoder, view):
    facts = block(encoder)
    observation = encoder.encode(view)
    return {n: float(observation[facts.start + i]) for i, n in enumerate(facts.names) if observation[facts.start + i]}


def test_a_game_recording_facts_gets_a_facts_block_naming_every_feature():
    encoder = encoder_for(AskingGame(3, {"kinds": 4}))
    facts = block(encoder)
    assert facts.stop == encoder.size and len(set(facts.names)) == len(facts.names)
    assert "facts.hands[1].none[2]" in facts.names and "facts.card[7].known_to[2]" in facts.names


def test_go_fish_sets_the_none_bit_and_the_at_least_count_for_every_seat():
    game = AskingGame(3, {"kinds": 4})
    state = game.new_state(2)
    asked = next(a for a in state.legal_actions() if isinstance(a, Ask)
                 and not any(c == a.kind for c in state.hands[a.seat]))
    state.apply(asked)
    for seat in range(3):
        shown = features(encoder_for(game), state.view(seat))
        assert shown[f"facts.hands[{asked.seat}].none[{asked.kind}]"] == 1.0
        assert shown[f"facts.hands[0].at_least[{asked.kind}]"] == pytest.approx(1 / 3)


def test_a_comparison_is_encoded_for_the_two_seats_that_know_it_only():
    game = AskingGame(3, {"kinds": 4})
    state = game.new_state(2)
    state.apply(Compare(1))
    encoder = encoder_for(game)
    for seat in (0, 1):
        shown = features(encoder, state.view(seat))
        assert shown["facts.card[0].known_to[0]"] == shown["facts.card[0].known_to[1]"] == 1.0
        assert "facts.card[0].known_to[2]" not in shown
    assert features(encoder, state.view(2)) == {}


def test_the_declared_capacities_hold_over_random_games():
    assert check_capacities(AskingGame(3, {"turns": 16}), games=3) > 0


def test_facts_in_a_game_that_does_not_declare_them_are_one_clear_error():
    quiet = type("QuietAsking", (AskingGame,), {"records_facts": False})
    game = quiet(2)
    state = game.new_state(1)
    kind = next(k for k in (1, 2, 3) if k not in state.hands[1])
    state.learn(HoldsNone("hands[1]", kind))
    with pytest.raises(EncodingError, match="does not declare records_facts = True"):
        encoder_for(game).encode(state.view(0))


def test_pettingzoos_api_test_passes_on_a_game_that_records_facts():
    import warnings

    from pettingzoo.test import api_test, seed_test

    from meeple.rl import pettingzoo_env

    game = AskingGame(3, {"turns": 16})
    with warnings.catch_warnings():  # the kit's advice on observation spaces, not a failure
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(game), num_cycles=40)
        seed_test(lambda: pettingzoo_env(game), num_cycles=40)
