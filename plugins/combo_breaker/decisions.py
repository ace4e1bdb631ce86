"""Decision frames: who owes which kind of choice (the top of `state.pending`)."""

from __future__ import annotations

from attrs import frozen

from meeple import Decision


@frozen
class Lead(Decision):
    """Lead the trick: any combination, a Stop or a Draw card; no reserve card (rule 5)."""

    tag = "lead"

    def describe(self) -> str:
        return "lead the trick"


@frozen
class Follow(Decision):
    """Act once in the trick: beat the best combination, play a Stop or a Draw card, or take a
    reserve card (rule 5a–d)."""

    tag = "follow"

    def describe(self) -> str:
        return "beat the trick, play a Stop or Draw card, or take a reserve card"


@frozen
class PlaceDrawn(Decision):
    """Insert the card just drawn for Draw cards; `left` more are drawn after it (rule 7a)."""

    tag = "place_drawn"
    left: int

    def describe(self) -> str:
        more = f" ({self.left} more to draw)" if self.left else ""
        return f"insert a drawn card into the hand{more}"


DECISION_TYPES = (Lead, Follow, PlaceDrawn)
