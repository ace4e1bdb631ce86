"""Monte Carlo tree search (UCT) for any perfect-information game.

The bot knows nothing about the game it plays: it rebuilds the state from its view with
`game.determinize` (exact when nothing is hidden) and then only uses the core state API —
`clone`, `legal_actions`, `apply`, `current_player`, `is_terminal`, `winners`. Games with hidden
information are refused: searching one guessed deal would cheat or play blind, which is the
ISMCTS bot's job.

Rewards are per seat (1 shared among the winners, 0 for the others) and each node is scored for
the seat that chose the move into it, so the search handles any number of players and decisions
owed by any seat in any order.

Games without chance are searched exactly (`TreeSearch.run_exact`): each node keeps its state, so
the legal actions a state caches are computed once per node and shared with the clones made for
rollouts. Games with chance are searched *open loop* (`TreeSearch.run_sampled`, the ISMCTS search
with a sampler that returns a copy of the state with fresh chance drawn from the bot's generator,
never the game's), so no node trusts one sampled die roll; a child competes only in the
iterations where its action is legal, and its exploration term counts those.

Between moves (``reuse``, games without chance) the bot keeps its tree and searches on from the
node whose state shows the position it is given next — after its own move and the others' since —
so what it learnt there counts on top of the new search. With ``widening`` (progressive widening)
a node gets at most max(1, widening·visits^widening_exponent) children, so a position with
hundreds of moves (Linkage's opening: 320) is searched deeper among a growing few instead of once
per move. With ``opponent_mix`` the rollouts play the other seats as a mix of kinds of player
(the policy, random, epsilon-greedy: `meeple_bots.search.PlayOut`), not as the policy alone.

With a rollout policy that ranks its moves (``rank_on_state``: Linkage's greedy), ``order`` makes
each node expand its moves best first in its mover's ranking (`meeple_bots.search.RankedTreeSearch`),
so widening searches the policy's best few moves for either side rather than its one move and
random others; and ``opponent_top=K`` has the other seats play, in rollouts, a random one of the
policy's K best moves (`meeple_bots.search.TopChoice`): the search meets several good replies, not
the one its model would play (issue 28).
"""

from __future__ import annotations

import math

import attrs
from typing import Sequence

from meeple import Action, BotError, BotInfo, Game, GameSpec, Option, Options, Rng, State, View
from meeple.search import SearchAids

from .parallel import WORKERS_OPTION, root_parallel
from .policies import OPPONENT_MIX_OPTION, PRIOR_OPTION, ROLLOUT_OPTION, opponent_mix, rollout_policies
from .search import (NORMALIZE_OPTION, OPPONENT_TOP_OPTION, ORDER_OPTION, VALUE_REWARD_OPTION, WIDENING_OPTIONS,
                     FinalValue, Node, PlayOut, RankedTreeSearch, TopChoice, TreeSearch, fast_below, rankers,
                     reached)


def requires(spec: GameSpec) -> str | None:
    """Why MCTS cannot play `spec`'s game (hidden information, simultaneous decisions), or None."""
    if spec.simultaneous:
        return (f"mcts searches exact states and {spec.title} has simultaneous decisions (each seat "
                f"choosing unseen); use an information-set search bot (ismcts) instead")
    if spec.perfect_information:
        return None
    return (f"mcts searches exact states and {spec.title} has hidden information; "
            f"use an information-set search bot (ismcts) instead")


