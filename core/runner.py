"""Playing one game between bots: each bot sees only its view and the legal actions.

A bot that raises, answers with an action that is not legal, or (with a move timeout) takes too
long forfeits the game; the host goes on. The result is a `GameRecord` that replays exactly.
"""

from __future__ import annotations

import threading
from typing import Callable, Sequence

from .actions import Action
from .bots import Bot
from .errors import MeepleError
from .game import Game
from .records import Forfeit, GameRecord, make_record
from .state import State

Observer = Callable[[State, int, Action], None]


class _Timeout(Exception):
    pass


def _ask(bot: Bot, state: State, seat: int, timeout: float | None) -> Action:
    view, legal = state.view(seat), state.legal_actions()
    if timeout is None:
        return bot.act(view, legal)
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["action"] = bot.act(view, legal)
        except BaseException as exc:  # reported to the host below
            box["error"] = exc

    worker = threading.Thread(target=run, name=f"meeple-bot-seat-{seat}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise _Timeout(f"no answer within {timeout:g} s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["action"]  # type: ignore[return-value]


def play_game(game: Game, bots: Sequence[Bot], seed: int, seat_names: Sequence[str],
              plugin_version: str = "0", move_timeout: float | None = None,
              observer: Observer | None = None) -> tuple[GameRecord, State]:
    """Play from `seed` with `bots[seat]` deciding for each seat; returns the record and final state."""
    if len(bots) != game.players:
        raise MeepleError(f"{game.spec.id} with {game.players} players needs {game.players} bots, got {len(bots)}")
    state = game.new_state(seed)
    actions: list[Action] = []
    limit = game.max_length()
    forfeit: Forfeit | None = None
    while not state.is_terminal:
        if len(actions) >= limit:
            raise MeepleError(f"{game.spec.id} exceeded its declared maximum length of {limit} decisions")
        seat = state.current_player
        assert seat is not None
        try:
            action = _ask(bots[seat], state, seat, move_timeout)
        except _Timeout as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} timed out: {exc}")
            break
        except Exception as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} raised {type(exc).__name__}: {exc}")
            break
        if not state.is_legal(action):
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} chose an illegal action: {action!r}")
            break
        state.apply(action)
        actions.append(action)
        if observer is not None:
            observer(state, seat, action)
    record = make_record(state, seed, actions, tuple(seat_names), plugin_version, forfeit)
    return record, state
