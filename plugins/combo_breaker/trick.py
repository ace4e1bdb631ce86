"""The public record of a trick and what happens at its end (rule 7), as pure functions.

Every combination played in a trick beats the best one before it (rule 5a), so the record in
play order is also the order of strength: the last combination is the best, the one before it
the second best, and so on.
"""

from __future__ import annotations

from typing import Sequence

from attrs import frozen

from . import combos
from .cards import MOST_SEATS
from .combos import NO_COMBINATION

COMBINATION = "combination"
STOP_CARD = "stop"
DRAW_CARD = "draw"


@frozen
class TrickPlay:
    """One card play of the current trick: who played and what (the cards are the matching layer
    of `state.trick`). `rank` and `wilds` (declared X values) are set for combinations only."""

    seat: int
    what: str
    rank: int | None = None
    wilds: tuple[int, ...] = ()


#: The entry of a Stop or Draw card played by each seat, shared (entries are immutable values).
STOP_PLAYS = tuple(TrickPlay(seat, STOP_CARD) for seat in range(MOST_SEATS))
DRAW_PLAYS = tuple(TrickPlay(seat, DRAW_CARD) for seat in range(MOST_SEATS))
_COMBINATION_PLAYS: dict[tuple[int, int, tuple[int, ...]], TrickPlay] = {}


def combination_play(seat: int, rank: int, wilds: tuple[int, ...]) -> TrickPlay:
    """The shared entry of a combination of `rank` played by `seat` with its X cards as `wilds`."""
    key = (seat, rank, wilds)
    entry = _COMBINATION_PLAYS.get(key)
    if entry is None:
        entry = _COMBINATION_PLAYS[key] = TrickPlay(seat, COMBINATION, rank, wilds)
    return entry


#: (cards, declared X values) -> the entry of that combination played by each seat, by seat, for
#: every combination played so far: a card play finds its record with one lookup (filled by
#: `combination_entries`). A combination's rank depends on its cards and X values only, not on
#: the `double_wild` option, which only says whether it may be played.
COMBINATION_ENTRIES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[TrickPlay, ...]] = {}


def combination_entries(cards: tuple[int, ...], wilds: tuple[int, ...],
                        double_wild: bool) -> tuple[TrickPlay, ...]:
    """`COMBINATION_ENTRIES[cards, wilds]`, worked out and kept the first time (ValueError for
    cards that are no combination with those X values: nothing is kept)."""
    key = (cards, wilds)
    entries = COMBINATION_ENTRIES.get(key)
    if entries is None:
        rank = combos.known_rank(cards, wilds, double_wild)
        if rank is None:
            raise ValueError(f"{cards} with X as {wilds} is not a combination")
        entries = tuple(combination_play(seat, rank, wilds) for seat in range(MOST_SEATS))
        COMBINATION_ENTRIES[key] = entries
    return entries


def best_first(plays: Sequence[TrickPlay]) -> list[int]:
    """The seats that played combinations, best combination first."""
    return [p.seat for p in reversed(plays) if p.what == COMBINATION]


def rank_to_beat(plays: Sequence[TrickPlay]) -> int:
    """The rank of the best combination so far, or NO_COMBINATION (below every rank) when there
    is none yet: then any combination may be played (rule 5a)."""
    for p in reversed(plays):
        if p.what == COMBINATION:
            return p.rank  # type: ignore[return-value]  # set for every combination
    return NO_COMBINATION


def draws_played(plays: Sequence[TrickPlay]) -> int:
    """How many Draw cards were played in the trick."""
    count = 0
    for p in plays:
        if p.what == DRAW_CARD:
            count += 1
    return count


def draw_recipient(plays: Sequence[TrickPlay]) -> int | None:
    """Who draws for the Draw cards (rule 7a): the best combination's player or, if no
    combination was played, the player who led with a Draw card; None without Draw cards."""
    drawn = False
    best = None  # the last combination's player: the best (see the module's docstring)
    for p in plays:
        what = p.what
        if what == COMBINATION:
            best = p.seat
        elif what == DRAW_CARD:
            drawn = True
    if not drawn:
        return None
    return plays[0].seat if best is None else best


def stopped(plays: Sequence[TrickPlay]) -> bool:
    """Whether a Stop ended the trick (a Stop is always the last play of its trick, rule 6)."""
    return bool(plays) and plays[-1].what == STOP_CARD


def first_choice(plays: Sequence[TrickPlay]) -> int:
    """The next leader before any fallback (rule 7d): the drawer, else the Stop player, else the
    best combination's player. Without Draw cards every play but a closing Stop is a
    combination, so the last play is the Stop player's or the best combination's."""
    drawer = draw_recipient(plays)
    return plays[-1].seat if drawer is None else drawer


def nearest_right(seat: int, has_cards: Sequence[int]) -> int | None:
    """The nearest player counter-clockwise (seat − 1, − 2, …) of `seat` who holds hand cards.

    `has_cards` (here and below), by seat: whether the player holds hand cards, or how many."""
    players = len(has_cards)
    for step in range(1, players):
        other = (seat - step) % players
        if has_cards[other]:
            return other
    return None


def next_leader(plays: Sequence[TrickPlay], has_cards: Sequence[int]) -> int | None:
    """The leader of the next trick with every fallback of rule 7d (None if nobody has cards).

    The drawer or the Stop player without cards hands the lead to their nearest right neighbour
    with cards; the best combination's player hands it to the second best, third best, … and only
    then to their own nearest right neighbour with cards.
    """
    chosen = first_choice(plays)
    if has_cards[chosen]:
        return chosen
    if draw_recipient(plays) is None and not stopped(plays):
        for seat in best_first(plays)[1:]:
            if has_cards[seat]:
                return seat
    return nearest_right(chosen, has_cards)


def round_payers(plays: Sequence[TrickPlay], trick_seats: Sequence[int],
                 has_cards: Sequence[int]) -> tuple[int, ...]:
    """Who gives up a token at the end of this trick (rule 7c); empty if the round goes on.

    Exactly one player with hand cards: that player. Nobody: every player who was in the round at
    the start of the trick, except the best combination's player (without combinations, the next
    leader under 7d, who with nobody holding cards is the first choice).
    """
    holders = [seat for seat, has in enumerate(has_cards) if has]
    if len(holders) == 1:
        return (holders[0],)
    if holders:
        return ()
    ranked = best_first(plays)
    exempt = ranked[0] if ranked else first_choice(plays)
    return tuple(seat for seat in trick_seats if seat != exempt)
