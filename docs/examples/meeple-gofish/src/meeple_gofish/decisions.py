"""Go Fish's decision, and the automatic steps around it, in rulebook order: the books laid down
(rule 2), a question (rules 3-5), running out and going out (rule 6), the end (rule 7). The one
decision, `Turn`, owns its rules: who decides, what is legal, what happens, why an action is
refused. Rule numbers refer to rules.md, rulings to RULINGS.md.

What the table hears is recorded as facts (`meeple.knowledge`, known to everyone), in the rule
that reveals it, and dropped in the rule that makes it stale (RULINGS.md 10):

- a question for 7s: the asker holds at least one 7 (`HoldsAtLeast`) — at least one more than
  everyone knew, plus the cards it then takes;
- cards handed over: the asked seat holds no 7 now (`HoldsNone`), and they are face up in the
  asker's hand (`known=True`); "go fish": the asked seat holds no 7 (`HoldsNone`);
- a draw nobody saw: the drawer's "holds no ..." facts go (`cards_gained`); cards handed away:
  the giver's "holds at least" facts about that rank go (`cards_lost`); a book laid down: every
  fact about its rank goes (no hand holds that rank again)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from attrs import frozen

from meeple import Action, Decision, HoldsAtLeast, HoldsNone

from .actions import Ask
from .cards import RANK_CHARS, SUITS, rank_name, rank_of

if TYPE_CHECKING:
    from .game import GoFishState

MOST_PLAYERS = 5
#: One action object per question, shared (actions are values): `ASKS[seat][rank]`. Rollouts ask
#: for the legal questions at every decision; sharing them saves building them each time.
ASKS = tuple(tuple(Ask(seat, rank) for rank in range(len(RANK_CHARS))) for seat in range(MOST_PLAYERS))


# -- 2. Books ------------------------------------------------------------------------------------

def lay_book(state: "GoFishState", seat: int, rank: int) -> bool:
    """Rule 2: if `seat` holds all four cards of `rank`, it lays them down face up at once.
    Returns whether it did."""
    hand = state.hands[seat]
    book = [c for c in hand if c // SUITS == rank]  # rank_of, inlined: this runs at every question
    if len(book) < SUITS:
        return False
    hand.remove_many(book)
    state.books[seat].extend(sorted(book))
    state.forget(kinds=[rank])  # nobody holds the rank any more: what was known of it is moot
    return True


def books_made(state: "GoFishState") -> int:
    return sum(len(pile) for pile in state.books) // SUITS


def no_book_in_hand(view) -> "Callable[[GoFishState], bool]":
    """`GoFish.sample_condition`: rule 2 lays a book down the moment a seat holds it, so everyone
    knows no hand holds all four cards of a rank. A sample dealing the hidden cards at random
    may put four of a kind in one hand; it is dealt again (the sampler's rejection keeps every
    other deal equally likely). Such a sample could not be played on: that seat would hold a
    rank nobody else could ask for, and the game could never end."""
    return _no_book_in_hand


def _no_book_in_hand(state: "GoFishState") -> bool:
    for hand in state.hands:
        ranks = [card // SUITS for card in hand]  # rank_of, inlined: once per sample
        if any(ranks.count(rank) == SUITS for rank in set(ranks)):
            return False
    return True


# -- 3-5. A question -----------------------------------------------------------------------------

@frozen
class Turn(Decision):
    """Rules 3-5: `player` asks another seat holding cards for a rank it holds itself."""

    def describe(self) -> str:
        return "ask for a rank"

    def legal_actions(self, state: "GoFishState"):
        ranks = sorted({card // SUITS for card in state.hands[self.player]})  # rank_of, inlined
        return [ASKS[seat][rank] for seat in askable(state, self.player) for rank in ranks]

    def explain_illegal(self, state: "GoFishState", action: Action) -> str | None:
        if not isinstance(action, Ask):
            return "ask another seat for a rank"
        if action.seat == self.player:
            return "ask another seat, not yourself"
        if action.seat not in askable(state, self.player):
            return f"seat {action.seat} holds no cards: ask a seat that does"
        if not any(rank_of(c) == action.rank for c in state.hands[self.player]):
            return f"ask only for a rank you hold (you hold no {rank_name(action.rank)})"
        return None

    def resolve(self, state: "GoFishState", action: Ask) -> None:
        asker, asked, rank = self.player, action.seat, action.rank
        mine, theirs = hand_zone(asker), hand_zone(asked)
        state.questions += 1
        held = max(known_at_least(state, asker, rank), 1)  # rule 3: it asked, so it holds one
        handed = [c for c in state.hands[asked] if rank_of(c) == rank]
        state.handed = tuple(sorted(handed))
        if handed:  # rule 4: all of them, face up
            state.hands[asked].remove_many(handed)
            state.cards_lost(theirs, [rank])
            learn_none(state, asked, rank)  # it handed over every one, in full view
            state.hands[asker].extend(handed, known=True)
            state.cards_gained(mine, [rank])
            learn_at_least(state, asker, rank, held + len(handed))
            lay_book(state, asker, rank)
            start_turn(state, asker)
            return
        learn_none(state, asked, rank)  # rule 5: "go fish", heard by everyone
        drawn = draw(state, asker)
        if drawn is not None and rank_of(drawn) == rank:  # the rank asked for: shown, ask again
            hand = state.hands[asker]
            hand.reveal([position_of(hand, drawn)])
            learn_at_least(state, asker, rank, held + 1)
            lay_book(state, asker, rank)
            start_turn(state, asker)
            return
        learn_at_least(state, asker, rank, held)
        if drawn is not None:
            state.cards_gained(mine)  # a card nobody else saw: it may hold any rank now
            lay_book(state, asker, rank_of(drawn))
        start_turn(state, state.next_seat(asker))


def hand_zone(seat: int) -> str:
    """The name facts give `seat`'s hand (as `State.zones()` names it)."""
    return f"hands[{seat}]"


