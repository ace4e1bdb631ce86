"""Go Fish for 2 to 5 players: books of four, questions everyone hears, seats that run out.

Chance is the shuffle at the deal, from the state's seeded RNG; every later draw takes the top of
the pool that shuffle made. The option `ranks` plays with a short deck (the first `ranks` ranks,
four cards each), small enough for tests to enumerate every deal a seat's view allows.
"""

from __future__ import annotations

from functools import cached_property

from meeple import Game, GameSpec, Hand, Information, Option, Pile, PublicRecord, Rng, State, Visibility

from .actions import Ask
from .cards import SUITS, deck, rank_of
from .cards import face as card_name
from .decisions import MOST_PLAYERS, Turn, _no_book_in_hand, lay_book, no_book_in_hand, start_turn
from .greedy import GREEDY
from .narration import GoFishNarrator
from .render import render

STANDARD_RANKS = 13
QUESTIONS_PER_RANK = 40  # rule 7's cap on questions, per rank in the deck (RULINGS.md 7)


class GoFishState(State):
    hands: tuple[Hand, ...]  # owner only; cards handed over or shown are known to everyone
    pool: Pile  # the face-down draw pile (secret: everyone sees only its size)
    books: tuple[Pile, ...]  # the books each seat has laid down, four cards each (public)
    out: list[int]  # the seats out of the game, in the order they went out (rule 6; public)
    questions: int = 0  # questions asked so far (rule 7's cap)
    handed: PublicRecord[tuple[int, ...]] = ()  # the cards handed over at the last question, face up

    def book_counts(self) -> list[int]:
        return [len(pile) // SUITS for pile in self.books]

    def next_seat(self, seat: int) -> int:
        """The seat after `seat`, clockwise (out seats are skipped by `start_turn`)."""
        return (seat + 1) % self.players

    eliminated_can_win = True  # an out seat keeps its books, and may have the most (rule 6)

    def _eliminated(self):
        return self.out

    def mark_out(self) -> None:
        """Rule 6: a seat whose hand is empty while the pool is empty is out, for good: it can
        neither ask (it holds no rank) nor draw (RULINGS.md 5). Seats going out together are
        listed in seat order."""
        if not len(self.pool):
            for seat, hand in enumerate(self.hands):
                if not len(hand) and seat not in self.out:
                    self.out.append(seat)

    def invariants(self) -> list[str]:
        """The deck's cards once each (the base check), and no hand holding a whole rank (rule 2
        lays a book down at once)."""
        return super().invariants() + ([] if _no_book_in_hand(self) else ["a hand holds all four of a rank"])

    def _scores(self):
        return self.book_counts()


class GoFish(Game):
    spec = GameSpec(
        id="gofish",
        title="Go Fish",
        min_players=2,
        max_players=MOST_PLAYERS,
        information=Information.IMPERFECT,
        chance=True,
        options=(
            Option("ranks", "int", STANDARD_RANKS,
                   "ranks in the deck, four cards each (13: the standard 52 cards; fewer for "
                   "small test decks)", minimum=2, maximum=STANDARD_RANKS),
        ),
        max_length=lambda options, players: QUESTIONS_PER_RANK * options["ranks"],
        summary="Ask for ranks, go fish, lay down books of four; what was asked is known to all.",
    )
    state_class = GoFishState
    action_types = (Ask,)
    decision_types = (Turn,)
    renderer = staticmethod(render)
    narrator = GoFishNarrator()
    bots = (GREEDY,)
    web_renderer = "web/gofish.js"  # the table in the browser (meeple server)
    shown_fields = ("hands", "pool", "books", "questions", "handed")
    card_names = staticmethod(card_name)
    sample_condition = staticmethod(no_book_in_hand)  # no hand holds a whole rank (rule 2)
    card_kind = staticmethod(rank_of)  # facts speak of ranks: "seat 2 holds no 7s"
    records_facts = True  # questions and answers are facts (decisions.py; RL observations carry them)

    @cached_property
    def ranks(self) -> int:
        return self.options["ranks"]

    @cached_property
    def most_questions(self) -> int:
        """Rule 7: the game ends after this many questions (never reached by sensible play)."""
        return QUESTIONS_PER_RANK * self.ranks

    @cached_property
    def hand_size(self) -> int:
        """Rule 1: 7 cards each for 2-3 players, 5 for 4-5; a short deck deals at most
        `deck // (players + 1)` each, so the pool holds at least a hand's worth (RULINGS.md 1)."""
        standard = 7 if self.players <= 3 else 5
        return min(standard, len(self.deck()) // (self.players + 1))

    def deck(self):
        return deck(self.ranks)

    def rl_action_space(self):
        """Every action the game can offer, in a fixed order, for `meeple.rl` (docs/rl.md):
        ask each seat for each rank."""
        return [Ask(seat, rank) for seat in range(self.players) for rank in range(self.ranks)]

    def setup(self, rng: Rng) -> GoFishState:
        cards = list(self.deck())
        rng.shuffle(cards)
        n = self.hand_size
        hands = [cards[seat * n:(seat + 1) * n] for seat in range(self.players)]
        return self.deal_state(hands, cards[self.players * n:], rng)

    def deal_state(self, hands, pool, rng: Rng | None = None) -> GoFishState:
        """The state right after a given deal (`hands[seat]`, and the `pool` bottom to top):
        books in the deal are laid down (rule 2) and seat 0's turn begins. For scenario tests
        and a given deal; raises ValueError unless the cards are exactly the deck."""
        seats = range(self.players)
        if len(hands) != self.players or sorted([*pool, *(c for h in hands for c in h)]) != list(self.deck()):
            raise ValueError(f"a deal is {self.players} hands and a pool holding the deck once")
        state = self.build_state(
            rng if rng is not None else Rng(0),
            hands=tuple(Hand(hands[s], owner=s, ordered=False) for s in seats),
            pool=Pile(pool, Visibility.SECRET),
            books=tuple(Pile(owner=s) for s in seats),
            out=[], pending=[])
        for seat in seats:
            for rank in sorted({rank_of(c) for c in hands[seat]}):
                lay_book(state, seat, rank)
        start_turn(state, 0)
        return state
