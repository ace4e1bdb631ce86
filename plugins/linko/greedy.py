"""A greedy Linko bot: one-ply heuristics over what its seat sees, no search.

It plays the set that sheds and steals the most (ghost piles included), low values first (high
cards in hand are what steals later), keeps jokers for when they matter, takes stolen cards unless
the game is about to end, and draws jokers or cards that complete the sets it holds. The weights
were chosen by playing it against the bot it replaced (docs/figures.md, "Greedy bots").

It never loops (rule 12). A leave / take-back cycle moves cards without using any up, and it is
the only way a game can last for ever: every other steal makes someone draw from the supply,
which is never rebuilt, and a turn without a steal shrinks the hands. The bot leaves a stolen
layer only when the end is near (`near_end`, computed from what everyone sees), and as a victim
it takes a layer back only when the end is *not* near. So between greedy bots every steal draws
from the supply, and every game ends.

The bot reads a few plain facts (its hand, the hand sizes, the tableau tops, the display...)
through a small reader: `act` reads them off its view (`ViewTable`), `act_on_state` (for search
rollouts) straight off the state (`StateTable`), showing only what the view shows. Both run the
same choice, so they cannot drift apart.
"""

from __future__ import annotations

from typing import Callable, Sequence

from meeple import Action, BotInfo, Decision, Game, Option, Options, Rng, State, View

from .actions import DECLINE, DISCARD, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, DrawDisplay
from .cards import JOKER, KING
from .decisions import BackOrDiscard, ChooseGhostPile, DrawCards, PlayCards, TakeOrLeave
from .ghost import eligible_piles
from .rules import steals

#: With fewer cards left in the pile and the display, or a hand this small, the end is near:
#: cards taken into hand would likely stay there and cost a point each.
NEAR_END_SUPPLY = 6
NEAR_END_HAND = 3
#: The worth of an unseen card from the pile, against `card_worth` of a display card; the rule 9
#: draw is taken only when some source is worth at least this much.
PILE_WORTH = 1.0

#: The worth of a play, per card: each card shed, each card stolen from an opponent, each card
#: of a ghost pile taken (Duel), and, against it, each joker spent with number cards; plus
#: `VALUE` times the play's value over JOKER (negative: low sets go first, high cards stay in
#: hand to steal with).
SHED = 1.0
STEAL = 1.0
GHOST = 0.5
JOKER_SPENT = 3.0
VALUE = -3.0


class ViewTable:
    """The facts the bot reads, off its view."""

    __slots__ = ("view",)

    def __init__(self, view: View) -> None:
        self.view = view

    def decision(self) -> Decision:
        return self.view.decision

    def hand(self, seat: int) -> Sequence[int]:
        """The cards of the bot's own hand (any order: the bot only counts them)."""
        return self.view.hands[seat].cards

    def hand_sizes(self) -> list[int]:
        return [hand.size for hand in self.view.hands]

    def tableau_sizes(self) -> list[int]:
        return [tableau.size for tableau in self.view.tableaux]

    def tops(self) -> list[tuple[int, ...] | None]:
        return [tableau.top for tableau in self.view.tableaux]

    def display(self) -> Sequence[tuple[int, ...]]:
        return self.view.display.slots

    def pile_size(self) -> int:
        return self.view.draw_pile.size

    def supply(self) -> int:
        """The cards left in the draw pile and the display."""
        view = self.view
        return view.draw_pile.size + view.display.size

    def ghost_piles(self) -> Sequence[tuple[int, Sequence[int]]]:
        return self.view.ghost.piles

    def stolen(self) -> Sequence[int]:
        return self.view.stolen.cards


