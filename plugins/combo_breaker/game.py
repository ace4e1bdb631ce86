"""Combo Breaker (Katja Stremmel; *Krass Kariert*, Amigo 2018): shed your hand with combinations of
contiguous cards from a hand you may never reorder. 3–5 players, imperfect information, chance.

Several rounds (deals) until a player must give up a token they do not have.

This module declares the game as data (options, bounds), sets up the first round (rules 1–3) and
names what the game carries: its renderer, narrator, rollout horizon and greedy bot (the rules
text is the `rules.md` beside it).
"""

from __future__ import annotations

from typing import Any, Mapping

from meeple import (Action, Counters, Display, Game, GameSpec, Hand, Information, Option, Options,
                    Pile, Rng, Tableau, Visibility)
from meeple.determinize import owing_seats_can_act

from .action_space import RL_CAPACITIES, every_action
from .actions import ACTION_TYPES
from .cards import CARDS_PER_DRAW, COPIES_PER_SPECIAL, MOST_SEATS, RESERVE_CARDS, card_name, deck, hand_size
from .decisions import DECISION_TYPES, deal, start_trick
from .greedy import GREEDY
from .horizon import end_of_round
from .legal import build_tables
from .narration import ComboBreakerNarrator
from .render import render
from .state import ComboBreakerState

FIRST_LEADER = 1  # rule 3: round 1 is led by the dealer's left neighbour


def max_decisions(options: Options, players: int) -> int:
    """A true upper bound on the decisions in one game.

    Rounds: every round that does not end the game costs at least one token, so there are at most
    players × tokens + 1 rounds. Decisions per round: every card play takes at least one card out
    of a hand, and the cards that ever reach hands in a round are the deal, the reserves and at
    most 3 per Draw card; each reserve card is one take and each drawn card one insertion.
    """
    reserves = RESERVE_CARDS * players
    drawn = CARDS_PER_DRAW * COPIES_PER_SPECIAL
    plays = players * hand_size(players) + reserves + drawn
    per_round = plays + reserves + drawn
    rounds = players * options["tokens"] + 1
    return rounds * per_round


#: `ComboBreaker.bot_settings` of `ismcts`.
ISMCTS = {"iterations": 700, "paired": True, "depth": 1}


class ComboBreaker(Game):
    spec = GameSpec(
        id="combo_breaker",
        title="Combo Breaker",
        min_players=3,
        max_players=MOST_SEATS,
        information=Information.IMPERFECT,
        chance=True,
        options=(
            Option("tokens", "int", 2, "tokens each player starts with (3 = the longer game)",
                   choices=(2, 3)),
            Option("double_wild", "bool", True, "a combination may contain both X cards"),
        ),
        max_length=max_decisions,
        summary="Get rid of your hand with combinations of adjacent cards; never reorder it.",
    )
    state_class = ComboBreakerState
    action_types = ACTION_TYPES
    decision_types = DECISION_TYPES
    renderer = staticmethod(render)
    narrator = ComboBreakerNarrator()
    rollout_horizon = staticmethod(end_of_round)  # search rollouts stop at the end of the round
    # A Follow is owed only by a seat that can act (decisions.resolve_turn): samples keep that.
    sample_condition = staticmethod(owing_seats_can_act)
    bots = (GREEDY,)
    web_renderer = "web/combo_breaker.js"  # the table in the browser (meeple server)
    shown_fields = ("tokens", "hands", "reserves", "drawn", "pile", "discard", "trick", "round_number")
    card_names = staticmethod(card_name)
    rl_capacities = RL_CAPACITIES  # meeple.rl's observation (docs/rl.md)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.double_wild: bool = self.options["double_wild"]
        build_tables(self.double_wild)  # the card plays' grids, before the first decision

    def deck(self) -> list[int]:
        return deck()

    def bot_settings(self, bot: str) -> Mapping[str, Any]:
        """`ismcts` as measured strongest within 0.5 s per decision (docs/figures.md, "Combo
        Breaker (session 5)"): each move of its own decision valued by greedy rollouts to the end
        of the round on common samples; with 4 players it lost 6 of 200 games against three `greedy`,
        at 0.21 CPU s per decision (p95 0.40 s)."""
        return ISMCTS if bot == "ismcts" else {}

    def rl_action_space(self) -> list[Action]:
        """Every action the game can offer, in index order, for `meeple.rl` (`action_space.py`)."""
        return list(every_action(self.double_wild))

    def setup(self, rng: Rng) -> ComboBreakerState:
        seats = range(self.players)
        state = self.build_state(
            rng,
            tokens=Counters([(seat, self.options["tokens"]) for seat in seats]),
            hands=tuple(Hand(owner=seat, ordered=True) for seat in seats),
            reserves=tuple(Display(RESERVE_CARDS, owner=seat) for seat in seats),
            drawn=tuple(Pile(visibility=Visibility.OWNER, owner=seat) for seat in seats),
            pile=Pile(deck(), visibility=Visibility.SECRET),
            discard=Pile(),
            trick=Tableau(),
        )
        deal(state)  # rule 2
        start_trick(state, FIRST_LEADER)  # rule 3
        return state
