"""One Monte Carlo tree search for the search bots: node, selection, expansion, rollout, back-up.

The `mcts` and `ismcts` bots are thin layers over `TreeSearch`; what tells them apart is where
each iteration's state comes from:

- **exact** (`TreeSearch.run_exact`): a perfect-information game without chance. Every iteration
  starts from the same state, so each node keeps its own state (the legal actions a state caches
  are computed once per node) and selection is plain UCT over the parent's visits.
- **sampled** (`TreeSearch.run_sampled`): every iteration starts from a fresh state drawn by a
  sampler, and replays the tree's actions on it (*open loop*). For `mcts` on a game with chance the
  sample is a copy of the exact state with fresh chance; for `ismcts` it is a determinization of
  the bot's view (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
  TCIAIG 2012). Since an action is not legal in every sample, a child competes only in the
  iterations where its action is legal, and its exploration term counts those (*availability*).

Large branching: with *progressive widening* (`TreeSearch.room`) a node gets children only as
its visits grow (max(1, k·n^α)), in random order or, with a `prior` (the rollout policy), the
policy's move first. A sampled search may compare the root's moves on common samples
(`PairedSamples`) and cap the tree's depth (`depth`: deeper, the rollout alone decides). Between
moves a bot may hand an earlier tree's node back as the new root (`run_exact(...,
root=reached(...))`, `run_sampled(..., root=...)`): the search goes on from it.

Rewards are per seat, in [0, 1] (a finished game: 1 shared by the winners; or the final score
rescaled by the game's declared score bounds — `GameSpec.score_bounds`, so a points game's search
maximises its expected score — or, for a game without bounds, between the worst and the best seat;
at a rollout horizon: the game's own estimate), and each node
is scored for the seat that chose the move into it, so any number of players and decisions owed by
any seat in any order are handled alike. With `normalize` (the bots' default) the exploration
constant is scaled by the spread of the rewards the search has seen, so it means the same in a
game whose rewards span less than [0, 1].

**Choices the observer cannot see.** In a sampled search the tree is keyed by what the observer
(the searching seat) sees. When another seat chooses without the observer seeing which action it
took — a simultaneous decision (each seat picks without seeing the others), or a decision the game
marks with ``hidden_choice = True`` (a face-down pass) — the tree does not branch on that action: it
has one child, `HiddenChoice(seat)`, shared by all of that seat's choices there, and the action
itself is drawn uniformly at random in each iteration. So the observer never plans as if it knew an
opponent's secret choice, and an opponent never "answers" a choice of the observer's it could not
have seen. `is_observed` decides this; a search may be given another predicate.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable, NamedTuple, Sequence

from meeple import Action, Bot, Option, State

Below = Callable[[int], int]
"""``below(n)``: a uniformly random index in ``range(n)`` from the bot's own generator."""
Rewards = Sequence[float]
Rollout = Callable[[State, State], Rewards]
"""``rollout(origin, state)``: play `state` on (in place) and return each seat's reward; `origin`
is the iteration's starting state (for a rollout horizon)."""
IsObserved = Callable[[State, int, int], bool]
"""``is_observed(state, mover, observer)``: whether `observer` will know which action `mover`
takes at `state`'s pending decision."""


WIDENING_OPTIONS = (
    Option("widening", "float", 0.0, "progressive widening: a node gets at most max(1, widening * "
           "visits^widening_exponent) children, expanded in random order (0: every legal action "
           "before going deeper)", minimum=0),
    Option("widening_exponent", "float", 0.5, "exponent of progressive widening (see widening)",
           minimum=0, maximum=1),
)
"""The search bots' progressive-widening parameters (`TreeSearch.room`)."""

ANCHOR_OPTION = Option(
    "anchor", "float", 0.0, "with a rollout policy: play the policy's own move unless the search's "
    "choice beats its mean reward by more than this many standard errors (say 2; 0: always the "
    "search's choice), so a search whose rollouts cannot tell the moves apart plays as its policy",
    minimum=0)
"""The search bots' anchor to their rollout policy's move (`Node.anchored_child`)."""

NORMALIZE_OPTION = Option("normalize", "bool", True, "scale the exploration constant by the spread of the "
                          "rewards seen in the search (so c means the same when a seat's share of a win is "
                          "at most 1/3 as when it is 1); false: c as given")
"""The search bots' reward normalization (`TreeSearch`'s `normalize`)."""


