"""Pass-and-play, a test game of per-seat knowledge: every player passes one card face down to
the left, all at once (a `Simultaneous` decision), so a passed card is known to its receiver
and its giver only; then players take turns playing cards face up. Highest total played wins.
"""

from __future__ import annotations

from typing import Mapping

from attrs import frozen

from meeple import (Action, Decision, Dynamics, Game, GameSpec, Hand, Information, Option, Pile,
                    Rng, Simultaneous, State, Visibility)


@frozen
class PassCard(Action):
    card: int


@frozen
class PlayCard(Action):
    card: int


@frozen
class PassLeft(Simultaneous):
    """Every player passes one card face down to the player on their left."""

    def legal_actions(self, state: "PassingState", player: int):
        return [PassCard(card) for card in sorted(state.hands[player])]

    def resolve(self, state: "PassingState", choices: Mapping[int, PassCard]) -> None:
        for giver, choice in choices.items():
            state.hands[giver].remove(choice.card)
        for giver, choice in choices.items():
            state.hands[(giver + 1) % state.players].add(choice.card, known_to={giver})
        state.pending.append(Play(0))


@frozen
class Play(Decision):
    """The player in turn plays one card face up."""

    def legal_actions(self, state: "PassingState"):
        return [PlayCard(card) for card in sorted(set(state.hands[self.player]))]

    def resolve(self, state: "PassingState", action: PlayCard) -> None:
        state.hands[self.player].remove(action.card)
        state.played[self.player].push(action.card)
        following = (self.player + 1) % state.players
        if len(state.hands[following]):
            state.pending.append(Play(following))


class PassingState(State):
    hands: tuple[Hand, ...]
    played: tuple[Pile, ...]
    stock: Pile

    def _scores(self):
        return [sum(pile) for pile in self.played]

    def _winners(self):
        scores = self._scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]


class PassingGame(Game):
    spec = GameSpec(
        id="passing", title="Pass and play", min_players=2, max_players=4,
        information=Information.IMPERFECT, chance=True,
        options=(Option("cards", "int", 3, "cards dealt to each player", minimum=1, maximum=8),),
        max_length=lambda options, players: (options["cards"] + 1) * players,
        dynamics=Dynamics.SIMULTANEOUS,
    )
    state_class = PassingState
    action_types = (PassCard, PlayCard)
    decision_types = (PassLeft, Play)

    def deck(self):
        return range(1, self.options["cards"] * self.players + 5)

    def setup(self, rng: Rng) -> PassingState:
        stock = Pile(self.deck(), visibility=Visibility.SECRET)
        stock.shuffle(rng)
        seats = range(self.players)
        hands = tuple(Hand(stock.draw(self.options["cards"]), owner=s, ordered=False) for s in seats)
        return self.build_state(rng, pending=[PassLeft(seats)], hands=hands, stock=stock,
                                played=tuple(Pile(owner=s) for s in seats))
