"""A plugin with a zone the core has never heard of: a `Row` of cards lying face up or face down.

Flip: pairs of cards 1..n are laid face down in a row by seat 0, who knows them all; on a turn a
seat turns one face-down card face up and scores its value; the game ends when every card is
face up. The `Row` zone declares
everything the core asks of a zone (`meeple.zones.Zone`) and nothing else, and registers its RL
encoding (`RowPart`, with `meeple.rl.features.zone_part`): the core renders it, views it,
serializes it, encodes it for RL and determinizes it without a line changed
(`test_zone_contract.py`).
A `meeple` subprocess loads it with ``MEEPLE_PLUGINS=flip_plugin`` and this directory on
PYTHONPATH; in-process hosts with ``Registry.load(plugins=[flip_plugin])``.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from attrs import frozen

from meeple import Action, Decision, Game, GameSpec, Information, Option, Rng, State, hookimpl
from meeple.rl.features import Context, Part, zone_part
from meeple.zones import Visibility, Zone, ZoneView


@frozen
class RowView(ZoneView):
    """The row left to right: each card, or None where this viewer sees only its back."""

    cards: tuple[Any, ...]
    up: tuple[bool, ...]

    def text(self) -> str:
        return " ".join("#" if card is None else str(card) for card in self.cards)


class Row(Zone):
    """Cards in a row, each face up (everyone sees it) or face down (only its owner does)."""

    __slots__ = ("_cards", "_up")
    kind = "flip_row"
    view_type = RowView

    def __init__(self, cards: Iterable[Any] = (), up: Iterable[bool] | None = None, owner: int = 0) -> None:
        super().__init__(Visibility.OWNER, owner)
        self._cards = list(cards)
        self._up = list(up) if up is not None else [False] * len(self._cards)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Row) and self._same_head(other) and other._cards == self._cards
                and other._up == self._up)

    __hash__ = None  # type: ignore[assignment]

    def face_down(self) -> list[int]:
        """The positions of the cards lying face down."""
        return [i for i, up in enumerate(self._up) if not up]

    def flip(self, position: int) -> Any:
        """Turn the card at `position` face up and return it."""
        self._changed()
        self._up[position] = True
        return self._cards[position]

    def cards(self) -> Iterator[Any]:
        return iter(self._cards)

    def copy(self) -> "Row":
        clone = Row.__new__(type(self))
        self._copy_head(clone)
        clone._cards, clone._up = self._cards[:], self._up[:]
        return clone

    def make_view(self, visible: bool) -> RowView:
        shown = [card if visible or up else None for card, up in zip(self._cards, self._up)]
        return RowView(tuple(shown), tuple(self._up))

    def hidden_slots(self, player: int | None) -> list[int]:
        return [] if self.visible_to(player) else self.face_down()

    def restore(self, view: RowView) -> list[int]:
        self._changed()
        self._cards, self._up = list(view.cards), list(view.up)
        return [i for i, card in enumerate(self._cards) if card is None]

    def set_slots(self, start: int, cards: list[Any]) -> None:
        self._changed()
        self._cards[start:start + len(cards)] = cards

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "cards": list(self._cards), "up": list(self._up)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Row":
        if len(data["cards"]) != len(data["up"]):
            raise ValueError("a row needs one face-up flag per card")
        return cls(data["cards"], data["up"], data["owner"])


class RowPart(Part):
    """A row for RL: per position, whether the card lies face up, then the card (one-hot over
    the deck) where this viewer sees it."""

    def __init__(self, name: str, zone: Row, context: Context) -> None:
        self.name, self.deck = name, context.deck
        self.length = context.deck.total  # every card of the game lies in the row
        self.width = 1 + len(self.deck)
        self.size = self.length * self.width

    def names(self) -> list[str]:
        return [name for p in range(self.length)
                for name in (f"{self.name}.up[{p}]", *self.deck.names(f"{self.name}.at[{p}]"))]

    def write(self, view: RowView, out: Any) -> None:
        for position, (card, up) in enumerate(zip(view.cards, view.up)):
            out[position * self.width] = float(up)
            if card is not None:
                out[position * self.width + 1 + self.deck.of(card, self.name)] = 1.0


@zone_part.register
def _row_part(zone: Row, name: str, context: Context) -> Part:
    return RowPart(name, zone, context)


@frozen
class FlipCard(Action):
    position: int


@frozen
class Turn(Decision):
    """Turn one face-down card face up; its value is scored."""

    def legal_actions(self, state: "FlipState") -> list[FlipCard]:
        return [FlipCard(position) for position in state.row.face_down()]

    def resolve(self, state: "FlipState", action: FlipCard) -> None:
        state.points = tuple(points + state.row.flip(action.position) * (seat == self.player)
                             for seat, points in enumerate(state.points))
        if state.row.face_down():
            state.pending.append(Turn((self.player + 1) % state.players))


class FlipState(State):
    row: Row
    points: tuple[int, ...]

    def _scores(self) -> list[int]:
        return list(self.points)


class Flip(Game):
    spec = GameSpec("flip", "Flip", 2, 3, Information.IMPERFECT, True,
                    (Option("pairs", "int", 4, "pairs of cards in the row", minimum=1, maximum=9),),
                    lambda options, players: 2 * options["pairs"])
    state_class = FlipState
    action_types = (FlipCard,)
    decision_types = (Turn,)

    def deck(self) -> list[int]:
        return [value for value in range(1, self.options["pairs"] + 1) for _ in range(2)]

    def setup(self, rng: Rng) -> FlipState:
        cards = self.deck()
        rng.shuffle(cards)
        return self.build_state(rng, pending=[Turn(0)], row=Row(cards), points=(0,) * self.players)


@hookimpl
def meeple_register_games(register):
    register(Flip)
