"""A mailbox host: people named in messages play one game against bots, as a chat bot would.

Each message in is (name, text): a move in the game's notation, the number of a listed move, or
`look`. Each message out is (name, text), private to that person: their own view, their moves
when they owe one, and what happened as they saw it. Everything else — bots, their time limits
and failures, simultaneous choices kept secret, narration per person, the result, the record —
is the host layer's (`meeple.hosting.Table`). Run it at a terminal as one person:

    python docs/examples/hosts/mailbox_host.py nim ann random
"""

from __future__ import annotations

import sys
from typing import Iterable, Iterator

from meeple import Registry
from meeple.errors import IllegalAction
from meeple.hosting import Table
from meeple.narration import NotationError, read_move

Message = tuple[str, str]


class MailboxHost:
    """One game; `seats` lists a person's name or a bot spec per seat."""

    def __init__(self, registry: Registry, game_id: str, seats: list[str], seed: int | None = None) -> None:
        bots = set(registry.bots_for(game_id))
        bot_names = {info.name for info in bots}
        self.people = {name: seat for seat, name in enumerate(seats) if name.split(":")[0] not in bot_names}
        labels = ["human" if seat in self.people.values() else name for seat, name in enumerate(seats)]
        self.table = Table.start(registry, game_id, labels, seed=seed, move_timeout=10.0)
        self.render = registry.renderer(game_id)
        self.game_cls = type(self.table.session.game)

    def start(self) -> list[Message]:
        """The first messages: the bots that decide first play, then each person is shown the game."""
        return self._after(self.table.play_bots(self.people.values()))

    def receive(self, name: str, text: str) -> list[Message]:
        """What one message from `name` leads to: a move, or a refusal that changes nothing."""
        seat = self.people.get(name)
        if seat is None:
            return [(name, "you have no seat at this table")]
        if text.strip().lower() == "look" or self.table.over:
            return [(name, self._show(seat))]
        legal = self.table.legal(seat)
        if not legal:
            return [(name, "not your turn: wait for the others")]
        try:
            action = read_move(self.table.narrator, self.game_cls, self.table.view(seat), legal, text)
            told = self.table.play(seat, action, self.people.values())
        except (NotationError, IllegalAction) as exc:
            return [(name, f"refused: {exc}")]
        for viewer, lines in self.table.play_bots(self.people.values()).items():
            told[viewer] += lines
        return self._after(told)

    def _after(self, told: dict) -> list[Message]:
        """Each person's news, then their view (with their moves if they owe one)."""
        out = []
        for name, seat in self.people.items():
            news = "\n".join(told.get(seat, []))
            out.append((name, (news + "\n" if news else "") + self._show(seat)))
        if self.table.over:
            self.table.close()
        return out

    def _show(self, seat: int) -> str:
        view = self.table.view(seat)
        text = self.render(view)
        if self.table.over:
            result = self.table.result()
            return f"{text}\ngame over: winners {result['winners']}" + (
                f" ({result['forfeit']['reason']})" if "forfeit" in result else "")
        moves = self.table.legal(seat)
        if not moves:
            return f"{text}\nwaiting for the others"
        listed = "\n".join(f"  {n}. {self.table.narrator.describe(view, a)}" for n, a in enumerate(moves, 1))
        return f"{text}\nyour move (a number, or the move itself):\n{listed}"


def run(host: MailboxHost, inbox: Iterable[Message]) -> Iterator[Message]:
    """Every message out, for every message in, until the game is over or the inbox is empty."""
    yield from host.start()
    for name, text in inbox:
        if host.table.over:
            return
        yield from host.receive(name, text)


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print("usage: mailbox_host.py GAME SEAT SEAT... (a name for a person, a bot spec for a bot)")
        return 2
    host = MailboxHost(Registry.load(), argv[0], argv[1:])
    person = next(iter(host.people))
    inbox = ((person, line) for line in sys.stdin)
    for name, text in run(host, inbox):
        print(f"@{name}:\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
