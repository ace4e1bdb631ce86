"""What a search bot may borrow from the host besides the rules: rollout policies and horizons.

A bot factory receives only the game, its seat and its parameters. A search bot (ISMCTS) also
wants what the registry knows about the game: the game's own `greedy` bot to play its rollouts,
and the game's rollout horizon (``Game.rollout_horizon``, or one registered for it by hook: where
a rollout may stop early, and what each seat's position is worth there). The registry gathers
both into a `SearchAids` and hands it to the factories of bots registered with
`BotInfo(..., search_aids=True)`, as the keyword argument ``aids``; no other bot sees it, and a
search bot built without a registry simply gets none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from attrs import frozen

from .errors import UnknownName

if TYPE_CHECKING:
    from .bots import BotInfo
    from .state import State

RolloutHorizon = Callable[["State", "State"], "Sequence[float] | None"]
"""``horizon(root, state)``: each seat's value if `state` lies at or past the game's horizon as
seen from `root` (the state the search started from), else None to keep rolling out.

A value is the seat's expected share of the win, in [0, 1], on the scale of a finished game
(1 shared by the winners, 0 for the others), so the values usually sum to 1. The search calls it
after every rollout step, so the "not yet" answer must be cheap (compare a round counter).
"""


@frozen
class SearchAids:
    """What the host knows about one game beyond its rules, lent to search bots.

    `bots` maps the name of every bot that plays the game (a game-specific bot shadowing a generic
    one of the same name, as on the command line) to its `BotInfo`, so a search bot can build,
    say, the game's `greedy` bot as a rollout policy. `horizon` is the game's rollout horizon, or
    None when the game declares none (rollouts then run to the end of the game).
    """

    game_id: str
    bots: Mapping[str, "BotInfo"]
    horizon: RolloutHorizon | None = None

    def bot(self, name: str) -> "BotInfo":
        """The registered bot `name` for this game; UnknownName lists the ones there are."""
        try:
            return self.bots[name]
        except KeyError:
            known = ", ".join(sorted(self.bots)) or "none"
            raise UnknownName(f"no bot {name!r} plays {self.game_id}; bots that do: {known}") from None
