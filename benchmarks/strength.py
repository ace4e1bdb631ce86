"""Win rate of one bot against opponents, seats rotating, with its time per decision.

    .venv/bin/python benchmarks/strength.py linko --players 4 -n 100 --jobs 2 \\
        --bot ismcts:iterations=600 --against greedy --seed 1

Game k is dealt from ``derive(seed, "deal", k // players)`` and the tested bot sits in seat
``k % players``: every deal is played once from every seat (use a multiple of the number of
players); `--seat S` keeps it in seat S instead (Linkage's Fewer is seat 1), one deal per game. The opponents (`--against`, one spec for every other seat, or one per seat with
repeated `--against`) fill the other seats in order. Bot seeds are derived one-way from the
series seed, so a run is reproducible for bots with an iteration budget.

Reported: the tested bot's wins (a shared win counts as a win, as `meeple match` counts them) and
its *loss* rate (games some other seat won and it did not) with 95% Wilson intervals, and the time
it spent per decision that it searched (more than one legal action): mean and 95th percentile
of wall-clock seconds and of CPU seconds. Wall time on a busy machine overstates the cost; CPU
time is the steadier figure. Games run in `--jobs` worker processes (one game per task).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from meeple import BotSpec, Registry
from meeple.options import parse_pairs
from meeple.seeds import derive
from meeple.stats import wilson_interval
from script_args import in_order, non_negative_int, positive_int, seed, usage_errors


class TimedBot:
    """Wraps a bot, recording the wall and CPU seconds of each decision with a real choice."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def act(self, view, legal):
        if len(legal) < 2:
            return self.bot.act(view, legal)
        started, cpu_started = time.perf_counter(), time.process_time()
        action = self.bot.act(view, legal)
        self.wall.append(time.perf_counter() - started)
        self.cpu.append(time.process_time() - cpu_started)
        return action

    def __getattr__(self, name):
        return getattr(self.bot, name)


_REGISTRY: Registry | None = None


def play_one(task: tuple) -> dict:
    """One game: the tested bot in seat `seat`, opponents elsewhere; returns its outcome."""
    global _REGISTRY
    game_id, players, options, tested, against, seed, index, fixed_seat = task
    if _REGISTRY is None:
        _REGISTRY = Registry.load()
    from meeple.runner import play_game

    game = _REGISTRY.create(game_id, players, options)
    seat = index % game.players if fixed_seat is None else fixed_seat
    deal_seed = derive(seed, "deal", index // game.players if fixed_seat is None else index)
    opponents = iter(against)
    bots, names = [], []
    for s in range(game.players):
        spec = BotSpec.parse(tested if s == seat else next(opponents))
        bot = _REGISTRY.make_bot(spec, game, s, {"seed": derive(seed, "bot", index, s)})
        bots.append(TimedBot(bot) if s == seat else bot)
        names.append(str(spec))
    record, state = play_game(game, bots, deal_seed, names)
    for bot in bots:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
    winners = state.winners()
    timed = bots[seat]
    return {"seat": seat, "won": seat in winners, "lost": bool(winners) and seat not in winners,
            "forfeit": record.forfeit is not None,
            "turns": state.moves, "wall": timed.wall, "cpu": timed.cpu}


def summary(values: list[float]) -> dict:
    if not values:
        return {"mean": None, "p95": None, "max": None}
    ordered = sorted(values)
    return {"mean": round(statistics.fmean(values), 4),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 4),
            "max": round(ordered[-1], 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--bot", required=True, help="the tested bot's spec")
    parser.add_argument("--against", action="append", required=True,
                        help="an opponent spec (once for all other seats, or once per seat)")
    parser.add_argument("--seat", type=int, default=None, help="keep the tested bot in this seat")
    parser.add_argument("-n", "--games", type=positive_int, default=100)
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--start", type=non_negative_int, default=0,
                        help="index of the first game: games START..START+N-1 of the series, so one "
                             "series can be played in parts (use a multiple of the number of players)")
    parser.add_argument("--jobs", type=positive_int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true",
                        help="one line per finished game on stderr (a run cut short still tells its tally)")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad option, player count or bot spec: one line
        game = registry.create(args.game, args.players, parse_pairs(args.option))
        for spec in [args.bot, *args.against]:
            registry.make_bot(spec, game, 0)
    others = game.players - 1
    against = args.against * others if len(args.against) == 1 else args.against
    if len(against) != others:
        parser.error(f"--against: give one spec, or {others} (one per other seat)")
    options = game.options.as_dict()
    if args.seat is not None and not 0 <= args.seat < game.players:
        parser.error(f"--seat: {game.players} seats, numbered from 0")
    tasks = [(args.game, game.players, options, args.bot, against, args.seed, k, args.seat)
             for k in range(args.start, args.start + args.games)]
    started = time.perf_counter()
    outcomes = []
    with in_order(play_one, tasks, args.jobs) as finished:
        for outcome in finished:  # in game order, each as soon as it and the games before it are done
            outcomes.append(outcome)
            if args.progress:
                won = sum(o["won"] for o in outcomes)
                print(f"game {args.start + len(outcomes) - 1}: seat {outcome['seat']} "
                      f"{'won' if outcome['won'] else 'lost'}; {won}/{len(outcomes)} so far; "
                      f"{len(outcome['cpu'])} searched decisions, {sum(outcome['cpu']):.2f} CPU s",
                      file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    games = len(outcomes)
    wins = sum(o["won"] for o in outcomes)
    losses = sum(o["lost"] for o in outcomes)
    wall = [t for o in outcomes for t in o["wall"]]
    cpu = [t for o in outcomes for t in o["cpu"]]
    result = {
        "game": args.game, "players": game.players, "options": options, "bot": args.bot,
        "against": against, "games": games, "seed": args.seed, "start": args.start, "seat": args.seat,
        "wins": wins, "win_rate": round(wins / games, 4),
        "win_rate_95": [round(x, 4) for x in wilson_interval(wins, games)],
        "losses": losses, "loss_rate": round(losses / games, 4),
        "loss_rate_95": [round(x, 4) for x in wilson_interval(losses, games)],
        "by_seat": [round(sum(o["won"] for o in outcomes if o["seat"] == s)
                          / max(1, sum(1 for o in outcomes if o["seat"] == s)), 3)
                    for s in range(game.players)],
        "decisions": len(wall),
        "seconds_per_decision": summary(wall), "cpu_seconds_per_decision": summary(cpu),
        "run_seconds": round(seconds, 1), "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    low, high = result["win_rate_95"]
    where = "seats rotating" if args.seat is None else f"in seat {args.seat}"
    part = f" (games {args.start}–{args.start + games - 1})" if args.start else ""
    print(f"{args.bot} vs {', '.join(against)} — {args.game} {game.players}p, {games} games{part}, {where}")
    print(f"  wins   {wins}/{games} = {result['win_rate']:.3f}  (95%: {low:.3f}–{high:.3f})")
    low, high = result["loss_rate_95"]
    print(f"  losses {losses}/{games} = {result['loss_rate']:.3f}  (95%: {low:.3f}–{high:.3f})")
    print(f"  by seat {result['by_seat']}")
    w, c = result["seconds_per_decision"], result["cpu_seconds_per_decision"]
    print(f"  per searched decision ({len(wall)}): wall mean {w['mean']} s, p95 {w['p95']} s; "
          f"CPU mean {c['mean']} s, p95 {c['p95']} s")
    print(f"  {seconds:.0f} s, load average {result['load_average']}")


if __name__ == "__main__":
    main()