def known_at_least(state: "GoFishState", seat: int, rank: int) -> int:
    """How many cards of `rank` everyone knows `seat` holds, by the facts (0: nothing known)."""
    zone = hand_zone(seat)
    return max((known.fact.count for known in state.facts if type(known.fact) is HoldsAtLeast
                and known.fact.zone == zone and known.fact.kind == rank), default=0)


def learn_at_least(state: "GoFishState", seat: int, rank: int, count: int) -> None:
    """Everyone knows `seat` holds at least `count` cards of `rank` (one fact per seat and rank:
    the new count replaces the old; the same count is left as it is)."""
    if known_at_least(state, seat, rank) != count:
        state.forget(hand_zone(seat), [rank], (HoldsAtLeast,))
        state.learn(HoldsAtLeast(hand_zone(seat), rank, count))


def learn_none(state: "GoFishState", seat: int, rank: int) -> None:
    """Everyone knows `seat` holds no card of `rank` (a fact already kept is left as it is:
    rollouts ask the same questions again and again)."""
    fact = HoldsNone(hand_zone(seat), rank)
    if not any(known.fact == fact for known in state.facts):
        state.learn(fact)


def askable(state: "GoFishState", seat: int) -> list[int]:
    """The seats `seat` may ask: every other seat holding at least one card (RULINGS.md 3)."""
    return [other for other in range(state.players) if other != seat and len(state.hands[other])]


def position_of(hand, card: int) -> int:
    return list(hand).index(card)


def draw(state: "GoFishState", seat: int) -> int | None:
    """`seat` draws the top card of the pool, seen by itself only (None: the pool is empty). The
    caller says what the table learns: nothing of the card (`cards_gained`), or its rank when it
    is shown (rule 5)."""
    if not len(state.pool):
        return None
    card = state.pool.pop()
    state.hands[seat].add(card)
    return card


# -- 6-7. Running out, going out, the end ---------------------------------------------------------

def start_turn(state: "GoFishState", seat: int) -> None:
    """Push the next `Turn`, starting from `seat` (the asker again, or the next seat): rule 6 for
    a seat with an empty hand or nobody to ask, rule 7 for the end. A seat goes out as soon as
    its hand and the pool are both empty (RULINGS.md 5)."""
    while True:
        if books_made(state) == state.game.ranks or state.questions >= state.game.most_questions:
            return  # rule 7: the game is over
        state.mark_out()
        if seat not in state.out:
            if not len(state.hands[seat]):  # rule 6: an empty hand draws and goes on
                draw(state, seat)
                state.cards_gained(hand_zone(seat))
            if askable(state, seat):
                state.pending.append(Turn(seat))
                return
            drawn = draw(state, seat)  # rule 6: nobody to ask: draw instead, the turn ends
            if drawn is not None:
                state.cards_gained(hand_zone(seat))
                lay_book(state, seat, rank_of(drawn))
            else:  # nobody to ask, nothing to draw: the seat holds every card left (RULINGS.md 6)
                for rank in sorted({rank_of(c) for c in state.hands[seat]}):
                    lay_book(state, seat, rank)
        seat = state.next_seat(seat)
