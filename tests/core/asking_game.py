"""Asking, a test game of knowledge constraints: a small Go Fish with a private comparison.

Each seat holds a hand (unordered) and one face-down reserve card. On its turn a seat either
asks another seat for a kind it holds ("any 2s?": everyone then knows the asker holds a 2; the
asked seat hands over every 2 in full view, or says "go fish": everyone knows it holds no 2,
and the asker draws from the stock unseen), or compares reserves with another seat: only the
two of them learn whose reserve is higher. Four cards of a kind make a book. The game ends
after `turns` turns; most books wins.

With ``suited`` the cards are distinct (kind * 10 + copy, `card_kind` reads the kind);
otherwise a card is its kind.
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action, Decision, Game, GameSpec, Hand, Information, Option, Pile, Rng, State, Visibility
from meeple.knowledge import CardAbove, CardBelow, CardsEqual, HoldsAtLeast, HoldsNone

COPIES = 3


@frozen
class Ask(Action):
    seat: int
    kind: int


@frozen
class Compare(Action):
    seat: int


@frozen
class Pass(Action):
    pass


def kind_of(card: int) -> int:
    return card // 10 if card >= 10 else card


@frozen
class Turn(Decision):
    """The seat in turn asks a seat for a kind it holds, or compares reserves with a seat."""

    def legal_actions(self, state: "AskingState"):
        me = self.player
        others = [s for s in range(state.players) if s != me]
        kinds = sorted({kind_of(c) for c in state.hands[me]})
        actions = [Ask(seat, kind) for seat in others for kind in kinds]
        if len(state.reserves[me]):
            actions += [Compare(seat) for seat in others if len(state.reserves[seat])]
        return actions or [Pass()]

    def resolve(self, state: "AskingState", action: Action) -> None:
        me = self.player
        if isinstance(action, Ask):
            ask(state, me, action.seat, action.kind)
        elif isinstance(action, Compare):
            compare(state, me, action.seat)
        state.turn += 1
        if state.turn < state.game.options["turns"]:
            state.pending.append(Turn((me + 1) % state.players))


def ask(state: "AskingState", me: int, seat: int, kind: int) -> None:
    mine, theirs = f"hands[{me}]", f"hands[{seat}]"
    given = [c for c in state.hands[seat] if kind_of(c) == kind]
    if given:
        state.hands[seat].remove_many(given)
        state.cards_lost(theirs, [kind])
        state.learn(HoldsNone(theirs, kind))  # it handed over every one, in full view
        state.hands[me].extend(given, known=True)
        state.cards_gained(mine, [kind])
    else:
        state.learn(HoldsNone(theirs, kind))  # "go fish": everyone heard it
        if len(state.stock):
            state.hands[me].add(state.stock.pop())
            if state.game.broken != "draws forgotten":  # a planted defect, for the kit's tests
                state.cards_gained(mine)  # a card nobody else saw
    if sum(1 for c in state.hands[me] if kind_of(c) == kind) == COPIES:
        state.hands[me].remove_many([c for c in state.hands[me] if kind_of(c) == kind])
        state.books.extend(sorted(c for c in state.deck_of_kind(kind)))
        state.cards_lost(mine, [kind])
    else:
        state.learn(HoldsAtLeast(mine, kind))  # it asked for one: everyone knows it holds one


def compare(state: "AskingState", me: int, seat: int) -> None:
    a, b = kind_of(state.reserves[me][0]), kind_of(state.reserves[seat][0])
    mine, theirs = f"reserves[{me}]", f"reserves[{seat}]"
    pair = None if state.game.broken == "comparison told to all" else {me, seat}  # planted defect
    if a > b:
        state.learn(CardBelow(theirs, 0, a), by=pair)
        state.learn(CardAbove(mine, 0, b), by=pair)
    elif a < b:
        state.learn(CardAbove(theirs, 0, a), by=pair)
        state.learn(CardBelow(mine, 0, b), by=pair)
    else:
        state.learn(CardsEqual(mine, 0, theirs, 0), by=pair)


class AskingState(State):
    hands: tuple[Hand, ...]
    reserves: tuple[Pile, ...]
    stock: Pile
    books: Pile
    turn: int = 0

    def deck_of_kind(self, kind: int) -> list[int]:
        return [c for c in self.game.deck() if kind_of(c) == kind]

    def _scores(self):
        return [0.0] * self.players  # books are not owned in this small test game: a draw


class AskingGame(Game):
    spec = GameSpec(
        id="asking", title="Asking", min_players=2, max_players=4,
        information=Information.IMPERFECT, chance=True,
        options=(Option("kinds", "int", 3, "kinds of cards", minimum=2, maximum=6),
                 Option("hand", "int", 2, "cards dealt to each hand", minimum=1, maximum=4),
                 Option("turns", "int", 8, "turns in a game", minimum=1, maximum=40),
                 Option("suited", "bool", False, "distinct cards (kind * 10 + copy)")),
        max_length=lambda options, players: options["turns"],
    )
    state_class = AskingState
    action_types = (Ask, Compare, Pass)
    decision_types = (Turn,)
    records_facts = True
    #: A defect planted for the kit's tests (None: the game as written).
    broken: str | None = None

    @staticmethod
    def card_kind(card: int) -> int:
        return kind_of(card)

    def rl_action_space(self):
        seats, kinds = range(self.players), range(1, self.options["kinds"] + 1)
        return [Ask(s, k) for s in seats for k in kinds] + [Compare(s) for s in seats] + [Pass()]

    def deck(self):
        kinds = range(1, self.options["kinds"] + 1)
        if self.options["suited"]:
            return [kind * 10 + copy for kind in kinds for copy in range(COPIES)]
        return [kind for kind in kinds for _ in range(COPIES)]

    def setup(self, rng: Rng) -> AskingState:
        stock = Pile(self.deck(), visibility=Visibility.SECRET)
        stock.shuffle(rng)
        seats = range(self.players)
        hands = tuple(Hand(stock.draw(self.options["hand"]), owner=s, ordered=False) for s in seats)
        reserves = tuple(Pile(stock.draw(1), visibility=Visibility.OWNER, owner=s) for s in seats)
        return self.build_state(rng, pending=[Turn(0)], hands=hands, reserves=reserves, stock=stock,
                                books=Pile())
