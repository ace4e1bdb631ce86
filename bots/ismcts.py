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
  bot) as the policy — read off the state through its `act_on_state` when it has one, no view
  built per move; for the first ``rollout_plies`` moves only, or mixed with random moves at
  ``rollout_epsilon`` — to the end of the game or to the game's rollout horizon, if it declares
  one (its ``Game.rollout_horizon``: say, the end of the current round, valued per seat); with
  ``opponent_mix`` each rollout draws a kind of player for every other seat (the policy, random,
  or epsilon-greedy between: `meeple_bots.search.PlayOut`), so the search does not assume the
  one opponent its policy is;
- back-propagation credits each node to the seat that chose the action into it, with that seat's
  reward — by default the game's declared objective (`GameSpec.utility`): its share of the win
  (1 split among the winners) in a win/loss game, its final score rescaled by the declared score
  bounds in a points game (so the search maximises expected points, say chips in poker);
  ``reward=win`` or ``reward=score`` choose one (a score without declared bounds is rescaled
  between the worst and the best seat) — or its value at the horizon, so any number of
  players and decisions owed by any seat in any order are handled alike.

With ``widening`` (progressive widening) a node gets at most max(1, widening·visits^exponent)
children while some of its children are legal in the sample (see `meeple_bots.search.TreeSearch`).
With ``paired`` the moves of the bot's own decision are compared on common samples (the k-th
iteration through a move plays on the search's k-th determinization: `PairedSamples`); with
``depth=D`` no node D moves below the decision gets children (``depth=1``: each move valued by
rollouts alone — flat Monte Carlo over the decision, the rollout policy playing every seat after it).

With ``anchor=Z`` (and a rollout policy) the bot plays its policy's own move unless the move the
search chose beats it by more than Z standard errors (`meeple_bots.search.Node.anchored_child`):
where long rollouts leave the moves' means within each other's noise, the search's choice would be
the luck of its samples (issue 28: Linko with four players).

Another seat's choice the bot cannot see (a simultaneous decision, a face-down pass) is not a
branch of the tree: see `meeple_bots.search` ("Choices the observer cannot see").

On a perfect-information game the sample is the state itself and the search is plain UCT, as
the `mcts` bot plays it. The search itself is `meeple_bots.search.TreeSearch`, shared with `mcts`;
the rules are only used through the core state API (`legal_actions`, `apply`, `clone`,
`current_player`, `winners`) and `view` for a rollout policy.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotError, BotInfo, Game, Option, Options, Rng, View
from meeple.search import RolloutHorizon, SearchAids

from .parallel import WORKERS_OPTION, root_parallel
from .policies import OPPONENT_MIX_OPTION, PRIOR_OPTION, ROLLOUT_OPTION, opponent_mix, rollout_policies
from .search import (ANCHOR_OPTION, NORMALIZE_OPTION, WIDENING_OPTIONS, HiddenChoice, Node, PlayOut, TreeSearch,
                     fast_below)

OBJECTIVE = "objective"


