"""Sampling a full state consistent with a player's view (for search bots).

Generic over zones: visible zones are copied from the view, cards the viewer knows (known to
everyone, or to a set of seats that includes the viewer) stay where they are, and every remaining
card of the deck is shuffled into the hidden slots (draw piles, other hands), sizes kept. The
sample gets a fresh RNG from the caller's generator, so it cannot predict the real game's
shuffles; its hidden cards are dealt by Python's generator (`random.Random`, its `shuffle` and
`randrange`) seeded from one draw of the caller's: a search deals thousands of samples, and
`Rng.shuffle` (SplitMix64 on Python ints) costs over twice as much a card.

During a simultaneous decision the sample keeps the viewer's own pending choice (the view holds
it) and no other seat's: those seats owe their choice again, so a search bot simulates them
choosing and never reads a choice it could not see.

When the public flow says more about hidden cards than their zones do (a frame pushed only for a
seat that can act on it), the game declares it as its `sample_condition` and the hidden cards are
dealt again until the sample agrees: rejection, so every deal the view allows stays equally likely.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

from .counted_deal import CountedDeal
from .errors import MeepleError
from .knowledge import COUNT_FACTS, kind_function, zone_cards
from .layout import Kind, game_fields
from .rng import Rng
from .view import View
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .state import State

#: ``condition(view) -> test | None`` (`Game.sample_condition`): a test every sample of `view`
#: must pass, or None when any deal will do.
SampleCondition = Callable[[View], "Callable[[State], bool] | None"]

#: The deals a sample may take to pass its game's `sample_condition` before the sampler gives up
#: with an error. A view the game reached has a passing deal (the real one), and one a seat must
#: hold among n hidden cards passes about once in n deals, so a view failing this many deals is
#: taken for one no game reached.
MOST_DEALS = 20_000


def rebuild(game: "Game", view: View, rng: Rng) -> tuple["State", list[tuple[Zone, int]]]:
    """A state holding exactly what `view` shows; unknown card slots are None and are returned."""
    if view.game != game.spec.id:
        raise MeepleError(f"a {view.game} view cannot be sampled as {game.spec.id}")
    state = game.skeleton().clone()
    state.rng = rng.spawn()
    state.pending = list(view.pending)
    state.moves = view.moves
    state._legal = None
    state._choices = dict(view.choices) or None  # the viewer's own choice (all: the observer's)
    state._facts = view.facts  # the facts the viewer knows: every sample keeps (and honours) them
    unknown: list[tuple[Zone, int]] = []
    for info in game_fields(type(state)):
        if info.hidden:
            raise MeepleError(f"{game.spec.id} keeps the hidden field {info.name!r}: "
                              f"it must override Game.determinize")
        value = view.field(info.name)
        if info.kind is Kind.ZONE:
            zone = getattr(state, info.name)
            unknown.extend((zone, slot) for slot in zone.restore(value))
        elif info.kind is Kind.ZONES:
            zones = getattr(state, info.name)
            if len(zones) != len(value):
                raise MeepleError(f"view field {info.name!r} has {len(value)} zones, expected {len(zones)}")
            for zone, zone_view in zip(zones, value):
                unknown.extend((zone, slot) for slot in zone.restore(zone_view))
        elif info.kind is Kind.LIST:
            setattr(state, info.name, list(value))
        elif info.kind is Kind.DICT:
            setattr(state, info.name, dict(value))
        else:
            setattr(state, info.name, value)
    return state, unknown


def unseen_cards(game: "Game", state: "State") -> list[Any]:
    """The deck minus every card already placed in `state` (None marks an unknown slot)."""
    remaining = Counter(game.deck_counts())
    for _, zone in state.zones():
        for card in zone.cards():
            if card is not None:
                remaining[card] -= 1
    if any(n < 0 for n in remaining.values()):
        extra = sorted((c for c, n in remaining.items() if n < 0), key=repr)
        raise MeepleError(f"the view shows more copies than the deck holds of {extra}")
    return list(remaining.elements())  # deterministic: the deck's order, not a hash order


class Sampler:
    """Draws states consistent with one view, again and again (a search samples thousands).

    The view is read once: the state it shows, where its unknown cards go and which cards those
    are (the unseen pool). Each draw clones that state, gives it a fresh RNG from the caller's
    generator, shuffles a copy of the pool with a `random.Random` seeded from the next draw of
    that generator and deals it into the unknown slots: the same draws from `rng`, in the same
    order, as `sample_state`, so a search gets the same samples.
    A game's `sample_condition` is asked once per view; a draw failing its test is dealt again
    (clone, fresh RNG, shuffle, deal), and the first that passes is the sample. With no test (the
    common case: a seat searching the decision it owes) a draw costs what it always did.
    """

    def __init__(self, game: "Game", view: View) -> None:
        scratch = Rng(0)  # rebuild() spawns the sample's RNG from it; each draw gives a new one
        template, unknown = rebuild(game, view, scratch)
        pool = unseen_cards(game, template)
        if len(pool) != len(unknown):
            raise MeepleError(f"the view hides {len(unknown)} cards but {len(pool)} are unaccounted for")
        where = _where(template)
        self._template = template
        # (field, index or None, first slot, begin, end): the zone found by its field, not by
        # listing every zone of each sample (`State.zones` names them all: a third of a clone)
        self._runs = [(*where[key], start, begin, end)
                      for key, start, begin, end in _runs([(id(zone), slot) for zone, slot in unknown])]
        self._pool = pool
        self._who = f"{game.spec.id}: " + ("the observer" if view.player is None else f"seat {view.player}")
        facts = [known.fact for known in view.facts]
        # Facts about how many cards of a kind a zone holds: dealt so that they hold (exactly).
        self._counted = CountedDeal.build(template, unknown, pool, facts, self._who) if facts else None
        # Every other test a sample must pass, by rejection: the game's condition, the other facts.
        tests, named = [], []
        condition = game.sample_condition
        holds = None if condition is None else condition(view)  # None: nothing to test
        if holds is not None:
            tests.append(holds)
            named.append("the game's sample_condition accepts")
        by_position = [fact for fact in facts if not isinstance(fact, COUNT_FACTS)]
        if by_position:
            kind = kind_function(game)
            tests.append(lambda state: all(fact.holds(zone_cards(state), kind) for fact in by_position))
            named.append(f"that keeps what it knows ({'; '.join(fact.describe() for fact in by_position)})")
        self._tests = " and ".join(named)
        self._holds = tests[0] if len(tests) == 1 else (lambda state: all(t(state) for t in tests)) if tests else None

    def __call__(self, rng: Rng) -> "State":
        """A random full state whose view for the sampled view's player equals that view and that
        passes the game's `sample_condition` (the first of these draws that does)."""
        state = self._deal(rng)
        holds = self._holds
        if holds is None or holds(state):
            return state
        for _ in range(MOST_DEALS - 1 if self._pool else 0):
            state = self._deal(rng)
            if holds(state):
                return state
        raise MeepleError(f"{self._who}'s view allows no sample {self._tests} (none in {MOST_DEALS:,} "
                          f"deals of its {len(self._pool)} unseen cards)")

    def _deal(self, rng: Rng) -> "State":
        """One draw: the view's state cloned, a fresh RNG, the shuffled pool dealt into its slots."""
        state = self._template.clone()
        state.rng = rng.spawn()
        dealer = random.Random(rng.next64())
        if self._counted is None:
            pool = self._pool[:]
            dealer.shuffle(pool)
        else:
            pool = self._counted.arrange(dealer)
        for name, index, start, begin, end in self._runs:  # the k-th card of the pool to the k-th slot
            zone = getattr(state, name) if index is None else getattr(state, name)[index]
            zone.set_slots(start, pool[begin:end])
        return state


