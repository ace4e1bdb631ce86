"""A Linko game in progress: its zones, the progress of the turn, and what follows from them.

The turn's progress is kept in plain public fields (`active`, `checked`, `stole`, `ghost_stole`),
so every intermediate state clones, serializes and replays like any other. The decisions that
change these fields, and the turn sequence of rules 3–12 and D4–D7, are in `decisions.py`.
"""

from __future__ import annotations

from typing import Callable, Sequence

from meeple import Display, Hand, KeyedPiles, Pile, State, Tableau

from .cards import JOKER, layer_value
from .ghost import GHOST_SIZE, eligible_piles
from .rules import scores, winners

#: Why a game ended (the `ended` field).
HAND_EMPTY, SUPPLY_EXHAUSTED, TURN_CAP = "hand_empty", "supply_exhausted", "turn_cap"

#: The decisions, by tag, during which a stolen layer awaits its fate (rule 8a), and the
#: card-by-card draw of rule 8b, during which the display is not refilled yet (8c). By tag because
#: the decision classes (`decisions.py`) build on this module, not the other way round; tags are
#: fixed by the records.
DECIDING_THE_STOLEN_LAYER = frozenset({"take_or_leave", "back_or_discard"})
DRAWING_CARDS = "draw_cards"


class LinkoState(State):
    """Zones hold every one of the 109 cards at every moment (the removed pile included)."""

    hands: tuple[Hand, ...]  # unordered, each visible to its owner; cards taken in view are known
    tableaux: tuple[Tableau, ...]  # each player's layers, oldest first
    display: Display  # the 6 face-up slots; in the Duel a slot may hold a 2-card group (D3)
    draw_pile: Pile  # face down, never rebuilt
    discard: Pile  # face up, never reused
    stolen: Pile  # a stolen layer while the attacker (then maybe the victim) decides (rule 8a)
    ghost: KeyedPiles  # the Duel's Ghost Zone (D2); always empty outside the Duel
    removed: Pile  # 13s and jokers the Ghost Zone could not divert onto the display (D2)
    turn: int = 0  # turns completed (rule 12)
    active: int = 0  # the seat holding the paw (rule 2)
    checked: int = 0  # opponents checked so far this turn, clockwise from the left (rule 6)
    stole: bool = False  # the active player stole an opponent's layer this turn (rule 9)
    ghost_stole: bool = False  # the active player took a ghost pile this turn (D6, D7)
    ended: str = ""  # why the game ended: hand_empty, supply_exhausted or turn_cap

    def eligible_ghost_piles(self) -> list[int]:
        """D4: the values of the ghost piles the active player's top layer must choose from."""
        layer = self.tableaux[self.active].top
        # The zone's public view holds its piles as `(value, cards)`, built once per change of
        # the zone (a Duel play reads them at every turn; `items()` would copy every pile).
        return eligible_piles(self.ghost.view(None).piles, len(layer), layer_value(layer))

    def play_randomly(self, draw: Callable[[], float]) -> None:
        """`State.play_randomly` (a search's random rollout), played by the game's speed path
        (`Linko.play_out`, `fast_rollout.py`): the same moves, draws and final state."""
        self.game.play_out(self, draw)

    # -- scoring (rule 11) ----------------------------------------------------------------------

    def _scores(self) -> Sequence[int]:
        return scores([t.card_count() for t in self.tableaux], self.hands)

    def _winners(self) -> Sequence[int]:
        return winners(self._scores(), [len(h) for h in self.hands], self.game.options["ties"])

    # -- checks -----------------------------------------------------------------------------------

    def invariants(self) -> list[str]:
        """The 109 cards are all in zones, plus the structural facts the rules rely on."""
        problems = super().invariants()
        tag = self.pending[-1].tag if self.pending else None
        if bool(len(self.stolen)) != (tag in DECIDING_THE_STOLEN_LAYER):
            problems.append("the stolen pile must hold a layer exactly while its fate is decided")
        for seat, tableau in enumerate(self.tableaux):
            for layer in tableau:
                if len(set(c for c in layer if c != JOKER)) > 1:
                    problems.append(f"tableau {seat} has a mixed layer {layer}")
        if tag != DRAWING_CARDS and len(self.draw_pile) and not all(self.display):
            problems.append("outside a draw, the display is full while the pile lasts (8c)")
        if not self.game.duel and (len(self.ghost) or len(self.removed)):
            problems.append("only the Duel has a Ghost Zone and removed cards")
        if self.game.duel:
            if len(self.ghost) > GHOST_SIZE or (len(self.ghost) < GHOST_SIZE and len(self.draw_pile)):
                problems.append("the Ghost Zone holds 13 cards while the pile lasts (D2)")
            if any(len(s) > 2 for s in self.display):
                problems.append("a display group has more than 2 cards (D2)")
        elif any(len(s) > 1 for s in self.display):
            problems.append("only the Duel groups display cards (D3)")
        if self.pending and self.turn >= self.game.max_turns:
            problems.append("the game went past max_turns (rule 12)")
        return problems