class IsmctsBot:
    """SO-ISMCTS with random or policy rollouts and an optional rollout horizon."""

    def __init__(self, game: Game, seat: int, params: Options, aids: SearchAids | None = None) -> None:
        self.game = game
        self.seat = seat
        self.iterations: int = params["iterations"]
        self.budget: float = params["time"]
        self.rng = Rng(params["seed"])
        # Rollout moves are the bulk of the work: draw them from a fast generator seeded by the
        # bot's own (still the bot's, never the game's).
        below = fast_below(self.rng.next64())
        horizon: RolloutHorizon | None = aids.horizon if aids is not None and params["horizon"] else None
        self.keep_origin = horizon is not None
        reward = params["reward"]
        if reward == OBJECTIVE:
            reward = "score" if game.spec.points else "win"
        policies = rollout_policies("ismcts", params["rollout"], game, aids, self.rng)
        rollout = PlayOut(game.players, below, policies, horizon,
                          by_score=reward == "score", bounds=game.score_bounds(),
                          policy_plies=params["rollout_plies"], epsilon=params["rollout_epsilon"],
                          opponent_mix=opponent_mix("ismcts", params["opponent_mix"]), observer=seat)
        self.tree = TreeSearch(params["exploration"], below, rollout, observer=seat, widening=params["widening"],
                               widening_exponent=params["widening_exponent"],
                               prior=rollout.policies if params["prior"] else None, paired=params["paired"],
                               depth=params["depth"], opponent_policy=self._opponent_policy(params, rollout),
                               normalize=params["normalize"])
        self.anchor = self._anchor_policy(params, policies)
        self.anchor_margin: float = params["anchor"]
        self.last_iterations = 0
        self.reuse: bool = params["reuse"]
        self.kept: Node | None = None  # the node of the bot's last move, kept with `reuse`
        self.kept_moves = 0  # the view's move count at which the kept node applies
        self.reused_visits = 0
        self.parallel = root_parallel(IsmctsBot, IsmctsBot.search, game, seat, params, self.rng, aids=aids)

    @staticmethod
    def _opponent_policy(params: Options, rollout: PlayOut) -> "list | None":
        """With ``opponents=policy``, the rollout policy plays the other seats' moves in the tree."""
        if params["opponents"] != "policy":
            return None
        if rollout.policies is None:
            raise BotError("ismcts: opponents=policy needs a rollout policy (rollout=greedy, or auto "
                           "in a game with a greedy bot that plays on the state)")
        return rollout.policies

    def _anchor_policy(self, params: Options, policies: "list | None"):
        """With ``anchor``, the rollout policy's bot for this seat, whose move the search must beat."""
        if not params["anchor"]:
            return None
        if policies is None:
            raise BotError("ismcts: anchor needs a rollout policy (rollout=greedy, or auto in a game "
                           "with a greedy bot that plays on the state)")
        return policies[self.seat]

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            kept = self._kept_for(view)  # a forced move needs no search; a kept subtree follows it
            self._keep(kept.children.get(legal[0]) if kept is not None else None, view)
            return legal[0]
        self._drop_kept_moves_not_in(legal, view)
        root = self.search(view)
        # for benchmarks and reports (a time budget may cut it; a kept subtree's visits don't count)
        self.last_iterations = root.visits - self.reused_visits
        decision = root.decision_node()
        if not decision.children:
            # Every iteration stopped at another seat's unseen choice before reaching this seat's
            # own (a simultaneous decision with a budget too small to get past it): no statistics,
            # so any legal choice is as good as another.
            return legal[self.rng.below(len(legal))]
        if self.anchor is not None:  # the policy's move, unless the search clearly beats it
            anchor = self.anchor.act(view, legal)
            best = decision.anchored_child(anchor, self.anchor_margin)
            if best is None:  # never tried: nothing says the search's choice is better
                self._keep(None, view)
                return anchor
        else:
            best = decision.best_child()
        for action in legal:  # answer with the host's own object for the chosen action
            if action == best.action:
                self._keep(best, view)
                return action
        raise BotError(f"ismcts chose {best.action!r}, which the host does not offer: "
                       f"{self.game.spec.id}'s determinization gave {self.seat} other legal actions")

    def search(self, view: View) -> Node:
        """Run the iterations (or until the time budget is spent) from `view`; returns the root."""
        if self.parallel is not None:  # workers=N: N processes search, their statistics summed
            return self.parallel.search(view, self.iterations)
        sample, rng = self.game.sampler(view), self.rng  # the view is read once per search
        kept = self._kept_for(view)
        self.kept = None
        self.reused_visits = kept.visits if kept is not None else 0
        return self.tree.run_sampled(lambda: sample(rng), self.iterations, self.budget,
                                     keep_origin=self.keep_origin, root=kept)

    def _keep(self, node: Node | None, view: View) -> None:
        """With `reuse`, keep `node` — the bot's move just made at `view` — for the next search."""
        if self.reuse and self.parallel is None:
            self.kept, self.kept_moves = node, view.moves + 1

    def _drop_kept_moves_not_in(self, legal: Sequence[Action], view: View) -> None:
        """Drop the kept subtree's moves that are not legal now. Its samples dealt what followed
        the bot's last move at random, and the bot may since have seen otherwise (a card it drew
        or was handed: a Go Fish ask answered): a move legal only in those samples would keep its
        visits and could be chosen, an action the host does not offer."""
        kept = self._kept_for(view)
        if kept is not None:
            kept.children = {key: child for key, child in kept.children.items()
                             if isinstance(key, HiddenChoice) or key in legal}

    def _kept_for(self, view: View) -> Node | None:
        """The kept subtree, if `view` comes right after the bot's last move: no other seat has
        moved since (nothing the bot did not see), so the tree's path is the one the game took."""
        if self.kept is not None and view.moves == self.kept_moves:
            return self.kept
        return None


