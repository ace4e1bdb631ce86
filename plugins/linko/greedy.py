"""A greedy Linko bot: one-ply heuristics over what its seat sees, no search.

It plays the set that sheds and steals the most (ghost piles included), keeps jokers for when they
matter, prefers new tops that are hard to steal back, takes stolen cards unless the game is about to
end, and draws jokers or cards that complete the sets it holds.

It never loops (rule 12): a leave/take-back cycle moves cards without using any up, and it is the
only way a game can last for ever (every other steal makes someone draw, and the supply is never
rebuilt). The bot leaves a stolen layer only when the end is near (`near_end`, computed from what
everyone sees), and as a victim it takes a layer back only when the end is *not* near. So between
greedy bots every steal draws from the supply, and every game ends.

The bot reads a few plain facts (its hand, hand sizes, tableau tops, the display...) through a small
reader: `act` reads them off its view, `act_on_state` (for search rollouts) straight off the state,
showing only what the view shows. Both run the same choice, so they cannot drift apart.
"""

from __future__ import annotations

from typing import Any, Sequence

from meeple import Action, BotInfo, Game, Option, Options, Rng, State, View

from .actions import DECLINE, DISCARD, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, DrawDisplay, Play
from .cards import JOKER, KING
from .decisions import BackOrDiscard, ChooseGhostPile, NoStealDraw, PlayCards, TakeOrLeave
from .ghost import eligible_piles
from .rules import steals

#: Under this many cards left in the pile and display, or with a hand this small, the end is
#: near: cards taken into hand would likely stay there and cost a point each.
NEAR_END_SUPPLY = 10
NEAR_END_HAND = 3
#: The worth of an unseen card from the pile, against `card_worth` of a display card.
PILE_WORTH = 1.0

#: Weights of a play (per card): shedding it, stealing with it, taking a ghost pile with it,
#: each joker spent with number cards, and the safety of the new top (value / JOKER).
SHED = 1.0
STEAL = 2.0
GHOST = 1.5
JOKER_SPENT = 0.8
SAFETY = 1.0


class ViewTable:
    """The facts the bot reads, off a view."""

    __slots__ = ("view",)

    def __init__(self, view: View) -> None:
        self.view = view

    def decision(self) -> Any:
        return self.view.decision

    def hand(self, seat: int) -> Sequence[int]:
        return self.view.hands[seat].cards

    def hand_sizes(self) -> list[int]:
        return [h.size for h in self.view.hands]

    def tableau_sizes(self) -> list[int]:
        return [t.size for t in self.view.tableaux]

    def tops(self) -> list[tuple[int, ...] | None]:
        return [t.top for t in self.view.tableaux]

    def display(self) -> Sequence[tuple[int, ...]]:
        return self.view.display.slots

    def supply(self) -> int:
        """Cards left in the draw pile and the display."""
        view = self.view
        return view.draw_pile.size + view.display.size

    def ghost_piles(self) -> Sequence[tuple[int, Sequence[int]]]:
        return self.view.ghost.piles

    def stolen(self) -> Sequence[int]:
        return self.view.stolen.cards


