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

from ..bots import view_for
from ..errors import IllegalAction, MeepleError
from ..records import Forfeit
from ..seeds import fresh_secret
from ..session import Session
from .bots import BotFailed, HostInterrupts, ask
from .narration import seat_view, tell
from .results import result_of

if TYPE_CHECKING:
    from ..actions import Action
    from ..bots import Bot
    from ..registry import Registry
    from ..state import State
    from ..view import View

Told = dict[Hashable, list[str]]


class Table:
    """One game between people and bots, asked and told the same way by every host."""

    def __init__(self, registry: "Registry", session: Session, move_timeout: float | None = 60.0,
                 view: Callable[["State", Any], "View"] = seat_view,
                 interrupts: HostInterrupts | None = None) -> None:
        """`interrupts`: the host's watch for a real Ctrl-C while a bot thinks (terminal play)."""
        self.registry = registry
        self.session = session
        self.narrator = registry.narrator(session.game.spec.id)
        self.move_timeout = move_timeout
        self.view_of = view
        self.interrupts = interrupts
        self.bots = {seat: self.make_bot(seat)
                     for seat in range(session.game.players) if not session.is_human(seat)}
        self.forfeit: Forfeit | None = None

    @classmethod
    def start(cls, registry: "Registry", game_id: str, seats: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None, move_timeout: float | None = 60.0) -> "Table":
        """A new game: one seat per entry of `seats` (`human` or a bot spec), a fresh secret
        seed unless one is given."""
        session = Session.start(registry, game_id, seats, fresh_secret() if seed is None else seed, options)
        return cls(registry, session, move_timeout)

    def make_bot(self, seat: int, spec: str | None = None) -> "Bot":
        """The bot for `seat` (or the bot `spec` for that seat, for hints); a factory that raises
        is one clear line (MeepleError)."""
        name = spec if spec is not None else self.session.seats[seat]
        try:
            return self.session.make_bot(self.registry, seat, spec)
        except MeepleError:
            raise
        except Exception as exc:
            raise MeepleError(f"the bot {name} for seat {seat} could not be built: "
                              f"{type(exc).__name__}: {exc}") from None

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

    def bot_owing(self) -> int | None:
        """The bot seat to ask now, if any: of a simultaneous decision, the bots come first (so
        no bot ever chooses after a person, from a view that might hold a person's choice)."""
        if self.over:
            return None
        return next((seat for seat in self.state.owing() if seat in self.bots), None)

    def play_bot(self, viewers: Iterable[Hashable]) -> Told:
        """One move of the bot that owes one (`bot_owing`): the lines each of `viewers` is told.
        BotFailed, named ``seat N (spec)``, if it gives no legal move in time: the host decides
        what a failure means (a forfeit in `play_bots`; terminal play saves the game and stops)."""
        seat = self.bot_owing()
        if seat is None:
            raise IllegalAction("no bot has a decision to make now")
        bot = self.bots[seat]
        action = ask(bot, view_for(bot, self.state, seat), self.state.legal_actions(seat), seat, self.move_timeout,
                     f"seat {seat} ({self.session.seats[seat]})", self.interrupts)
        return self._apply(seat, action, list(viewers))

    def play_bots(self, viewers: Iterable[Hashable]) -> Told:
        """Let the bots play until a person owes a decision or the game is over; the lines each
        of `viewers` is told, in order. A bot that fails forfeits the game."""
        viewers = list(viewers)
        told: Told = {viewer: [] for viewer in viewers}
        while (seat := self.bot_owing()) is not None:
            try:
                lines = self.play_bot(viewers)
            except BotFailed as exc:
                reason = f"bot {self.session.seats[seat]} {exc.reason}"
                self.forfeit = Forfeit(seat, reason)
                for viewer in viewers:
                    told[viewer].append(f"seat {seat} forfeits: {reason}")
                break
            for viewer, more in lines.items():
                told[viewer] += more
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
