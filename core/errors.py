"""Exceptions raised by meeple: each names what was wrong so a host can print it as one line."""

from __future__ import annotations


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose (user or plugin mistakes, not bugs)."""


class IllegalAction(MeepleError):
    """An action that the rules do not allow in this state; the state is left unchanged."""


class OptionError(MeepleError):
    """An unknown option key, a bad option value, or an unsupported player count."""


class UnknownName(MeepleError):
    """A game, bot or plugin name that no installed plugin registered."""


class RegistrationError(MeepleError):
    """A plugin registered something twice or registered something malformed."""


class SerializationError(MeepleError):
    """JSON that does not describe a valid action, view, state or record."""


class RecordError(MeepleError):
    """A game record that is corrupt, or that does not replay to the result it claims."""


class BotError(MeepleError):
    """A bot that raised, answered with an illegal action, or was misconfigured."""


class SaveError(MeepleError):
    """A save file that cannot be read, is corrupt, or does not replay to the state it holds."""
