"""A game at a table: the one object a front end needs to host a game between people and bots.

A `Table` holds a `Session` (the game, its seed, its seats, the actions so far: saves and
records come from it) and the bots of its bot seats. A front end asks it who must decide
(`people_owing`), shows each person their `view` and `legal` moves, hands it their choices
(`play`), lets the bots play (`play_bots`), and passes on what each viewer is told — the lines
`play` and `play_bots` return, per viewer, secrets kept. A bot that fails forfeits the game
(`forfeit`, with its reason); `result` and `record` say how it ended. `close` lets the bots go.

Viewers are whatever the front end tells the table about: seats (ints), and anything else it
can show a view to, given a `view` function (the server's spectators see `state.view(players)`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Mapping, Sequence

from ..errors import IllegalAction
from ..records import Forfeit
from ..seeds import fresh_secret
from ..session import Session
from .bots import BotFailed, ask
from .narration import seat_view, tell
from .results import result_of

if TYPE_CHECKING:
    from ..actions import Action
    from ..registry import Registry
    from ..state import State
    from ..view import View

Told = dict[Hashable, list[str]]


class Table:
    """One game between people and bots, asked and told the same way by every host."""

    def __init__(self, registry: "Registry", session: Session, move_timeout: float | None = 60.0,
                 view: Callable[["State", Any], "View"] = seat_view) -> None:
        self.session = session
        self.narrator = registry.narrator(session.game.spec.id)
        self.move_timeout = move_timeout
        self.view_of = view
        self.bots = {seat: session.make_bot(registry, seat)
                     for seat in range(session.game.players) if not session.is_human(seat)}
        self.forfeit: Forfeit | None = None

    @classmethod
    def start(cls, registry: "Registry", game_id: str, seats: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None, move_timeout: float | None = 60.0) -> "Table":
        """A new game: one seat per entry of `seats` (`human` or a bot spec), a fresh secret
        seed unless one is given."""
        session = Session.start(registry, game_id, seats, fresh_secret() if seed is None else seed, options)
        return cls(registry, session, move_timeout)

    # -- what the front end shows -----------------------------------------------------------------

    @property
    def state(self) -> "State":
        return self.session.state

    @property
    def over(self) -> bool:
        return self.state.is_terminal or self.forfeit is not None

    def people_owing(self) -> tuple[int, ...]:
        """The people's seats that owe a decision now (several in a simultaneous decision)."""
        return () if self.over else tuple(s for s in self.state.owing() if self.session.is_human(s))

    def view(self, viewer: Any) -> "View":
        return self.view_of(self.state, viewer)

    def legal(self, seat: int) -> Sequence["Action"]:
        return self.state.legal_actions(seat) if seat in self.people_owing() else ()

    def result(self) -> dict[str, Any] | None:
        return result_of(self.state, self.forfeit)

    # -- moves ------------------------------------------------------------------------------------

    def play(self, seat: int, action: "Action", viewers: Iterable[Hashable]) -> Told:
        """A person's move: IllegalAction (nothing changes) unless `seat` owes it; else the lines
        each of `viewers` is told of it."""
        if seat not in self.people_owing():
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        return self._apply(seat, action, list(viewers))

    def play_bots(self, viewers: Iterable[Hashable]) -> Told:
        """Let the bots play until a person owes a decision or the game is over; the lines each
        of `viewers` is told, in order. A bot that fails forfeits the game."""
        viewers = list(viewers)
        told: Told = {viewer: [] for viewer in viewers}
        while not self.over:
            bots = [seat for seat in self.state.owing() if seat in self.bots]
            if not bots:
                break
            seat = bots[0]
            try:
                action = ask(self.bots[seat], self.state.view(seat), self.state.legal_actions(seat), seat,
                             self.move_timeout, f"bot {self.session.seats[seat]}")
            except BotFailed as exc:
                self.forfeit = Forfeit(seat, str(exc))
                for viewer in viewers:
                    told[viewer].append(f"seat {seat} forfeits: {exc}")
                break
            for viewer, lines in self._apply(seat, action, viewers).items():
                told[viewer] += lines
        return told

    def _apply(self, seat: int, action: "Action", viewers: list[Hashable]) -> Told:
        before = self.state
        return self.session.attempt(action, seat, lambda after: tell(self.narrator, before, after, seat, action,
                                                                     viewers, self.view_of))

    # -- the end ----------------------------------------------------------------------------------

    def record(self):
        """The game's record (`meeple replay` reads it), with the forfeit if a bot failed."""
        return self.session.record(self.forfeit)

    def close(self) -> None:
        """Let the bots go (a bot in its own process is told the result and reaped)."""
        for bot in self.bots.values():
            finish = getattr(bot, "finish", None)
            if finish is not None:
                finish(self.result())


__all__ = ["Table"]
