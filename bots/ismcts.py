"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for any game.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012).
The bot never sees the true state: every iteration starts from a fresh sample of the states its
view allows, drawn by `game.determinize(view, rng)` with the bot's own generator (hidden cards
dealt at random, a fresh RNG for future chance). One tree, keyed by the actions taken from the
observer's information set, gathers the statistics of all samples:

- selection descends through the children whose actions are legal in this iteration's sample,
  by UCB with *availability* counts (how often a child could have been chosen, not the parent's
  visits), since an action is not available in every sample;
- expansion adds one untried legal action;
- the rollout plays on with random moves, or with a registered bot of the game (its `greedy`
  bot) as the policy, to the end of the game or to the game's rollout horizon, if it declares
  one (`meeple_register_rollout_horizons`: say, the end of the current round, valued per seat);
- back-propagation credits each node to the seat that chose the action into it, with that seat's
  share of the win (1 split among the winners; or, with ``reward=score``, its final score
  rescaled between the worst and the best seat) or its value at the horizon, so any number of
  players and decisions owed by any seat in any order are handled alike.

On a perfect-information game the sample is the state itself and the search is plain UCT, as
the `mcts` bot plays it. The rules are only used through the core state API (`legal_actions`,
`apply`, `clone`, `current_player`, `winners`) and `view` for a rollout policy.
"""

from __future__ import annotations

import math
import random
import time
from typing import Sequence

from meeple import Action, Bot, BotError, BotInfo, Game, MeepleError, Option, Options, Rng, State, View
from meeple.search import RolloutHorizon, SearchAids

RANDOM_ROLLOUT = "random"


class Node:
    """An action from the observer's information set, with statistics for the seat that took it."""

    __slots__ = ("parent", "action", "mover", "children", "visits", "value", "avails")

    def __init__(self, parent: "Node | None", action: Action | None, mover: int | None) -> None:
        self.parent = parent
        self.action = action
        self.mover = mover  # the seat that chose `action` (None at the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.value = 0.0  # total reward of `mover` over the visits
        self.avails = 1  # iterations in which `action` was legal when this node's parent was reached


