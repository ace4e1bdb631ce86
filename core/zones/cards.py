"""Card-sequence zones: piles (draw, discard, removed) and hands (ordered or not, with known cards)."""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_
from typing import Any, Iterable, Iterator

from attrs import frozen

from ..rng import Rng
from .base import _OWNER, _PUBLIC, Card, Visibility, Zone, view_maker


@frozen
class PileView:
    """What a player sees of a pile: its size, and its cards bottom to top if they may see them."""

    size: int
    cards: tuple[Any, ...] | None

    @property
    def top(self) -> Any:
        """The top card; None when the pile is empty or the viewer may not see its cards."""
        return self.cards[-1] if self.cards else None


_make_pile_view = view_maker(PileView)


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
        """Whether it holds no card: what `not len(zone)` says, as one Python call (`len` goes
        through C's length slot back into Python, about twice the cost; rules ask this of a
        draw pile at most steps)."""
        return not self._cards

    @staticmethod
    def sizes(rows: Iterable["CardRow"]) -> list[int]:
        """How many cards each of `rows` holds, in order: `list(map(len, rows))` in one Python
        call instead of one `__len__` call per row (a rule counting every hand at once)."""
        return [len(row._cards) for row in rows]

    def set_slot(self, position: int, card: Card) -> None:
        """Put a card into a slot left unknown by `restore` (for samplers and leak tests)."""
        self._changed()
        self._cards[position] = card

    def set_slots(self, start: int, cards: list[Card]) -> None:
        """Put `cards` into the slots `start`, `start + 1`, … left unknown by `restore`: what
        `set_slot` does card by card, as one change (a sampler fills thousands of slots)."""
        self._changed()
        self._cards[start:start + len(cards)] = cards


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
        """The top card (None when the pile is empty)."""
        return self._cards[-1] if self._cards else None

    def push(self, card: Card) -> None:
        """Put a card on top."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        self._cards.append(card)

    def extend(self, cards: Iterable[Card]) -> None:
        """Put cards on top one after the other (the last one ends on top)."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        self._cards.extend(cards)

    def pop(self) -> Card:
        """Remove and return the top card (IndexError when empty)."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
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
        watch = self._watch  # `self._changed()`, inlined (a playout clears the stolen or played cards often)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        cards, self._cards = self._cards, []
        return cards

    def copy(self) -> "Pile":
        clone = Pile.__new__(Pile)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone._watch = None
        clone._cards = self._cards[:]
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        """The positions `player` cannot see: all of them, unless the pile is visible to `player`."""
        return [] if self.visible_to(player) else list(range(len(self._cards)))

    def _make_view(self, visible: bool) -> PileView:
        return _make_pile_view(len(self._cards), tuple(self._cards) if visible else None)

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


_make_hand_view = view_maker(HandView)


#: What a hand records about each card: False (only who sees the hand knows it), True (everyone
#: knows it), or the frozenset of seats that know it besides those who see the hand.
Knowledge = Any


def _knowledge(known: bool, known_to: Iterable[int] | None) -> Knowledge:
    """One card's knowledge flag from `add`'s arguments (an empty set is nobody's knowledge)."""
    if known:
        return True
    if known_to is None:
        return False
    seats = frozenset(known_to)
    if any(type(seat) is not int or seat < 0 for seat in seats):
        raise ValueError(f"known_to names seats (non-negative ints), got {sorted(seats, key=repr)}")
    return seats or False


def _tallied(tally: list[int], cards: Iterable[Card]) -> bool:
    """Count `cards` into a hand's `tally`; False when one is a card no index of it holds (a
    negative or larger int, a str: the hand then drops its tally and counts again when asked)."""
    try:
        for card in cards:
            if card < 0:  # (a negative index would count another card)
                raise IndexError
            tally[card] += 1
    except (IndexError, TypeError):
        return False
    return True


def _merge(flag: Knowledge, to: Knowledge) -> Knowledge:
    """Knowledge after revealing a card to `to` (True: everyone)."""
    if flag is True or to is True:
        return True
    if to is False:
        return flag
    return to | flag if flag is not False else to


_HIDDEN_HAND_VIEWS: dict[tuple[int, bool], HandView] = {}
_SEATS_OF: dict[frozenset[int], tuple[int, ...]] = {}


def _seats_of(flag: frozenset[int]) -> tuple[int, ...]:
    """The ascending seats of a knowledge flag, as views show them (kept: a game has few such sets)."""
    seats = _SEATS_OF.get(flag)
    if seats is None:
        seats = tuple(sorted(flag))
        if len(_SEATS_OF) < 4096:
            _SEATS_OF[flag] = seats
    return seats


def _hidden_hand_view(size: int, ordered: bool) -> HandView:
    """The view of a hand of `size` cards none of which the viewer knows (frozen, so shared)."""
    view = _HIDDEN_HAND_VIEWS.get((size, ordered))
    if view is None:
        view = _HIDDEN_HAND_VIEWS[(size, ordered)] = _make_hand_view(size, ordered, None, (), ())
    return view


class Hand(CardRow):
    """A player's hand: a list of cards, each flagged with who knows it is there.

    `ordered=True` means positions matter (insert at a position, play contiguous cards);
    `ordered=False` means the hand is a multiset and views sort it.

    A card is known to the seats who see the hand (its owner), plus everyone (`known=True`: it was
    taken in full view) or a set of seats (`known_to={0, 2}`: seat 0 passed it to seat 2). Views
    show each seat the cards it knows; determinization keeps them where they are.

    `tally(size)` counts the hand by card, once: from then on the hand keeps the counts in step
    with every change (a derived cache, like its cached views: it shows in no view, JSON or
    equality). The methods playouts call at most steps update it; every other change drops it
    (`_changed`), and the next `tally` counts again.
    """

    __slots__ = ("_known", "ordered", "_tally")
    kind = "hand"

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
        self._tally: list[int] | None = None

    def tally(self, size: int) -> list[int]:
        """How many copies of each card 0 .. size-1 the hand holds: `tally(size)[card]`.

        Counted once, then kept in step by the hand as it changes (a rule counting a hand at
        every turn reads it instead of walking the cards). The same list comes back each time:
        read it, never change it. A hand holding other cards (a negative or larger int, a str)
        counts again at every call, card value by card value."""
        tally = self._tally
        if tally is None or len(tally) != size:
            tally = [0] * size
            if not _tallied(tally, self._cards):  # a card no index reaches: count value by value
                return [self._cards.count(card) for card in range(size)]
            self._tally = tally
        return tally

    def _changed(self) -> None:
        """Forget cached views and the tally (the methods that keep the tally in step inline the
        rest of this)."""
        self._tally = None
        watch = self._watch
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None

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
        flag = True if known else False if known_to is None else _knowledge(False, known_to)
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        self._cards.append(card)
        self._known.append(flag)
        tally = self._tally
        if tally is not None and not _tallied(tally, (card,)):
            self._tally = None

    def extend(self, cards: Iterable[Card], known: bool = False,
               known_to: Iterable[int] | None = None) -> None:
        """Add cards at the end, all with the same knowledge (see `add`)."""
        flag = True if known else False if known_to is None else _knowledge(False, known_to)
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        held, known, tally = self._cards, self._known, self._tally
        if type(cards) is list and len(cards) > 3:  # a deal: whole lists at once
            held += cards
            known += [flag] * len(cards)
            if tally is not None and not _tallied(tally, cards):
                self._tally = None
            return
        for card in cards:  # a few cards: appends cost less than building a list of flags
            held.append(card)
            known.append(flag)
            if tally is not None:  # `_tallied`, inlined: playouts extend a hand at most turns
                try:
                    if card < 0:
                        raise IndexError
                    tally[card] += 1
                except (IndexError, TypeError):
                    self._tally = tally = None

    def insert(self, position: int, card: Card, known: bool = False,
               known_to: Iterable[int] | None = None) -> None:
        """Insert before `position` (0..len): 0 is the far left, len the far right."""
        flag = True if known else False if known_to is None else _knowledge(False, known_to)
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        if not 0 <= position <= len(self._cards):
            raise IndexError(f"insert position {position} outside 0..{len(self._cards)}")
        self._cards.insert(position, card)
        self._known.insert(position, flag)
        tally = self._tally
        if tally is not None and not _tallied(tally, (card,)):
            self._tally = None

    def reveal(self, positions: Iterable[int] | None = None, to: Iterable[int] | None = None) -> None:
        """Make the cards at `positions` (default: every card) known to everyone, or only to the
        seats `to` (added to those who knew them already). The cards stay where they are."""
        flag = True if to is None else _knowledge(False, to)
        indices = range(len(self._cards)) if positions is None else list(positions)
        for i in indices:
            if not -len(self._cards) <= i < len(self._cards):
                raise IndexError(f"no card at position {i} in a hand of {len(self._cards)}")
        self._changed()
        known = self._known
        for i in indices:
            known[i] = _merge(known[i], flag)

    def pop(self, position: int) -> Card:
        """Remove and return the card at `position` (the cards after it move left)."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        del self._known[position]
        card = self._cards.pop(position)
        tally = self._tally
        if tally is not None:
            try:
                tally[card] -= 1
            except (IndexError, TypeError):
                self._tally = None
        return card

    def take(self, start: int, count: int) -> tuple[Card, ...]:
        """Remove `count` contiguous cards starting at `start`; the rest close the gap."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        taken = tuple(self._cards[start:start + count])
        if len(taken) != count or start < 0:
            raise IndexError(f"no {count} cards at position {start} in a hand of {len(self._cards)}")
        del self._cards[start:start + count]
        del self._known[start:start + count]
        tally = self._tally
        if tally is not None:
            try:
                for card in taken:
                    tally[card] -= 1
            except (IndexError, TypeError):
                self._tally = None
        return taken

    def remove(self, card: Card) -> None:
        """Remove one copy of `card`, the best-known copy first (known to everyone, then to some
        seats, then to nobody): playing a card lowers what others know."""
        self.remove_many((card,))

    def remove_many(self, cards: Iterable[Card]) -> int:
        """Remove one copy of each of `cards` in turn, each as `remove` does (ValueError at the
        first one missing, the ones before it removed). Returns how many cards the hand still
        holds (a rule asking whether a play emptied the hand needs no `len` call after it)."""
        watch = self._watch  # `self._changed()`, inlined (a playout plays cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        held, known, tally = self._cards, self._known, self._tally
        for card in cards:
            try:
                best = held.index(card)
            except ValueError:
                raise ValueError(f"card {card!r} is not in the hand") from None
            if tally is not None:
                try:
                    tally[card] -= 1
                except (IndexError, TypeError):
                    self._tally = tally = None
            if known[best] is not True:
                # The copies held: the tally knows them (this one counted out already), which
                # spares a count over the whole hand.
                copies = held.count(card) if tally is None else tally[card] + 1
                if copies > 1:
                    # Visit only the other copies (found in C): the first known to everyone
                    # wins, else the first known to some seats.
                    partly = known[best] is not False
                    position = best
                    for _ in range(copies - 1):
                        position = held.index(card, position + 1)
                        flag = known[position]
                        if flag is True:
                            best = position
                            break
                        if not partly and flag is not False:
                            best, partly = position, True
            del held[best]
            del known[best]
        return len(held)

    def clear(self) -> list[Card]:
        """Remove and return every card in hand order; what anyone knew about them goes too."""
        watch = self._watch  # `self._changed()`, inlined (a playout deals a round at a few dozen steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        cards = self._cards
        self._cards, self._known, self._tally = [], [], None
        return cards

    def copy(self) -> "Hand":
        clone = Hand.__new__(Hand)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone._watch = None
        clone.ordered = self.ordered
        clone._cards = self._cards[:]
        clone._known = self._known[:]
        tally = self._tally
        clone._tally = tally[:] if tally is not None else None
        return clone

    def hidden_slots(self, player: int | None) -> list[int]:
        """The positions of the cards `player` does not know (for samplers and leak tests)."""
        if self.visible_to(player):
            return []
        return [i for i, k in enumerate(self._known) if k is False or (k is not True and player not in k)]

    def view(self, player: int | None) -> HandView:
        """What `player` sees (cached). A hand holding cards known to only some seats builds one
        view per seat that does not see it (each sees the cards it knows)."""
        visibility = self.visibility
        if player is None or visibility is _PUBLIC or (
                visibility is _OWNER and player == self.owner):
            seen = self._seen
            if seen is None:
                seen = self._seen = self._make_view(True)
            return seen
        unseen = self._unseen
        if unseen is None:
            if not self._partly_known():
                unseen = self._unseen = self._make_view(False)
                return unseen
            unseen = self._unseen = {}
        if unseen.__class__ is dict:
            mine = unseen.get(player)
            if mine is None:
                mine = unseen[player] = self._make_view(False, player)
            return mine
        return unseen

    def _partly_known(self) -> bool:
        """Whether some card is known to only some seats (a flag that is a frozenset).

        Flags are True, False or frozensets, and a frozenset equals neither bool: counting the
        two bools (in C) is cheaper than testing every flag's class in Python."""
        known_flags = self._known
        return known_flags.count(True) + known_flags.count(False) != len(known_flags)

    def _make_view(self, visible: bool, player: int | None = None) -> HandView:
        """The view of a seer (`visible`), or of `player` who does not see the hand."""
        cards, known_flags = self._cards, self._known
        ordered = self.ordered
        size = len(cards)
        known_by_all = known_flags.count(True)
        partly_known = known_by_all + known_flags.count(False) != size
        if not visible and not known_by_all and not partly_known:
            # Nothing of it is known to this viewer: only its size (the common case, and a
            # value shared by every such hand of that size).
            return _hidden_hand_view(size, ordered)
        if not visible:
            shown = None
        elif ordered:
            shown = tuple(cards)
        else:
            shown = tuple(sorted(cards))
        if not known_by_all:
            known = ()
        elif known_by_all == size:
            # Every card known to all: the cards themselves (sorted, or with their positions).
            known = tuple(enumerate(cards)) if ordered else shown if shown is not None else tuple(sorted(cards))
        else:
            by_all = map(is_, known_flags, repeat(True))
            if ordered:
                known = tuple(compress(enumerate(cards), by_all))
            else:
                known = tuple(sorted(compress(cards, by_all)))
        if partly_known:
            partial = [(i, c, _seats_of(k)) for i, (c, k) in enumerate(zip(cards, known_flags))
                       if k.__class__ is frozenset and (visible or player in k)]
            if not partial and not visible and not known_by_all:
                # Cards known to other seats only: this viewer sees the size, as of any hand.
                return _hidden_hand_view(size, ordered)
            known_to: tuple[tuple[Any, ...], ...] = (
                tuple(partial) if ordered else tuple(sorted([(c, seats) for _, c, seats in partial])))
        else:
            known_to = ()
        return _make_hand_view(size, ordered, shown, known, known_to)

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
        partial = [[i, sorted(k)] for i, k in enumerate(self._known) if k.__class__ is frozenset]
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
