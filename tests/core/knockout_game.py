"""Knockout, a test game of elimination: the core's example of `State.eliminated`.

The cards 1..N (N = cards × players + 2) are shuffled; each player is dealt `cards` of them face
down, the rest stay face down in the stock. In turn, a player still in either plays a card from
their hand higher than the card on top of the pile (face up), or folds — and is out of the game
for good. A player whose hand is empty, or who holds nothing higher than the top card, can only
fold. The last player in wins. A player's score is their place: how many players went out
before them (the winner scores players − 1).

`Shedding` is the same game scored otherwise: the player who played the most cards wins, out or
not (ties shared) — an eliminated seat may still win (`State.eliminated_can_win`).

`Showdown` eliminates through a simultaneous decision: each round every player still in plays a
card face down at once; the lowest card goes out with its player (a tie for lowest: nobody).
When one player is left, or the hands are empty, the players still in win.
"""

from __future__ import annotations

from typing import Mapping

from attrs import frozen

from meeple import (Action, Decision, Dynamics, Game, GameSpec, Hand, Information, Option, Pile, Rng, Simultaneous,
                    State, Visibility)


@frozen
class PlayCard(Action):
    """Play `card`, higher than the top of the pile."""

    card: int

    def describe(self) -> str:
        return f"play {self.card}"


@frozen
class Fold(Action):
    """Go out of the game."""

    def describe(self) -> str:
        return "fold"


@frozen
class Turn(Decision):
    """The player in turn plays a higher card or folds."""

    def describe(self) -> str:
        return "play a higher card or fold"

    def legal_actions(self, state: "KnockoutState"):
        top = state.pile.top or 0
        return [*(PlayCard(card) for card in sorted(state.hands[self.player]) if card > top), Fold()]

    def explain_illegal(self, state: "KnockoutState", action: Action) -> str | None:
        if isinstance(action, PlayCard):
            return f"{action.card} does not beat the top of the pile, or seat {self.player} does not hold it"
        return None

    def resolve(self, state: "KnockoutState", action: Action) -> None:
        if isinstance(action, PlayCard):
            state.hands[self.player].remove(action.card)
            state.pile.push(action.card)
            state.played[self.player] += 1
        else:
            state.out.append(self.player)
        still_in = [seat for seat in range(state.players) if seat not in state.out]
        if len(still_in) > 1:
            state.pending.append(Turn(next((seat for seat in still_in if seat > self.player), still_in[0])))


class KnockoutState(State):
    hands: tuple[Hand, ...]  # face down: each seen by its owner only
    pile: Pile  # the cards played, face up
    stock: Pile  # the cards nobody was dealt, face down
    played: list[int]  # cards each seat has played
    out: list[int]  # the seats that folded, in the order they went out

    def _eliminated(self):
        return self.out

    def _scores(self):
        players = self.players
        return [self.out.index(seat) if seat in self.out else len(self.out) if self.pending else players - 1
                for seat in range(players)]


class Knockout(Game):
    spec = GameSpec(
        id="knockout", title="Knockout", min_players=2, max_players=5,
        information=Information.IMPERFECT, chance=True,
        options=(Option("cards", "int", 3, "cards dealt to each player", minimum=0, maximum=8),),
        max_length=lambda options, players: options["cards"] * players + players,
        summary="Play higher or fold: the last player in wins.",
    )
    state_class = KnockoutState
    action_types = (PlayCard, Fold)
    decision_types = (Turn,)

    def deck(self):
        return range(1, self.options["cards"] * self.players + 3)

    def setup(self, rng: Rng) -> KnockoutState:
        stock = Pile(self.deck(), visibility=Visibility.SECRET)
        stock.shuffle(rng)
        hands = tuple(Hand(stock.draw(self.options["cards"]), owner=seat, ordered=False)
                      for seat in range(self.players))
        return self.build_state(rng, pending=[Turn(0)], hands=hands, stock=stock, pile=Pile(),
                                played=[0] * self.players, out=[])


class SheddingState(KnockoutState):
    eliminated_can_win = True

    def _scores(self):
        return list(self.played)


class Shedding(Knockout):
    spec = GameSpec(
        id="shedding", title="Shedding", min_players=2, max_players=5,
        information=Information.IMPERFECT, chance=True,
        options=Knockout.spec.options, max_length=Knockout.spec.max_length,
        summary="Play higher or fold: the most cards played wins, out or not.",
    )
    state_class = SheddingState


@frozen
class Reveal(Simultaneous):
    """Every player still in plays a card face down, all at once."""

    def describe(self) -> str:
        return "play a card face down"

    def legal_actions(self, state: "KnockoutState", player: int):
        return [PlayCard(card) for card in sorted(state.hands[player])]

    def resolve(self, state: "KnockoutState", choices: Mapping[int, PlayCard]) -> None:
        for seat, choice in choices.items():
            state.hands[seat].remove(choice.card)
            state.pile.push(choice.card)
            state.played[seat] += 1
        low = min(choice.card for choice in choices.values())
        losers = [seat for seat, choice in choices.items() if choice.card == low]
        if len(losers) == 1 and len(choices) > 1:
            state.out.append(losers[0])
        still_in = [seat for seat in range(state.players) if seat not in state.out]
        if len(still_in) > 1 and all(len(state.hands[seat]) for seat in still_in):
            state.pending.append(Reveal(still_in))


class ShowdownState(KnockoutState):
    def _winners(self):
        return [seat for seat in range(self.players) if seat not in self.out]


class Showdown(Knockout):
    spec = GameSpec(
        id="showdown", title="Showdown", min_players=2, max_players=5,
        information=Information.IMPERFECT, chance=True,
        options=(Option("cards", "int", 3, "cards dealt to each player", minimum=1, maximum=8),),
        max_length=Knockout.spec.max_length, dynamics=Dynamics.SIMULTANEOUS,
        summary="All play a card at once: the lowest goes out; the last players in win.",
    )
    state_class = ShowdownState
    decision_types = (Reveal,)

    def setup(self, rng: Rng) -> KnockoutState:
        state = super().setup(rng)
        state.pending = [Reveal(range(self.players))]
        return state