class MctsBot:
    """UCT on the state rebuilt from the view: exact search without chance, open loop with it."""

    def __init__(self, game: Game, seat: int, params: Options, aids: SearchAids | None = None) -> None:
        reason = requires(game.spec)
        if reason is not None:
            raise BotError(reason)
        self.game = game
        self.seat = seat
        self.iterations: int = params["iterations"]
        self.rng = Rng(params["seed"])
        self.open_loop = game.spec.chance
        self.reuse: bool = params["reuse"]
        self.last_root: Node | None = None  # the previous exact search's root, kept with `reuse`
        self.parallel = root_parallel(MctsBot, search_view, game, seat, params, self.rng, aids=aids)
        below = fast_below(self.rng.next64())  # rollouts draw millions: a fast generator seeded by the bot's
        bots = rollout_policies("mcts", params["rollout"], game, aids, self.rng)
        policies = self._top_choices(bots, params["opponent_top"], below) if params["opponent_top"] else bots
        rollout = PlayOut(game.players, below, policies, by_score=game.spec.points, bounds=game.score_bounds(),
                          opponent_mix=opponent_mix("mcts", params["opponent_mix"]), observer=seat)
        search = dict(widening=params["widening"], widening_exponent=params["widening_exponent"],
                      prior=rollout.policies if params["prior"] else None, normalize=params["normalize"])
        worth = FinalValue(rollout, self._value(bots)) if params["reward"] == "value" else rollout
        if params["order"]:
            self.tree: TreeSearch = RankedTreeSearch(params["exploration"], below, worth,
                                                     rank=self._ranks(bots), **search)
        else:
            self.tree = TreeSearch(params["exploration"], below, worth, **search)

    def _value(self, policies: "list | None"):
        """With ``reward=value``: the rollout policy's value of a finished game (`FinalValue`)."""
        value = getattr(policies[0], "value_on_state", None) if policies else None
        if value is None:
            raise BotError("mcts: reward=value needs a rollout policy that values finished games (a bot "
                           "with value_on_state)")
        return value

    def _top_choices(self, policies: "list | None", k: int, below) -> list:
        """With ``opponent_top=K``: the other seats' rollout policies play one of their K best moves."""
        if rankers(policies) is None:
            raise BotError("mcts: opponent_top needs a rollout policy that ranks moves (a bot with "
                           "rank_on_state)")
        return [bot if seat == self.seat else TopChoice(bot, k, below) for seat, bot in enumerate(policies)]  # type: ignore[arg-type]

    def _ranks(self, policies: "list | None") -> list:
        """With ``order``: each seat's ranking of its moves by the rollout policy (exact search only)."""
        if self.open_loop:
            raise BotError(f"mcts: order applies to exact search and {self.game.spec.title} has chance")
        ranks = rankers(policies)
        if ranks is None:
            raise BotError("mcts: order needs a rollout policy that ranks moves (a bot with rank_on_state)")
        return ranks

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]  # a forced move needs no search
        best = (self.parallel.search(view, self.iterations) if self.parallel else search_view(self, view)).best_child()
        for action in legal:  # answer with the host's own object for the chosen action
            if action == best.action:
                return action
        raise BotError(f"mcts chose {best.action!r}, which the host does not offer")

    def search(self, state: State) -> Node:
        """Run the configured number of iterations from `state` (left unchanged); returns the root.

        With `reuse` (exact search), the search goes on in the subtree of the previous search that
        reached `state` — after this bot's move and the others' since, matched by the state each
        node keeps — so its statistics count on top of this search's iterations."""
        if self.open_loop:
            return self.tree.run_sampled(lambda: self._with_fresh_chance(state), self.iterations)
        kept = reached(self.last_root, state) if self.last_root is not None else None
        root = self.tree.run_exact(state, self.iterations, root=kept)
        if self.reuse:
            self.last_root = root
        return root

    def _with_fresh_chance(self, state: State) -> State:
        """A copy of `state` whose future chance comes from the bot's generator, not the game's."""
        sample = state.clone()
        sample.rng = self.rng.spawn()
        return sample


#: The prior on by default: with the game's greedy bot as rollout policy it expands the policy's
#: move first (without a policy it does nothing). Measured on Linkage (docs/figures.md, "Strength,
#: issue 17"). Widening stays off by default: it helps where hundreds of moves compete (Linkage,
#: `widening=0.5`) and delays the second move of a two-move choice everywhere else.
STRONGEST_MEASURED = (attrs.evolve(PRIOR_OPTION, default=True), *WIDENING_OPTIONS)


def search_view(bot: MctsBot, view: View) -> Node:
    """`bot`'s search from the state `view` shows (exact: mcts plays perfect-information games)."""
    return bot.search(bot.game.determinize(view, bot.rng))


INFO = BotInfo(
    name="mcts",
    factory=MctsBot,
    summary="UCT Monte Carlo tree search (perfect-information games)",
    params=(
        Option("iterations", "int", 1000, "search iterations (one rollout each) per decision",
               minimum=1),
        Option("exploration", "float", math.sqrt(2), "UCB exploration constant c", minimum=0),
        NORMALIZE_OPTION,
        Option("seed", "int", 0, "seed of the bot's own generator (expansion order, rollouts)"),
        Option("reuse", "bool", True, "keep the subtree of the position reached since the bot's "
               "last move and search on from it (games without chance)"),
        ROLLOUT_OPTION,
        *STRONGEST_MEASURED,
        ORDER_OPTION,
        VALUE_REWARD_OPTION,
        OPPONENT_TOP_OPTION,
        OPPONENT_MIX_OPTION,
        WORKERS_OPTION,
    ),
    requires=requires,
    search_aids=True,
)
