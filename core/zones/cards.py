"""Card-sequence zones: piles (draw, discard, removed) and hands (ordered or not, with known cards)."""

from __future__ import annotations

from itertools import compress
from typing import Any, Iterable, Iterator

from attrs import frozen

from ..rng import Rng
from .base import Card, Visibility, Zone, ZoneView


@frozen
class PileView(ZoneView):
    """What a player sees of a pile: its size, and its cards bottom to top if they may see them."""

    size: int
    cards: tuple[Any, ...] | None

    @property
    def top(self) -> Any:
        """The top card; None when the pile is empty or the viewer may not see its cards."""
        return self.cards[-1] if self.cards else None

    def text(self) -> str:
        return " ".join(map(str, self.cards)) if self.cards is not None else f"{self.size} face down"


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

    def is_empty(self) -> bool:
        """Whether it holds no card."""
        return not self._cards

    def set_slot(self, position: int, card: Card) -> None:
        """`set_slots(position, [card])`: one card into one slot."""
        self.set_slots(position, [card])

    def set_slots(self, start: int, cards: list[Card]) -> None:
        self._changed()
        self._cards[start:start + len(cards)] = cards


class Pile(CardRow):
    """A stack of cards, top at the end: a draw pile (secret), a discard pile or a removed area."""

    __slots__ = ()
    kind = "pile"
    view_type = PileView

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
        """The top card (None when the pile is empty)."""
        return self._cards[-1] if self._cards else None

    def push(self, card: Card) -> None:
        """Put a card on top."""
        self._changed()
        self._cards.append(card)

    def extend(self, cards: Iterable[Card]) -> None:
        """Put cards on top one after the other (the last one ends on top)."""
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
        """Shuffle in place with `rng` (the state's own, so the same seed gives the same game)."""
        self._changed()
        rng.shuffle(self._cards)

    def clear(self) -> list[Card]:
        """Remove and return every card, bottom to top."""
        self._changed()
        cards, self._cards = self._cards, []
        return cards

    def copy(self) -> "Pile":
        clone = Pile.__new__(Pile)
        self._copy_head(clone)
        clone._cards = self._cards[:]
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        """The positions `player` cannot see: all of them, unless the pile is visible to `player`."""
        return [] if self.visible_to(player) else list(range(len(self._cards)))

    def make_view(self, visible: bool) -> PileView:
        return PileView(len(self._cards), tuple(self._cards) if visible else None)

    def restore(self, view: PileView) -> list[int]:
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
class HandView(ZoneView):
    """What a player sees of a hand.

    `cards` is None for a hand the viewer may not see. `known` lists the cards everyone knows are
    in it (taken in full view and not played since): `(position, card)` pairs for an ordered hand,
    sorted cards for an unordered one. An unordered hand shows its cards sorted, so nothing leaks
    through the order in which they arrived.

    `known_to` lists the cards only some seats know (a passed card: its giver and its receiver)
    and that this viewer may see: every such card for a viewer who sees the hand, only those it
    knows for another seat. Entries are `(position, card, seats)` for an ordered hand and
    `(card, seats)`, sorted, for an unordered one; `seats` is the ascending tuple of seats that
    know the card. Empty (and absent from JSON) for games that never use per-seat knowledge.
    """

    size: int
    ordered: bool
    cards: tuple[Any, ...] | None
    known: tuple[Any, ...]
    known_to: tuple[tuple[Any, ...], ...] = ()

    def text(self) -> str:
        shown = " ".join(map(str, self.cards)) if self.cards is not None else f"{self.size} hidden"
        known = f"  (known: {' '.join(map(str, self.known))})" if self.known and self.cards is None else ""
        return f"[{shown}]{known}"


#: What a hand records about each card: False (only who sees the hand knows it), True (everyone
#: knows it), or the frozenset of seats that know it besides those who see the hand.
Knowledge = Any


def _knowledge(known: bool, known_to: Iterable[int] | None) -> Knowledge:
    """One card's knowledge flag from `add`'s arguments (an empty set is nobody's knowledge)."""
    if known_to is None or known:
        return bool(known)
    seats = frozenset(known_to)
    if any(type(seat) is not int or seat < 0 for seat in seats):
        raise ValueError(f"known_to names seats (non-negative ints), got {sorted(seats, key=repr)}")
    return seats or False


def _merge(flag: Knowledge, to: Knowledge) -> Knowledge:
    """Knowledge after revealing a card to `to` (True: everyone)."""
    if flag is True or to is True:
        return True
    if to is False:
        return flag
    return to | flag if flag is not False else to


def _rank(flag: Knowledge) -> int:
    """How widely a card is known: 2 by everyone, 1 by some seats, 0 by nobody else."""
    return 2 if flag is True else 0 if flag is False else 1


