"""Card-sequence zones: piles (draw, discard, removed) and hands (ordered or not, with known cards)."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from attrs import frozen

from ..rng import Rng
from .base import Card, Visibility, Zone


@frozen
class PileView:
    """What a player sees of a pile: its size, and its cards bottom to top if they may see them."""

    size: int
    cards: tuple[Any, ...] | None

    @property
    def top(self) -> Any:
        return self.cards[-1] if self.cards else None


class CardRow(Zone):
    """What piles and hands share: a list of cards, read by index, with fillable unknown slots."""

    __slots__ = ("_cards",)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __getitem__(self, index: int) -> Card:
        return self._cards[index]

    def cards(self) -> Iterator[Card]:
        return iter(self._cards)

    def set_slot(self, position: int, card: Card) -> None:
        """Put a card into a slot left unknown by `restore` (for samplers and leak tests)."""
        self._changed()
        self._cards[position] = card


class Pile(CardRow):
    """A stack of cards, top at the end: a draw pile (secret), a discard pile or a removed area."""

    __slots__ = ()
    kind = "pile"

    def __init__(self, cards: Iterable[Card] = (), visibility: Visibility = Visibility.PUBLIC,
                 owner: int | None = None) -> None:
        super().__init__(visibility, owner)
        self._cards = list(cards)

    def __repr__(self) -> str:
        return f"Pile({self._cards!r}, {self.visibility.value})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self._same_head(other) and other._cards == self._cards

    __hash__ = None  # type: ignore[assignment]

    @property
    def top(self) -> Card | None:
        return self._cards[-1] if self._cards else None

    def push(self, card: Card) -> None:
        self._changed()
        self._cards.append(card)

    def extend(self, cards: Iterable[Card]) -> None:
        self._changed()
        self._cards.extend(cards)

    def pop(self) -> Card:
        """Remove and return the top card (IndexError when empty)."""
        self._changed()
        return self._cards.pop()

    def draw(self, n: int) -> list[Card]:
        """Remove up to n cards from the top, first drawn first."""
        self._changed()
        drawn = self._cards[len(self._cards) - n:] if n else []
        del self._cards[len(self._cards) - len(drawn):]
        drawn.reverse()
        return drawn

    def shuffle(self, rng: Rng) -> None:
        self._changed()
        rng.shuffle(self._cards)

    def clear(self) -> list[Card]:
        self._changed()
        cards, self._cards = self._cards, []
        return cards

    def copy(self) -> "Pile":
        clone = Pile.__new__(Pile)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone._cards = self._cards[:]
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        return [] if self.visible_to(player) else list(range(len(self._cards)))

    def _make_view(self, visible: bool) -> PileView:
        return PileView(len(self._cards), tuple(self._cards) if visible else None)

    def restore(self, view: PileView) -> list[int]:
        """Fill from a view; returns the slots left unknown (set to None) for a sampler to fill."""
        self._changed()
        if view.cards is not None:
            self._cards = list(view.cards)
            return []
        self._cards = [None] * view.size
        return list(range(view.size))


    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "cards": list(self._cards)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Pile":
        return cls(data["cards"], Visibility(data["visibility"]), data["owner"])


@frozen
class HandView:
    """What a player sees of a hand.

    `cards` is None for a hand the viewer may not see. `known` lists the cards everyone knows are
    in it (taken in full view and not played since): `(position, card)` pairs for an ordered hand,
    sorted cards for an unordered one. An unordered hand shows its cards sorted, so nothing leaks
    through the order in which they arrived.
    """

    size: int
    ordered: bool
    cards: tuple[Any, ...] | None
    known: tuple[Any, ...]


class Hand(CardRow):
    """A player's hand: a list of cards, each flagged when everyone knows it is there.

    `ordered=True` means positions matter (insert at a position, play contiguous cards);
    `ordered=False` means the hand is a multiset and views sort it.
    """

    __slots__ = ("_known", "ordered")
    kind = "hand"

    def __init__(self, cards: Iterable[Card] = (), owner: int | None = None,
                 visibility: Visibility = Visibility.OWNER, ordered: bool = True,
                 known: Iterable[bool] | None = None) -> None:
        super().__init__(visibility, owner)
        self._cards = list(cards)
        self._known = list(known) if known is not None else [False] * len(self._cards)
        if len(self._known) != len(self._cards):
            raise ValueError("a hand needs one known flag per card")
        self.ordered = ordered

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __repr__(self) -> str:
        return f"Hand({self._cards!r}, owner={self.owner})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Hand) and self._same_head(other) and other.ordered == self.ordered
                and other._cards == self._cards and other._known == self._known)

    __hash__ = None  # type: ignore[assignment]

    def count(self, card: Card) -> int:
        return self._cards.count(card)

    def is_known(self, position: int) -> bool:
        return self._known[position]

    def known_cards(self) -> list[Card]:
        """The cards everyone knows are in this hand, in hand order."""
        return [c for c, k in zip(self._cards, self._known) if k]

    def add(self, card: Card, known: bool = False) -> None:
        """Put a card at the end; `known=True` when it was taken in full view."""
        self._changed()
        self._cards.append(card)
        self._known.append(known)

    def extend(self, cards: Iterable[Card], known: bool = False) -> None:
        self._changed()
        for card in cards:
            self._cards.append(card)
            self._known.append(known)

    def insert(self, position: int, card: Card, known: bool = False) -> None:
        """Insert before `position` (0..len): 0 is the far left, len the far right."""
        self._changed()
        if not 0 <= position <= len(self._cards):
            raise IndexError(f"insert position {position} outside 0..{len(self._cards)}")
        self._cards.insert(position, card)
        self._known.insert(position, known)

    def pop(self, position: int) -> Card:
        self._changed()
        del self._known[position]
        return self._cards.pop(position)

    def take(self, start: int, count: int) -> tuple[Card, ...]:
        """Remove `count` contiguous cards starting at `start`; the rest close the gap."""
        self._changed()
        taken = tuple(self._cards[start:start + count])
        if len(taken) != count or start < 0:
            raise IndexError(f"no {count} cards at position {start} in a hand of {len(self._cards)}")
        del self._cards[start:start + count]
        del self._known[start:start + count]
        return taken

    def remove(self, card: Card) -> None:
        """Remove one copy of `card`, a known copy first: playing a card lowers what others know."""
        self._changed()
        cards = self._cards
        first = -1
        for i, c in enumerate(cards):
            if c == card:
                if self._known[i]:
                    first = i
                    break
                if first < 0:
                    first = i
        if first < 0:
            raise ValueError(f"card {card!r} is not in the hand")
        del cards[first]
        del self._known[first]

    def remove_many(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self.remove(card)

    def clear(self) -> list[Card]:
        self._changed()
        cards = self._cards
        self._cards, self._known = [], []
        return cards

    def copy(self) -> "Hand":
        clone = Hand.__new__(Hand)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone.ordered = self.ordered
        clone._cards = self._cards[:]
        clone._known = self._known[:]
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        if self.visible_to(player):
            return []
        return [i for i, k in enumerate(self._known) if not k]

    def _make_view(self, visible: bool) -> HandView:
        cards, known_flags = self._cards, self._known
        if True in known_flags:
            if self.ordered:
                known = tuple((i, c) for i, (c, k) in enumerate(zip(cards, known_flags)) if k)
            else:
                known = tuple(sorted([c for c, k in zip(cards, known_flags) if k]))
        else:
            known = ()
        if not visible:
            shown = None
        elif self.ordered:
            shown = tuple(cards)
        else:
            shown = tuple(sorted(cards))
        return HandView(len(cards), self.ordered, shown, known)

    def restore(self, view: HandView) -> list[int]:
        """Fill from a view; unknown cards become None and their slots are returned."""
        self._changed()
        self.ordered = view.ordered
        if view.ordered:
            cards: list[Card] = list(view.cards) if view.cards is not None else [None] * view.size
            known = [False] * view.size
            for position, card in view.known:
                cards[position] = card
                known[position] = True
        else:
            if view.cards is not None:
                cards = list(view.cards)
                known = [False] * view.size
                pending = list(view.known)
                for i, card in enumerate(cards):
                    if card in pending:
                        pending.remove(card)
                        known[i] = True
            else:
                cards = list(view.known) + [None] * (view.size - len(view.known))
                known = [True] * len(view.known) + [False] * (view.size - len(view.known))
        self._cards, self._known = cards, known
        return [i for i, c in enumerate(cards) if c is None] if view.cards is None else []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "ordered": self.ordered, "cards": list(self._cards),
                "known": [i for i, k in enumerate(self._known) if k]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Hand":
        known_positions = set(data["known"])
        cards = data["cards"]
        return cls(cards, data["owner"], Visibility(data["visibility"]), data["ordered"],
                   [i in known_positions for i in range(len(cards))])

