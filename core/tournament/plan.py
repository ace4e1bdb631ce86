"""Which games a tournament or match plays, and every seed each game needs.

A game's seeds are derived from the series seed and the game's place in the plan (its deal,
lineup and seat rotation), never from the order in which games are run or finish: any number of
workers, and any interruption followed by ``--resume``, plays exactly the same games.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from attrs import frozen

from ..errors import OptionError
from ..rng import Rng
from ..seeds import derive


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
    `bot_seeds[s]` is the seed given to seat `s`'s bot where its spec names none. Games with the
    same `deal` number share the deal seed (the duplicate format).
    """

    index: int
    deal: int
    seats: tuple[int, ...]
    seed: int
    bot_seeds: tuple[int, ...]


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every table of `players` different bots out of `bots` (all of them when they fit)."""
    if bots < players:
        raise OptionError(f"a tournament of {players}-player games needs at least {players} bots, got {bots} "
                          f"(list a bot again with another seed, e.g. random:seed=1, to fill a table)")
    return list(combinations(range(bots), players))


def tournament_plan(bots: int, players: int, games: int, seed: int) -> list[GameJob]:
    """Every lineup plays `games` games: `games / players` deals, each dealt once per seat rotation.

    Within a deal every bot of the lineup sits in every seat once, on the same cards (for games
    with chance, this duplicate format takes the luck of the deal out of the comparison), and all
    lineups play the same deals. Games are ordered deal by deal, so a run cut short is balanced.
    """
    if games < 1 or games % players:
        raise OptionError(f"--games must be a positive multiple of {players}: each deal is played once "
                          f"in every seat rotation of a {players}-player table")
    tables = lineups(bots, players)
    jobs: list[GameJob] = []
    for deal in range(games // players):
        deal_seed = derive(seed, "deal", deal)
        for table in tables:
            for rotation in range(players):
                seats = table[rotation:] + table[:rotation]
                bot_seeds = tuple(derive(seed, "bot", deal, *table, rotation, s) for s in range(players))
                jobs.append(GameJob(len(jobs), deal, seats, deal_seed, bot_seeds))
    return jobs


def seat_order(game_index: int, bots: int) -> list[int]:
    """Which bot sits in each seat in game `game_index` of a match: rotations, so with a number
    of games that is a multiple of the number of bots, every bot plays every seat equally often."""
    shift = game_index % bots
    return [(seat + shift) % bots for seat in range(bots)]


def game_seeds(seed: int, games: int) -> list[int]:
    """The deal seed of each game in a match, derived from the match seed."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(games)]


def match_plan(bots: int, games: int, seed: int) -> list[GameJob]:
    """A match: one lineup (one bot per seat), a new deal every game, seats rotating each game."""
    if games < 1:
        raise OptionError("a match needs at least one game")
    jobs = []
    for index, deal_seed in enumerate(game_seeds(seed, games)):
        bot_rng = Rng(deal_seed ^ 0x5DEECE66D)
        bot_seeds = tuple(bot_rng.next64() >> 1 for _ in range(bots))
        jobs.append(GameJob(index, index, tuple(seat_order(index, bots)), deal_seed, bot_seeds))
    return jobs
