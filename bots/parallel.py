"""Root parallelism for the search bots: one independent search per worker process, summed at the root.

A search bot built with ``workers=N`` (N > 1) splits each decision's iterations into N shares
(``split``) and sends each share to a worker process of its own, with the bot's view and a seed
of the worker's own. Every worker builds the bot's twin (the same factory, game, seat and
parameters, but that seed and that share) and runs the bot's own search (`TreeSearch`, as one
process would) under the same time budget; it answers the statistics of the root's choices (action,
visits, total value: `decision_statistics`). The bot sums them (`merged`) and plays the most visited
action, exactly as it picks among the children of a tree of its own. Chaslot, Winands and van den
Herik, "Parallel Monte-Carlo Tree Search" (CG 2008): root parallelization.

**Reproducible.** Per decision the bot draws one number from its own generator and derives each
worker's seed from it with `meeple.seeds.derive` (a keyed hash: a worker's seed tells nothing of the
bot's generator nor of another worker's seed). With an iteration budget the same bot seed gives the
same choices, whichever worker answered first, and even when a worker failed (below).

**What a worker sees.** The bot's own process starts its workers, so they may know what the bot
knows and nothing more: the game and the bot's parameters (pickled once, at start: classes travel
by reference), then per decision the view (as its JSON, `meeple.serialization.view_to_data`, the
form every bot process receives), its seed and its share. Never the state, the game's generator or
the bot's.

**Lifetime.** The workers start at the bot's first decision that searches (not at construction:
a bot that is never asked costs no process) and serve every decision of the game; each is a
`meeple.botprocess.channel.BotChannel` (a fresh interpreter, never a fork; its own session; killed
with its host on Linux). They stop when the bot's `RootParallel` is closed, garbage collected
(hosts drop their bots after a game) or at interpreter exit: every process is reaped, no zombie.
Under a move timeout that interrupts a decision, the workers are out of step: they are stopped
and fresh ones start at the next decision.

**A worker that fails** (crashes, exits, answers garbage, or is more than `GRACE` seconds late
with a time budget) is stopped, a warning names it, and its share of the decision is searched in
this process with the worker's seed, so the choice is the one the worker would have given (an
error in the search itself then raises here, as without workers). The worker is not restarted:
its share is searched in this process for the rest of the game.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import sys
import time
import warnings
import weakref
from typing import Any, Callable, Mapping, Sequence

from attrs import frozen

from meeple import Action, BotError, Game, Option, Options, Rng, SerializationError, View
from meeple.botprocess import BotProcessError
from meeple.botprocess.channel import BotChannel
from meeple.botprocess.proxy import driver_env
from meeple.seeds import derive
from meeple.serialization import action_from_data, action_to_data, view_from_data, view_to_data

from .search import Node

#: The worker program: a fresh interpreter serving one bot's searches (`serve`).
WORKER_CODE = "from meeple_bots.parallel import serve; serve()"

#: How long past its time budget a worker may take to answer before it counts as failed.
GRACE = 10.0

#: The option both search bots take: ``workers=N`` searches each decision in N processes.
WORKERS_OPTION = Option("workers", "int", 1, "worker processes searching each decision together (root "
                        "parallelism: each runs its share of the iterations, or the time budget, and "
                        "the bot plays the most visited choice over all); 1 searches in the bot's "
                        "own process", minimum=1)

Statistics = list[tuple[Action, int, float]]
"""The root's choices after a search: (action, visits, total value), in the tree's order."""


@frozen
class Recipe:
    """How to build a search bot's twin in a worker: its factory's arguments, and how it searches.

    `search(bot, view)` runs the bot's own search from `view` and returns its root: `IsmctsBot.search`
    itself, or for `mcts` the search from the state the view shows. `keywords` are the factory's
    extra arguments (the `aids` of a search bot).
    """

    factory: Callable[..., Any]
    search: Callable[[Any, View], Node]
    game: Game
    seat: int
    params: Mapping[str, Any]
    keywords: Mapping[str, Any]

    def twin(self, seed: int, iterations: int) -> Any:
        """The bot with this `seed` and `iterations` per decision, searching in this process."""
        params = {**self.params, "seed": seed, "iterations": iterations, "workers": 1}
        return self.factory(self.game, self.seat, Options(tuple(params.items())), **self.keywords)

    def statistics(self, seed: int, iterations: int, view: View) -> tuple[int, Statistics]:
        """The twin's search from `view`: its iterations (a time budget may cut them) and root choices."""
        root = self.search(self.twin(seed, iterations), view)
        return root.visits, decision_statistics(root)


