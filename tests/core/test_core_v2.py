"""Core v2 for authors: decisions own their rules, no boilerplate, and the kit holds a game to
its declared dynamics and to the secrecy of simultaneous choices."""

import re
from pathlib import Path

import attrs
import pytest
from attrs import define, frozen
from goofspiel_game import Bid, Goofspiel, GoofspielState
from market_game import MarketGame

from meeple import (Action, Counters, Decision, Dynamics, Game, GameSpec, IllegalAction,
                    Information, Rng, State)
from meeple.actions import tag_from_name
from meeple.testing import check_game

# -- a state without @define ---------------------------------------------------------------------


class Plain(State):
    heaps: Counters
    note: str = ""


def test_a_state_subclass_without_define_is_an_attrs_class_with_slots_and_keywords():
    assert [f.name for f in attrs.fields(Plain)][-2:] == ["heaps", "note"]
    state = Plain(game=None, rng=Rng(1), heaps=Counters([(0, 3)]))
    assert state.note == "" and not hasattr(state, "__dict__")
    with pytest.raises(TypeError):
        Plain(None, Rng(1), [], 0, Counters())  # keyword-only, like the explicit decorator
    with pytest.raises(AttributeError):
        state.typo = 1  # slotted: a misspelt field fails at once


def test_an_explicit_define_still_gives_the_same_class():
    @define(slots=True, eq=False, kw_only=True)
    class Explicit(State):
        heaps: Counters

    class Subclass(Explicit):
        extra: int = 2

    assert [f.name for f in attrs.fields(Subclass)][-2:] == ["heaps", "extra"]
    assert Subclass(game=None, rng=Rng(1), heaps=Counters()).extra == 2
    assert Explicit.__eq__ is object.__eq__  # eq=False: states compare by identity


# -- default tags ------------------------------------------------------------------------------


@pytest.mark.parametrize("name, tag", [("DrawBlind", "draw_blind"), ("Take", "take"),
                                       ("TakeAI", "take_ai"), ("PlayAIMove", "play_ai_move"),
                                       ("Draw2Cards", "draw2_cards")])
def test_a_tag_defaults_to_the_class_name_in_snake_case(name, tag):
    assert tag_from_name(name) == tag


def test_an_explicit_tag_is_kept_and_subclasses_get_their_own():
    @frozen
    class Named(Action):
        tag = "nm"

    @frozen
    class LongerName(Named):
        pass

    assert Named.tag == "nm" and LongerName.tag == "longer_name" and Bid.tag == "bid"
    assert Action.tag == "" and Decision.tag == ""


# -- decisions that own their rules ------------------------------------------------------------


@frozen
class Count(Action):
    n: int


@frozen
class SayNumber(Decision):
    """Say 1 or 2; saying the number that reaches 5 ends the game."""

    def legal_actions(self, state):
        return [Count(n) for n in (1, 2) if state.total + n <= 5]

    def resolve(self, state, action):
        state.total += action.n
        state.last = self.player
        if state.total < 5:
            state.pending.append(SayNumber(1 - self.player))

    def explain_illegal(self, state, action):
        return f"{action.n} would pass 5" if isinstance(action, Count) else None


class CountState(State):
    total: int = 0
    last: int = -1

    def _scores(self):
        return [int(self.last == seat) for seat in range(2)]

    def _winners(self):
        return [self.last]


class CountGame(Game):
    spec = GameSpec(id="count", title="Count to five", min_players=2, max_players=2,
                    information=Information.PERFECT, chance=False, options=(),
                    max_length=lambda options, players: 5)
    state_class = CountState
    action_types = (Count,)
    decision_types = (SayNumber,)

    def setup(self, rng):
        return self.build_state(rng, pending=[SayNumber(0)])


def test_a_decision_that_owns_its_rules_drives_the_state():
    state = CountGame(2).new_state(0)
    assert state.legal_actions() == (Count(1), Count(2))
    assert state.apply(Count(2)) == (Count(2),)
    state.apply(Count(2))
    assert state.legal_actions() == (Count(1),)
    with pytest.raises(IllegalAction, match="2 would pass 5"):
        state.apply(Count(2))
    state.apply(Count(1))
    assert state.is_terminal and state.winners() == (0,)


def test_a_game_of_decisions_that_own_their_rules_conforms():
    assert check_game(CountGame(2), games=3).games == 3


def test_a_decision_without_rules_says_what_to_write():
    @frozen
    class Bare(Decision):
        pass

    state = MarketGame(2).new_state(0)
    state.pending = [Bare(0)]
    with pytest.raises(NotImplementedError, match="Bare.legal_actions"):
        state.legal_actions()
    with pytest.raises(NotImplementedError, match="Bare.resolve"):
        Bare(0).resolve(state, None)


# -- the kit and the declared dynamics ---------------------------------------------------------


def test_kit_refuses_a_simultaneous_decision_in_a_game_declared_sequential():
    class Undeclared(Goofspiel):
        spec = attrs.evolve(Goofspiel.spec, dynamics=Dynamics.SEQUENTIAL)

    with pytest.raises(AssertionError, match="declares sequential dynamics"):
        check_game(Undeclared(2, {"cards": 2}), games=1)


def test_kit_refuses_a_game_declared_simultaneous_without_simultaneous_decisions():
    class Overdeclared(CountGame):
        spec = attrs.evolve(CountGame.spec, dynamics=Dynamics.SIMULTANEOUS)

    with pytest.raises(AssertionError, match="met no simultaneous decision"):
        check_game(Overdeclared(2), games=2)


class PeekingState(GoofspielState):
    """Leaks how high the other seats bid through a view extra."""

    view_extra_types = {"highest_bid": int}

    def view_extras(self, player):
        return {"highest_bid": max([a.card for a in (self._choices or {}).values()], default=0)}


class PeekingGoofspiel(Goofspiel):
    state_class = PeekingState


def test_kit_catches_a_view_that_shows_another_seats_secret_choice():
    with pytest.raises(AssertionError, match="depends on another seat's secret choice"):
        check_game(PeekingGoofspiel(3, {"cards": 4}), games=2)


# -- the concepts page shows real code ----------------------------------------------------------


def test_every_example_in_the_concepts_page_is_taken_from_its_source_file():
    root = Path(__file__).parents[2]
    page = (root / "docs" / "concepts.md").read_text()
    blocks = re.findall(r"<!-- from: (\S+) -->\n```\w*\n(.*?)```", page, re.S)
    assert len(blocks) >= 2
    for path, body in blocks:
        assert body in (root / path).read_text(), f"docs/concepts.md shows code {path} does not hold"
