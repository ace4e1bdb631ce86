"""Linko in words: what each seat did as another seat saw it, and the short notation for moves.

Narration compares a viewer's views before and after an action, so it can only tell what that
viewer saw: a card drawn from the face-down pile is named to the drawer alone; a steal, a take,
a take-back, a discard and a display card are public (rules 6–9) and are named to everyone.

Notation (case and spaces do not matter):

| move | typed | example |
| --- | --- | --- |
| play N cards of value V (rule 3) | `NxV` | `3x7` three 7s |
| ... with J jokers | `NxV+Jj` | `2x5+1j` two 5s and a joker |
| jokers only | `Jj` | `2j` two jokers |
| take / leave the stolen cards (8a) | `take`, `leave` | |
| take them back / discard them (8a) | `back`, `discard` | |
| draw display slot S, 1–6 (8b, 9) | `dS` | `d3` |
| draw from the pile (8b, 9) | `pile` | |
| take no card (9) | `decline` | |
| take the ghost pile of V (D4) | `ghost V` | `ghost 7` |
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from meeple import Action, Narrator, View

from .actions import (DECLINE, DISCARD, DRAW_PILE, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, Decline,
                      Discard, DrawDisplay, DrawPile, LeaveStolen, Play, TakeBack, TakeGhost,
                      TakeStolen)
from .cards import JOKER, VALUES, number_word, value_name
from .render import ending

_PLAY = re.compile(r"^(\d+)x(\d+)(?:\+(\d+)j)?$")
_JOKERS = re.compile(r"^(\d+)j$")
_SLOT = re.compile(r"^d(\d+)$")
_GHOST = re.compile(r"^ghost(\d+)$")
_WORD_MOVES = {"take": TAKE_STOLEN, "leave": LEAVE_STOLEN, "back": TAKE_BACK, "discard": DISCARD,
               "pile": DRAW_PILE, "decline": DECLINE}


def count(n: int, value: int) -> str:
    """`three 7s`, `an 8`, `a joker`."""
    if n == 1:
        return ("an " if value in (8, 11) else "a ") + value_name(value)
    return f"{number_word(n)} {value_name(value, plural=True)}"


def some(cards: Iterable[int]) -> str:
    """A group of cards, number cards by value then jokers: `two 5s and a joker`."""
    counts = Counter(cards)
    parts = [count(counts[v], v) for v in sorted(counts)]
    if not parts:
        return "no cards"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def the(cards: Iterable[int]) -> str:
    """The same group, already mentioned: `the two 5s`, `the 9`."""
    text = some(cards)
    return "the " + text.split(" ", 1)[1] if text.startswith(("a ", "an ")) else "the " + text


class LinkoNarrator(Narrator):
    """Narration and notation for Linko (see the module docstring)."""

    notation_help = (
        "Play: NxV plays N cards of value V (`3x7`), NxV+Jj adds J jokers (`2x5+1j`), Jj plays "
        "jokers only (`2j`). After a steal: `take` or `leave` (attacker), `back` or `discard` "
        "(victim). Drawing: `d1`...`d6` takes that display slot, `pile` the top of the draw pile, "
        "`decline` takes no card (rule 9). Duel: `ghost V` takes the ghost pile of V."
    )

    # -- narration -------------------------------------------------------------------------------

    def narrate(self, before: View, action: Action, after: View) -> str:
        seat = before.current_player
        text = f"seat {seat} {self._did(before, action, after, seat)}"
        for victim, layer in self._steals(before, after):
            # Rule 6: the active player steals, after their play or after a victim's last draw.
            who = " and" if after.active == seat else f"; seat {after.active}"
            text += f"{who} steals {some(layer)} from seat {victim}"
        if after.is_terminal:
            text += f" — the game is over: {ending(after)}"
        return text

    def _did(self, before: View, action: Action, after: View, seat: int) -> str:
        kind = type(action)
        if kind is Play:
            if action.value == JOKER:
                return f"plays {count(action.jokers, JOKER)}"
            played = f"plays {count(action.naturals, action.value)}"
            return played + (f" and {count(action.jokers, JOKER)}" if action.jokers else "")
        if kind is TakeStolen:
            return f"takes {the(before.stolen.cards)} stolen from seat {before.decision.victim}"
        if kind is LeaveStolen:
            return f"leaves {the(before.stolen.cards)} to seat {before.decision.victim}"
        if kind is TakeBack:
            return f"takes {the(before.stolen.cards)} back"
        if kind is Discard:
            stolen = before.stolen.cards
            return f"discards {the(stolen)} and must draw {len(stolen)}"
        if kind is DrawDisplay:
            return f"takes {some(before.display.slots[action.slot])} from the display"
        if kind is DrawPile:
            drawn = _new_cards(before, after, seat)
            return f"draws {some(drawn)} from the pile" if drawn else "draws a card from the pile"
        if kind is Decline:
            return "takes no card"
        if kind is TakeGhost:
            pile = dict(before.ghost.piles).get(action.value, ())
            return f"takes the ghost pile of {value_name(action.value, plural=True)} ({some(pile)})"
        return action.describe()

    def describe(self, view: View, action: Action) -> str:
        """The move naming the cards it moves, from what the view shows: "take the 13 (slot 3)",
        "take the two 5s stolen from seat 2", "take the ghost pile of 4s (two 4s)"."""
        kind = type(action)
        try:
            if kind is DrawDisplay:
                cards = view.display.slots[action.slot]
                if len(cards) > 1:
                    return f"take the group of {some(cards)} (slot {action.slot + 1}; counts as one card)"
                if cards:
                    return f"take {the(cards)} (slot {action.slot + 1})"
            elif kind is DrawPile:
                return f"draw the top card of the pile ({view.draw_pile.size} left)"
            elif kind is TakeGhost:
                pile = dict(view.ghost.piles).get(action.value)
                if pile:
                    return f"take the ghost pile of {value_name(action.value, plural=True)} ({some(pile)})"
            elif kind in (TakeStolen, LeaveStolen) and view.stolen.size:
                victim = view.decision.victim
                if kind is TakeStolen:
                    return f"take {the(view.stolen.cards)} stolen from seat {victim} (seat {victim} draws {view.stolen.size})"
                return (f"leave {the(view.stolen.cards)} to seat {victim} (who takes them back, "
                        f"or discards them and draws {view.stolen.size})")
            elif kind in (TakeBack, Discard) and view.stolen.size:
                if kind is TakeBack:
                    return f"take {the(view.stolen.cards)} back into your hand"
                return f"discard {the(view.stolen.cards)} and draw {view.stolen.size}"
        except (AttributeError, IndexError):
            pass  # not an action of this position: its own words
        return action.describe()

    def _steals(self, before: View, after: View) -> list[tuple[int, tuple[int, ...]]]:
        """Steals the action set off (rule 6): each victim whose top layer left its tableau."""
        return [(victim, was.layers[-1])
                for victim, (was, now) in enumerate(zip(before.tableaux, after.tableaux))
                if len(now.layers) < len(was.layers)]

    # -- notation --------------------------------------------------------------------------------

    def notation(self, view: View, action: Action) -> str:
        kind = type(action)
        if kind is Play:
            if action.value == JOKER:
                return f"{action.jokers}j"
            return f"{action.naturals}x{action.value}" + (f"+{action.jokers}j" if action.jokers else "")
        if kind is DrawDisplay:
            return f"d{action.slot + 1}"
        if kind is TakeGhost:
            return f"ghost {action.value}"
        for word, move in _WORD_MOVES.items():
            if kind is type(move):
                return word
        return super().notation(view, action)

    def parse(self, view: View, text: str) -> Action | None:
        typed = "".join(text.lower().split())
        if typed in _WORD_MOVES:
            return _WORD_MOVES[typed]
        match = _PLAY.match(typed)
        if match:
            naturals, value, jokers = int(match[1]), int(match[2]), int(match[3] or 0)
            return Play(value, naturals, jokers) if value in VALUES and naturals else None
        match = _JOKERS.match(typed)
        if match:
            return Play(JOKER, 0, int(match[1])) if int(match[1]) else None
        match = _SLOT.match(typed)
        if match and int(match[1]) >= 1:
            return DrawDisplay(int(match[1]) - 1)
        match = _GHOST.match(typed)
        if match:
            return TakeGhost(int(match[1]))
        return None


def _new_cards(before: View, after: View, seat: int) -> list[int]:
    """The cards that arrived in `seat`'s hand, when the viewer can see that hand."""
    was, now = before.hands[seat].cards, after.hands[seat].cards
    if was is None or now is None:
        return []
    arrived = Counter(now) - Counter(was)
    return sorted(arrived.elements())