def decision_statistics(root: Node) -> Statistics:
    """The searching seat's choices at the root (past other seats' unseen choices) with their statistics."""
    return [(child.key, child.visits, child.value) for child in root.decision_node().children.values()
            if child.action is not None]


def merged(parts: Sequence[tuple[int, Statistics]], seat: int) -> Node:
    """One root whose children sum the visits and values the searches gave each action (in the
    order the searches first met them, so ties break alike every time); its visits are theirs."""
    root = Node(None, None, None)
    children = root.children
    for visits, statistics in parts:
        root.visits += visits
        for action, child_visits, value in statistics:
            child = children.get(action)
            if child is None:
                child = children[action] = Node(root, action, seat)
            child.visits += child_visits
            child.value += value
    return root


def split(iterations: int, workers: int) -> list[int]:
    """`iterations` shared out as evenly as possible, the larger shares first (some may be 0)."""
    share, extra = divmod(iterations, workers)
    return [share + (k < extra) for k in range(workers)]


def root_parallel(factory: Callable[..., Any], search: Callable[[Any, View], Node], game: Game, seat: int,
                  params: Mapping[str, Any], rng: Rng, **keywords: Any) -> "RootParallel | None":
    """The worker pool of a bot built with `params` (``workers`` > 1), or None to search in-process."""
    workers = params.get("workers", 1)
    if workers <= 1:
        return None
    # The bot's own seed stays here: a twin gets a seed derived for its worker and decision.
    recipe = Recipe(factory, search, game, seat, {k: v for k, v in params.items() if k != "seed"}, keywords)
    return RootParallel(recipe, workers, rng, params.get("time", 0.0))


