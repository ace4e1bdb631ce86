"""Combinations and their ranking (rule 4).

A combination is 1–3 cards from contiguous hand positions, read as a multiset (8-10-9 is a
straight). Its strength is one int, the *rank*: `kind * 16 + key`, so comparing two plays is
comparing two ints. Kinds, lowest to highest: SINGLE < STRAIGHT2 < PAIR < STRAIGHT3 < TRIPLE; the
key is the value (SINGLE, PAIR, TRIPLE) or the highest card (STRAIGHTs). Straights never wrap
from 12 to 1. An X takes any value 1–12 and at most one X may be used unless `double_wild`.
Stop and Draw cards are never part of a combination.

Every window of 1–3 cards is looked up in a table built once at import: the table lists each
combination the window can form, with the values its X cards must be declared as.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations
from typing import Iterable, Sequence

from .cards import VALUES, X

SINGLE, STRAIGHT2, PAIR, STRAIGHT3, TRIPLE = range(5)
KIND_NAMES = ("single", "straight of two", "pair", "straight of three", "triple")
NO_COMBINATION = -1  # the rank to beat when no combination has been played in the trick

Play = tuple[int, tuple[int, ...]]  # (rank, declared X values, ascending)


def rank(kind: int, key: int) -> int:
    """The rank of a combination: higher kind wins, then higher key (rule 4)."""
    return kind * 16 + key


def kind_of(rank_: int) -> int:
    return rank_ >> 4


def key_of(rank_: int) -> int:
    return rank_ & 15


def describe(rank_: int) -> str:
    """E.g. "pair of 11s", "straight of three to 8", "single 12"."""
    kind, key = kind_of(rank_), key_of(rank_)
    if kind == SINGLE:
        return f"single {key}"
    if kind in (PAIR, TRIPLE):
        return f"{KIND_NAMES[kind]} of {key}s"
    return f"{KIND_NAMES[kind]} to {key}"


def _patterns(size: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every combination of `size` cards as (rank, its values ascending)."""
    if size == 1:
        return [(rank(SINGLE, v), (v,)) for v in VALUES]
    if size == 2:
        straights = [(rank(STRAIGHT2, k), (k - 1, k)) for k in VALUES if k >= 2]
        return straights + [(rank(PAIR, v), (v, v)) for v in VALUES]
    straights = [(rank(STRAIGHT3, k), (k - 2, k - 1, k)) for k in VALUES if k >= 3]
    return straights + [(rank(TRIPLE, v), (v, v, v)) for v in VALUES]


def _plays_of(window: tuple[int, ...]) -> tuple[Play, ...]:
    """Each combination a sorted window of number and X cards can form, with its X values."""
    fixed = [c for c in window if c != X]
    plays = []
    for rank_, values in _patterns(len(window)):
        rest = list(values)
        try:
            for card in fixed:
                rest.remove(card)
        except ValueError:
            continue
        plays.append((rank_, tuple(rest)))  # `rest` is what the X cards must be declared as
    return tuple(sorted(plays))


def _table(most_wilds: int) -> dict[tuple[int, ...], tuple[Play, ...]]:
    """Every window that forms at least one combination, in every order its cards can sit in."""
    table = {}
    for size in (1, 2, 3):
        for window in combinations_with_replacement((*VALUES, X), size):
            plays = _plays_of(window) if window.count(X) <= most_wilds else ()
            if plays:
                for order in set(permutations(window)):
                    table[order] = plays
    return table


_TABLES = {False: _table(1), True: _table(2)}


def plays_of(window: Iterable[int], double_wild: bool) -> tuple[Play, ...]:
    """Every way `window` (1–3 cards, any order) can be played, weakest first; empty if none.

    Windows holding a Stop or Draw card, or both X cards without `double_wild`, form nothing.
    """
    return _TABLES[double_wild].get(tuple(window), ())


def rank_of(cards: Sequence[int], wilds: Sequence[int], double_wild: bool) -> int | None:
    """The rank of `cards` played with its X cards declared as `wilds`, or None if that is not a
    combination."""
    key = (tuple(cards), tuple(wilds))
    ranks = _RANKS[double_wild]
    try:
        return ranks[key]
    except KeyError:
        pass
    wanted = tuple(sorted(wilds))
    found = next((rank_ for rank_, declared in plays_of(cards, double_wild) if declared == wanted), None)
    if found is not None:  # only combinations are kept: finitely many, whatever is asked
        ranks[key] = found
    return found


def known_rank(cards: tuple[int, ...], wilds: tuple[int, ...], double_wild: bool) -> int | None:
    """`rank_of` for tuples, read straight from the table when this combination was ranked before."""
    found = _RANKS[double_wild].get((cards, wilds))
    return rank_of(cards, wilds, double_wild) if found is None else found


#: (cards, declared X values) -> rank_of(cards, wilds) for every combination met so far.
_RANKS: dict[bool, dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = {False: {}, True: {}}
