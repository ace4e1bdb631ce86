"""Action-space declarations for the games shipped with meeple (and the Nim example).

Each function lists every action a game can ever offer, built from the game's own action
classes (looked up by tag in `Game.action_types`) and sizes read from its deck and a skeleton
state, so the core imports no plugin. A plugin may instead give its `Game` an
``rl_action_space(self)`` method, which takes precedence (docs/rl.md). `tests/rl` play random
games to check that every legal action is listed.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Iterator

from ..actions import Action
from ..game import Game
from .encoding import register_encoding
from .spaces import register_action_space


def action_class(game: Game, tag: str) -> type[Action]:
    """The game's action class with this tag."""
    for cls in game.action_types:
        if cls.tag == tag:
            return cls
    raise LookupError(f"{game.spec.id} has no action tagged {tag!r}")


def nim_actions(game: Game) -> Iterator[Action]:
    """Take(heap, n): every heap, 1 up to min(heap size, max_take) stones."""
    take = action_class(game, "take")
    heaps = [int(h) for h in game.options["heaps"].split(",")]
    most = game.options["max_take"]
    for heap, stones in enumerate(heaps):
        for n in range(1, min(stones, most) + 1):
            yield take(heap, n)


def linkage_actions(game: Game) -> Iterator[Action]:
    """Every colour on every pair of adjacent cells, the pass, every blocker cell, both sides."""
    place, pass_ = action_class(game, "place"), action_class(game, "pass")
    blocker, side = action_class(game, "place_blocker"), action_class(game, "choose_side")
    board = game.skeleton().board  # type: ignore[attr-defined]
    colours = [key for key, _ in game.skeleton().supply.items()]  # type: ignore[attr-defined]
    for index in range(board.rows * board.cols):
        for other in board.neighbour_indices(index):
            if other > index:
                for colour in colours:
                    yield place(colour, (board.cell(index), board.cell(other)))
    yield pass_()
    for index in range(board.rows * board.cols):
        yield blocker(board.cell(index))
    yield side("more")
    yield side("fewer")


def linko_actions(game: Game) -> Iterator[Action]:
    """Plays of n naturals of a value with j jokers (or jokers alone), ghost piles by value,
    the stolen-layer choices, display slots, the pile and the decline."""
    deck = Counter(game.deck())
    joker = max(deck)  # the joker is the highest card (meeple_linko.cards)
    values = sorted(v for v in deck if v != joker)
    play = action_class(game, "play")
    for value in values:
        for naturals in range(1, deck[value] + 1):
            for jokers in range(deck[joker] + 1):
                yield play(value, naturals, jokers)
    for jokers in range(1, deck[joker] + 1):
        yield play(joker, 0, jokers)
    take_ghost = action_class(game, "take_ghost")
    for value in values:
        yield take_ghost(value)
    for tag in ("take_stolen", "leave_stolen", "take_back", "discard"):
        yield action_class(game, tag)()
    draw_display = action_class(game, "draw_display")
    for slot in range(len(game.skeleton().display.view(None).slots)):  # type: ignore[attr-defined]
        yield draw_display(slot)
    yield action_class(game, "draw_pile")()
    yield action_class(game, "decline")()


def combo_breaker_actions(game: Game) -> Iterator[Action]:
    """Combinations of 1–3 contiguous cards at every hand position with each declaration of
    their X cards, Stop and Draw cards at every position, reserve takes, drawn-card inserts.
    A hand never holds more than the whole deck, so positions run 0..len(deck)."""
    deck = Counter(game.deck())
    positions = range(len(game.deck()) + 1)
    wild = 13  # X (meeple_combo_breaker.cards): declared as a value 1..12
    values = [v for v in sorted(deck) if v < wild]
    most_wilds = deck[wild] if game.options["double_wild"] else min(1, deck[wild])
    declarations = [()] + [tuple(w) for k in range(1, most_wilds + 1)
                           for w in combinations_with_replacement(values, k)]
    play = action_class(game, "play")
    for start in positions:
        for count in (1, 2, 3):
            for wilds in declarations:
                if len(wilds) <= count:
                    yield play(start, count, wilds)
    stop, draw = action_class(game, "stop"), action_class(game, "draw")
    take, insert = action_class(game, "take_reserve"), action_class(game, "insert")
    slots = len(game.skeleton().reserves[0].view(None).slots)  # type: ignore[attr-defined]
    for position in positions:
        yield stop(position)
        yield draw(position)
        yield insert(position)
        for slot in range(slots):
            yield take(slot, position)


def hearts_actions(game: Game) -> Iterator[Action]:
    """Every three distinct cards to pass (ascending), then every card to play."""
    cards = sorted(set(game.deck()))
    pass_cards, play_card = action_class(game, "pass_cards"), action_class(game, "play_card")
    if game.options["pass_cards"]:
        for three in combinations(cards, 3):
            yield pass_cards(three)
    for card in cards:
        yield play_card(card)


register_action_space("nim", nim_actions)
register_action_space("hearts", hearts_actions)
register_action_space("linkage", linkage_actions)
register_action_space("linko", linko_actions)
register_action_space("combo_breaker", combo_breaker_actions)

# What the generic observation cannot derive from a skeleton state: the colours a Linkage cell
# may hold (the supply's colours).
register_encoding("linkage", vocabularies={
    "board": lambda game: [key for key, _ in game.skeleton().supply.items()]})  # type: ignore[attr-defined]

# Linko's display slots hold one card or a 2-card group (rule D3), a ghost pile holds the copies
# of one value (8); Combo Breaker's public record of the trick holds at most one entry per card
# (54 entries of at most 56 bytes of JSON), its seat tuples at most 5 seats.
register_encoding("linko", capacities={"display.slot": 2, "ghost.pile": 8})
register_encoding("combo_breaker", capacities={
    "trick_plays": 54 * 56, "trick_seats": 16, "paid": 16, "losers": 16})
