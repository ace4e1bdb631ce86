"""Test plugins for bots in their own processes: misbehaving bots, and the attackers of issue 11.

A module of its own (not a test module), so bot processes and worker processes import it by name.
The attackers write what they predict to the JSON-lines file named by MEEPLE_ATTACK_LOG (they
may run in another process, where the test cannot read their memory).
"""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import sys
from collections import Counter

from meeple import BotInfo, Option, Registry, State, hookimpl
from meeple_linko.cards import full_deck

SEED = (Option("seed", "int", 0),)

#: Module-level memory: what the memoriser saw in earlier games played by this process.
MEMORY: list[tuple[int, ...]] = []


def log(entry: dict) -> None:
    path = os.environ.get("MEEPLE_ATTACK_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry) + "\n")


def hidden(hand_view) -> list[int]:
    """A hand's cards that nobody else knows (the openly dealt jokers removed)."""
    cards = Counter(hand_view.cards)
    cards.subtract(Counter(hand_view.known))
    return sorted(cards.elements())


def unseen(view, seat: int) -> list[int]:
    """Every card `seat`'s view does not place: where the opponents' hidden cards come from."""
    cards = Counter(full_deck())
    seen = list(view.hands[seat].cards)
    for other, hand in enumerate(view.hands):
        if other != seat:
            seen += hand.known
    for slot in view.display.slots:
        seen += slot
    for tableau in view.tableaux:
        for layer in tableau.layers:
            seen += layer
    for pile in (view.discard, view.stolen, view.removed):
        seen += pile.cards
    for _, pile in view.ghost.piles:
        seen += pile
    cards.subtract(Counter(seen))
    return sorted(cards.elements())


def guess(view, seat: int, count: int, rng: random.Random) -> list[int]:
    """The guessing baseline: `count` cards drawn at random from the unseen ones."""
    pool = unseen(view, seat)
    return sorted(rng.sample(pool, min(count, len(pool))))


class Memoriser:
    """Remembers its starting hand in module memory; in the next game, names it as the
    opponent's starting hand (in a duplicate tournament the next game is the same deal with
    the seats rotated), guessing when it remembers nothing."""

    def __init__(self, game, seat, params):
        self.seat = seat
        self.rng = random.Random(params["seed"])
        self.first = True

    def act(self, view, legal):
        if self.first:
            self.first = False
            mine = view.hands[self.seat]
            opponent = view.hands[1 - self.seat]
            count = opponent.size - len(opponent.known)
            if MEMORY:
                predicted, source = list(MEMORY[-1]), "memory"
            else:
                predicted, source = guess(view, self.seat, count, self.rng), "guess"
            log({"bot": "memoriser", "seat": self.seat, "start": sorted(mine.cards), "predicted": predicted,
                 "baseline": guess(view, self.seat, count, self.rng), "source": source})
            MEMORY.append(tuple(hidden(mine)))
        return legal[self.rng.randrange(len(legal))]


def _find_state(legal) -> State | None:
    """Everything Python offers a bot for reaching the host's objects: the callers' frames (the
    game loop holds the state), then the objects referring to `legal` (the state caches its legal
    actions; an equal tuple may be shared with older states, hence second), then every object."""
    frame = sys._getframe()
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, State):
                return value
        frame = frame.f_back
    for referrer in gc.get_referrers(legal):
        if isinstance(referrer, State):
            return referrer
        for owner in gc.get_referrers(referrer):
            if isinstance(owner, State):
                return owner
    for obj in gc.get_objects():
        if isinstance(obj, State):
            return obj
    return None


class Snooper:
    """At every decision, looks for the true state through gc and frames and names the
    opponent's hidden cards from it; guesses when it finds nothing."""

    def __init__(self, game, seat, params):
        self.seat = seat
        self.rng = random.Random(params["seed"])
        self.start: list[int] | None = None

    #: Decisions it snoops on per game (scanning every object is slow); then it just plays.
    SNOOPS = 15

    def act(self, view, legal):
        mine = view.hands[self.seat]
        if self.start is None:
            self.start = sorted(mine.cards)
            self.snoops = 0
        self.snoops += 1
        if self.snoops > self.SNOOPS:
            return legal[self.rng.randrange(len(legal))]
        opponent = 1 - self.seat
        count = view.hands[opponent].size - len(view.hands[opponent].known)
        state = _find_state(legal)
        if state is not None:
            full = Counter(state.hands[opponent].cards())
            full.subtract(Counter(view.hands[opponent].known))
            predicted = sorted(full.elements())
        else:
            predicted = guess(view, self.seat, count, self.rng)
        log({"bot": "snooper", "seat": self.seat, "start": self.start, "moves": view.moves,
             "found_state": state is not None, "predicted": predicted,
             "baseline": guess(view, self.seat, count, self.rng)})
        return legal[self.rng.randrange(len(legal))]


class Misbehaver:
    """Plays its first legal action, and misbehaves on its second decision."""

    def __init__(self, game, seat, params, how):
        self.moves = 0
        self.how = how

    def act(self, view, legal):
        self.moves += 1
        if self.moves == 2:
            self.how()
        return legal[0]


def _exit():
    sys.exit(3)


def _interrupt():
    raise KeyboardInterrupt


def _system_exit():
    raise SystemExit("bye")


def _real_sigint():
    os.kill(os.getpid(), signal.SIGINT)  # what a Ctrl-C at the terminal delivers


def _crash():
    raise RuntimeError("lost my marbles")


def _broken_factory(game, seat, params):
    raise RuntimeError("no config file")


def misbehaver(how):
    return lambda game, seat, params: Misbehaver(game, seat, params, how)


BOTS = [
    BotInfo("memoriser", Memoriser, "remembers earlier games", games=("linko",), params=SEED),
    BotInfo("snooper", Snooper, "looks for the state through gc and frames", games=("linko",), params=SEED),
    BotInfo("exiter", misbehaver(_exit), "calls sys.exit(3) on its 2nd move", params=SEED),
    BotInfo("interrupter", misbehaver(_interrupt), "raises KeyboardInterrupt on its 2nd move", params=SEED),
    BotInfo("systemexit", misbehaver(_system_exit), "raises SystemExit on its 2nd move", params=SEED),
    BotInfo("sigint", misbehaver(_real_sigint), "sends SIGINT to its own process on its 2nd move", params=SEED),
    BotInfo("crasher", misbehaver(_crash), "raises RuntimeError on its 2nd move", params=SEED),
    BotInfo("brokenfactory", _broken_factory, "cannot be built", params=SEED),
]


class IsolationPlugin:
    __version__ = "1.0"

    @hookimpl
    def meeple_register_bots(self, register):
        for info in BOTS:
            register(info)


def registry() -> Registry:
    """The installed games and bots, and these test bots."""
    return Registry.load(plugins=(IsolationPlugin(),))
