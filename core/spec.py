"""A game's metadata, declared up front as data (in the manner of OpenSpiel's GameType)."""

from __future__ import annotations

import enum
from typing import Callable, Union

from attrs import frozen

from .options import Option, Options


class Information(str, enum.Enum):
    """Whether every seat sees the whole state, or some of it is hidden (OpenSpiel's `information`)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Dynamics(str, enum.Enum):
    """Whether some decision is owed by several seats at once (OpenSpiel's `dynamics`)."""

    SEQUENTIAL = "sequential"  # every decision is owed by one seat
    SIMULTANEOUS = "simultaneous"  # some decisions are `Simultaneous` (the kit checks both ways)


class Utility(str, enum.Enum):
    """What a game's result is worth to its seats (OpenSpiel's `GameType.utility`).

    `WIN_LOSS` (the default): the objective is to be among the winners; scores are the game's
    own standing (points, tricks) and break ties in rankings. The others are *points* games: the
    objective is the score itself — search maximises it, tables rank by mean score:
    `ZERO_SUM` (the seats' scores always sum to 0: chips won from each other), `CONSTANT_SUM`
    (they always sum to the same number) and `GENERAL_SUM` (any sum).
    """

    WIN_LOSS = "win_loss"
    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"


ScoreBounds = Union[tuple[float, float], Callable[[Options, int], tuple[float, float]]]
"""`(lowest, highest)` final score any seat can get (OpenSpiel's min/max utility), or a function
of `(options, players)` giving it."""


@frozen
class GameSpec:
    """What a game is: identity, seats, kind of information, options and a length bound.

    `max_length(options, players)` is an upper bound on the number of decisions in one game
    (each seat's choice in a simultaneous decision counts as one); the conformance kit holds
    the game to it, and to its declared `dynamics`.

    `utility` says what a result is worth (`Utility`; default win/loss). A points game must
    declare `score_bounds`, the lowest and highest final score a seat can get: search bots
    normalise rewards by them, and the conformance kit holds every final score to them (and to
    the declared sum).
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
    utility: Utility = Utility.WIN_LOSS
    score_bounds: ScoreBounds | None = None

    def __attrs_post_init__(self) -> None:
        if self.utility is not Utility.WIN_LOSS and self.score_bounds is None:
            raise ValueError(f"{self.id}: a {self.utility.value} game must declare score_bounds "
                             f"(the lowest and highest final score of a seat)")

    def option(self, name: str) -> Option:
        """The declared option `name` (KeyError when the game declares none)."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    @property
    def simultaneous(self) -> bool:
        """Whether `dynamics` is `Dynamics.SIMULTANEOUS`."""
        return self.dynamics is Dynamics.SIMULTANEOUS

    @property
    def points(self) -> bool:
        """Whether the score is the objective (any utility but win/loss)."""
        return self.utility is not Utility.WIN_LOSS

    def bounds(self, options: Options, players: int) -> tuple[float, float] | None:
        """The declared `(lowest, highest)` final score of a seat for these options, or None."""
        bounds = self.score_bounds
        if bounds is None:
            return None
        low, high = bounds(options, players) if callable(bounds) else bounds
        return float(low), float(high)

    @property
    def perfect_information(self) -> bool:
        """Whether `information` is `Information.PERFECT`."""
        return self.information is Information.PERFECT
