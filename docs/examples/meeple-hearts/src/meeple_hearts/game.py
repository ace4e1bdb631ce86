"""Hearts for four players, one deal, exactly as OpenSpiel's `hearts` plays it.

Chance: the pass direction (no pass, left, across, right; only "no pass" without `pass_cards`)
and then the deal come from the state's seeded RNG, in that order, like OpenSpiel's chance nodes.
`Hearts.deal_state(hands, pass_direction)` builds the state for a given deal instead (the
differential test against OpenSpiel plays OpenSpiel's deals through it).

Scores follow OpenSpiel's returns: 26 minus a seat's points (higher is better, as meeple's search
bots expect); `HeartsState.points()` gives the points themselves. The winners are the seats with
the fewest points.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import NamedTuple, Sequence

from meeple import Action, Dynamics, Game, GameSpec, Hand, Information, Option, Pile, Rng, State

from .actions import PassCards, PlayCard
from .cards import (AVOID_ALL_TRICKS_POINTS, DECK, HEARTS, QUEEN_OF_SPADES, RANKS, TOTAL_POINTS,
                    points, suit_of)
from .cards import face
from .decisions import PassThree, Play, first_lead
from .greedy import GREEDY
from .narration import HeartsNarrator
from .render import render

PLAYERS = 4


class Rules(NamedTuple):
    """The options the rules read at every card, read once per game (Options look up by name)."""

    no_pts_on_first_trick: bool
    can_lead_any_club: bool
    jd_bonus: bool
    avoid_all_tricks_bonus: bool
    qs_breaks_hearts: bool
    must_break_hearts: bool
    can_lead_hearts_instead_of_qs: bool


class HeartsState(State):
    pass_direction: int  # 0 no pass, 1 left, 2 across, 3 right (public, OpenSpiel's numbering)
    hands: tuple[Hand, ...]  # owner only; a passed card is also known to the seat that passed it
    trick: Pile  # the cards of the trick being played, in play order (public)
    leader: int | None = None  # who led the trick being played
    taken: tuple[Pile, ...]  # the cards each seat has taken in tricks, trick by trick (public)
    trick_winners: list[int]  # who took each finished trick, in order
    cards_played: int = 0
    tricks_played: int = 0
    hearts_broken: bool = False

    def holder(self, card: int) -> int:
        """The seat holding `card`."""
        return next(seat for seat, hand in enumerate(self.hands) if card in hand)

    def led_suit(self) -> int | None:
        return suit_of(self.trick[0]) if self.trick else None

    def points(self) -> list[int]:
        """Each seat's points: what it took in tricks, then, once the deal is over, shooting the
        moon (the shooter −26, everyone else +26) or the avoid-all-tricks bonus (rule 6)."""
        jd_bonus = self.game.rules.jd_bonus
        totals = [sum(points(c, jd_bonus) for c in pile) for pile in self.taken]
        if self.pending:
            return totals
        shooter = self.moon_shooter()
        if shooter is not None:
            return [t - TOTAL_POINTS if s == shooter else t + TOTAL_POINTS for s, t in enumerate(totals)]
        if self.game.rules.avoid_all_tricks_bonus:
            return [t + AVOID_ALL_TRICKS_POINTS if not len(self.taken[s]) else t
                    for s, t in enumerate(totals)]
        return totals

    def moon_shooter(self) -> int | None:
        """The seat that took every heart and the queen of spades, if one did."""
        for seat, pile in enumerate(self.taken):
            scoring = sum(1 for c in pile if suit_of(c) == HEARTS or c == QUEEN_OF_SPADES)
            if scoring == RANKS + 1:
                return seat
        return None

    view_extra_types = {"points": tuple[int, ...]}

    def view_extras(self, player: int | None) -> dict:
        """Everyone sees the points each seat has taken so far (every trick is played face up)."""
        return {"points": tuple(self.points())}

    def _scores(self):
        return [TOTAL_POINTS - p for p in self.points()]

    def _winners(self):
        totals = self.points()
        return [seat for seat, p in enumerate(totals) if p == min(totals)]


class Hearts(Game):
    spec = GameSpec(
        id="hearts",
        title="Hearts",
        min_players=PLAYERS,
        max_players=PLAYERS,
        information=Information.IMPERFECT,
        chance=True,
        options=(
            Option("pass_cards", "bool", True, "pass three cards before play (direction by chance)"),
            Option("no_pts_on_first_trick", "bool", True,
                   "no hearts or queen of spades on the first trick while a seat holds another card"),
            Option("can_lead_any_club", "bool", False, "the first trick may be led with any club"),
            Option("jd_bonus", "bool", False, "the jack of diamonds is worth -10 points"),
            Option("avoid_all_tricks_bonus", "bool", False, "-5 points for taking no trick"),
            Option("qs_breaks_hearts", "bool", True, "playing the queen of spades breaks hearts"),
            Option("must_break_hearts", "bool", True, "hearts may not be led until broken"),
            Option("can_lead_hearts_instead_of_qs", "bool", False,
                   "hearts may be led unbroken when the queen of spades is the only other lead"),
        ),
        max_length=lambda options, players: players + len(DECK),
        summary="Avoid hearts and the queen of spades, or take them all; a simultaneous pass.",
        dynamics=Dynamics.SIMULTANEOUS,
    )
    state_class = HeartsState
    action_types = (PassCards, PlayCard)
    decision_types = (PassThree, Play)
    renderer = staticmethod(render)
    narrator = HeartsNarrator()
    bots = (GREEDY,)
    #: meeple.rl's observation (docs/rl.md): the trick by position (who played what), at most one
    #: winner per trick.
    rl_capacities = {"trick": PLAYERS, "trick_winners": RANKS}
    web_renderer = "web/hearts.js"  # the table in the browser (meeple server)
    shown_fields = ("pass_direction", "hands", "trick", "leader", "taken", "hearts_broken", "points")
    card_names = staticmethod(face)  # as the table and the log name cards: "Q♠"

    def deck(self):
        return DECK

    def rl_action_space(self) -> list[Action]:
        """Every action the game can offer, in a fixed order, for `meeple.rl` (docs/rl.md): every
        three distinct cards to pass (ascending, when passing), then every card to play."""
        passes = [PassCards(three) for three in combinations(DECK, 3)] if self.options["pass_cards"] else []
        return passes + [PlayCard(card) for card in DECK]

    @property
    def dynamics(self) -> Dynamics:
        """Without `pass_cards` nothing is ever owed by several seats at once."""
        return Dynamics.SIMULTANEOUS if self.options["pass_cards"] else Dynamics.SEQUENTIAL

    @cached_property
    def rules(self) -> Rules:
        return Rules(*(self.options[name] for name in Rules._fields))

    def setup(self, rng: Rng) -> HeartsState:
        direction = rng.below(PLAYERS) if self.options["pass_cards"] else 0
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[seat::PLAYERS] for seat in range(PLAYERS)]  # dealt one at a time, seat 0 first
        return self._dealt(rng, hands, direction)

    def deal_state(self, hands: Sequence[Sequence[int]], pass_direction: int, seed: int = 0) -> HeartsState:
        """The state right after a given deal: `hands[seat]` are seat's 13 cards, `pass_direction`
        OpenSpiel's (0 no pass, 1 left, 2 across, 3 right). Hearts draws no chance after the deal,
        so `seed` only seeds the state's RNG. Raises `ValueError` for anything but a deal of the
        whole deck, 13 cards each, or a direction the options do not allow."""
        cards = [c for hand in hands for c in hand]
        if len(hands) != PLAYERS or sorted(cards) != list(DECK) or any(len(h) != RANKS for h in hands):
            raise ValueError("a deal is four hands of 13 cards holding the whole deck once")
        if pass_direction not in (range(PLAYERS) if self.options["pass_cards"] else (0,)):
            raise ValueError(f"pass direction {pass_direction!r} is not allowed with these options")
        return self._dealt(Rng(seed), [list(h) for h in hands], pass_direction)

    def _dealt(self, rng: Rng, hands: list[list[int]], direction: int) -> HeartsState:
        seats = range(PLAYERS)
        state = self.build_state(
            rng, pass_direction=direction, trick=Pile(), trick_winners=[],
            hands=tuple(Hand(hands[s], owner=s, ordered=False) for s in seats),
            taken=tuple(Pile(owner=s) for s in seats), pending=[],
            hearts_broken=not self.options["must_break_hearts"])
        state.pending.append(PassThree(seats) if direction else first_lead(state))
        return state
