"""What the facts are worth: `ismcts` that samples with every fact it knows against the same bot
with its facts removed, in Go Fish (meeple-gofish), seats rotating.

    nice -n 10 .venv/bin/python benchmarks/gofish_facts.py --bot ismcts:iterations=100 \\
        --games 210 --jobs 2 --seed 1 --progress

Seats: one *aware* bot (`--bot`, as given) and `players - 1` *blind* ones — the same spec, but
each view has its facts removed before the bot reads it (`BlindToFacts`): it still sees every
card that changed hands face up, and its samples still keep no whole rank in one hand (the
game's `sample_condition`); only what the table heard — who asked for which rank, who said "go
fish" — is gone, so its samples deal the unseen cards as if nobody had asked anything. Game k is
dealt from ``derive(seed, "deal", k // players)`` and the aware bot sits in seat ``k % players``:
every deal is played once from every seat (use a multiple of the number of players). Bot seeds
are derived one-way from the series seed, so a run is reproducible.

Reported: the aware bot's win rate and the blind bots' (per seat: wins over seat-games), a shared
win counting as a win for each tied seat (as `meeple match` counts them), with 95% Wilson
intervals; and the books each kind of bot made per game, with 95% intervals. If facts were worth
nothing the aware seat would win as often as a blind one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import attrs

from meeple import BotSpec, Registry
from meeple.seeds import derive
from meeple.stats import mean_interval, wilson_interval
from script_args import in_order, non_negative_int, positive_int, seed, usage_errors

GAME = "gofish"
_REGISTRY: Registry | None = None


class BlindToFacts:
    """A bot that never sees the facts in its views (who asked for what, who said "go fish")."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def act(self, view, legal):
        return self.bot.act(attrs.evolve(view, facts=()), legal)


def play_one(task: tuple) -> dict:
    """One game: the aware bot in seat `index % players`, blind copies of it elsewhere."""
    global _REGISTRY
    players, options, spec, series, index = task
    if _REGISTRY is None:
        _REGISTRY = Registry.load()
    from meeple.runner import play_game

    game = _REGISTRY.create(GAME, players, options)
    aware = index % players
    bots = []
    for s in range(players):
        bot = _REGISTRY.make_bot(BotSpec.parse(spec), game, s, {"seed": derive(series, "bot", index, s)})
        bots.append(bot if s == aware else BlindToFacts(bot))
    names = [spec if s == aware else f"{spec} (blind)" for s in range(players)]
    record, state = play_game(game, bots, derive(series, "deal", index // players), names)
    winners, books = state.winners(), state.book_counts()
    return {"aware": aware, "won": [s in winners for s in range(players)], "books": books,
            "forfeit": record.forfeit is not None, "moves": state.moves}


def rate(wins: int, trials: int) -> dict:
    low, high = wilson_interval(wins, trials)
    return {"wins": wins, "trials": trials, "rate": round(wins / trials, 4), "95": [round(low, 4), round(high, 4)]}


def mean(values: list[float]) -> dict:
    low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    return {"mean": round(sum(values) / len(values), 3), "95": [round(low, 3), round(high, 3)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--ranks", type=positive_int, default=13, help="Go Fish's `ranks` option")
    parser.add_argument("--bot", default="ismcts:iterations=100", help="the bot spec every seat plays")
    parser.add_argument("-n", "--games", type=positive_int, default=210)
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--start", type=non_negative_int, default=0,
                        help="index of the first game (play one series in parts)")
    parser.add_argument("--jobs", type=positive_int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true", help="one line per finished game on stderr")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # Go Fish not installed, a bad player count or bot spec: one line
        game = registry.create(GAME, args.players, {"ranks": args.ranks})
        registry.make_bot(args.bot, game, 0)
    options = game.options.as_dict()
    tasks = [(game.players, options, args.bot, args.seed, k) for k in range(args.start, args.start + args.games)]
    started = time.perf_counter()
    outcomes: list[dict] = []
    with in_order(play_one, tasks, args.jobs) as finished:
        for outcome in finished:
            outcomes.append(outcome)
            if args.progress:
                won = sum(o["won"][o["aware"]] for o in outcomes)
                print(f"game {args.start + len(outcomes) - 1}: aware seat {outcome['aware']} "
                      f"{'won' if outcome['won'][outcome['aware']] else 'lost'}, books {outcome['books']}; "
                      f"aware {won}/{len(outcomes)} so far", file=sys.stderr, flush=True)
    games, players = len(outcomes), game.players
    aware_wins = sum(o["won"][o["aware"]] for o in outcomes)
    blind_wins = sum(sum(o["won"]) - o["won"][o["aware"]] for o in outcomes)
    result = {
        "game": GAME, "players": players, "options": options, "bot": args.bot, "games": games,
        "seed": args.seed, "start": args.start,
        "aware": rate(aware_wins, games), "blind": rate(blind_wins, games * (players - 1)),
        "aware_books": mean([o["books"][o["aware"]] for o in outcomes]),
        "blind_books": mean([b for o in outcomes for s, b in enumerate(o["books"]) if s != o["aware"]]),
        "forfeits": sum(o["forfeit"] for o in outcomes),
        "run_seconds": round(time.perf_counter() - started, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.bot}, aware of facts vs {players - 1} blind to them — Go Fish {players}p "
          f"(ranks={args.ranks}), {games} games, seats rotating, seed {args.seed}")
    for who in ("aware", "blind"):
        r, b = result[who], result[f"{who}_books"]
        print(f"  {who:5}  wins {r['wins']}/{r['trials']} = {r['rate']:.3f} (95%: {r['95'][0]:.3f}–{r['95'][1]:.3f});"
              f"  books per game {b['mean']:.2f} (95%: {b['95'][0]:.2f}–{b['95'][1]:.2f})")
    print(f"  {result['run_seconds']:.0f} s, load average {result['load_average']}, forfeits {result['forfeits']}")


if __name__ == "__main__":
    main()
