"""Hearts' decisions, in rulebook order: the pass (all four seats at once), then each card played
to a trick. Each decision owns its rules: who decides, what is legal, what happens, why an action
is refused. Rule numbers refer to rules.md."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Mapping

from attrs import frozen

from meeple import Action, Decision, Simultaneous

from .actions import PassCards, PlayCard
from .cards import HEARTS, QUEEN_OF_SPADES, SUIT_NAMES, TWO_OF_CLUBS, name, rank_of, suit_of

if TYPE_CHECKING:
    from .game import HeartsState

CARDS_PASSED = 3
DIRECTIONS = ("no pass", "left", "across", "right")  # OpenSpiel's PassDir numbering
PLAYS = tuple(PlayCard(card) for card in range(52))  # one action object per card, shared
_PASSES: dict[tuple[int, ...], PassCards] = {}  # one action object per three cards, shared


def passing(three: tuple[int, ...]) -> PassCards:
    """The shared `PassCards` action for three ascending cards (actions are values: sharing them
    saves building 286 objects per seat per deal)."""
    action = _PASSES.get(three)
    if action is None:
        action = _PASSES[three] = PassCards(three)
    return action


# -- 2. The pass ---------------------------------------------------------------------------------

@frozen
class PassThree(Simultaneous):
    """Rule 2: every seat passes three cards face down at once, `state.pass_direction` seats on
    (1 left, 2 across, 3 right). A seat that passed a card knows where it is; nobody else does."""

    def describe(self) -> str:
        return "pass three cards"

    def legal_actions(self, state: "HeartsState", player: int):
        return [passing(three) for three in combinations(sorted(state.hands[player]), CARDS_PASSED)]

    def explain_illegal(self, state: "HeartsState", action: Action, player: int) -> str | None:
        if not isinstance(action, PassCards):
            return "every seat passes three cards first"
        cards = action.cards
        if len(cards) != CARDS_PASSED or len(set(cards)) != CARDS_PASSED:
            return "pass exactly three different cards"
        if any(type(c) is not int or c not in state.hands[player] for c in cards):
            return f"seat {player} may pass only cards it holds"
        if list(cards) != sorted(cards):
            return "name the three cards in ascending order"
        return None

    def resolve(self, state: "HeartsState", choices: Mapping[int, PassCards]) -> None:
        for giver, choice in choices.items():
            state.hands[giver].remove_many(choice.cards)
        for giver, choice in choices.items():
            receiver = (giver + state.pass_direction) % state.players
            for card in choice.cards:
                state.hands[receiver].add(card, known_to={giver})
        state.pending.append(first_lead(state))


# -- 3-5. The tricks -----------------------------------------------------------------------------

def first_lead(state: "HeartsState") -> "Play":
    """Rule 3: the holder of the 2 of clubs leads the first trick. The frame names that seat to
    everyone, so every seat knows where the 2 of clubs is: it is marked known to all in that hand
    (`Hand.reveal`). Views show it there, and determinized samples and the conformance kit's
    shuffled copies keep it there, as they keep every card a seat knows; otherwise a sample drawn
    by another seat could deal it elsewhere and offer the leader a card it does not hold."""
    leader = state.holder(TWO_OF_CLUBS)
    hand = state.hands[leader]
    hand.reveal([list(hand).index(TWO_OF_CLUBS)])
    return Play(leader)


@frozen
class Play(Decision):
    """Rules 3-5: `player` plays one card to the trick; after four cards the highest card of the
    suit led takes the trick and leads the next."""

    def describe(self) -> str:
        return "play a card"

    def legal_actions(self, state: "HeartsState"):
        return [PLAYS[card] for card in playable(state, self.player)]

    def explain_illegal(self, state: "HeartsState", action: Action) -> str | None:
        if not isinstance(action, PlayCard):
            return "play one card to the trick"
        hand = state.hands[self.player]
        if type(action.card) is not int or action.card not in hand:
            return f"seat {self.player} does not hold that card"
        if state.trick and any(suit_of(c) == state.led_suit() for c in hand):
            return f"follow suit: play {SUIT_NAMES[state.led_suit()]}"
        if state.cards_played == 0:
            return "the first trick is led with the 2 of clubs" + (
                " (or any club)" if state.game.options["can_lead_any_club"] else "")
        if state.tricks_played == 0 and state.game.rules.no_pts_on_first_trick:
            return "no hearts or queen of spades on the first trick while you hold another card"
        if not state.trick and suit_of(action.card) == HEARTS and not state.hearts_broken:
            return "hearts are not broken: lead another suit"
        return None

    def resolve(self, state: "HeartsState", action: PlayCard) -> None:
        card, seat, trick = action.card, self.player, state.trick
        state.hands[seat].remove(card)
        if not trick:
            state.leader = seat
        trick.push(card)
        state.cards_played += 1
        if card % 4 == HEARTS or (card == QUEEN_OF_SPADES and state.game.rules.qs_breaks_hearts):
            state.hearts_broken = True
        if len(trick) < 4:
            state.pending.append(NEXT_PLAYER[seat])
            return
        winner = trick_winner(state.leader, list(state.trick))
        state.taken[winner].extend(state.trick.clear())
        state.trick_winners.append(winner)
        state.tricks_played += 1
        state.leader = None
        if len(state.hands[winner]):
            state.pending.append(Play(winner))


def trick_winner(leader: int, cards: list[int]) -> int:
    """The seat whose card is the highest of the suit led (rule 4)."""
    led = suit_of(cards[0])
    best = max((c for c in cards if suit_of(c) == led), key=rank_of)
    return (leader + cards.index(best)) % len(cards)


def playable(state: "HeartsState", seat: int) -> list[int]:
    """The cards `seat` may play now, ascending (rules 3-5, with the options' variations, checked
    in the order OpenSpiel checks them). `card % 4` is the card's suit (cards.suit_of, inlined:
    this runs at every decision of every rollout)."""
    rules = state.game.rules
    hand = sorted(state.hands[seat])
    trick = state.trick
    if trick:  # 3a: follow suit if you can
        led = trick[0] % 4
        following = [c for c in hand if c % 4 == led]
        if following:
            return following
    if state.cards_played == 0:  # 3b: the 2 of clubs (or, as an option, any club) opens
        if rules.can_lead_any_club:
            return [c for c in hand if c % 4 == TWO_OF_CLUBS % 4]
        return [TWO_OF_CLUBS]
    if state.tricks_played == 0 and rules.no_pts_on_first_trick:  # 3c: no points on trick 1
        harmless = [c for c in hand if c % 4 != HEARTS and c != QUEEN_OF_SPADES]
        if harmless:
            return harmless
    if not trick:  # 3d: hearts are led only once broken
        leads = hand if state.hearts_broken else [c for c in hand if c % 4 != HEARTS]
        if rules.can_lead_hearts_instead_of_qs and leads == [QUEEN_OF_SPADES]:
            leads = []
        if leads:
            return leads
    return hand


NEXT_PLAYER = tuple(Play((seat + 1) % 4) for seat in range(4))  # the frame after each seat's card