class IsmctsBot:
    """SO-ISMCTS with random or policy rollouts and an optional rollout horizon."""

    def __init__(self, game: Game, seat: int, params: Options, aids: SearchAids | None = None) -> None:
        self.game = game
        self.seat = seat
        self.iterations: int = params["iterations"]
        self.exploration: float = params["exploration"]
        self.budget: float = params["time"]
        self.rng = Rng(params["seed"])
        # Rollout moves are the bulk of the work: draw them from a fast generator seeded by the
        # bot's own (still the bot's, never the game's).
        self.moves = random.Random(self.rng.next64())
        self.horizon: RolloutHorizon | None = aids.horizon if aids is not None and params["horizon"] else None
        self.policies = self._policies(params["rollout"], aids)
        self.by_score = params["reward"] == "score"
        self.last_iterations = 0
        self.wins = [tuple(1.0 / len(w) if s in w else 0.0 for s in range(game.players))
                     for w in _all_winner_sets(game.players)]

    def _policies(self, name: str, aids: SearchAids | None) -> list[Bot] | None:
        """One bot per seat to choose rollout moves, or None for uniformly random moves."""
        if name == RANDOM_ROLLOUT:
            return None
        if aids is None:
            raise BotError(f"ismcts: rollout={name} needs the registry's bots; "
                           f"build the bot with Registry.make_bot")
        try:
            info = aids.bot(name)
        except MeepleError as exc:
            raise BotError(f"ismcts: rollout={name}: {exc}") from None
        if info.search_aids:
            raise BotError(f"ismcts: rollout={name} is a search bot; a rollout policy must be quick "
                           f"(random, or the game's greedy bot)")
        seeded = any(p.name == "seed" for p in info.params)
        return [info.factory(self.game, s, info.parse_params({"seed": self.rng.next64() >> 1} if seeded else {}))
                for s in range(self.game.players)]

    # -- acting -----------------------------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]  # a forced move needs no search
        root = self.search(view)
        self.last_iterations = root.visits  # for benchmarks and reports (a time budget may cut it)
        best = max(root.children.values(), key=lambda child: (child.visits, child.value))
        for action in legal:  # answer with the host's own object for the chosen action
            if action == best.action:
                return action
        raise BotError(f"ismcts chose {best.action!r}, which the host does not offer: "
                       f"{self.game.spec.id}'s determinization gave {self.seat} other legal actions")

    def search(self, view: View) -> Node:
        """Run the iterations (or until the time budget is spent) from `view`; returns the root."""
        root = Node(None, None, None)
        deadline = time.perf_counter() + self.budget if self.budget else math.inf
        determinize = self.game.determinize
        for done in range(self.iterations):
            if done and time.perf_counter() >= deadline:
                break
            state = determinize(view, self.rng)
            origin = state.clone() if self.horizon is not None else state
            node = self._select_and_expand(root, state)
            self._back_up(node, self._rollout(origin, state))
        return root

    # -- the four steps ---------------------------------------------------------------------------

    def _select_and_expand(self, node: Node, state: State) -> Node:
        """Descend by UCB among the children legal in this sample; add one untried action."""
        c = self.exploration
        while state.pending:
            legal = state.legal_actions()
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avails += 1
            mover = state.pending[-1].player
            if untried:
                action = untried[int(self.moves.random() * len(untried))]
                state.apply(action)
                child = children[action] = Node(node, action, mover)
                return child
            best, best_score = None, -math.inf
            for action in legal:
                child = children[action]
                visits = child.visits
                score = child.value / visits + c * math.sqrt(math.log(child.avails) / visits)
                if score > best_score:
                    best, best_score = child, score
            state.apply(best.action)  # type: ignore[union-attr]
            node = best  # type: ignore[assignment]
        return node

    def _rollout(self, origin: State, state: State) -> Sequence[float]:
        """Play on to the end of the game, or to the horizon; each seat's reward."""
        horizon, policies = self.horizon, self.policies
        pick = self.moves.random
        while state.pending:
            if horizon is not None:
                values = horizon(origin, state)
                if values is not None:
                    return values
            legal = state.legal_actions()
            if policies is None:
                state.apply(legal[int(pick() * len(legal))])
            elif len(legal) == 1:
                state.apply(legal[0])  # a forced move: no view to build, no policy to ask
            else:
                seat = state.pending[-1].player
                state.apply(policies[seat].act(state.view(seat), legal))
        if self.by_score:
            return _normalized(state.scores())
        return self.wins[_winner_index(state.winners())]

    @staticmethod
    def _back_up(node: Node | None, rewards: Sequence[float]) -> None:
        while node is not None:
            node.visits += 1
            if node.mover is not None:
                node.value += rewards[node.mover]
            node = node.parent


def _all_winner_sets(players: int) -> list[tuple[int, ...]]:
    """Every set of winning seats, indexed by its bit mask (the empty set: nobody won)."""
    return [tuple(s for s in range(players) if mask >> s & 1) for mask in range(1 << players)]


def _normalized(scores: Sequence[float]) -> list[float]:
    """Final scores rescaled to [0, 1]: the best seat 1, the worst 0 (all 0.5 when equal)."""
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * len(scores)
    return [(score - low) / (high - low) for score in scores]


def _winner_index(winners: tuple[int, ...]) -> int:
    mask = 0
    for seat in winners:
        mask |= 1 << seat
    return mask


INFO = BotInfo(
    name="ismcts",
    factory=IsmctsBot,
    summary="information-set MCTS over determinized samples of its view (any game)",
    params=(
        Option("iterations", "int", 1000, "search iterations (one sample and one rollout each) per "
               "decision", minimum=1),
        Option("exploration", "float", 0.7, "UCB exploration constant c (rewards lie in [0, 1])",
               minimum=0),
        Option("seed", "int", 0, "seed of the bot's own generator (samples, expansion, rollouts)"),
        Option("rollout", "str", RANDOM_ROLLOUT, "rollout policy: random, or the name of a bot that "
               "plays the game and searches no tree (its greedy bot)"),
        Option("time", "float", 0.0, "seconds per decision, 0 for no limit: the search stops after "
               "`iterations` or `time`, whichever comes first (with a limit, play depends on the "
               "machine's speed and is no longer reproducible)", minimum=0),
        Option("reward", "str", "win", "what a finished rollout is worth to each seat: its share of "
               "the win (1 split among the winners), or its final score rescaled to [0, 1] between "
               "the worst and the best seat (a denser signal where margins matter)",
               choices=("win", "score")),
        Option("horizon", "bool", True, "stop rollouts at the game's rollout horizon, if it "
               "declares one (e.g. the end of the round in Combo Breaker)"),
    ),
    search_aids=True,
)
