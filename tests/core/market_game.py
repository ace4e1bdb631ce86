"""A small hidden-information card game that exercises every card zone of the core.

Each seat holds a hand (ordered or not, by option); on a turn a seat plays a card to its tableau,
takes a face-up market card into its hand at a chosen position (known to all), or draws blind.
The game ends when the draw pile and the market are both empty, or after `turns` turns.
"""

from __future__ import annotations

from attrs import define, frozen

from meeple import (Action, Decision, Display, Game, GameSpec, Hand, Information, Option, Pile,
                    Rng, State, Tableau, Visibility)

DECK = [value for value in range(1, 9) for _ in range(3)]


@frozen
class PlayCard(Action):
    tag = "play"
    position: int


@frozen
class TakeMarket(Action):
    tag = "take"
    slot: int
    position: int


@frozen
class DrawBlind(Action):
    tag = "draw"


@frozen
class Turn(Decision):
    tag = "turn"

    def legal_actions(self, state):
        hand = state.hands[self.player]
        for i in range(len(hand)):
            yield PlayCard(i)
        for slot in state.market.occupied():
            for position in range(len(hand) + 1 if hand.ordered else 1):
                yield TakeMarket(slot, position)
        if len(state.pile):
            yield DrawBlind()

    def resolve(self, state, action):
        seat = self.player
        hand = state.hands[seat]
        if isinstance(action, PlayCard):
            state.tableaux[seat].push_layer([hand.pop(action.position)])
        elif isinstance(action, TakeMarket):
            (card,) = state.market.take(action.slot)
            hand.insert(action.position if hand.ordered else len(hand), card, known=True)
            state.market.refill(state.pile)
        else:
            hand.add(state.pile.pop())
        state.turns_left -= 1
        if state.turns_left > 0 and (len(state.pile) or not state.market.is_empty()) and len(hand):
            state.pending.append(Turn((seat + 1) % state.game.players))


@define(slots=True, eq=False, kw_only=True)
class MarketState(State):
    hands: tuple[Hand, ...]
    tableaux: tuple[Tableau, ...]
    market: Display
    pile: Pile
    turns_left: int

    def _scores(self):
        return [t.card_count() - len(h) for t, h in zip(self.tableaux, self.hands)]

    def _winners(self):
        scores = self._scores()
        return [s for s, v in enumerate(scores) if v == max(scores)]


class MarketGame(Game):
    spec = GameSpec(
        id="market", title="Market", min_players=2, max_players=4,
        information=Information.IMPERFECT, chance=True,
        options=(Option("ordered", "bool", False, "hands keep their order"),
                 Option("turns", "int", 40, "turn cap", minimum=1)),
        max_length=lambda options, players: options["turns"],
    )
    state_class = MarketState
    action_types = (PlayCard, TakeMarket, DrawBlind)
    decision_types = (Turn,)

    def deck(self):
        return DECK

    def setup(self, rng: Rng) -> MarketState:
        pile = Pile(DECK, visibility=Visibility.SECRET)
        pile.shuffle(rng)
        ordered = self.options["ordered"]
        hands = tuple(Hand(pile.draw(3), owner=s, ordered=ordered) for s in range(self.players))
        market = Display(3)
        market.refill(pile)
        return MarketState(game=self, rng=rng, pending=[Turn(0)], hands=hands,
                           tableaux=tuple(Tableau(owner=s) for s in range(self.players)),
                           market=market, pile=pile, turns_left=self.options["turns"])
