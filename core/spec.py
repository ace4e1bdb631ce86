"""A game's metadata, declared up front as data (in the manner of OpenSpiel's GameType)."""

from __future__ import annotations

import enum
from typing import Callable

from attrs import frozen

from .options import Option, Options


class Information(str, enum.Enum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Dynamics(str, enum.Enum):
    """Whether some decision is owed by several seats at once (OpenSpiel's `dynamics`)."""

    SEQUENTIAL = "sequential"  # every decision is owed by one seat
    SIMULTANEOUS = "simultaneous"  # some decisions are `Simultaneous` (the kit checks both ways)


@frozen
class GameSpec:
    """What a game is: identity, seats, kind of information, options and a length bound.

    `max_length(options, players)` is an upper bound on the number of decisions in one game
    (each seat's choice in a simultaneous decision counts as one); the conformance kit holds
    the game to it, and to its declared `dynamics`.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    information: Information
    chance: bool
    options: tuple[Option, ...]
    max_length: Callable[[Options, int], int]
    summary: str = ""
    dynamics: Dynamics = Dynamics.SEQUENTIAL

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    @property
    def simultaneous(self) -> bool:
        return self.dynamics is Dynamics.SIMULTANEOUS

    @property
    def perfect_information(self) -> bool:
        return self.information is Information.PERFECT
