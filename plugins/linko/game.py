"""Linko (Wolfgang Kramer, Michael Kiesling; *Abluxxen* in German): a card game of hidden hands
and chance for 2–5 players. Play sets of equal cards, steal opponents' top layers with a set of
the same size and higher value, and score your table minus your hand. Two players play the Duel
with its Ghost Zone, or the classic rules.

This module declares the game as data (options, bounds), deals the cards (rule 1, D1–D2) and
names what the game carries: its renderer, narrator and greedy bot (the rules text is the
`rules.md` beside it).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from meeple import (Action, Display, Game, GameSpec, Hand, Information, KeyedPiles, Option, Options,
                    Pile, Rng, State, Tableau, Visibility)

from .action_space import RL_CAPACITIES, every_action
from .actions import ACTION_TYPES, DISPLAY_WIDTH
from .cards import DECK_SIZE, JOKER, full_deck
from .decisions import DECISION_TYPES, PLAY_CARDS
from .fast_rollout import can_play, play_randomly
from .ghost import fill_ghost_zone
from .greedy import GREEDY
from .narration import LinkoNarrator
from .render import render
from .state import LinkoState

HAND_SIZE = 13  # rule 1
DUEL_JOKERS = 2  # D1: each player's openly dealt jokers
DUEL_DEALT = 11  # D1: dealt on top of them
#: D1: what everyone knows of a Duel hand as dealt: its two jokers, not the rest.
DUEL_HAND_KNOWN = (True,) * DUEL_JOKERS + (False,) * DUEL_DEALT

OPTIONS = (
    Option("variant", "str", "base",
           "advanced: no draw after a turn without a steal (rule 9); expert: advanced + rule 7c",
           choices=("base", "advanced", "expert")),
    Option("two_player", "str", "duel",
           "2 players only: the Duel with the Ghost Zone, or the rules 1–12 unchanged",
           choices=("duel", "classic")),
    Option("ghost_steal_blocks_draw", "bool", True,
           "Duel with base only: a ghost steal counts as a steal for rule 9"),
    Option("ties", "str", "fewest_hand",
           "newest edition breaks ties by fewer hand cards; first edition shares",
           choices=("fewest_hand", "shared")),
    Option("max_turns", "int", 500,
           "safety cap: after this many turns the game ends and is scored normally (rule 12)",
           minimum=1),
)


def is_duel(options: Options, players: int) -> bool:
    """Two players play the Duel unless they chose the classic rules."""
    return players == 2 and options["two_player"] == "duel"


def max_length(options: Options, players: int) -> int:
    """A true bound on the number of decisions in one game.

    Per turn: the play, a ghost steal (Duel), a take/leave and a back/discard per opponent, and
    one no-steal draw or decline. Every other decision draws at least one card from the pile or
    the display, and only the cards not dealt into hands ever pass through those two.
    """
    duel = is_duel(options, players)
    per_turn = 1 + (1 if duel else 0) + 2 * (players - 1) + 1
    dealt = players * (DUEL_JOKERS + DUEL_DEALT if duel else HAND_SIZE)
    return options["max_turns"] * per_turn + DECK_SIZE - dealt


#: `Linko.bot_settings`: `ismcts` in the Duel (0.31 CPU s per decision here) and otherwise (0.21 s).
DUEL_ISMCTS = {"iterations": 400, "paired": True, "depth": 1}
ISMCTS = {"rollout": "greedy", "iterations": 300, "anchor": 2.0}


class Linko(Game):
    spec = GameSpec(
        id="linko",
        title="Linko",
        min_players=2,
        max_players=5,
        information=Information.IMPERFECT,
        chance=True,
        options=OPTIONS,
        max_length=max_length,
        summary="Play sets of equal cards and steal your opponents' top layers (2–5 players; "
                "2 players: the Duel with the Ghost Zone).",
    )
    state_class = LinkoState
    action_types = ACTION_TYPES
    decision_types = DECISION_TYPES
    renderer = staticmethod(render)
    narrator = LinkoNarrator()
    bots = (GREEDY,)
    web_renderer = "web/linko.js"  # the table in the browser (meeple server)
    shown_fields = ("hands", "tableaux", "display", "draw_pile", "discard", "stolen", "ghost", "removed", "turn", "active")
    card_names = staticmethod(lambda card: "Joker" if card == JOKER else str(card))
    revealed_at_end = ("hands",)  # rule 11 counts the cards left in hand: they are laid down
    rl_capacities = RL_CAPACITIES  # meeple.rl's observation (docs/rl.md)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)  # resolves the options, then calls check_options
        # Read the options once: the rules consult these on every turn.
        variant = self.options["variant"]
        self.duel = is_duel(self.options, players)
        self.expert = variant == "expert"
        self.no_steal_draw = variant == "base"  # rule 9
        self.ghost_steal_blocks_draw = self.options["ghost_steal_blocks_draw"]  # D7
        self.max_turns = self.options["max_turns"]

    def deck(self) -> list[int]:
        return full_deck()

    def play_out(self, state: LinkoState, draw: Callable[[], float]) -> None:
        """`state.play_randomly(draw)`: the speed path `fast_rollout.py` where it plays (a
        classic game), else the decisions one by one (`State.play_randomly`, its reference).
        Here, above both, because the speed path builds on the decisions and the state."""
        if can_play(state):
            play_randomly(state, draw)
        else:
            State.play_randomly(state, draw)

    def bot_settings(self, bot: str) -> Mapping[str, Any]:
        """`ismcts` as measured strongest within 0.5 s per decision (docs/figures.md, "The issue's
        targets"): the Duel values each move of its own decision by greedy rollouts on common
        samples (85% against `greedy`); other games search with greedy rollouts, anchored to the
        greedy move unless the search clearly beats it (docs/figures.md, "Linko 4p against
        strangers: the anchor"): with 4 players, against three bots written independently of ours,
        the unanchored search won 7.5% of 40 games, the anchored one 53.8% of 80 (greedy: 50.0%)."""
        if bot != "ismcts":
            return {}
        return DUEL_ISMCTS if self.duel else ISMCTS

    def rl_action_space(self) -> list[Action]:
        """Every action Linko can offer, in index order, for `meeple.rl` (`action_space.py`)."""
        return list(every_action())

    def setup(self, rng: Rng) -> LinkoState:
        """Rule 1 (or D1–D2 for the Duel): deal the hands, the draw pile, the display."""
        players, seats = self.players, range(self.players)
        cards = full_deck()
        if self.duel:  # D1: two jokers each, dealt openly (the deck's jokers are its last cards)
            del cards[-DUEL_JOKERS * players:]
        rng.shuffle(cards)
        pile = Pile(cards, Visibility.SECRET)
        if self.duel:  # D1: then 11 cards each, seat by seat, unseen by the opponent
            hands = tuple([Hand([JOKER] * DUEL_JOKERS + pile.draw(DUEL_DEALT), owner=seat, ordered=False,
                                known=DUEL_HAND_KNOWN) for seat in seats])
        else:  # rule 1: 13 cards each, seat by seat
            hands = tuple([Hand(pile.draw(HAND_SIZE), owner=seat, ordered=False) for seat in seats])
        display = Display(DISPLAY_WIDTH)
        display.refill(pile)
        ghost, removed = KeyedPiles(), Pile()
        if self.duel:
            fill_ghost_zone(ghost, pile, display, removed)  # D2
        return self.build_state(
            rng, pending=[PLAY_CARDS[0]],
            hands=hands, tableaux=tuple([Tableau((), owner=seat) for seat in seats]),
            display=display, draw_pile=pile, discard=Pile(), stolen=Pile(), ghost=ghost,
            removed=removed,
        )

