"""Base classes for a game's actions and for the decision frames that say who must act next."""

from __future__ import annotations

from typing import ClassVar, Sequence

import attrs
from attrs import frozen


@frozen
class Action:
    """Base of a game's actions: frozen attrs classes, hashable, with a stable `tag`.

    The tag (not the class name) identifies the action in JSON, so classes can be renamed freely.
    Tags need only be unique within one game.
    """

    tag: ClassVar[str] = ""

    def describe(self) -> str:
        """A short human-readable form; games override for nicer wording."""
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in attrs.fields(type(self))]
        return f"{self.tag}({', '.join(parts)})" if parts else self.tag


@frozen
class Decision:
    """A pending decision: which `player` must act and what kind of choice it is.

    A state holds a stack of these (the top one is owed now), so a victim's reply, a card-by-card
    draw or an opponent's reaction is a decision like any other. Frames are public: keep secrets
    in zones, never in a frame.
    """

    tag: ClassVar[str] = ""
    player: int

    def describe(self) -> str:
        return self.tag.replace("_", " ")


class PendingDecisions:
    """Read-only access to a stack of pending decisions, shared by states and views."""

    __slots__ = ()
    pending: Sequence[Decision]

    @property
    def decision(self) -> Decision | None:
        """The decision owed now (None when the game is over)."""
        return self.pending[-1] if self.pending else None

    @property
    def current_player(self) -> int | None:
        """The seat that owes the pending decision, whoever it is (None when the game is over)."""
        return self.pending[-1].player if self.pending else None

    @property
    def is_terminal(self) -> bool:
        return not self.pending
