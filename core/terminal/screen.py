"""The terminal: rich output and line input, behind one small class the front ends share.

Everything a game or a person supplies is printed as plain text (never as rich markup), so a card
called `[red]` cannot restyle the screen. Input comes from a `read(prompt)` callable: the real
prompt by default, a script in tests.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

Reader = Callable[[str], str]

#: At most this many numbered actions are listed unasked; `list` shows the rest.
LIST_LIMIT = 40

#: Clear the screen, move home, and clear the scroll-back too (a previous hand must not be
#: found by scrolling up in hotseat play).
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def with_seats_out(body: str, out: Sequence[str]) -> str:
    """A rendered view with the seats out of the game (`View.eliminated`, named as the screen
    names them, in the order they went out) on a last line of its own."""
    return f"{body}\nout of the game: {', '.join(out)}" if out else body


class Screen:
    """Output through a rich `Console`, input through `read`; both replaceable for tests."""

    def __init__(self, console: Console | None = None, read: Reader | None = None) -> None:
        self.console = console or Console(highlight=False)
        self._read = read or self._prompt

    def _prompt(self, prompt: str) -> str:
        self.console.print(Text(prompt, style="bold"), end="")
        return input()

    def ask(self, prompt: str) -> str:
        """A line typed by the person; EOFError at end of input, KeyboardInterrupt on Ctrl-C."""
        return self._read(prompt)

    def show(self, title: str, body: str) -> None:
        """A rendered view in a frame."""
        self.console.print(Panel(Text(body), title=Text(title), title_align="left", expand=False))

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def narrate(self, line: str) -> None:
        self.console.print(Text("• " + line, style="cyan"))

    def error(self, text: str) -> None:
        self.console.print(Text("✗ " + text, style="bold red"))

    def clear(self) -> None:
        """Wipe the screen and its scroll-back; a rule stands in for it off a terminal."""
        if self.console.is_terminal:
            self.console.file.write(_CLEAR)
            self.console.file.flush()
        else:
            self.console.rule()

    def actions(self, entries: Sequence[tuple[int, str, str]]) -> None:
        """Numbered actions: (number, description, notation); the notation in brackets when it
        says something the description does not.
        """
        cells = []
        for number, description, notation in entries:
            cell = Text(f"{number:>3}. ", style="bold")
            cell.append(description)
            if notation and notation.lower() != description.lower():
                cell.append(f"  [{notation}]", style="dim")
            cells.append(cell)
        self.console.print(Columns(cells, padding=(0, 3), column_first=True))