class StateTable:
    """The same facts, straight off a state: public zones, and only the bot's own hand."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def decision(self) -> Decision:
        return self.state.pending[-1]

    def hand(self, seat: int) -> Sequence[int]:
        return tuple(self.state.hands[seat])

    def hand_sizes(self) -> list[int]:
        return [len(hand) for hand in self.state.hands]

    def tableau_sizes(self) -> list[int]:
        return [tableau.card_count() for tableau in self.state.tableaux]

    def tops(self) -> list[tuple[int, ...] | None]:
        return [tableau.top for tableau in self.state.tableaux]

    def display(self) -> Sequence[tuple[int, ...]]:
        return tuple(self.state.display)

    def pile_size(self) -> int:
        return len(self.state.draw_pile)

    def supply(self) -> int:
        state = self.state
        return len(state.draw_pile) + len(state.display)

    def ghost_piles(self) -> Sequence[tuple[int, Sequence[int]]]:
        return tuple(self.state.ghost.items())

    def stolen(self) -> Sequence[int]:
        return self.state.stolen


Table = ViewTable | StateTable


class GreedyBot:
    """Greedy play for any Linko table: base, advanced, expert, classic or Duel."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.players = game.players
        self.expert = game.options["variant"] == "expert"
        self.duel = game.duel  # type: ignore[attr-defined]
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose(ViewTable(view), legal)

    def act_on_state(self, state: State, legal: Sequence[Action]) -> Action:
        """The choice `act(state.view(self.seat), legal)` makes, read straight off `state`."""
        return self.choose(StateTable(state), legal)

    def choose(self, table: Table, legal: Sequence[Action]) -> Action:
        kind = type(table.decision())
        if kind is DrawCards:
            return self._draw(table, legal)
        if kind is PlayCards:
            return self._play(table, legal)
        if kind is TakeOrLeave:
            return LEAVE_STOLEN if self.near_end(table) else TAKE_STOLEN
        if kind is BackOrDiscard:
            return self._back_or_discard(table)
        if kind is ChooseGhostPile:
            hand = table.hand(self.seat)
            return self._best(legal, [hand.count(a.value) * 20 + a.value for a in legal])  # type: ignore[attr-defined]
        # NoStealDraw (rule 9): a free card costs a point unless it is worth keeping.
        if self.near_end(table):
            return DECLINE
        choice, worth = self._best_source(table, [a for a in legal if a is not DECLINE])
        return choice if worth >= PILE_WORTH else DECLINE

    # -- the play (rules 3–7, D4) -------------------------------------------------------------------

    def _play(self, table: Table, legal: Sequence[Action]) -> Action:
        me, players, expert = self.seat, self.players, self.expert
        sizes = table.hand_sizes()
        hand_size = sizes[me]
        tops = table.tops()
        targets: dict[int, list[tuple[int, ...]]] = {}  # size -> the opponents' tops of that size
        for offset in range(1, players):
            top = tops[(me + offset) % players]
            if top:
                targets.setdefault(len(top), []).append(top)
        ghost = table.ghost_piles() if self.duel else ()
        ending: Callable[[int], bool] | None = None
        worths = []
        for play in legal:
            value, size = play.value, play.size  # type: ignore[attr-defined]
            if size == hand_size:  # rule 5: this play ends the game at once
                if ending is None:
                    ending = self._wins_by_ending(table, sizes)
                worths.append(1000.0 if ending(size) else -1000.0)
                continue
            worth = SHED * size - JOKER_SPENT * play.jokers + VALUE / JOKER * value  # type: ignore[attr-defined]
            for top in targets.get(size, ()):  # rules 6–7: every top this play steals
                if steals(size, value, top, expert):
                    worth += STEAL * size
            if ghost and eligible_piles(ghost, size, value):
                worth += GHOST * size
            worths.append(worth)
        return self._best(legal, worths)

    def _wins_by_ending(self, table: Table, hand_sizes: list[int]) -> Callable[[int], bool]:
        """Whether emptying the hand with a play of `size` cards wins (rule 11; a tie goes to
        the fewest hand cards: the bot's none)."""
        me = self.seat
        tableaux = table.tableau_sizes()
        best_other = max(t - h for s, (t, h) in enumerate(zip(tableaux, hand_sizes)) if s != me)
        return lambda size: tableaux[me] + size >= best_other

    # -- rule 8a ------------------------------------------------------------------------------------

    def _back_or_discard(self, table: Table) -> Action:
        """Keep the layer when it fits the hand (same value, or jokers) and the end is not near;
        otherwise discard it and draw anew. Near the end a greedy attacker may have left it, and
        taking it back would let the two of them repeat the steal for ever (module doc)."""
        if self.near_end(table):
            return DISCARD
        layer = table.stolen()
        if JOKER in layer or table.hand(self.seat).count(min(layer)):
            return TAKE_BACK
        return DISCARD

    # -- rules 8b and 9: drawing ---------------------------------------------------------------------

    def _draw(self, table: Table, legal: Sequence[Action]) -> Action:
        return self._best_source(table, legal)[0]

    def _best_source(self, table: Table, sources: Sequence[Action]) -> tuple[Action, float]:
        """The draw source worth most (display slots by `card_worth`, the pile `PILE_WORTH`),
        ties broken by the bot's generator, and its worth."""
        hand = table.hand(self.seat)
        slots = table.display()
        worth_of: dict[int, float] = {}  # card -> card_worth, for this hand
        worths = []
        for source in sources:
            if type(source) is DrawDisplay:
                worth = 0.0
                for card in slots[source.slot]:  # type: ignore[attr-defined]
                    card_value = worth_of.get(card)
                    if card_value is None:
                        card_value = worth_of[card] = card_worth(card, hand)
                    worth += card_value
                worths.append(worth)
            else:
                worths.append(PILE_WORTH)
        return self._best(sources, worths), max(worths)

    # -- helpers ------------------------------------------------------------------------------------

    def _best(self, actions: Sequence[Action], worths: Sequence[float]) -> Action:
        """The action of highest worth, ties broken by the bot's own generator."""
        top = max(worths)
        best = [a for w, a in zip(worths, actions) if w == top]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def near_end(self, table: Table) -> bool:
        """Whether the end is near, from what everyone sees (the supply and the hand sizes)."""
        if table.pile_size() < NEAR_END_SUPPLY and table.supply() < NEAR_END_SUPPLY:
            return True
        return min(table.hand_sizes()) <= NEAR_END_HAND


def card_worth(card: int, hand: Sequence[int]) -> float:
    """Jokers are best; a card joining a set in hand is worth more the bigger the set."""
    if card == JOKER:
        return 3.0
    held = hand.count(card)
    return 1.0 + held if held else (1.2 if card >= KING else 0.5)


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Linko heuristics: shed low sets and steal, keep jokers, take stolen cards unless near the end",
    params=(Option("seed", "int", 0, "seed for breaking ties between equally good actions"),),
)