def _where(state: "State") -> dict[int, tuple[str, int | None]]:
    """Each zone of `state` by its id: the field holding it, and its index in that field's
    zones (None: the field is the zone itself)."""
    found: dict[int, tuple[str, int | None]] = {}
    for info in game_fields(type(state)):
        if info.kind is Kind.ZONE:
            found[id(getattr(state, info.name))] = (info.name, None)
        elif info.kind is Kind.ZONES:
            for index, zone in enumerate(getattr(state, info.name)):
                found[id(zone)] = (info.name, index)
    return found


def _runs(slots: list[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """The unknown slots `(zone id, slot)`, in order, as runs of consecutive slots of one zone:
    `(zone id, first slot, begin, end)`, the run taking the pool's cards `begin:end`."""
    runs: list[tuple[int, int, int, int]] = []
    for k, (index, slot) in enumerate(slots):
        if runs and runs[-1][0] == index and runs[-1][1] + (k - runs[-1][2]) == slot:
            runs[-1] = runs[-1][:3] + (k + 1,)
        else:
            runs.append((index, slot, k, k + 1))
    return runs


def sample_state(game: "Game", view: View, rng: Rng) -> "State":
    """A random full state whose view for `view.player` equals `view`."""
    return Sampler(game, view)(rng)


def owing_seats_can_act(view: View) -> "Callable[[State], bool] | None":
    """A `Game.sample_condition` for a game that pushes a decision only for a seat able to act on
    it (a follower asked only when it holds a card that beats the trick): the frame tells every
    seat that much about the owing seat's hidden cards, so every seat owing in a sample must have
    a legal action there. None when the viewer is the only seat owing: its own cards stay in
    place, so its legal actions are the real ones."""
    if not view.pending:
        return None
    frame = view.pending[-1]
    if frame.simultaneous:  # in a sample, every other seat owes its choice again
        seats = tuple(seat for seat in frame.seats() if seat != view.player)
    else:
        seats = () if frame.player == view.player else (frame.player,)
    if not seats:
        return None
    return lambda state: all(state.legal_actions(seat) for seat in seats)
