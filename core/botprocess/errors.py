"""The one error a bot running in its own process gives its host."""

from __future__ import annotations

from ..errors import BotError


class BotProcessError(BotError):
    """A bot process that failed its seat: it crashed, timed out starting, broke the protocol,
    answered garbage or gave up. The message reads after the bot's name: "bot X crashed ..."."""
