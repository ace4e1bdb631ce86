"""Goofspiel, a game of simultaneous secret bids: the core's example of decisions that own their
rules, of a `Simultaneous` decision and of a state written without boilerplate.

Every player holds the cards 1..N; the prize cards 1..N are shuffled face down. Each round a prize
is turned face up, then all players bid one card from their hand at once, in secret. The highest
bid that nobody else made wins the prize (no unique bid: the prize is discarded); the bids are
spent face up. After N rounds the players score the values of the prizes they won.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from attrs import frozen

from meeple import (Action, Dynamics, Game, GameSpec, Hand, Information, Option, Pile, Rng,
                    Simultaneous, State, Visibility)


@frozen
class BidCard(Action):
    """Bid `card` from your hand (its tag, from the class name, is `bid_card`)."""

    card: int

    def describe(self) -> str:
        return f"bid {self.card}"


@frozen
class Bid(Simultaneous):
    """All players bid one card at once for the prize on show."""

    def describe(self) -> str:
        return "bid for the prize"

    def legal_actions(self, state: "GoofspielState", player: int):
        return [BidCard(card) for card in sorted(state.hands[player])]

    def explain_illegal(self, state: "GoofspielState", action: Action, player: int) -> str | None:
        if isinstance(action, BidCard):
            return f"seat {player} has no {action.card} left to bid"
        return None

    def resolve(self, state: "GoofspielState", choices: Mapping[int, BidCard]) -> None:
        bids = {seat: choice.card for seat, choice in choices.items()}
        for seat, card in bids.items():
            state.hands[seat].remove(card)
            state.spent[seat].push(card)
        prize = state.prize.pop()
        made = Counter(bids.values())
        unique = [(card, seat) for seat, card in bids.items() if made[card] == 1]
        if unique:
            state.won[max(unique)[1]].push(prize)
        else:
            state.discard.push(prize)
        if len(state.prizes):
            state.prize.push(state.prizes.pop())
            state.pending.append(Bid(range(state.players)))


class GoofspielState(State):
    hands: tuple[Hand, ...]  # public: everyone can count which cards a player has left
    spent: tuple[Pile, ...]  # each player's bids so far, face up
    won: tuple[Pile, ...]  # the prizes each player won
    prize: Pile  # the prize on show
    prizes: Pile  # the prizes still to come, face down
    discard: Pile  # prizes nobody won

    def _scores(self):
        return [sum(pile) for pile in self.won]

    def _winners(self):
        scores = self._scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]


class Goofspiel(Game):
    spec = GameSpec(
        id="goofspiel", title="Goofspiel", min_players=2, max_players=4,
        information=Information.IMPERFECT, chance=True,
        options=(Option("cards", "int", 5, "cards in each hand and prizes", minimum=1, maximum=13),),
        max_length=lambda options, players: options["cards"] * players,
        summary="Bid secretly and all at once for prize cards.",
        dynamics=Dynamics.SIMULTANEOUS,
    )
    state_class = GoofspielState
    action_types = (BidCard,)
    decision_types = (Bid,)

    def deck(self):
        return [card for card in range(1, self.options["cards"] + 1) for _ in range(self.players + 1)]

    def setup(self, rng: Rng) -> GoofspielState:
        cards = range(1, self.options["cards"] + 1)
        seats = range(self.players)
        prizes = Pile(cards, visibility=Visibility.SECRET)
        prizes.shuffle(rng)
        return self.build_state(
            rng, pending=[Bid(seats)], prizes=prizes, prize=Pile([prizes.pop()]), discard=Pile(),
            hands=tuple(Hand(cards, owner=s, visibility=Visibility.PUBLIC, ordered=False) for s in seats),
            spent=tuple(Pile(owner=s) for s in seats), won=tuple(Pile(owner=s) for s in seats))