class HiddenChoice(NamedTuple):
    """The key of the one child standing for every action `seat` may take unseen by the observer."""

    seat: int


def is_observed(state: State, mover: int, observer: int) -> bool:
    """The observer sees its own choices and other seats' choices, except those of a simultaneous
    decision (`Decision.simultaneous`) or of a decision marked ``hidden_choice = True``."""
    if mover == observer:
        return True
    frame = state.pending[-1]
    return not (getattr(frame, "simultaneous", False) or getattr(frame, "hidden_choice", False))


def fast_below(seed: int) -> Below:
    """A quick `Below` from Python's generator seeded by the bot's own (rollouts draw millions)."""
    draw = random.Random(seed).random
    below = lambda n: int(draw() * n)  # noqa: E731
    below.draw = draw  # type: ignore[attr-defined]  # for loops that inline `below` (PlayOut)
    return below


class Node:
    """A move in the tree (an action, or a `HiddenChoice`), with statistics for the seat that made it.

    `visits` and `value` (the mover's total reward) are backed up through every iteration that
    passed through the node; `avails` counts the iterations in which it could have been chosen
    (sampled search). In exact search the node also keeps its `state` and its `untried` actions.
    """

    __slots__ = ("parent", "key", "mover", "children", "visits", "value", "avails", "state", "untried")

    def __init__(self, parent: "Node | None", key: "Action | HiddenChoice | None", mover: int | None,
                 state: State | None = None) -> None:
        self.parent = parent
        self.key = key
        self.mover = mover  # the seat that made the move into this node (None at the root)
        self.children: dict[Action | HiddenChoice, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avails = 1
        self.state = state
        self.untried: list[Action] = list(state.legal_actions()) if state is not None else []

    @property
    def action(self) -> Action | None:
        """The action into this node (None at the root and for a hidden choice)."""
        return None if isinstance(self.key, HiddenChoice) else self.key

    def decision_node(self) -> "Node":
        """The node whose children are the observer's choices: this one, or the first below it
        past other seats' hidden choices (which may come first in a simultaneous decision)."""
        node = self
        while len(node.children) == 1:
            (only,) = node.children.values()
            if not isinstance(only.key, HiddenChoice):
                break
            node = only
        return node

    def best_child(self) -> "Node":
        """The most visited child (ties: the higher total value): the move to play."""
        return max(self.children.values(), key=lambda child: (child.visits, child.value))

    def anchored_child(self, anchor: "Action", margin: float) -> "Node | None":
        """`best_child`, unless its mean reward does not beat the mean of `anchor` (a policy's
        move) by more than `margin` standard errors of their difference: then the anchor's child,
        or None when the search never tried the anchor (no evidence against it: play it). Each
        mean's variance is taken as m(1 − m) over its visits, the most a reward in [0, 1] with
        mean m can have, so noise never passes for a difference (see `ANCHOR_OPTION`)."""
        best = self.best_child()
        kept = self.children.get(anchor)
        if kept is None or not kept.visits:
            return None
        if kept is best:
            return best
        best_mean, kept_mean = best.value / best.visits, kept.value / kept.visits
        error = math.sqrt(best_mean * (1 - best_mean) / best.visits + kept_mean * (1 - kept_mean) / kept.visits)
        return best if best_mean - kept_mean > margin * error else kept


def reached(root: Node, state: State) -> Node | None:
    """The node of `root`'s exact-search tree whose state shows everything `state` shows (its
    omniscient view: all but the RNG), looked for among the nodes as many moves below `root` as
    `state` is past it; None when the tree never got there (or `state` is of another game)."""
    start = root.state
    if start is None:
        return None
    depth = state.moves - start.moves
    if depth <= 0:
        return None
    level = [root]
    for _ in range(depth):
        level = [child for node in level for child in node.children.values()]
    target = state.view(None)
    for node in level:
        if node.state.view(None) == target:  # type: ignore[union-attr]
            return node
    return None


def back_up(node: Node | None, rewards: Rewards) -> None:
    """Credit each node on the path to the root with its mover's reward."""
    while node is not None:
        node.visits += 1
        if node.mover is not None:
            node.value += rewards[node.mover]
        node = node.parent


class TreeSearch:
    """The search of one decision: `run_exact` or `run_sampled` returns the root of its tree.

    `exploration` is the UCB constant c (score = mean reward + c·sqrt(ln n / visits), with n the
    parent's visits in exact search and the child's availability in sampled search); `below`
    draws expansions and hidden choices; `rollout` finishes each iteration; `observer` (sampled
    search) is the seat whose information set the tree is keyed by.

    With `normalize`, c is scaled by the spread of the rewards this search has seen (the highest
    minus the lowest, over every seat and iteration; c itself until two differ). Rewards lie in
    [0, 1], but a seat's share of a win is at most 1/3 when three of four seats win together (and
    a rollout horizon's estimates may span less still): unscaled, the same c would explore three
    times as widely there as in a game with one winner. Scaling c by the spread is ranking by
    means rescaled to [0, 1] by the rewards seen (MuZero's min–max normalization of values); in
    a game whose rewards are 0 and 1 it changes nothing once both have been seen.
    """

    def __init__(self, exploration: float, below: Below, rollout: Rollout, observer: int | None = None,
                 observed: IsObserved = is_observed, widening: float = 0.0, widening_exponent: float = 0.5,
                 prior: "Sequence[Choose] | None" = None, paired: bool = False, depth: int = 0,
                 opponent_policy: "Sequence[Choose] | None" = None, normalize: bool = False) -> None:
        self.exploration = exploration
        self.normalize = normalize
        self._start()  # `lowest` and `highest`: the rewards' range seen in this search (`normalize`)
        self.paired = paired  # sampled search: root moves compared on common samples (`PairedSamples`)
        self.depth = depth  # sampled search: no node this many moves below the root gets children (0: no limit)
        self.prior = prior  # each seat's policy, whose move a new node expands first
        # sampled search: each seat's policy, whose move the observer's opponents play in the tree
        self.opponent_policy = opponent_policy
        self.below = below
        self.rollout = rollout
        self.observer = observer
        self.observed = observed
        self.widening = widening
        self.widening_exponent = widening_exponent

    def room(self, node: Node) -> bool:
        """Whether `node` may get one more child now (*progressive widening*: at most
        ``max(1, widening · visits^widening_exponent)`` children, in the random order of expansion,
        so a move with hundreds of actions is searched deeper among a growing few rather than
        once per action). Without widening (0) every legal action gets a child first."""
        widening = self.widening
        return not widening or len(node.children) < max(1.0, widening * node.visits ** self.widening_exponent)

    def _scaled_exploration(self) -> float:
        """The UCB constant in use now: c, times the spread of the rewards seen with `normalize`."""
        spread = self.highest - self.lowest
        return self.exploration * spread if self.normalize and spread > 0 else self.exploration

    def _back_up(self, node: Node, rewards: Rewards) -> None:
        """`back_up`, noting the rewards' range for `normalize`."""
        if self.normalize:
            low, high = min(rewards), max(rewards)
            if low < self.lowest:
                self.lowest = low
            if high > self.highest:
                self.highest = high
        back_up(node, rewards)

    def _start(self) -> None:
        """A new search: the rewards' range is this search's own (none seen yet)."""
        self.lowest, self.highest = math.inf, -math.inf

    # -- exact: one state, nodes keep theirs ----------------------------------------------------------

    def run_exact(self, state: State, iterations: int, root: Node | None = None) -> Node:
        """UCT from `state` (left unchanged), which must hold no hidden information and no chance.
        Given a `root` from an earlier search (see `reached`), the search goes on from it."""
        if root is None:
            root = Node(None, None, None, state)
        else:
            root.parent = None  # the rest of the old tree goes; back-ups stop here
        self._start()
        rollout = self.rollout
        for _ in range(iterations):
            node = self._select_exact(root)
            if node.untried:
                node = self._expand_exact(node)
            leaf = node.state
            self._back_up(node, rollout(leaf, leaf.clone() if leaf.pending else leaf))  # type: ignore[union-attr]
        return root

    def _select_exact(self, node: Node) -> Node:
        """Descend through fully expanded nodes (or widened as far as their visits allow) by UCB
        over the parent's visits."""
        c, room = self._scaled_exploration(), self.room
        while node.children and (not node.untried or not room(node)):
            log_visits = math.log(node.visits)
            best, best_score = node, -math.inf
            for child in node.children.values():
                visits = child.visits
                score = child.value / visits + c * math.sqrt(log_visits / visits)
                if score > best_score:
                    best, best_score = child, score
            node = best
        return node

    def _expand_exact(self, node: Node) -> Node:
        """Add a child for one untried action, chosen at random (with a `prior`, a new node's
        first child is the policy's move)."""
        untried = node.untried
        parent_state = node.state
        if self.prior is not None and not node.children:
            action = self.prior[parent_state.current_player](parent_state, parent_state.legal_actions())  # type: ignore[union-attr]
            untried.remove(action)
        else:
            index = self.below(len(untried))
            untried[index], untried[-1] = untried[-1], untried[index]
            action = untried.pop()
        return self._add_exact_child(node, action)

    @staticmethod
    def _add_exact_child(node: Node, action: Action) -> Node:
        """`node`'s new child for `action`, with its own state (the parent's, `action` applied)."""
        state = node.state.clone()  # type: ignore[union-attr]
        mover = state.current_player
        state.apply(action)
        child = node.children[action] = Node(node, action, mover, state)
        return child

    # -- sampled: a fresh state per iteration, open loop ------------------------------------------------

    def run_sampled(self, sample: Callable[[], State], iterations: int, budget: float = 0.0,
                    keep_origin: bool = False, root: Node | None = None) -> Node:
        """`iterations` iterations (fewer if `budget` seconds run out), each on a new `sample()`.
        With `keep_origin` the rollout gets an untouched copy of the sample as its origin. Given a
        `root` from an earlier search (the node of the moves since), the search goes on from it."""
        if root is None:
            root = Node(None, None, None)
        else:
            root.parent = None  # the rest of the old tree goes; back-ups stop here
        self._start()
        deadline = time.perf_counter() + budget if budget else math.inf
        rollout = self.rollout
        paired = self._paired_samples(root, sample) if self.paired else None
        for done in range(iterations):
            if done and time.perf_counter() >= deadline:
                break
            if paired is None:
                state = sample()
                origin = state.clone() if keep_origin else state
                node = self._select_and_expand(root, state)
            else:
                node, state, origin = paired.next(keep_origin)
            self._back_up(node, rollout(origin, state))
        return root

    def _paired_samples(self, root: Node, sample: Callable[[], State]) -> "PairedSamples | None":
        """With `paired`, the root's moves are compared on common samples (`PairedSamples`) —
        when the observer owns the root decision (or the search has no observer), so its legal
        actions are the same in every sample. None otherwise: each iteration samples anew."""
        first = sample()
        if not first.pending:
            return None
        mover = first.current_player
        if self.observer is not None and mover != self.observer:
            return None
        return PairedSamples(self, root, first, sample)

    def _select_and_expand(self, node: Node, state: State, depth: int = 0) -> Node:
        """Descend by UCB among the children available in this sample; add one untried move.
        `state` follows the tree's moves; `node` lies `depth` moves below the root, and with a
        `depth` limit the descent stops there (the rollout plays on from that node's state)."""
        below, observer, observed = self.below, self.observer, self.observed
        limit = self.depth or math.inf
        while state.pending and depth < limit:
            depth += 1
            legal = state.legal_actions()
            mover = state.current_player
            hidden = observer is not None and mover != observer
            if hidden and not observed(state, mover, observer):  # type: ignore[arg-type]
                key = HiddenChoice(mover)  # type: ignore[arg-type]
                children = node.children
                child = children.get(key)
                state.apply_legal(legal[below(len(legal))])
                if child is None:
                    children[key] = Node(node, key, mover)
                    return children[key]
                child.avails += 1
                node = child
                continue
            child, new = self._choose(node, state, legal, mover)
            state.apply_legal(child.key)  # type: ignore[arg-type]  # a child of a legal action
            if new:
                return child
            node = child
        return node

    def _choose(self, node: Node, state: State, legal: Sequence[Action], mover: int) -> tuple[Node, bool]:
        """The child of `node` this iteration goes through, among `legal` (the mover's actions
        in `state`, this iteration's sample), and whether it is new: an untried move while
        widening leaves room (the policy's move first at a new node with a `prior`), else the
        expanded child of best UCB over availability. Counts the children's availability.
        With an `opponent_policy`, a seat other than the observer plays its policy's move
        (opponent modelling: the tree branches on the observer's moves only, not on a max-n
        guess of the others')."""
        children = node.children
        if self.opponent_policy is not None and self.observer is not None and mover != self.observer:
            action = self.opponent_policy[mover](state, legal)
            child = children.get(action)
            if child is None:
                child = children[action] = Node(node, action, mover)
                return child, True
            child.avails += 1
            return child, False
        untried, available = [], []  # the legal moves without a child; the children of the others
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.avails += 1
                available.append(child)
        if untried and (not self.widening or len(untried) == len(legal) or self.room(node)):
            if self.prior is not None and not children:  # a new node: the policy's move first
                action = self.prior[mover](state, legal)
            else:
                action = untried[self.below(len(untried))]
            child = children[action] = Node(node, action, mover)
            return child, True
        c = self._scaled_exploration()
        best, best_score = node, -math.inf
        for child in available:  # in the order of `legal` (ties go to the first)
            visits = child.visits
            score = child.value / visits + c * math.sqrt(math.log(child.avails) / visits)
            if score > best_score:
                best, best_score = child, score
        return best, False


Rank = Callable[[State, Sequence[Action]], Sequence[Action]]
"""``rank(state, legal)``: `legal` best first for the current player of `state` (a policy bot's
`rank_on_state`; ties in the order of `legal`)."""

ORDER_OPTION = Option(
    "order", "bool", False, "with a rollout policy that ranks moves (a bot with rank_on_state): "
    "each node expands its moves best first in the policy's order, ties at "
    "random, instead of the policy's move and then random ones, so progressive widening searches "
    "the few moves the policy likes best for either side (exact search: games without chance)")
"""The search bots' ordered expansion (`RankedTreeSearch`)."""


def shuffle(items: list, below: Below) -> None:
    """Shuffle `items` in place (Fisher–Yates) with the bot's own `below`: ties of a ranking come
    in random order, reproducibly from the bot's seed."""
    for index in range(len(items) - 1, 0, -1):
        other = below(index + 1)
        items[index], items[other] = items[other], items[index]


def rankers(policies: "Sequence[Bot] | None") -> "list[Rank] | None":
    """Each seat's `Rank` from its policy bot's ``rank_on_state``, or None when a seat's bot has none."""
    if policies is None or not all(hasattr(bot, "rank_on_state") for bot in policies):
        return None
    return [bot.rank_on_state for bot in policies]  # type: ignore[attr-defined]


OPPONENT_TOP_OPTION = Option(
    "opponent_top", "int", 0, "with a rollout policy that ranks moves (a bot with rank_on_state): "
    "in rollouts every other seat plays a random one of the policy's K best "
    "moves (ties at random) instead of the policy's own move, a model of good players who are not "
    "the policy (0: the policy's move)", minimum=0)
"""The search bots' opponent model of good players other than the policy (`TopChoice`)."""


class TopChoice:
    """A rollout policy bot for another seat: a random one of `bot`'s `k` best moves (by its
    ``rank_on_state``, the legal moves shuffled first so ties come in random order), drawn with
    the search's `below`. A search whose rollouts answer with the policy's one move values its
    moves against exactly that player; against good players who choose otherwise (a stranger,
    issue 28) a move that only beats the policy's reply is a trap."""

    def __init__(self, bot: Bot, k: int, below: Below) -> None:
        self.rank, self.k, self.below = bot.rank_on_state, k, below  # type: ignore[attr-defined]

    def act_on_state(self, state: State, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        moves = list(legal)
        shuffle(moves, self.below)
        ranked = self.rank(state, moves)
        return ranked[self.below(min(self.k, len(ranked)))]

    def act(self, view, legal):  # never asked: a rollout reads the state (`state_policy`)
        raise NotImplementedError("TopChoice plays rollouts on states only")


VALUE_REWARD_OPTION = Option(
    "reward", "str", "objective", "what a finished rollout is worth to each seat: the game's declared "
    "objective (objective: its share of the win, or its rescaled score in a points game), or the "
    "rollout policy's value of the finished game (value: a bot with value_on_state, which may "
    "grade a win by its margin)", choices=("objective", "value"))
"""`mcts`'s reward: the game's objective, or the policy's value of the finished game (`FinalValue`)."""


class FinalValue:
    """A `Rollout` worth the policy's `value` of the finished game (each seat's, in [0, 1]) instead
    of the game's objective; `rollout` plays the game on as before. A value graded by the margin
    of a win keeps telling moves apart where the policy's rollouts win (or lose) nearly every time,
    as when the rollouts' opponent is weaker than the real one: the search then prefers the move
    that wins by more against its model, which leaves room for a stranger who plays otherwise."""

    def __init__(self, rollout: Rollout, value: Callable[[State], Rewards]) -> None:
        self.rollout, self.value = rollout, value

    def __call__(self, origin: State, state: State) -> Rewards:
        rewards = self.rollout(origin, state)  # plays `state` to its end, in place
        return rewards if state.pending else self.value(state)


class RankedTreeSearch(TreeSearch):
    """An exact `TreeSearch` whose nodes expand their moves in each mover's ranking (`rank`),
    best first, ties in random order: *progressive unpruning* (Chaslot et al., "Progressive
    strategies for Monte-Carlo tree search", 2008). With progressive widening a node then
    holds the k moves its mover's policy likes best rather than the policy's one move and k − 1
    random ones, so at the mover's own nodes the search weighs several good candidates, and at
    the opponent's it answers several good replies, not only the one its model would play (a
    model of one opponent is what a stranger breaks: issue 28)."""

    def __init__(self, *args, rank: Sequence[Rank], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rank = rank

    def _expand_exact(self, node: Node) -> Node:
        """Add a child for the best-ranked untried action; the ranking is made at the node's
        first expansion (its untried actions shuffled first, so ties come in random order)."""
        untried = node.untried
        if not node.children:
            shuffle(untried, self.below)
            state = node.state
            ranked = self.rank[state.current_player](state, untried)  # type: ignore[union-attr]
            untried[:] = ranked[::-1]  # the best last: pop() takes it
        return self._add_exact_child(node, untried.pop())


class PairedSamples:
    """Common random numbers for a sampled search's root: the k-th iteration through a root move
    (in this search) plays on the search's k-th sample — drawn once, cloned for every use — so
    two root moves with as many visits were tried on the very same samples, and their means
    differ by what the moves do, not by the luck of the draw (Perfect Information Monte Carlo
    compares moves the same way, on a fixed set of worlds). With a deterministic rollout policy
    the outcome of a move on a sample barely varies, which is where pairing pays most.

    Only for a root decision owned by the observer (or by anyone, in a search without one): its
    legal actions, and a prior's choice, are then the same in every sample. Below the root the
    iteration goes on as usual (`TreeSearch._select_and_expand`).
    """

    def __init__(self, search: TreeSearch, root: Node, first: State, sample: Callable[[], State]) -> None:
        self.search, self.root, self.sample = search, root, sample
        self.samples = [first]
        self.mover = first.current_player
        self.legal = first.legal_actions()
        self.uses: dict = {}  # a root move's key -> the iterations through it so far in this search

    def next(self, keep_origin: bool) -> tuple[Node, State, State]:
        """One iteration's selection and expansion: its new (or final) node, the state reached
        and the rollout's origin (a copy of the sample, with `keep_origin`)."""
        samples, search = self.samples, self.search
        child, new = search._choose(self.root, samples[0], self.legal, self.mover)
        uses = self.uses.get(child.key, 0)
        self.uses[child.key] = uses + 1
        while len(samples) <= uses:
            samples.append(self.sample())
        state = samples[uses].clone()
        origin = state.clone() if keep_origin else state
        state.apply_legal(child.key)  # type: ignore[arg-type]  # one of the root's legal actions
        if not new:
            child = search._select_and_expand(child, state, depth=1)
        return child, state, origin


# -- rollouts and rewards -----------------------------------------------------------------------------

def win_shares(players: int) -> list[tuple[float, ...]]:
    """Each seat's share of the win for every set of winners, indexed by the set's bit mask."""
    return [tuple(1.0 / bin(mask).count("1") if mask >> s & 1 else 0.0 for s in range(players))
            for mask in range(1 << players)]


def winner_mask(winners: Sequence[int]) -> int:
    mask = 0
    for seat in winners:
        mask |= 1 << seat
    return mask


def normalized(scores: Sequence[float], bounds: tuple[float, float] | None = None) -> list[float]:
    """Final scores rescaled to [0, 1]: by the game's declared `bounds` (lowest score 0, highest
    1), so a reward is proportional to the score itself; without bounds, between this game's
    seats (the best seat 1, the worst 0, all 0.5 when equal — with two seats, win/loss again)."""
    if bounds is not None:
        low, high = bounds
        span = high - low
        return [(score - low) / span for score in scores] if span else [0.5] * len(scores)
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * len(scores)
    return [(score - low) / (high - low) for score in scores]


EPSILON_SCALE = 1 << 20
"""`PlayOut`'s epsilon is drawn as an integer below this (the rollout generator draws integers)."""

Choose = Callable[[State, Sequence[Action]], Action]
"""``choose(state, legal)``: a policy's move for the current player of `state`."""


def state_policy(bot: Bot, seat: int) -> Choose:
    """`bot`'s choice for `seat` read off the state: its `act_on_state` when it has one (no view
    built: see `meeple.Bot`), else its `act` on the seat's view."""
    act_on_state = getattr(bot, "act_on_state", None)
    if act_on_state is not None:
        return act_on_state
    act = bot.act
    return lambda state, legal: act(state.view(seat), legal)


class PlayOut:
    """A `Rollout`: random moves (or one policy bot per seat) to the end of the game, or to the
    game's rollout horizon; rewards are win shares, or rescaled scores with `by_score` (by the
    game's declared `bounds` when given: see `normalized`).

    With policies, `policy_plies` (0: no limit) stops asking them after that many rollout moves
    (random moves after), and `epsilon` plays a random move instead of the policy's with that
    probability: a policy costs far more per move than a random one, and its worth lies mostly
    in the first moves after the tree's.

    **A mixed opponent model** (`opponent_mix`, with policies and an `observer`): each rollout
    draws, for every seat but the observer, one epsilon from `opponent_mix` (uniformly), and that
    seat plays the whole rollout epsilon-greedy with it — 0: the policy itself, 1: random moves,
    between: the policy with random slips. The observer keeps `epsilon`. A search whose rollouts
    all play the one policy it plays against has a perfect model of that opponent and of no
    other; over a mix, a move is valued by how it fares against several kinds of player.
    """

    def __init__(self, players: int, below: Below, policies: Sequence[Bot] | None = None,
                 horizon: Callable[[State, State], Rewards | None] | None = None,
                 by_score: bool = False, bounds: tuple[float, float] | None = None,
                 policy_plies: int = 0, epsilon: float = 0.0, opponent_mix: Sequence[float] = (),
                 observer: int | None = None) -> None:
        self.below = below
        self.policies = None if policies is None else [state_policy(bot, seat) for seat, bot in enumerate(policies)]
        self.horizon = horizon
        self.by_score = by_score
        self.bounds = bounds
        self.shares = win_shares(players)
        self.policy_plies = policy_plies
        self.epsilon_in = round(epsilon * EPSILON_SCALE)  # a random move when below(EPSILON_SCALE) < this
        self.players = players
        self.observer = observer
        self.mix_in = [round(e * EPSILON_SCALE) for e in opponent_mix] if observer is not None else []

    def __call__(self, origin: State, state: State) -> Rewards:
        horizon, policies, below = self.horizon, self.policies, self.below
        apply_legal = state.apply_legal  # moves taken from legal_actions(): no re-validation
        if policies is not None:
            plies, epsilon_in = self.policy_plies or -1, self.epsilon_in
            mix = self._seat_epsilons() if self.mix_in else None
            while plies and state.pending:
                if horizon is not None:
                    values = horizon(origin, state)
                    if values is not None:
                        return values
                legal = state.legal_actions()
                if mix is not None:
                    epsilon_in = mix[state.current_player]
                if len(legal) == 1:
                    apply_legal(legal[0])  # a forced move: no policy to ask
                elif epsilon_in and below(EPSILON_SCALE) < epsilon_in:
                    apply_legal(legal[below(len(legal))])
                else:
                    state.apply(policies[state.current_player](state, legal))  # type: ignore[index]
                plies -= 1
        if horizon is None:
            legal_actions, draw = state.legal_actions, getattr(below, "draw", None)
            if draw is not None:  # the common case, kept tight: `below` inlined, the same draws
                state.play_randomly(draw)
            while state.pending:
                legal = legal_actions()
                apply_legal(legal[below(len(legal))])
        while state.pending:
            values = horizon(origin, state)  # type: ignore[misc]
            if values is not None:
                return values
            legal = state.legal_actions()
            apply_legal(legal[below(len(legal))])
        if self.by_score:
            return normalized(state.scores(), self.bounds)
        return self.shares[winner_mask(state.winners())]

    def _seat_epsilons(self) -> list[int]:
        """This rollout's epsilon per seat (as drawn integers): the observer's own, and for every
        other seat one drawn from the opponent mix."""
        mix, below = self.mix_in, self.below
        return [self.epsilon_in if seat == self.observer else mix[below(len(mix))]
                for seat in range(self.players)]
