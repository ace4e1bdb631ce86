"""The actions of Combo Breaker: every choice a player makes is one of these (rules 5–7).

Positions are hand positions, 0 = far left. Actions are immutable values; the constructors at
the bottom hand out one shared instance per distinct action, so building the legal-action list
allocates nothing after the first few games.
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action


@frozen
class PlayCombination(Action):
    """Play the `count` contiguous cards from `start` as a combination (rules 4, 5a); `wilds`
    holds the declared value of each X among them, ascending."""

    tag = "play"
    start: int
    count: int
    wilds: tuple[int, ...] = ()

    def describe(self) -> str:
        where = (f"position {self.start}" if self.count == 1
                 else f"positions {self.start}–{self.start + self.count - 1}")
        declared = f" with X as {', '.join(map(str, self.wilds))}" if self.wilds else ""
        return f"play {where}{declared}"


@frozen
class PlayStop(Action):
    """Play the Stop card at `position`, alone: the trick ends at once (rules 5b, 6)."""

    tag = "stop"
    position: int

    def describe(self) -> str:
        return f"play the Stop at position {self.position}"


@frozen
class PlayDraw(Action):
    """Play the Draw card at `position`, alone (rules 5c, 7a)."""

    tag = "draw"
    position: int

    def describe(self) -> str:
        return f"play the Draw card at position {self.position}"


@frozen
class TakeReserve(Action):
    """Take reserve card `slot` (0 or 1) into the hand before `position` (rule 5d)."""

    tag = "take_reserve"
    slot: int
    position: int

    def describe(self) -> str:
        return f"take reserve card {self.slot} into position {self.position}"


@frozen
class InsertDrawn(Action):
    """Insert the card just drawn for Draw cards before `position` (rule 7a)."""

    tag = "insert"
    position: int

    def describe(self) -> str:
        return f"insert the drawn card at position {self.position}"


ACTION_TYPES = (PlayCombination, PlayStop, PlayDraw, TakeReserve, InsertDrawn)

_PLAYS: dict[tuple[int, int, tuple[int, ...]], PlayCombination] = {}
_STOPS: dict[int, PlayStop] = {}
_DRAWS: dict[int, PlayDraw] = {}
_TAKES: dict[tuple[int, int], TakeReserve] = {}
_INSERTS: dict[int, InsertDrawn] = {}


def play(start: int, count: int, wilds: tuple[int, ...]) -> PlayCombination:
    key = (start, count, wilds)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = PlayCombination(start, count, wilds)
    return action


def stop(position: int) -> PlayStop:
    action = _STOPS.get(position)
    if action is None:
        action = _STOPS[position] = PlayStop(position)
    return action


def draw(position: int) -> PlayDraw:
    action = _DRAWS.get(position)
    if action is None:
        action = _DRAWS[position] = PlayDraw(position)
    return action


def take_reserve(slot: int, position: int) -> TakeReserve:
    key = (slot, position)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = TakeReserve(slot, position)
    return action


def insert(position: int) -> InsertDrawn:
    action = _INSERTS.get(position)
    if action is None:
        action = _INSERTS[position] = InsertDrawn(position)
    return action