class Hand(CardRow):
    """A player's hand: a list of cards, each flagged with who knows it is there.

    `ordered=True` means positions matter (insert at a position, play contiguous cards);
    `ordered=False` means the hand is a multiset and views sort it.

    A card is known to the seats who see the hand (its owner), plus everyone (`known=True`: it was
    taken in full view) or a set of seats (`known_to={0, 2}`: seat 0 passed it to seat 2). Views
    show each seat the cards it knows; determinization keeps them where they are.
    """

    __slots__ = ("_known", "ordered")
    kind = "hand"
    view_type = HandView

    def __init__(self, cards: Iterable[Card] = (), owner: int | None = None,
                 visibility: Visibility = Visibility.OWNER, ordered: bool = True,
                 known: Iterable[Knowledge] | None = None) -> None:
        super().__init__(visibility, owner)
        self._cards = list(cards)
        self._known = ([True if k is True else (frozenset(k) or False) if k else False for k in known]
                       if known is not None else [False] * len(self._cards))
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
        """How many copies of `card` the hand holds."""
        return self._cards.count(card)

    def is_known(self, position: int) -> bool:
        """Whether everyone knows the card at `position`."""
        return self._known[position] is True

    def known_to(self, position: int) -> frozenset[int] | bool:
        """Who knows the card at `position` besides those who see the hand: True (everyone),
        a frozenset of seats, or False (nobody)."""
        return self._known[position]

    def knows(self, player: int | None, position: int) -> bool:
        """Whether `player` (None: the observer) knows the card at `position`."""
        flag = self._known[position]
        return flag is True or self.visible_to(player) or (flag is not False and player in flag)

    def known_cards(self) -> list[Card]:
        """The cards everyone knows are in this hand, in hand order."""
        return [c for c, k in zip(self._cards, self._known) if k is True]

    def add(self, card: Card, known: bool = False, known_to: Iterable[int] | None = None) -> None:
        """Put a card at the end; `known=True` when it was taken in full view, `known_to` the
        seats that know it when only some do (a card passed face down: giver and receiver)."""
        flag = _knowledge(known, known_to)
        self._changed()
        self._cards.append(card)
        self._known.append(flag)

    def extend(self, cards: Iterable[Card], known: bool = False,
               known_to: Iterable[int] | None = None) -> None:
        """Add cards at the end, all with the same knowledge (see `add`)."""
        flag = _knowledge(known, known_to)
        self._changed()
        cards = list(cards)
        self._cards += cards
        self._known += [flag] * len(cards)

    def insert(self, position: int, card: Card, known: bool = False,
               known_to: Iterable[int] | None = None) -> None:
        """Insert before `position` (0..len): 0 is the far left, len the far right."""
        flag = _knowledge(known, known_to)
        if not 0 <= position <= len(self._cards):
            raise IndexError(f"insert position {position} outside 0..{len(self._cards)}")
        self._changed()
        self._cards.insert(position, card)
        self._known.insert(position, flag)

    def reveal(self, positions: Iterable[int] | None = None, to: Iterable[int] | None = None) -> None:
        """Make the cards at `positions` (default: every card) known to everyone, or only to the
        seats `to` (added to those who knew them already). The cards stay where they are."""
        flag = True if to is None else _knowledge(False, to)
        indices = range(len(self._cards)) if positions is None else list(positions)
        for i in indices:
            if not -len(self._cards) <= i < len(self._cards):
                raise IndexError(f"no card at position {i} in a hand of {len(self._cards)}")
        self._changed()
        for i in indices:
            self._known[i] = _merge(self._known[i], flag)

    def pop(self, position: int) -> Card:
        """Remove and return the card at `position` (the cards after it move left)."""
        self._changed()
        del self._known[position]
        return self._cards.pop(position)

    def take(self, start: int, count: int) -> tuple[Card, ...]:
        """Remove `count` contiguous cards starting at `start`; the rest close the gap."""
        taken = tuple(self._cards[start:start + count])
        if len(taken) != count or start < 0:
            raise IndexError(f"no {count} cards at position {start} in a hand of {len(self._cards)}")
        self._changed()
        del self._cards[start:start + count]
        del self._known[start:start + count]
        return taken

    def remove(self, card: Card) -> None:
        """Remove one copy of `card`, the best-known copy first (known to everyone, then to some
        seats, then to nobody): playing a card lowers what others know."""
        self.remove_many((card,))

    def remove_many(self, cards: Iterable[Card]) -> int:
        """Remove one copy of each of `cards` in turn, each as `remove` does (ValueError at the
        first one missing, the ones before it removed). Returns how many cards the hand still
        holds."""
        self._changed()
        held, known = self._cards, self._known
        for card in cards:
            try:
                best = held.index(card)
            except ValueError:
                raise ValueError(f"card {card!r} is not in the hand") from None
            position = best
            while known[best] is not True:  # a better-known copy may follow: visit the others
                try:
                    position = held.index(card, position + 1)
                except ValueError:
                    break
                if _rank(known[position]) > _rank(known[best]):  # the first of the best known
                    best = position
            del held[best]
            del known[best]
        return len(held)

    def clear(self) -> list[Card]:
        """Remove and return every card in hand order; what anyone knew about them goes too."""
        self._changed()
        cards = self._cards
        self._cards, self._known = [], []
        return cards

    def copy(self) -> "Hand":
        clone = Hand.__new__(Hand)
        self._copy_head(clone)
        clone.ordered = self.ordered
        clone._cards = self._cards[:]
        clone._known = self._known[:]
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        """The positions of the cards `player` does not know (for samplers and leak tests)."""
        if self.visible_to(player):
            return []
        return [i for i, k in enumerate(self._known) if k is False or (k is not True and player not in k)]

    def _unseen_view(self, player: int | None) -> HandView:
        """A hand holding cards known to only some seats shows each seat that does not see it
        the cards it knows: a view of its own (cached by `view`, per viewer)."""
        if frozenset in map(type, self._known):  # a card known to some seats
            return self.make_view(False, player)
        return super()._unseen_view(player)

    def make_view(self, visible: bool, player: int | None = None) -> HandView:
        """The view of a seer (`visible`), or of `player` who does not see the hand."""
        cards, ordered = self._cards, self.ordered
        shown = None if not visible else tuple(cards) if ordered else tuple(sorted(cards))
        flags = self._known
        if not any(flags):  # no card known beyond those who see the hand (the common case)
            return HandView(len(cards), ordered, shown, (), ())
        if frozenset not in map(type, flags):  # known to everyone or to nobody else: no `known_to`
            if ordered:
                known = tuple([(position, card) for position, card in enumerate(cards) if flags[position]])
            else:
                known = tuple(sorted(compress(cards, flags)))
            return HandView(len(cards), ordered, shown, known, ())
        # Known to everyone; known to some seats (and shown to this viewer, with those seats).
        if ordered:
            known = [(position, card) for position, (card, flag) in enumerate(zip(cards, flags)) if flag is True]
            partly = [(position, card, tuple(sorted(flag)))
                      for position, (card, flag) in enumerate(zip(cards, flags))
                      if type(flag) is frozenset and (visible or player in flag)]
        else:
            known = sorted([card for card, flag in zip(cards, flags) if flag is True])
            partly = sorted([(card, tuple(sorted(flag))) for card, flag in zip(cards, flags)
                             if type(flag) is frozenset and (visible or player in flag)])
        return HandView(len(cards), ordered, shown, tuple(known), tuple(partly))

    def restore(self, view: HandView) -> list[int]:
        """Fill from a view; unknown cards become None and their slots are returned."""
        self._changed()
        self.ordered = view.ordered
        if view.ordered:
            cards: list[Card] = list(view.cards) if view.cards is not None else [None] * view.size
            known: list[Knowledge] = [False] * view.size
            for position, card in view.known:
                cards[position] = card
                known[position] = True
            for position, card, seats in view.known_to:
                cards[position] = card
                known[position] = frozenset(seats)
        else:
            flagged = [(card, True) for card in view.known]
            flagged += [(card, frozenset(seats)) for card, seats in view.known_to]
            if view.cards is not None:
                cards = list(view.cards)
                known = [False] * view.size
                for card, flag in flagged:
                    for i, c in enumerate(cards):
                        if c == card and known[i] is False:
                            known[i] = flag
                            break
            else:
                cards = [card for card, _ in flagged] + [None] * (view.size - len(flagged))
                known = [flag for _, flag in flagged] + [False] * (view.size - len(flagged))
        self._cards, self._known = cards, known
        return [i for i, c in enumerate(cards) if c is None] if view.cards is None else []

    def to_data(self) -> dict[str, Any]:
        data = {**self._head(), "ordered": self.ordered, "cards": list(self._cards),
                "known": [i for i, k in enumerate(self._known) if k is True]}
        partial = [[i, sorted(k)] for i, k in enumerate(self._known) if type(k) is frozenset]
        if partial:
            data["known_to"] = partial
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Hand":
        known_positions = set(data["known"])
        cards = data["cards"]
        known: list[Knowledge] = [i in known_positions for i in range(len(cards))]
        for position, seats in data.get("known_to", ()):
            if type(position) is not int or not 0 <= position < len(cards) or known[position]:
                raise ValueError(f"bad known_to position {position!r}")
            if not isinstance(seats, list) or not seats:
                raise ValueError(f"known_to needs a non-empty list of seats, got {seats!r}")
            known[position] = _knowledge(False, seats)
        extra = set(data) - {"visibility", "owner", "ordered", "cards", "known", "known_to"}
        if extra:
            raise ValueError(f"unexpected keys {sorted(extra)}")
        return cls(cards, data["owner"], Visibility(data["visibility"]), data["ordered"], known)