INFO = BotInfo(
    name="ismcts",
    factory=IsmctsBot,
    summary="information-set MCTS over determinized samples of its view (any game)",
    params=(
        Option("iterations", "int", 1000, "search iterations (one sample and one rollout each) per "
               "decision", minimum=1),
        Option("exploration", "float", 0.7, "UCB exploration constant c (rewards lie in [0, 1])",
               minimum=0),
        NORMALIZE_OPTION,
        Option("seed", "int", 0, "seed of the bot's own generator (samples, expansion, rollouts)"),
        ROLLOUT_OPTION,
        Option("rollout_plies", "int", 0, "with a rollout policy: ask it for this many rollout moves, "
               "then play random moves (0: the whole rollout)", minimum=0),
        Option("rollout_epsilon", "float", 0.0, "with a rollout policy: the chance of a random move "
               "instead of the policy's at each rollout move", minimum=0, maximum=1),
        OPPONENT_MIX_OPTION,
        PRIOR_OPTION,
        ANCHOR_OPTION,
        Option("time", "float", 0.0, "seconds per decision, 0 for no limit: the search stops after "
               "`iterations` or `time`, whichever comes first (with a limit, play depends on the "
               "machine's speed and is no longer reproducible)", minimum=0),
        Option("reward", "str", OBJECTIVE, "what a finished rollout is worth to each seat: the "
               "game's declared objective (objective: win for win/loss games, score for points "
               "games), its share of the win (win: 1 split among the winners), or its final score "
               "rescaled to [0, 1] (score: by the game's declared score bounds, else between the "
               "worst and the best seat, a denser signal where margins matter)",
               choices=(OBJECTIVE, "win", "score")),
        Option("horizon", "bool", True, "stop rollouts at the game's rollout horizon, if it "
               "declares one (e.g. the end of the round in Combo Breaker)"),
        Option("paired", "bool", False, "compare the moves of the bot's decision on common samples: "
               "the k-th iteration through a move plays on the search's k-th determinization"),
        Option("depth", "int", 0, "the tree's depth: nodes this many moves below the decision get no "
               "children, the rollout policy plays on from them (1: each move of the decision valued by "
               "rollouts alone, flat Monte Carlo; 0: no limit)", minimum=0),
        Option("opponents", "str", "search", "the other seats' moves in the tree: searched (each "
               "seat's best by UCB over its own reward) or played by the rollout policy (policy: "
               "opponent modelling; the tree branches on the bot's own moves only)",
               choices=("search", "policy")),
        Option("reuse", "bool", True, "when the bot decides again right after its own move (no "
               "other seat moved since), search on from the subtree of that move"),
        *WIDENING_OPTIONS,
        WORKERS_OPTION,
    ),
    search_aids=True,
)
