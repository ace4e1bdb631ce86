"""A game's metadata, declared up front as data (in the manner of OpenSpiel's GameType)."""

from __future__ import annotations

import enum
from typing import Callable

from attrs import frozen

from .options import Option, Options


class Information(str, enum.Enum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@frozen
class GameSpec:
    """What a game is: identity, seats, kind of information, options and a length bound.

    `max_length(options, players)` is an upper bound on the number of decisions in one game;
    the conformance kit holds the game to it.
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

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    @property
    def perfect_information(self) -> bool:
        return self.information is Information.PERFECT
