"""Monte Carlo tree search (UCT, random rollouts) for any perfect-information game.

The bot knows nothing about the game it plays: it rebuilds the state from its view with
`game.determinize` (exact when nothing is hidden) and then only uses the core state API —
`clone`, `legal_actions`, `apply`, `current_player`, `is_terminal`, `winners`. Games with hidden
information are refused: searching one guessed deal would cheat or play blind, which is the
ISMCTS bot's job.

Rewards are per seat (1 shared among the winners, 0 for the others) and each node is scored for
the seat that chose the move into it, so the search handles any number of players and decisions
owed by any seat in any order.

Games without chance are searched *closed loop*: each node keeps its state, so the legal actions
a state caches are computed once per node and shared with the clones made for rollouts. Games
with chance are searched *open loop*: every iteration replays the tree's actions from the root
with fresh chance (drawn from the bot's generator, never the game's), so no node trusts one
sampled die roll; a child competes only in the iterations where its action is legal, and its
exploration term counts those (availability counts, as in ISMCTS).
"""

from __future__ import annotations

import math
from typing import Sequence

from meeple import Action, BotError, BotInfo, Game, GameSpec, Option, Options, Rng, State, View


def requires(spec: GameSpec) -> str | None:
    """Why MCTS cannot play `spec`'s game (hidden information), or None when it can."""
    if spec.perfect_information:
        return None
    return (f"mcts searches exact states and {spec.title} has hidden information; "
            f"use an information-set search bot (ismcts) instead")


class Node:
    """A node of the search tree, with its statistics for the seat that moved into it."""

    __slots__ = ("parent", "action", "mover", "children", "visits", "value", "available",
                 "state", "untried")

    def __init__(self, parent: "Node | None", action: Action | None, mover: int | None,
                 state: State | None = None) -> None:
        self.parent = parent
        self.action = action
        self.mover = mover  # the seat that chose `action` (None at the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.value = 0.0  # total reward of `mover` over the visits
        self.available = 0  # open loop: iterations in which `action` was legal at the parent
        self.state = state  # closed loop: the node's own state
        # Closed loop: actions not expanded yet (computing them also caches them in the state).
        self.untried: list[Action] = list(state.legal_actions()) if state is not None else []


class MctsBot:
    """UCT: select by upper confidence bound, expand one action, roll out at random, back up."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        reason = requires(game.spec)
        if reason is not None:
            raise BotError(reason)
        self.game = game
        self.seat = seat
        self.iterations: int = params["iterations"]
        self.exploration: float = params["exploration"]
        self.rng = Rng(params["seed"])
        self.open_loop = game.spec.chance

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]  # a forced move needs no search
        root = self.search(self.game.determinize(view, self.rng))
        best = max(root.children.values(), key=lambda child: (child.visits, child.value))
        for action in legal:  # answer with the host's own object for the chosen action
            if action == best.action:
                return action
        raise BotError(f"mcts chose {best.action!r}, which the host does not offer")

    def search(self, state: State) -> Node:
        """Run the configured number of iterations from `state`; returns the root node."""
        if self.open_loop:
            root = Node(None, None, None)
            for _ in range(self.iterations):
                self._iterate_open_loop(root, state)
            return root
        root = Node(None, None, None, state)
        for _ in range(self.iterations):
            node = self._select(root)
            if node.untried:
                node = self._expand(node)
            self._back_up(node, self._rollout(node.state))  # type: ignore[arg-type]
        return root

    # -- closed loop (no chance) ------------------------------------------------------------------

    def _select(self, node: Node) -> Node:
        """Descend through fully expanded nodes, maximising mean reward plus the UCB bonus."""
        c = self.exploration
        while not node.untried and node.children:
            log_visits = math.log(node.visits)
            best, best_score = node, -math.inf
            for child in node.children.values():
                visits = child.visits
                score = child.value / visits + c * math.sqrt(log_visits / visits)
                if score > best_score:
                    best, best_score = child, score
            node = best
        return node

    def _expand(self, node: Node) -> Node:
        """Add a child for one untried action, chosen at random."""
        untried = node.untried
        index = self.rng.below(len(untried))
        untried[index], untried[-1] = untried[-1], untried[index]
        action = untried.pop()
        state = node.state.clone()  # type: ignore[union-attr]
        mover = state.current_player
        state.apply(action)
        child = node.children[action] = Node(node, action, mover, state)
        return child

    # -- open loop (chance) -------------------------------------------------------------------------

    def _iterate_open_loop(self, root: Node, state: State) -> None:
        """One iteration replaying the tree's actions on a copy of `state` with fresh chance."""
        sim = state.clone()
        sim.rng = self.rng.spawn()
        node = root
        c = self.exploration
        while not sim.is_terminal:
            legal = sim.legal_actions()
            children = node.children
            untried = [action for action in legal if action not in children]
            mover = sim.current_player
            if untried:
                action = untried[self.rng.below(len(untried))]
                for available in legal:  # the new child is available now too
                    if available in children:
                        children[available].available += 1
                sim.apply(action)
                node = children[action] = Node(node, action, mover)
                node.available = 1
                break
            best, best_score = node, -math.inf
            for action in legal:
                child = children[action]
                child.available += 1
                score = child.value / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            node = best
            sim.apply(node.action)  # type: ignore[arg-type]
        self._back_up(node, self._rollout(sim, in_place=True))

    # -- shared ---------------------------------------------------------------------------------------

    def _rollout(self, state: State, in_place: bool = False) -> tuple[int, ...]:
        """Random legal actions to the end of the game; returns the winning seats. Works on a
        clone unless `in_place` (then `state` already is a disposable copy)."""
        sim = state if in_place or state.is_terminal else state.clone()
        below = self.rng.below
        while not sim.is_terminal:
            legal = sim.legal_actions()
            sim.apply(legal[below(len(legal))])
        return sim.winners()

    @staticmethod
    def _back_up(node: Node | None, winners: tuple[int, ...]) -> None:
        """Credit each node's mover with its share of the win (1 split among the winners)."""
        share = 1.0 / len(winners) if winners else 0.0
        while node is not None:
            node.visits += 1
            if node.mover in winners:
                node.value += share
            node = node.parent


INFO = BotInfo(
    name="mcts",
    factory=MctsBot,
    summary="UCT Monte Carlo tree search with random rollouts (perfect-information games)",
    params=(
        Option("iterations", "int", 1000, "search iterations (one random rollout each) per decision",
               minimum=1),
        Option("exploration", "float", math.sqrt(2), "UCB exploration constant c", minimum=0),
        Option("seed", "int", 0, "seed of the bot's own generator (expansion order, rollouts)"),
    ),
    requires=requires,
)
