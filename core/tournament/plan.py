"""Which games a tournament or match plays, and every seed each game needs.

A game's seeds are derived one-way (`meeple.seeds.derive`) from the series seed and the game's
place in the plan (its deal, lineup and seat rotation), never from the order in which games are
run or finish: any number of workers, and any interruption followed by ``--resume``, plays
exactly the same games. Seeds tell nothing about each other: a bot's seed is not a function of
its deal's seed, and one game's deal seed (in a record) gives no other game's deal.

Bot seeds. A bot whose spec names no seed gets ``derive(series, "bot", deal, *lineup, rotation,
seat)``. A bot whose spec names one (``random:seed=1``) gets ``derive(series, "bot-seed", "1",
deal, *lineup, rotation, seat)``: the explicit seed selects another reproducible family of
streams (so ``random:seed=1`` and ``random:seed=2`` are different contestants), and the game's
place still gives every game its own stream — an explicit seed never makes a bot replay the same
moves game after game. The same series seed reproduces every stream.

Plans are lazy sequences: a job is computed when asked for, and a run is refused above
`MAX_GAMES` before anything is built (every outcome of a run is kept in memory for its tables).
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any, Callable, Iterator, Sequence, overload

from attrs import frozen

from ..bots import BotSpec
from ..errors import OptionError
from ..seeds import derive

#: The most games one run (match or tournament) may plan: its outcomes are all kept in memory.
MAX_GAMES = 100_000


@frozen
class Setup:
    """What every game of one run shares: the game, its options, the bots and the time limit.

    `bots` are canonical bot specs (``NAME`` or ``NAME:key=value,...``); a game's `seats` name
    them by index. Written as the header of a results file, so `--resume` can check it.
    """

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    move_timeout: float | None = None

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "options": dict(self.options),
                "bots": list(self.bots), "move_timeout": self.move_timeout}


@frozen
class GameJob:
    """One planned game: who sits where, and its seeds.

    `seats[s]` is the index (into `Setup.bots`) of the bot in seat `s`; `seed` is the deal;
    `bot_seeds[s]` is the seed of seat `s`'s bot (it replaces any seed its spec names, see
    `seeded_spec`). Games with the same `deal` number share the deal seed (the duplicate format).
    """

    index: int
    deal: int
    seats: tuple[int, ...]
    seed: int
    bot_seeds: tuple[int, ...]


class Plan(Sequence[GameJob]):
    """The games of a run, in order, each computed when asked for.

    Games are numbered deal by deal: the `deal_size` games of deal ``d`` are the indices
    ``d * deal_size`` to ``(d + 1) * deal_size - 1``.
    """

    def __init__(self, deals: int, deal_size: int, job: Callable[[int], GameJob]) -> None:
        self.deals = deals
        self.deal_size = deal_size
        self._job = job

    def __len__(self) -> int:
        return self.deals * self.deal_size

    @overload
    def __getitem__(self, index: int) -> GameJob: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameJob]: ...

    def __getitem__(self, index: int | slice) -> GameJob | list[GameJob]:
        if isinstance(index, slice):
            return [self._job(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"game {index} is not in this plan of {len(self)} games")
        return self._job(index)

    def __iter__(self) -> Iterator[GameJob]:
        return (self._job(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plan) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


def explicit_seeds(specs: Sequence[str]) -> tuple[str | None, ...]:
    """The seed each bot spec names (``random:seed=1`` → ``"1"``), or None."""
    named = (dict(BotSpec.parse(s).params).get("seed") for s in specs)
    return tuple(None if seed is None else str(seed) for seed in named)


def seeded_spec(spec: str, seed: int) -> BotSpec:
    """`spec` with the seed its game gives it in place of the seed it names, if it names one
    (a spec that names none gets the game's seed as a default, where the bot takes a seed)."""
    parsed = BotSpec.parse(spec)
    if not any(k == "seed" for k, _ in parsed.params):
        return parsed
    return BotSpec(parsed.name, tuple((k, str(seed) if k == "seed" else v) for k, v in parsed.params))


def _bot_seeds(series: int, deal: int, table: tuple[int, ...], rotation: int,
               explicit: Sequence[str | None]) -> tuple[int, ...]:
    seats = table[rotation:] + table[:rotation]
    seeds = []
    for seat, bot in enumerate(seats):
        named = explicit[bot] if bot < len(explicit) else None
        prefix: tuple[str, ...] = ("bot",) if named is None else ("bot-seed", named)
        seeds.append(derive(series, *prefix, deal, *table, rotation, seat))
    return tuple(seeds)


def _check_size(games: int) -> None:
    if games > MAX_GAMES:
        raise OptionError(f"this run would play {games} games; at most {MAX_GAMES} are played in one run "
                          f"(split it into several runs with different --seed)")


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every table of `players` different bots out of `bots` (all of them when they fit)."""
    if bots < players:
        raise OptionError(f"a tournament of {players}-player games needs at least {players} bots, got {bots} "
                          f"(list a bot again with another seed, e.g. random:seed=1, to fill a table)")
    return list(combinations(range(bots), players))


def tournament_plan(bots: int, players: int, games: int, seed: int,
                    explicit: Sequence[str | None] = ()) -> Plan:
    """Every lineup plays `games` games: `games / players` deals, each dealt once per seat rotation.

    Within a deal every bot of the lineup sits in every seat once, on the same cards (for games
    with chance, this duplicate format takes the luck of the deal out of the comparison), and all
    lineups play the same deals. Games are ordered deal by deal, so a run cut short is balanced.
    `explicit[b]` is the seed bot `b`'s spec names, if any (see the module docstring).
    """
    if games < 1 or games % players:
        raise OptionError(f"--games must be a positive multiple of {players}: each deal is played once "
                          f"in every seat rotation of a {players}-player table")
    _check_size(comb(bots, players) * games)
    tables = lineups(bots, players)
    deal_size = len(tables) * players

    def job(index: int) -> GameJob:
        deal, rest = divmod(index, deal_size)
        table, rotation = tables[rest // players], rest % players
        seats = table[rotation:] + table[:rotation]
        return GameJob(index, deal, seats, derive(seed, "deal", deal),
                       _bot_seeds(seed, deal, table, rotation, explicit))

    return Plan(games // players, deal_size, job)


def seat_order(game_index: int, bots: int) -> list[int]:
    """Which bot sits in each seat in game `game_index` of a match: rotations, so with a number
    of games that is a multiple of the number of bots, every bot plays every seat equally often."""
    shift = game_index % bots
    return [(seat + shift) % bots for seat in range(bots)]


def match_plan(bots: int, games: int, seed: int, explicit: Sequence[str | None] = ()) -> Plan:
    """A match: one lineup (one bot per seat), a new deal every game, seats rotating each game.

    Game ``g`` is deal ``g``: its deal seed is ``derive(seed, "deal", g)``, so no two games share
    a deal (a match's records can be written as they finish) and no record's seed gives another's.
    """
    if games < 1:
        raise OptionError("a match needs at least one game")
    _check_size(games)
    table = tuple(range(bots))

    def job(index: int) -> GameJob:
        rotation = index % bots
        return GameJob(index, index, tuple(seat_order(index, bots)), derive(seed, "deal", index),
                       _bot_seeds(seed, index, table, rotation, explicit))

    return Plan(games, 1, job)
