"""`meeple replay --step`: walk through a recorded game, forwards and back, as one seat saw it
or as the omniscient observer sees it.

Every position of the game is rebuilt once from the record (seed and actions), so stepping back
is as cheap as stepping forward. Each step shows the chosen viewer's view and the narration of
the move that led to it, as that viewer saw the move.

A simultaneous decision replays choice by choice, in seat order. A seat saw the others' choices
only once all were in: stepping through it, the seat hears its own choice, only "seat N chose in
secret" for another's, and every choice at the position where the decision resolves.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import MeepleError
from ..records import GameRecord, replay_steps
from ..registry import Registry
from ..state import State
from .screen import Screen, with_seats_out

HELP = """\
Commands:
  Enter, n      the next move
  b, p          back one move
  NUMBER        the position after that many moves (0: before the first move)
  start, end    the first or the last position
  seat N        the game as seat N saw it
  seat all      everything (the omniscient view)
  help          this help
  quit          leave (Ctrl-C and the end of input too)"""


def positions(registry: Registry, record: GameRecord) -> list[State]:
    """Every state of a recorded game: before the first action, then after each one."""
    game = registry.create(record.game, record.players, record.option_dict)
    return [state.clone() for state in replay_steps(game, record.seed, record.actions)]


def parse_seat(text: str, players: int) -> int | None:
    """A viewer as typed: a seat number, or `all`/`omniscient` for everything (None)."""
    lowered = text.strip().lower()
    if lowered in ("all", "omniscient"):
        return None
    if not lowered.isdigit() or not 0 <= int(lowered) < players:
        raise MeepleError(f"a seat is a number from 0 to {players - 1}, or `all` for the omniscient view; got {text!r}")
    return int(lowered)


class Stepper:
    """The interactive walk through one record."""

    def __init__(self, registry: Registry, record: GameRecord, states: Sequence[State], screen: Screen,
                 seat: int | None) -> None:
        self.record = record
        self.states = states
        self.screen = screen
        self.seat = seat
        self.narrator = registry.narrator(record.game)
        self.render = registry.renderer(record.game)
        self.title = registry.game(record.game).spec.title
        self.position = 0

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def run(self) -> int:
        """Step until the person quits; returns the exit status."""
        self.screen.say(f"{self.title} · seed {self.record.seed} · {self.last} moves · seats: "
                        + ", ".join(f"seat {s}: {name}" for s, name in enumerate(self.record.seats)))
        self.screen.say("Enter: next move, b: back, `help` for more")
        self._show()
        while True:
            try:
                text = self.screen.ask(f"move {self.position}/{self.last} [Enter, b, help]> ")
            except (EOFError, KeyboardInterrupt):
                self.screen.say("")
                return 0
            try:
                if not self._command(text.strip().lower()):
                    return 0
            except MeepleError as exc:
                self.screen.error(str(exc))

    def _command(self, text: str) -> bool:
        """Carry out one command; False to leave."""
        word, _, rest = text.partition(" ")
        if word in ("", "n", "next"):
            if self.position == self.last:
                raise MeepleError("this is the end of the game: `b` steps back, `quit` leaves")
            self._go(self.position + 1)
        elif word in ("b", "p", "back", "prev"):
            if self.position == 0:
                raise MeepleError("this is the start of the game: Enter steps forward")
            self._go(self.position - 1)
        elif word.isdigit():
            if int(word) > self.last:
                raise MeepleError(f"the game has {self.last} moves: choose 0 to {self.last}")
            self._go(int(word))
        elif word == "start":
            self._go(0)
        elif word == "end":
            self._go(self.last)
        elif word == "seat":
            self.seat = parse_seat(rest, self.record.players)
            self._show()
        elif word in ("help", "?"):
            self.screen.say(HELP)
        elif word in ("q", "quit", "exit"):
            return False
        else:
            raise MeepleError(f"{text!r} is not a command here: `help` lists them")
        return True

    def _go(self, position: int) -> None:
        self.position = position
        self._show()

    def _show(self) -> None:
        k, seat = self.position, self.seat
        view = self.states[k].view(seat)
        if k > 0:
            for line in self._narration(k, seat):
                self.screen.narrate(line)
        who = "omniscient view" if seat is None else f"seat {seat}'s view"
        where = "before the first move" if k == 0 else f"after move {k} of {self.last}"
        self.screen.show(f"{self.title} · {where} · {who}",
                         with_seats_out(self.render(view), [f"seat {out}" for out in view.eliminated]))
        if k == self.last:
            self._result()

    def _narration(self, k: int, seat: int | None) -> list[str]:
        """What `seat` heard of move `k` (see the module docstring)."""
        states, actions = self.states, self.record.actions

        def told(j: int) -> str:  # move j + 1, as `seat` sees it
            previous = states[j]
            actor = previous.view(previous.current_player)
            return self.narrator.narrate_move(previous.view(seat), actions[j], states[j + 1].view(seat), actor)

        previous = states[k - 1]
        if seat is None or not previous.decision.simultaneous or previous.current_player == seat and states[k].chosen:
            return [told(k - 1)]
        if states[k].chosen:  # another seat's choice, still a secret from `seat`
            return [f"seat {previous.current_player} chose in secret"]
        start = k - 1  # the decision resolves here: every choice, from the position before the first
        while states[start].chosen:
            start -= 1
        return [told(j) for j in range(start, k)]

    def _result(self) -> None:
        record = self.record
        scores = ", ".join(f"seat {s} {score:g}" for s, score in enumerate(record.scores))
        winners = ", ".join(f"seat {w}" for w in record.winners) or "nobody"
        forfeit = f" (seat {record.forfeit.seat} forfeited: {record.forfeit.reason})" if record.forfeit else ""
        self.screen.say(f"End of the record: winners {winners}{forfeit}; scores {scores}.", style="bold")
