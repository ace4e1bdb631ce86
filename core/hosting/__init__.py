"""The host layer: what every front end of meeple does, written once.

A front end (terminal play, `meeple serve`, `meeple server`, your chat bot) shows people their
views and takes their moves; everything else is here: asking a bot within its time and turning
any failure into one reason (`ask`, `BotFailed`), telling each viewer what happened as they saw
it, simultaneous choices secret until resolved (`tell`), and the result (`result_of`), all
gathered in a `Table`: a `meeple.session.Session` (seats, saves, records) with its bots. See
docs/hosts.md, "Write a host".
"""

from .bots import BotFailed, HostInterrupts, MoveTimeout, ask, ask_bot
from .narration import seat_view, tell
from .results import result_of
from .table import Table

__all__ = ["BotFailed", "HostInterrupts", "MoveTimeout", "Table", "ask", "ask_bot", "result_of", "seat_view", "tell"]
