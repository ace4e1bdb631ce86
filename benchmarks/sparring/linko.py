"""A sparring player for Linko (2–5 players, and the Duel), written from the rules alone.

How it thinks, in the rules' terms (`shared/rules/linko.md`):

- **The score is the plan.** Rule 11 scores (tableau cards) − (hand cards), so a card moved from
  hand to tableau is worth 2 and a card taken into hand costs 1. The game ends when a hand
  empties (rule 5) or the supply runs out (8b), so the player has a limited number of turns left,
  one layer each. It values a hand by the layers it can still lay down in those turns
  (`Reading.hand_worth`): the largest groups first, each worth 2 a card times its chance of staying.
- **A layer is safe when nobody can answer it.** Rule 6 steals a top layer with a layer of the
  same size and a higher value. From what its view shows — every tableau, the display, the discard
  pile, the Ghost Zone, the cards each opponent is publicly known to hold, and how many cards each
  hides — it counts the unseen cards per value and asks, for each opponent, how likely that hand
  holds a bigger set of the same size (hypergeometric odds, `Reading.steal_risk`).
- **Steals are aimed.** A play that must steal (rule 6) is worth the victim's loss (2 a card),
  counted in full against the opponents closest to the lead and half against the others.
- **Taking cards is an investment.** Stolen layers, ghost piles, display cards and draws are taken
  only when what they add to the hand's worth beats the point each costs; the victim of a declined
  steal takes its layer back or draws fresh cards, whichever leaves the better hand.

It is a different heuristic from every bot in this repository (it was written without reading
them) and is kept in `benchmarks/` for measuring: no shipped bot uses it.
"""

from __future__ import annotations

from math import comb
from typing import Sequence

from meeple import Action, Rng, View

from meeple_linko.actions import Decline, Discard, DrawDisplay, LeaveStolen, Play, TakeBack, TakeGhost, TakeStolen
from meeple_linko.cards import COPIES, JOKER, JOKERS, VALUES
from meeple_linko.rules import beats

from .choice import best

#: What a card moved from hand to tableau is worth (rule 11: +1 on the tableau, −1 off the hand).
PLAYED = 2.0
#: How likely an opponent who can steal a layer does so (it may prefer another play).
WILLINGNESS = 0.7
#: A joker's worth in hand beyond its card: it lengthens any set or makes an unbeatable layer (7a).
JOKER_BONUS = 0.6
#: How much a layer still in hand suffers from its steal odds: a stolen layer comes back to a
#: hand (taken back, or replaced by drawn cards), so a layer in hand loses less than a top layer.
HAND_RISK = 0.5
#: Weight of a steal against an opponent who is not close to the lead (1 for the close ones).
DISTANT_VICTIM = 0.5
#: Bonus for a play that ends the game as the winner (rule 5); its negative ends it as a loser.
DECISIVE = 100.0