class RootParallel:
    """A search bot's worker processes: `search` runs one decision's search over all of them."""

    def __init__(self, recipe: Recipe, workers: int, rng: Rng, budget: float = 0.0) -> None:
        self.recipe = recipe
        self.workers = workers
        self.rng = rng  # the bot's own generator: one draw per decision, whence the workers' seeds
        self.budget = budget
        try:
            self._blob = base64.b64encode(pickle.dumps(recipe)) + b"\n"
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            raise BotError(f"workers={workers}: the bot cannot be sent to a worker process "
                           f"(what it is built from must be picklable): {exc}") from None
        self._channels: list[BotChannel | None] = []  # None: failed, its share searched here
        self._started = False
        self.failures: list[str] = []
        self.last_cpu_seconds = 0.0  # the last decision's search CPU time: workers' and shares run here
        self._finalizer = weakref.finalize(self, _stop, self._channels)

    @property
    def pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [channel.pid for channel in self._channels if channel is not None]

    def search(self, view: View, iterations: int) -> Node:
        """One decision: `iterations` split among the workers; the merged root of their searches."""
        secret = self.rng.next64()
        seeds = [derive(secret, "worker", k) for k in range(self.workers)]
        shares = split(iterations, self.workers)
        self._start()
        game_cls = type(self.recipe.game)
        request = {"view": view_to_data(game_cls, view)}
        asked: list[int] = []
        for k, channel in enumerate(self._channels):
            if channel is not None and shares[k]:
                line = json.dumps({**request, "seed": seeds[k], "iterations": shares[k]}).encode() + b"\n"
                try:
                    channel.send(line)
                    asked.append(k)
                except BotProcessError as exc:
                    self._fail(k, exc)
        parts: list[tuple[int, Statistics] | None] = [None] * self.workers
        self.last_cpu_seconds = 0.0
        deadline = time.monotonic() + self.budget + GRACE if self.budget else None
        try:
            for k in asked:
                parts[k] = self._answer(k, game_cls, deadline)
        except BaseException:  # interrupted (a move timeout, Ctrl-C): the workers are out of step
            self.close()
            raise
        for k in range(self.workers):  # the failed workers' shares, here, with their seeds
            if parts[k] is None and shares[k]:
                started = time.process_time()
                parts[k] = self.recipe.statistics(seeds[k], shares[k], view)
                self.last_cpu_seconds += time.process_time() - started
        return merged([part for part in parts if part is not None], self.recipe.seat)

    def _answer(self, k: int, game_cls: type[Game], deadline: float | None) -> tuple[int, Statistics] | None:
        """Worker `k`'s statistics, or None (and the worker stopped) if it failed or was late."""
        channel = self._channels[k]
        assert channel is not None
        try:
            answer = json.loads(channel.receive(deadline))
            visits = answer["visits"]
            statistics = [(action_from_data(game_cls, action), child_visits, value)
                          for action, child_visits, value in answer["children"]]
            cpu = answer["cpu"]
            if type(visits) is not int or type(cpu) is not float:
                raise ValueError(f"visits {visits!r}, cpu {cpu!r}")
            self.last_cpu_seconds += cpu
            return visits, statistics
        except BotProcessError as exc:
            self._fail(k, exc)
        except (ValueError, KeyError, TypeError, SerializationError) as exc:  # not one of our answers
            self._fail(k, BotProcessError(f"broke the protocol: {exc}"))
        return None

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        argv = [sys.executable, "-c", WORKER_CODE]
        env = driver_env()
        self._channels[:] = [None] * self.workers
        for k in range(self.workers):
            try:
                channel = BotChannel(argv, env)
                channel.send(self._blob)
            except BotProcessError as exc:
                self._fail(k, exc)
                continue
            self._channels[k] = channel

    def _fail(self, k: int, exc: BotProcessError) -> None:
        channel, self._channels[k] = self._channels[k], None
        if channel is not None:
            channel.kill()
        reason = f"{self.recipe.game.spec.id} seat {self.recipe.seat}: search worker {k} {exc}"
        self.failures.append(reason)
        warnings.warn(f"{reason}; its share is searched in the bot's own process from now on",
                      RuntimeWarning, stacklevel=3)

    def close(self) -> None:
        """Stop every worker and reap it (fresh workers start at the next search)."""
        _stop(self._channels)
        self._started = False


def _stop(channels: list[BotChannel | None]) -> None:
    """Close each worker's input (it exits), reap it (killing it if slow); forget them all."""
    for channel in channels:
        if channel is not None:
            channel.close()
    channels.clear()


# -- the worker's side ----------------------------------------------------------------------------

def serve() -> None:
    """A worker: read the recipe, then answer each search request, until the end of the input.

    Whatever the search prints goes to standard error (standard output carries the answers). An
    exception ends the worker with its traceback on standard error, which the bot reports.
    """
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    inbox = sys.stdin.buffer
    blob = inbox.readline()
    if not blob:
        return
    recipe: Recipe = pickle.loads(base64.b64decode(blob))
    game_cls = type(recipe.game)
    for line in inbox:
        request = json.loads(line)
        started = time.process_time()
        view = view_from_data(game_cls, request["view"])
        visits, statistics = recipe.statistics(request["seed"], request["iterations"], view)
        cpu = time.process_time() - started
        children = [[action_to_data(game_cls, action), child_visits, value]
                    for action, child_visits, value in statistics]
        try:
            out.write(json.dumps({"visits": visits, "children": children, "cpu": cpu}).encode() + b"\n")
            out.flush()
        except BrokenPipeError:
            return
