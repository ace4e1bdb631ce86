"""Go Fish's one kind of action: asking another seat for a rank."""

from __future__ import annotations

from attrs import frozen

from meeple import Action

from .cards import rank_name


@frozen
class Ask(Action):
    """Ask seat `seat` for every card of `rank` (0 is the 2, 12 the ace)."""

    seat: int
    rank: int

    def describe(self) -> str:
        return f"ask seat {self.seat} for {rank_name(self.rank)}"
