"""What a learner is paid at the end of a game: the game's declared utility, by default.

`Rewards.UTILITY` (the default of every adapter) follows `GameSpec.utility`: a points game
(zero-, constant- or general-sum: chips, points) pays each seat its final score, a win/loss game
pays +1 to each winner and -1 to each other seat (0 to all when every seat wins or none does).
`Rewards.SCORE` pays the final scores of any game (Hearts' 26 minus points, as OpenSpiel's
`hearts` returns them); `Rewards.WIN_LOSS` pays win/loss in any game. A seat eliminated before
the end (`State.eliminated`) usually knows its payoff when it goes out (`settled_reward`): the
adapters end its episode then. No NumPy here.
"""

from __future__ import annotations

import enum
from typing import Any

from ..errors import MeepleError
from ..game import Game
from ..spec import Utility


class Rewards(str, enum.Enum):
    """Which final payoff an adapter gives (see the module docstring)."""

    UTILITY = "utility"
    SCORE = "score"
    WIN_LOSS = "win_loss"

    @classmethod
    def of(cls, value: "Rewards | str") -> "Rewards":
        try:
            return cls(value)
        except ValueError:
            raise MeepleError(f"rewards must be one of {', '.join(r.value for r in cls)}, "
                              f"not {value!r}") from None

    def by_score(self, game: Game) -> bool:
        """Whether these rewards are the final scores in `game`."""
        return self is Rewards.SCORE or (self is Rewards.UTILITY and game.spec.points)


def win_loss(state: Any) -> list[float]:
    """+1 per winner, -1 per other seat; 0 for all when everyone or no one wins — except a seat
    eliminated from a game where elimination is a loss (`State.eliminated_can_win` False): -1."""
    winners = set(state.winners())
    players = state.game.players
    if not winners or len(winners) == players:
        lost = () if type(state).eliminated_can_win else state.eliminated()
        return [-1.0 if seat in lost else 0.0 for seat in range(players)]
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


def final_rewards(state: Any, rewards: Rewards) -> list[float]:
    """Each seat's payoff for the finished game `state`."""
    if rewards.by_score(state.game):
        return [float(s) for s in state.scores()]
    return win_loss(state)


def settled_reward(state: Any, seat: int, rewards: Rewards) -> float | None:
    """The final payoff of `seat`, eliminated in `state`, if going out settled it (what the game
    pays it at the end): its score, when paid by score (an eliminated seat's score no longer
    changes); -1 in win/loss, where elimination is a loss; None when the seat may still win
    (`State.eliminated_can_win`): its payoff comes at the end."""
    if rewards.by_score(state.game):
        return float(state.scores()[seat])
    return None if type(state).eliminated_can_win else -1.0


def utility_bounds(game: Game, rewards: Rewards,
                   score_bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """The lowest and highest payoff of a seat: the declared score bounds (or `score_bounds`,
    for a game that declares none) when paid by score, else (-1, 1)."""
    if not rewards.by_score(game):
        return -1.0, 1.0
    bounds = game.score_bounds() or score_bounds
    if bounds is None:
        raise MeepleError(f"{game.spec.id} declares no score_bounds: pass score_bounds=(low, high) "
                          f"to pay it by score here")
    return float(bounds[0]), float(bounds[1])


def utility_kind(game: Game, rewards: Rewards) -> Utility:
    """OpenSpiel's utility kind of these payoffs: the declared one when paid by score (general
    sum for a win/loss game paid by score), else zero-sum for two seats and general-sum beyond."""
    if rewards.by_score(game):
        return game.spec.utility if game.spec.points else Utility.GENERAL_SUM
    return Utility.ZERO_SUM if game.players == 2 else Utility.GENERAL_SUM
