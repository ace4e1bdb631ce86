"""A game's fixed action space lists every action it can offer, once, in a stable order."""

import attrs
import pytest

from meeple import Game, MeepleError, Rng
from meeple.rl import ActionSpace, IncompleteActionSpace, action_space, explore_action_space
from meeple.rl.spaces import _SPACES


def test_every_action_random_games_offer_has_an_index(any_game):
    space = action_space(any_game)
    rng = Rng(5)
    for seed in range(6):
        state = any_game.new_state(seed)
        while not state.is_terminal:
            for seat in state.owing():
                mask = space.mask(state.legal_actions(seat))
                assert mask.sum() == len(state.legal_actions(seat))
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_the_space_is_the_same_list_every_time(any_game):
    first = action_space(any_game).actions
    _SPACES.clear()
    assert action_space(any_game).actions == first


def test_a_space_listing_an_action_twice_is_refused(any_game):
    action = action_space(any_game).actions[0]
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([action, action])


def test_an_action_missing_from_a_declaration_is_named(any_game):
    space = action_space(any_game)
    short = ActionSpace(space.actions[1:])
    with pytest.raises(IncompleteActionSpace, match="does not list"):
        short.index(space.actions[0])


def test_a_game_without_a_declaration_is_refused_in_one_line(any_game):
    class Undeclared(type(any_game)):  # type: ignore[misc, valid-type]
        spec = attrs.evolve(type(any_game).spec, id="undeclared_game")
        rl_action_space = None  # no method of its own, and nothing registered for its id

    game = Undeclared(any_game.players, dict(any_game.options))
    with pytest.raises(MeepleError, match="declares no action space") as info:
        action_space(game)
    assert "\n" not in str(info.value)


def test_a_game_hook_takes_precedence_over_a_registration(any_game):
    chosen = list(reversed(action_space(any_game).actions))

    class Hooked(type(any_game)):  # type: ignore[misc, valid-type]
        def rl_action_space(self):
            return chosen

    game = Hooked(any_game.players, dict(any_game.options))
    assert action_space(game).actions == tuple(chosen)


def test_exploring_finds_only_actions_the_declaration_lists():
    from rl_games import make

    game = make("nim", 2, {})
    found = explore_action_space(game, games=5)
    assert found and set(found) <= set(action_space(game).actions)