class Reading:
    """What one seat reads off its view at one decision: scores, the unseen cards, and the odds
    that an opponent can answer a layer. Built once per decision."""

    def __init__(self, view: View, seat: int, players: int, expert: bool, ties_fewest: bool) -> None:
        self.seat, self.players, self.expert, self.ties_fewest = seat, players, expert, ties_fewest
        hands, tableaux = view.hands, view.tableaux
        self.hand = list(hands[seat].cards)
        self.tableau_sizes = [sum(len(layer) for layer in t.layers) for t in tableaux]
        self.hand_sizes = [h.size for h in hands]
        self.scores = [t - h for t, h in zip(self.tableau_sizes, self.hand_sizes)]
        self.tops = [t.layers[-1] if t.layers else None for t in tableaux]
        self.display = [tuple(slot) for slot in view.display.slots]
        self.pile_size = view.draw_pile.size
        self.supply = self.pile_size + sum(1 for slot in self.display if slot)
        # The unseen cards: the deck less everything this seat sees.
        unseen = [0] + [COPIES] * len(VALUES) + [JOKERS]
        seen: list[int] = list(self.hand)
        for t in tableaux:
            for layer in t.layers:
                seen.extend(layer)
        for slot in self.display:
            seen.extend(slot)
        seen.extend(view.discard.cards)
        seen.extend(view.stolen.cards)
        seen.extend(view.removed.cards)
        for _, cards in view.ghost.piles:
            seen.extend(cards)
        self.known: list[list[int]] = []
        for other, h in enumerate(hands):
            counts = [0] * (JOKER + 1)
            if other != seat:
                for card in h.known:
                    counts[card] += 1
                seen.extend(h.known)
            self.known.append(counts)
        for card in seen:
            unseen[card] -= 1
        self.unseen = [max(0, n) for n in unseen]
        self.unseen_total = sum(self.unseen)
        self.hidden = [h.size - len(h.known) if other != seat else 0 for other, h in enumerate(hands)]
        self._tails: dict[int, list[list[float]]] = {}
        self._risk: dict[tuple[int, int], float] = {}
        self.turns_left = self._turns_left()

    # -- the opponents' hands ------------------------------------------------------------------

    def _tail(self, opponent: int) -> list[list[float]]:
        """tail[card][m]: the chance that `opponent` holds at least m copies of `card` (known
        copies certain, the hidden ones drawn without replacement from the unseen cards)."""
        tails = self._tails.get(opponent)
        if tails is None:
            draws, pool = self.hidden[opponent], self.unseen_total
            tails = []
            for card in range(JOKER + 1):
                known, copies = self.known[opponent][card], self.unseen[card]
                exact = [_hypergeometric(pool, copies, draws, x) for x in range(min(copies, draws) + 1)]
                row = []
                for m in range(COPIES + JOKERS + 1):
                    need = m - known
                    row.append(1.0 if need <= 0 else sum(exact[need:]))
                tails.append(row)
            self._tails[opponent] = tails
        return tails

    def steal_risk(self, size: int, value: int) -> float:
        """The chance that some opponent steals a top layer of `size` cards worth `value` before
        this seat's next turn (rules 6–7): each may hold a bigger set of that size."""
        key = (size, value)
        risk = self._risk.get(key)
        if risk is None:
            safe = 1.0
            for opponent in range(self.players):
                if opponent != self.seat and self.hand_sizes[opponent] > size:
                    safe *= 1.0 - WILLINGNESS * self._can_answer(opponent, size, value)
            risk = self._risk[key] = 1.0 - safe
        return risk

    def _can_answer(self, opponent: int, size: int, value: int) -> float:
        """The chance `opponent` can lay `size` cards that beat `value` (7a–c), jokers helping."""
        tail = self._tail(opponent)
        jokers = tail[JOKER]
        chance = 0.0
        for j in range(JOKERS + 1):
            p_exactly = jokers[j] - (jokers[j + 1] if j < JOKERS else 0.0)
            if p_exactly <= 0:
                continue
            if j >= size and beats(JOKER, value, self.expert):
                chance += p_exactly  # a jokers-only layer (7b)
                continue
            miss = 1.0
            need = max(1, size - j)
            if need <= COPIES:
                for v in VALUES:
                    if beats(v, value, self.expert):
                        miss *= 1.0 - tail[v][need]
            chance += p_exactly * (1.0 - miss)
        return min(1.0, chance)

    # -- time and worth -------------------------------------------------------------------------

    def _turns_left(self) -> int:
        """This seat's turns still to come, roughly: the supply (draw pile and display) runs out
        at a few cards a turn round the table (steals, draws and, in the Duel, the Ghost Zone),
        and a short hand may end the game sooner (rule 5). Calibrated on games between sparring
        bots: 1.5 turns plus one per (1.6 + 0.85 × players) cards of supply."""
        by_supply = 1.5 + self.supply / (1.6 + 0.85 * self.players)
        shortest = min(size for other, size in enumerate(self.hand_sizes) if other != self.seat)
        by_hands = 1 + 0.8 * shortest
        return max(1, round(min(by_supply, by_hands)))

    def hand_worth(self, counts: Sequence[int], turns: int) -> float:
        """What the cards in hand will still bring: the `turns` best layers it can lay, each worth
        2 a card times its chance of not being stolen back; jokers lengthen the best one."""
        if turns <= 0:
            return 0.0
        jokers = counts[JOKER]
        layers = []
        for v in VALUES:
            n = counts[v]
            if n:
                layers.append(n * PLAYED * (1.0 - HAND_RISK * self.steal_risk(n, v)))
        layers.sort(reverse=True)
        worth = sum(layers[:turns])
        if jokers:
            worth += jokers * (PLAYED + JOKER_BONUS) * (0.9 if layers or turns > 1 else 0.7)
        return worth

    def victim_weight(self, victim: int) -> float:
        """How much a steal from `victim` helps this seat win: in full against anyone close to
        the lead (or in a Duel), half against the others."""
        if self.players == 2:
            return 1.0
        best_other = max(s for other, s in enumerate(self.scores) if other != self.seat)
        return 1.0 if self.scores[victim] >= min(self.scores[self.seat], best_other) - 3 else DISTANT_VICTIM

    def wins_if_ended(self, my_score: int, my_hand: int) -> bool:
        """Whether this seat wins if the game ended now with its score and hand as given (rule 11)."""
        for other, score in enumerate(self.scores):
            if other == self.seat or score < my_score:
                continue
            if score > my_score or (self.ties_fewest and self.hand_sizes[other] < my_hand):
                return False
        return True


