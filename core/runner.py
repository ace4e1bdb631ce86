"""Playing one game between bots: each bot sees only its view and the legal actions.

A bot that raises, answers with an action that is not legal, or (with a move timeout) takes too
long forfeits the game; the host goes on. The result is a `GameRecord` that replays exactly.

Bots are asked the one way every host asks them (`meeple.hosting.ask`): within the move time
(interrupted on the main thread, where the tournament workers play), and whatever ends a bot's
turn badly — an exception, ``sys.exit``, a KeyboardInterrupt it raises itself, a dead process —
is a forfeit with its reason ("bot X timed out: ..."), never the host's end. Only a real Ctrl-C
stops the run. The tournament runner's worker processes add the last resort, killing a worker
whose bot does not return even when interrupted (a C extension that never checks for signals).

Every owing seat is asked, with its own view: a simultaneous decision asks each seat that owes a
choice in turn (ascending), and no view holds another seat's pending choice, so the order is
invisible to the bots. The record gets what `State.apply` returns (a simultaneous decision's
choices once all are in, in seat order); a bot that fails in the middle of one forfeits, naming
its seat, and the choices already made are withdrawn, so the record replays to the final state.
"""

from __future__ import annotations

import time
from operator import indexOf
from typing import Callable, Protocol, Sequence

from .actions import Action
from .bots import Bot, view_for
from .errors import MeepleError
from .game import Game
from .hosting.bots import BotFailed, HostInterrupts, ask
from .records import Forfeit, GameRecord, make_record
from .state import State

Observer = Callable[[State, int, Action], None]


class MoveMonitor(Protocol):
    """Watches a game from outside the bots (a tournament worker reports to its supervisor)."""

    def thinking(self, seat: int, deadline: float | None) -> None:
        """`seat`'s bot is about to act; `deadline` is the `time.monotonic()` it must answer by."""

    def answered(self) -> None:
        """The bot returned (or raised, or was interrupted): no deadline runs any more."""

    def played(self, index: int) -> None:
        """The bot answered with the legal action at `index` of `state.legal_actions()`."""


def play_game(game: Game, bots: Sequence[Bot], seed: int, seat_names: Sequence[str],
              plugin_version: str = "0", move_timeout: float | None = None,
              observer: Observer | None = None,
              monitor: MoveMonitor | None = None) -> tuple[GameRecord, State]:
    """Play from `seed` with `bots[seat]` deciding for each seat; returns the record and final state."""
    if len(bots) != game.players:
        raise MeepleError(f"{game.spec.id} with {game.players} players needs {game.players} bots, got {len(bots)}")
    state = game.new_state(seed)
    actions: list[Action] = []
    limit = game.max_length()
    with HostInterrupts().watching() as interrupts:
        forfeit = _play(game, bots, state, actions, limit, seat_names, move_timeout, observer, monitor,
                        interrupts)
    record = make_record(state, seed, actions, tuple(seat_names), plugin_version, forfeit)
    return record, state


def _play(game: Game, bots: Sequence[Bot], state: State, actions: list[Action], limit: int,
          seat_names: Sequence[str], move_timeout: float | None, observer: Observer | None,
          monitor: MoveMonitor | None, interrupts: HostInterrupts) -> Forfeit | None:
    """The game loop: play until the end or a forfeit (returned), appending to `actions`."""
    forfeit: Forfeit | None = None
    while not state.is_terminal:
        if state.moves >= limit:  # each seat's choice of a simultaneous decision counts as one
            raise MeepleError(f"{game.spec.id} exceeded its declared maximum length of {limit} decisions")
        seat = state.current_player  # the lowest seat that owes a choice
        assert seat is not None
        if seat in state.eliminated():
            raise MeepleError(f"{game.spec.id} asked seat {seat} for a decision after it was eliminated")
        legal = state.legal_actions(seat)
        if monitor is not None:
            monitor.thinking(seat, None if move_timeout is None else time.monotonic() + move_timeout)
        try:
            action = ask(bots[seat], view_for(bots[seat], state, seat), legal, seat, move_timeout,
                         f"bot {seat_names[seat]}", interrupts)
        except BotFailed as exc:
            forfeit = Forfeit(seat, str(exc))
            break
        finally:
            if monitor is not None:
                monitor.answered()
        if monitor is not None:
            monitor.played(indexOf(legal, action))
        actions.extend(state.apply(action, seat))
        if observer is not None:
            observer(state, seat, action)
    if forfeit is not None:
        state.withdraw_choices()  # a simultaneous decision cut short: its choices are in no record
    return forfeit
