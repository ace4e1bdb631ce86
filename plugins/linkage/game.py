"""Linkage (Ethan Larson): a two-player abstract game of perfect information and no chance.

Players share 24 coloured dominoes and take turns laying them on a 7x7 board; at the end More
wins with 12 or more colour groups, Fewer with 11 or fewer. This module declares the game's
metadata, its setup and what it carries (renderer, narrator, greedy bot); the rules live with
the decisions in `decisions.py`, the position in `state.py`.
"""

from __future__ import annotations

from typing import Any, Mapping

from meeple import Action, Counters, Game, GameSpec, Information, Option, Options, Rng

from .action_space import RL_VOCABULARIES, every_action
from .actions import ACTION_TYPES, COLOURS
from .board import CENTRE, empty_board
from .decisions import DECISION_TYPES, BlockerChoice, Move
from .greedy import GREEDY
from .narration import LinkageNarrator
from .render import render
from .state import PIECES_PER_COLOUR, LinkageState

STANDARD, BALANCED = "standard", "balanced"


def _max_length(options: Options, players: int) -> int:
    """At most 24 placements (the supply), each followed by at most one forced pass (a pass
    needs the green counter, which only a placement puts down), plus the balanced setup's two
    choices.
    """
    placements = PIECES_PER_COLOUR * len(COLOURS)
    return 2 * placements + (2 if options["variant"] == BALANCED else 0)


#: `Linkage.bot_settings` of `mcts`.
MCTS = {"iterations": 200, "prior": True, "widening": 0.3, "order": True}


class Linkage(Game):
    spec = GameSpec(
        id="linkage",
        title="Linkage",
        min_players=2,
        max_players=2,
        information=Information.PERFECT,
        chance=False,
        options=(
            Option("variant", "str", STANDARD,
                   "standard: blocker on the centre, seat 0 is More; balanced: seat 0 places the "
                   "blocker, then seat 1 chooses More or Fewer (rule 2)",
                   choices=(STANDARD, BALANCED)),
        ),
        max_length=_max_length,
        summary="Lay shared coloured dominoes on a 7x7 board: More wants 12+ colour groups, Fewer 11 or less.",
    )
    state_class = LinkageState
    action_types = ACTION_TYPES
    decision_types = DECISION_TYPES
    renderer = staticmethod(render)
    narrator = LinkageNarrator()
    bots = (GREEDY,)
    web_renderer = "web/linkage.js"  # the table in the browser (meeple server)
    shown_fields = ("board", "supply", "blocker", "green", "more")
    rl_vocabularies = RL_VOCABULARIES  # meeple.rl's observation (docs/rl.md)

    def rl_action_space(self) -> list[Action]:
        """Every action the game can offer, in index order, for `meeple.rl` (`action_space.py`)."""
        return list(every_action())

    def bot_settings(self, bot: str) -> Mapping[str, Any]:
        """`mcts` as measured strongest against a player it does not model, within 0.5 s per
        move (docs/figures.md, "Linkage against the stranger: ordered expansion"): progressive
        widening over the ~300 moves of a turn, each node expanding its moves best first in
        `greedy`'s ranking (as Fewer: 81.5% of 200 against a stranger, 0.13 CPU s a move)."""
        return MCTS if bot == "mcts" else {}

    def setup(self, rng: Rng) -> LinkageState:
        """Rule 1: empty board, full supply, green counter off the board. Standard: the blocker
        on the centre and seat 0 (More) to move. Balanced (rule 2): seat 0 first places the blocker.
        """
        balanced = self.options["variant"] == BALANCED
        return self.build_state(
            rng,
            pending=[BlockerChoice(0)] if balanced else [Move(0)],
            board=empty_board(),
            supply=Counters([(colour, PIECES_PER_COLOUR) for colour in COLOURS]),
            blocker=None if balanced else CENTRE,
            green=None,
            more=None if balanced else 0,
        )

