"""The shared tree search: an opponent's choice the searching seat cannot see (a face-down pass, a
simultaneous pick) is not a branch of its tree, so it never plans as if it knew the choice, and no
opponent in the tree answers a choice it could not have seen; observed choices still are branches."""

from __future__ import annotations

from types import SimpleNamespace
from typing import ClassVar

from attrs import define, frozen

from meeple import Action, Decision, Dynamics, Game, GameSpec, Information, Simultaneous, State
from meeple.layout import hidden_field
from meeple_bots.ismcts import IsmctsBot, INFO
from meeple_bots.search import HiddenChoice, Node, is_observed


@frozen
class Bet(Decision):
    tag = "bet"

    def legal_actions(self, state):
        return [Stake(1), Stake(2)]

    def resolve(self, state, action):
        state.pending.append(Hide(0))


@frozen
class Stake(Action):
    tag = "stake"
    coins: int


@frozen
class Cup(Action):
    tag = "cup"
    index: int


@frozen
class Hide(Decision):
    """Seat 0 hides the pea under a cup, face down: nobody else sees which."""

    tag = "hide"
    hidden_choice: ClassVar[bool] = True

    def legal_actions(self, state):
        return [Cup(i) for i in range(3)]

    def resolve(self, state, action):
        state.pea = action.index
        state.pending.append(Guess(1))


@frozen
class Guess(Decision):
    tag = "guess"

    def legal_actions(self, state):
        return [Cup(i) for i in range(3)]

    def resolve(self, state, action):
        state.pointed = action.index


@define(slots=True, eq=False, kw_only=True)
class ShellState(State):
    """Seat 1 stakes 1 or 2 coins, seat 0 hides the pea under one of three cups, seat 1 points at
    a cup and wins if the pea is there. Played blind, seat 1 wins one game in three."""

    pea: int | None = hidden_field(default=None)
    pointed: int | None = None

    def _scores(self):
        return [0, 1 if self.pointed == self.pea else 0]

    def _winners(self):
        return [1] if self.pointed == self.pea else [0]


class Shell(Game):
    spec = GameSpec("shell", "Shell game", 2, 2, Information.IMPERFECT, False, (), lambda o, p: 3)
    state_class = ShellState
    action_types = (Stake, Cup)
    decision_types = (Bet, Hide, Guess)

    def setup(self, rng):
        return ShellState(game=self, rng=rng, pending=[Bet(1)])


def searched_root(observed=None, iterations=600):
    game = Shell(2)
    bot = IsmctsBot(game, 1, INFO.parse_params({"iterations": iterations, "seed": 3}))
    if observed is not None:
        bot.tree.observed = observed
    return bot.search(game.new_state(0).view(1))


def test_a_face_down_choice_of_another_seat_is_one_shared_child_drawn_at_random():
    root = searched_root()
    assert {child.action for child in root.children.values()} == {Stake(1), Stake(2)}
    for stake in root.children.values():
        assert list(stake.children) == [HiddenChoice(0)]
        (hidden,) = stake.children.values()
        assert hidden.action is None and hidden.mover == 0
        assert set(hidden.children) == {Cup(0), Cup(1), Cup(2)}  # seat 1's guesses, one node each


def test_the_searcher_does_not_value_its_guess_as_if_it_had_seen_the_pea():
    root = searched_root()
    for stake in root.children.values():
        assert 0.15 < stake.value / stake.visits < 0.55  # a blind guess: one in three


def test_keying_the_hidden_choice_as_observed_would_let_the_searcher_see_the_pea():
    """The attack this guards against: a tree that branches on the pea's cup learns, under each
    branch, to point at that cup, and values a blind guess as a near-certain win."""
    root = searched_root(observed=lambda state, mover, observer: True)
    stake = root.best_child()
    assert set(stake.children) == {Cup(0), Cup(1), Cup(2)}  # branched on seat 0's secret
    assert stake.value / stake.visits > 0.7


def test_the_bot_still_answers_with_one_of_its_own_legal_actions():
    game = Shell(2)
    state = game.new_state(0)
    bot = IsmctsBot(game, 1, INFO.parse_params({"iterations": 100, "seed": 1}))
    assert bot.act(state.view(1), state.legal_actions()) in state.legal_actions()


def test_choices_of_a_simultaneous_decision_are_unseen_by_the_other_choosers():
    simultaneous = SimpleNamespace(pending=[SimpleNamespace(simultaneous=True)])
    in_turn = SimpleNamespace(pending=[SimpleNamespace(simultaneous=False)])
    assert not is_observed(simultaneous, 0, 1)  # type: ignore[arg-type]
    assert is_observed(simultaneous, 1, 1)  # type: ignore[arg-type]  # its own choice
    assert is_observed(in_turn, 0, 1)  # type: ignore[arg-type]


def test_the_searchers_choices_are_found_below_other_seats_hidden_choices():
    """In a simultaneous decision a lower seat may choose (unseen) before the searcher does."""
    root = Node(None, None, None)
    hidden = root.children[HiddenChoice(0)] = Node(root, HiddenChoice(0), 0)
    for cup, visits in ((Cup(0), 3), (Cup(1), 9)):
        child = hidden.children[cup] = Node(hidden, cup, 1)
        child.visits = visits
    assert root.decision_node() is hidden
    assert root.decision_node().best_child().action == Cup(1)


