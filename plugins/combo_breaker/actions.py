"""The actions of Combo Breaker: every choice a player makes is one of these (rules 5–7).

Positions are hand positions, 0 = far left. Actions are immutable values; the tables at the
bottom hold one shared instance per distinct action, so building a legal-action list allocates
no new actions.
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action


@frozen(cache_hash=True)
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


@frozen(cache_hash=True)
class PlayStop(Action):
    """Play the Stop card at `position`, alone: the trick ends at once (rules 5b, 6)."""

    tag = "stop"
    position: int

    def describe(self) -> str:
        return f"play the Stop at position {self.position}"


@frozen(cache_hash=True)
class PlayDraw(Action):
    """Play the Draw card at `position`, alone (rules 5c, 7a)."""

    tag = "draw"
    position: int

    def describe(self) -> str:
        return f"play the Draw card at position {self.position}"


@frozen(cache_hash=True)
class TakeReserve(Action):
    """Take reserve card `slot` (0 or 1) into the hand before `position` (rule 5d)."""

    tag = "take_reserve"
    slot: int
    position: int

    def describe(self) -> str:
        return f"take reserve card {self.slot} into position {self.position}"


@frozen(cache_hash=True)
class InsertDrawn(Action):
    """Insert the card just drawn for Draw cards before `position` (rule 7a)."""

    tag = "insert"
    position: int

    def describe(self) -> str:
        return f"insert the drawn card at position {self.position}"


ACTION_TYPES = (PlayCombination, PlayStop, PlayDraw, TakeReserve, InsertDrawn)

MOST_POSITIONS = 55  # insert positions 0..54: no hand can ever hold more than the 54 cards

# One shared instance per distinct action: legal-action lists are slices of these tables.
INSERTS = tuple(InsertDrawn(p) for p in range(MOST_POSITIONS))
STOPS = tuple(PlayStop(p) for p in range(MOST_POSITIONS))
DRAWS = tuple(PlayDraw(p) for p in range(MOST_POSITIONS))
TAKES = tuple(tuple(TakeReserve(slot, p) for p in range(MOST_POSITIONS)) for slot in (0, 1))

_PLAYS: dict[tuple[int, tuple[int, ...]], tuple[PlayCombination, ...]] = {}


def plays_at(count: int, wilds: tuple[int, ...]) -> tuple[PlayCombination, ...]:
    """The shared PlayCombination(start, count, wilds) for every start position, by start."""
    key = (count, wilds)
    row = _PLAYS.get(key)
    if row is None:
        row = _PLAYS[key] = tuple(PlayCombination(start, count, wilds) for start in range(MOST_POSITIONS))
    return row