class StateTable:
    """The same facts, straight off a state (only what the bot's seat may see)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def decision(self) -> Any:
        return self.state.pending[-1]

    def hand(self, seat: int) -> Sequence[int]:
        return self.state.hands[seat]  # the bot's own hand only

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.state.hands]

    def tableau_sizes(self) -> list[int]:
        return [t.card_count() for t in self.state.tableaux]

    def tops(self) -> list[tuple[int, ...] | None]:
        return [t.top for t in self.state.tableaux]

    def display(self) -> Sequence[tuple[int, ...]]:
        return self.state.display

    def supply(self) -> int:
        state = self.state
        return len(state.draw_pile) + len(state.display)

    def ghost_piles(self) -> Sequence[tuple[int, Sequence[int]]]:
        return tuple(self.state.ghost.items())

    def stolen(self) -> Sequence[int]:
        return self.state.stolen


class GreedyBot:
    """Greedy play for any Linko table: base, advanced, expert, classic or Duel."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.players = game.players
        self.expert = game.options["variant"] == "expert"
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose(ViewTable(view), legal)

    def act_on_state(self, state: State, legal: Sequence[Action]) -> Action:
        """The choice `act(state.view(self.seat), legal)` makes, read straight off `state`."""
        return self.choose(StateTable(state), legal)

    def choose(self, table: ViewTable | StateTable, legal: Sequence[Action]) -> Action:
        kind = type(table.decision())
        if kind is PlayCards:
            return self._play(table, legal)
        if kind is ChooseGhostPile:
            hand = table.hand(self.seat)
            return self._best(legal, [hand.count(a.value) * 20 + a.value for a in legal])
        if kind is TakeOrLeave:
            return LEAVE_STOLEN if self.near_end(table) else TAKE_STOLEN
        if kind is BackOrDiscard:
            return self._back_or_discard(table)
        return self._draw(table, legal, kind is NoStealDraw)

    # -- the play (rules 3–7, D4) -------------------------------------------------------------------

    def _play(self, table: ViewTable | StateTable, legal: Sequence[Action]) -> Action:
        me, players, expert = self.seat, self.players, self.expert
        sizes = table.hand_sizes()
        hand_size = sizes[me]
        tops = table.tops()
        others = [(me + offset) % players for offset in range(1, players)]
        victims = [(seat, top, len(top), min(top)) for seat in others if (top := tops[seat])]
        ghost = table.ghost_piles()
        ending = None
        worths = []
        for play in legal:
            size, value = play.size, play.value  # type: ignore[attr-defined]
            if size == hand_size:  # rule 5: this play ends the game at once
                if ending is None:
                    ending = self._wins_by_ending(table, sizes)
                worths.append(1000.0 if ending(size) else -1000.0)
                continue
            stolen = 0
            for _, top, top_size, target in victims:
                if top_size == size and (value > target or (expert and value == 1 and target == JOKER)):
                    stolen += top_size
            taken = size if ghost and eligible_piles(ghost, size, value) else 0
            worths.append(STEAL * stolen + GHOST * taken + SHED * size
                          - JOKER_SPENT * play.jokers + SAFETY * value / JOKER)  # type: ignore[attr-defined]
        return self._best(legal, worths)

    def _wins_by_ending(self, table: ViewTable | StateTable, hand_sizes: list[int]):
        """Whether emptying the hand with a play of `size` cards wins (rule 11, ties to fewer
        hand cards: the bot's none)."""
        me = self.seat
        tableaux = table.tableau_sizes()
        best_other = max(t - h for s, (t, h) in enumerate(zip(tableaux, hand_sizes)) if s != me)
        return lambda size: tableaux[me] + size >= best_other

    # -- rule 8a ------------------------------------------------------------------------------------

    def _back_or_discard(self, table: ViewTable | StateTable) -> Action:
        """Keep the layer when it fits the hand (same value, or jokers); otherwise draw anew."""
        layer = table.stolen()
        hand = table.hand(self.seat)
        value = min(layer)
        if JOKER in layer or hand.count(value) or self.near_end(table):
            return TAKE_BACK
        return DISCARD

    # -- rules 8b and 9: drawing ---------------------------------------------------------------------

    def _draw(self, table: ViewTable | StateTable, legal: Sequence[Action], optional: bool) -> Action:
        hand = table.hand(self.seat)
        display = table.display()
        sources = [a for a in legal if a is not DECLINE]
        worths = [sum(card_worth(card, hand) for card in display[a.slot]) if type(a) is DrawDisplay
                  else PILE_WORTH for a in sources]
        choice = self._best(sources, worths)
        if optional and (self.near_end(table) or max(worths) < PILE_WORTH):
            return DECLINE
        return choice

    # -- helpers ------------------------------------------------------------------------------------

    def _best(self, actions: Sequence[Action], worths: Sequence[float]) -> Action:
        """The action of highest worth, ties broken by the bot's own generator."""
        top = max(worths)
        best = [a for w, a in zip(worths, actions) if w == top]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def near_end(self, table: ViewTable | StateTable) -> bool:
        """Whether the end is near, from what everyone sees (the supply and the hand sizes)."""
        return table.supply() < NEAR_END_SUPPLY or min(table.hand_sizes()) <= NEAR_END_HAND


def card_worth(card: int, hand: Sequence[int]) -> float:
    """Jokers are best; a card joining a set in hand is worth more the bigger the set."""
    if card == JOKER:
        return 3.0
    held = hand.count(card)
    return 1.0 + held if held else (1.2 if card >= KING else 0.5)


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Linko heuristics: steal and shed the most, keep jokers, take stolen cards unless near the end",
    params=(Option("seed", "int", 0, "seed for breaking ties between equally good actions"),),
)