# -- a simultaneous decision: matching pennies ----------------------------------------------------------

@frozen
class Coin(Action):
    side: str


@frozen
class Show(Simultaneous):
    """Both seats show a coin at once: seat 0 wins if the sides match, seat 1 if they differ."""

    def legal_actions(self, state, player):
        return [Coin("heads"), Coin("tails")]

    def resolve(self, state, choices):
        state.matched = choices[0] == choices[1]


class PenniesState(State):
    matched: bool | None = None

    def _scores(self):
        return [int(bool(self.matched)), int(not self.matched)]

    def _winners(self):
        return [0] if self.matched else [1]


class Pennies(Game):
    spec = GameSpec("pennies", "Matching pennies", 2, 2, Information.IMPERFECT, False, (), lambda o, p: 2,
                    dynamics=Dynamics.SIMULTANEOUS)
    state_class = PenniesState
    action_types = (Coin,)
    decision_types = (Show,)

    def setup(self, rng):
        return self.build_state(rng, pending=[Show((0, 1))])


def pennies_root(seat, observed=None, chosen_first=None):
    game = Pennies(2)
    state = game.new_state(0)
    if chosen_first is not None:
        state.apply(Coin(chosen_first), 1 - seat)
    bot = IsmctsBot(game, seat, INFO.parse_params({"iterations": 400, "seed": 5}))
    if observed is not None:
        bot.tree.observed = observed
    return bot, state, bot.search(state.view(seat))


def test_the_other_seats_simultaneous_pick_is_one_shared_child():
    _, _, root = pennies_root(0)
    assert set(root.children) == {Coin("heads"), Coin("tails")}
    for mine in root.children.values():
        assert list(mine.children) == [HiddenChoice(1)]
        assert 0.3 < mine.value / mine.visits < 0.7  # seat 1 cannot answer what it cannot see


def test_an_opponent_keyed_as_seeing_a_simultaneous_pick_would_always_answer_it():
    """The attack: branching on seat 1's pick lets seat 1 "answer" seat 0's coin in the tree, and
    seat 0 then believes it loses whatever it shows."""
    _, _, root = pennies_root(0, observed=lambda state, mover, observer: True)
    assert all(mine.value / mine.visits < 0.3 for mine in root.children.values())


def test_a_higher_seat_finds_its_choices_below_a_lower_seats_unseen_pick():
    bot, state, root = pennies_root(1)
    assert list(root.children) == [HiddenChoice(0)]
    assert set(root.decision_node().children) == {Coin("heads"), Coin("tails")}
    legal = state.legal_actions(1)
    assert bot.act(state.view(1), legal) in legal


def test_the_last_chooser_searches_without_knowing_the_pick_already_made():
    for first in ("heads", "tails"):
        bot, state, root = pennies_root(1, chosen_first=first)
        node = root.decision_node()  # past seat 0's pick, if the samples redraw it
        assert set(node.children) == {Coin("heads"), Coin("tails")}
        for mine in node.children.values():  # seat 0's hidden coin is a guess in every sample
            assert 0.3 < mine.value / mine.visits < 0.7
        legal = state.legal_actions(1)
        assert bot.act(state.view(1), legal) in legal


def test_a_higher_seat_with_one_iteration_still_answers_a_legal_choice():
    """One iteration stops at seat 0's unseen pick (expansion adds that shared child only), so
    seat 1's own choice has no statistics: the bot answers a legal choice instead of failing."""
    game = Pennies(2)
    state = game.new_state(0)
    bot = IsmctsBot(game, 1, INFO.parse_params({"iterations": 1, "seed": 3}))
    root = bot.search(state.view(1))
    assert not root.decision_node().children
    legal = state.legal_actions(1)
    assert bot.act(state.view(1), legal) in legal


def test_mcts_refuses_simultaneous_games():
    from meeple_bots.mcts import requires

    reason = requires(Pennies.spec)
    assert reason is not None and "simultaneous" in reason and "ismcts" in reason


def test_a_bot_that_reads_no_view_is_handed_none_and_every_other_bot_its_own_view():
    """Hosts build a view only for a bot that reads one: `random` declares `reads_view = False`."""
    from meeple.bots import view_for
    from meeple.runner import play_game

    from meeple import Registry

    registry = Registry.load()
    game = registry.create("linko", 4)
    handed = []

    class Recording:
        def __init__(self, bot):
            self.bot, self.reads_view = bot, getattr(bot, "reads_view", True)

        def act(self, view, legal):
            handed.append(view)
            return self.bot.act(view, legal)

    bots = [Recording(registry.make_bot("random", game, seat)) for seat in range(3)]
    bots.append(Recording(registry.make_bot("greedy", game, 3)))
    record, state = play_game(game, bots, 7, ["random"] * 3 + ["greedy"])
    assert record.forfeit is None and state.is_terminal
    assert any(view is None for view in handed)
    assert all(view is None or view.player == 3 for view in handed)
    assert sum(view is not None for view in handed) > 0
    assert view_for(bots[0].bot, state, 0) is None and view_for(bots[3].bot, state, 3).player == 3