def _hypergeometric(pool: int, copies: int, draws: int, x: int) -> float:
    """P(exactly x of `copies` marked cards among `draws` drawn from `pool`)."""
    if pool <= 0 or draws <= 0:
        return 1.0 if x == 0 else 0.0
    draws = min(draws, pool)
    return comb(copies, x) * comb(pool - copies, draws - x) / comb(pool, draws)


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * (JOKER + 1)
    for card in cards:
        counts[card] += 1
    return counts


class LinkoSpar:
    """Linko's sparring bot: one method per decision of the turn, in rulebook order."""

    def __init__(self, game, seat: int, params) -> None:
        self.seat = seat
        self.players = game.players
        options = game.options
        self.expert = options["variant"] == "expert"
        self.ties_fewest = options["ties"] == "fewest_hand"
        self.duel = game.players == 2 and options["two_player"] == "duel"
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        reading = Reading(view, self.seat, self.players, self.expert, self.ties_fewest)
        first = legal[0]
        if isinstance(first, Play):
            return self.play(view, reading, legal)
        if isinstance(first, TakeGhost):
            counts = _counts(reading.hand)
            return best(self.rng, legal, lambda a: self.with_cards(reading, counts, view.ghost.piles, a))
        if isinstance(first, (TakeStolen, LeaveStolen)):
            return self.take_or_leave(view, reading, legal)
        if isinstance(first, (TakeBack, Discard)):
            return self.back_or_discard(view, reading, legal)
        return self.draw(view, reading, legal)

    # -- rules 3–7: the play -----------------------------------------------------------------------

    def play(self, view: View, reading: Reading, legal: Sequence[Action]) -> Action:
        """Rules 3–7 (and D4): each play is worth its cards on the tableau times the odds they stay
        there, the cover it gives the current top layer, the hand it leaves for the turns after,
        what a forced ghost pile adds to that hand, and the steals it must make; a play that
        empties the hand (rule 5) is judged by who would win."""
        counts = _counts(reading.hand)
        turns = reading.turns_left
        my_top = reading.tops[self.seat]
        shield = 0.0
        if my_top is not None:  # a new layer covers the current top: it cannot be stolen meanwhile
            shield = PLAYED * len(my_top) * reading.steal_risk(len(my_top), min(my_top))
        ghost = view.ghost.piles if self.duel else ()

        def value(play: Play) -> float:
            size, layer_value = play.naturals + play.jokers, play.value
            after = counts.copy()
            if play.naturals:
                after[play.value] -= play.naturals
            after[JOKER] -= play.jokers
            left = len(reading.hand) - size
            mine = reading.scores[self.seat] + 2 * size
            if not left:  # rule 5: the game ends at once
                return DECISIVE if reading.wins_if_ended(mine, 0) else -DECISIVE
            worth = PLAYED * size * (1.0 - reading.steal_risk(size, layer_value)) + shield
            worth += reading.hand_worth(after, turns - 1)
            if ghost:  # D4: an eligible pile must be taken, whole, into hand
                piles = [(v, cards) for v, cards in ghost if v < layer_value and len(cards) == size]
                if piles:
                    worth += max(reading.hand_worth(_added(after, cards), turns - 1) - size
                                 for _, cards in piles) - reading.hand_worth(after, turns - 1)
            for n in range(1, self.players):  # rule 6: clockwise from the left
                victim = (self.seat + n) % self.players
                top = reading.tops[victim]
                if top is not None and len(top) == size and beats(layer_value, min(top), self.expert):
                    worth += PLAYED * size * reading.victim_weight(victim)
            return worth

        return best(self.rng, legal, value)

    @staticmethod
    def with_cards(reading: Reading, counts: list[int], piles, action: TakeGhost) -> float:
        """D4: the hand's worth with the chosen ghost pile in it."""
        cards = dict(piles)[action.value]
        return reading.hand_worth(_added(counts, cards), reading.turns_left)

    # -- rule 8a: the stolen layer -------------------------------------------------------------------

    def take_or_leave(self, view: View, reading: Reading, legal: Sequence[Action]) -> Action:
        """Take the stolen cards only if what they add to the hand beats the point each costs."""
        stolen = list(view.stolen.cards)
        counts = _counts(reading.hand)
        turns = reading.turns_left
        gain = reading.hand_worth(_added(counts, stolen), turns) - reading.hand_worth(counts, turns) - len(stolen)
        return next(a for a in legal if isinstance(a, TakeStolen if gain > 0 else LeaveStolen))

    def back_or_discard(self, view: View, reading: Reading, legal: Sequence[Action]) -> Action:
        """Either way the hand grows by the layer's size: keep the layer, or draw as many fresh
        cards (the display's best, then the pile), whichever makes the better hand."""
        stolen = list(view.stolen.cards)
        counts = _counts(reading.hand)
        turns = reading.turns_left
        back = reading.hand_worth(_added(counts, stolen), turns)
        drawn, extra = counts.copy(), 0.0
        display = [slot for slot in reading.display if slot]
        pile_gain = self.pile_worth(reading, counts, turns) - reading.hand_worth(counts, turns)
        for _ in range(len(stolen)):
            now = reading.hand_worth(drawn, turns)
            options = [(reading.hand_worth(_added(drawn, slot), turns) - now - (len(slot) - 1), i)
                       for i, slot in enumerate(display)]
            top = max(options) if options else None
            if top is not None and (not reading.pile_size or top[0] >= pile_gain):
                drawn = _added(drawn, display.pop(top[1]))
            elif reading.pile_size:
                extra += pile_gain  # an unseen card: its expected worth
        fresh = reading.hand_worth(drawn, turns) + extra
        return next(a for a in legal if isinstance(a, TakeBack if back >= fresh else Discard))

    # -- rules 8b and 9: drawing -----------------------------------------------------------------------

    def pile_worth(self, reading: Reading, counts: list[int], turns: int) -> float:
        """The hand's expected worth with one more card from the top of the pile (an unseen card)."""
        total = reading.unseen_total
        if not total:
            return reading.hand_worth(counts, turns)
        worth = 0.0
        for card in range(1, JOKER + 1):
            if reading.unseen[card]:
                worth += reading.unseen[card] / total * reading.hand_worth(_added(counts, [card]), turns)
        return worth

    def draw(self, view: View, reading: Reading, legal: Sequence[Action]) -> Action:
        """Rule 8b (must draw) or rule 9 (may draw one): the source that helps the hand most, a
        Duel group counting its two cards (D3); the optional draw is declined when no card is worth
        the point it costs. A draw that ends the game (8b) is judged by who would win."""
        counts = _counts(reading.hand)
        turns = reading.turns_left
        base = reading.hand_worth(counts, turns)
        optional = any(isinstance(a, Decline) for a in legal)
        last_card = reading.supply == 1

        def value(action: Action) -> float:
            if isinstance(action, Decline):
                return 0.0
            if isinstance(action, DrawDisplay):
                cards = reading.display[action.slot]
                gain = reading.hand_worth(_added(counts, cards), turns) - base - len(cards)
            else:
                gain = self.pile_worth(reading, counts, turns) - base - 1 + 0.05  # hidden from others
            if last_card:  # 8b: taking the last card ends the game at once
                size = len(reading.display[action.slot]) if isinstance(action, DrawDisplay) else 1
                mine = reading.scores[self.seat] - size
                gain += DECISIVE if reading.wins_if_ended(mine, reading.hand_sizes[self.seat] + size) else -DECISIVE
            return gain if optional else gain + 1  # a forced draw costs the point whatever it takes

        return best(self.rng, legal, value)


def _added(counts: Sequence[int], cards: Sequence[int]) -> list[int]:
    after = list(counts)
    for card in cards:
        after[card] += 1
    return after
