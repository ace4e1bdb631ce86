"""Combo Breaker: how often a bot pays a token in one round against greedy players — a cheap screen
for search settings, since a game is many rounds and a lost game is rare per round.

    nice -n 10 .venv/bin/python benchmarks/cb_round_strength.py --bot ismcts:iterations=400 \\
        --rounds 120 --seed 1 --jobs 1

Round starts come from real games: greedy game k (4 greedy bots by default, dealt from
``derive(seed, "deal", k)``, bots seeded ``derive(seed, "bot", k, s)``) is played to its end and
the first state of each of its rounds is kept, with the tokens and the leader those games gave it
(rounds 1, 2, … until `--rounds`). Round j is then played from that state once, with the tested bot
in seat ``j % players`` and `--against` (greedy) in the other seats, up to the first state of the
next round (or the end of the game); every bot is built fresh for the round, seeded one-way from
the series seed, so a run with iteration budgets reproduces exactly.

Reported, with 95% Wilson intervals: the rounds in which the tested seat paid a token (rule 9; its
parity against three greedy players is one round in `players`, `--bot greedy` shows it), the
rounds in which it lost the game, and its chance to lose the game before and after the round as
`meeple_combo_breaker.horizon.loss_chances` reads the tokens (1 once it has lost, 0 once another
seat has): the change is what one round of this bot is worth in lost games, if greedy play took over
afterwards. `predicted game loss` is the loss rate of a seat that paid in a share q of rounds (the
measured one) while the others shared the rest, from the first deal's tokens (the same race as
`loss_chances`, with that one payer's weight): a proxy, since a real game's q depends on the
tokens. CPU seconds per searched decision (more than one legal action) as `strength.py` times them.

`--horizon-value halving` replaces the game's rollout horizon, in this benchmark's processes only,
with the one it had before (a seat's risk of losing halves with each token held), for comparison.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import time
from functools import lru_cache

from meeple import BotSpec, Registry
from meeple.options import parse_pairs
from meeple.seeds import derive
from meeple.stats import wilson_interval
from meeple_combo_breaker.game import ComboBreaker
from meeple_combo_breaker.horizon import loss_chances
from script_args import positive_int, seed, usage_errors
from strength import TimedBot, summary

GAME = "combo_breaker"


def halving_horizon(root, state):
    """The rollout horizon before session 4 (for comparison only): a seat's risk of losing halves
    with every token it holds."""
    if state.round_number == root.round_number:
        return None
    players = state.game.players
    risk = [2.0 ** -state.tokens[seat] for seat in range(players)]
    total = sum(risk)
    return [(1 - r / total) / (players - 1) for r in risk]


HORIZON_VALUES = {"chances": ComboBreaker.rollout_horizon, "halving": halving_horizon}


def round_starts(registry: Registry, players: int, options: dict, seed: int, game_index: int,
                 starter: str) -> list:
    """The first state of every round of greedy (`starter`) game `game_index`."""
    game = registry.create(GAME, players, options)
    spec = BotSpec.parse(starter)
    bots = [registry.make_bot(spec, game, s, {"seed": derive(seed, "bot", game_index, s)})
            for s in range(players)]
    state = game.new_state(derive(seed, "deal", game_index))
    starts, current = [], None
    while state.pending:
        if state.round_number != current:
            current = state.round_number
            starts.append(state.clone())
        seat = state.current_player
        state.apply(bots[seat].act(state.view(seat), state.legal_actions(seat)))
    return starts


_REGISTRY: Registry | None = None


def play_round(task: tuple) -> dict:
    """Round `round_index` of greedy game `game_index`, the tested bot in `seat`."""
    global _REGISTRY
    players, options, tested, against, seed, starter, horizon_value, game_index, round_index, seat = task
    ComboBreaker.rollout_horizon = staticmethod(HORIZON_VALUES[horizon_value])
    if _REGISTRY is None:
        _REGISTRY = Registry.load()
    state = round_starts(_REGISTRY, players, options, seed, game_index, starter)[round_index]
    game = state.game
    bots = []
    for s in range(players):
        spec = BotSpec.parse(tested if s == seat else against)
        bot = _REGISTRY.make_bot(spec, game, s, {"seed": derive(seed, "round bot", game_index, round_index, s)})
        bots.append(TimedBot(bot) if s == seat else bot)
    before = tuple(state.tokens[s] for s in range(players))
    number = state.round_number
    while state.pending and state.round_number == number:
        mover = state.current_player
        state.apply(bots[mover].act(state.view(mover), state.legal_actions(mover)))
    after = tuple(state.tokens[s] for s in range(players))
    lost = seat in state.losers
    if state.losers:
        chance_after = 1.0 if lost else 0.0
    else:
        chance_after = loss_chances(after)[seat]
    return {"seat": seat, "paid": lost or after[seat] < before[seat], "lost": lost,
            "chance_before": loss_chances(before)[seat], "chance_after": chance_after,
            "cpu": bots[seat].cpu, "wall": bots[seat].wall}


def predicted_game_loss(share: float, tokens: tuple[int, ...]) -> float:
    """Seat 0's chance to lose the game if every round one seat pays: seat 0 with chance `share`,
    each other seat with an equal part of the rest (`loss_chances`' race, one seat weighted)."""
    players = len(tokens)
    weights = (share,) + ((1.0 - share) / (players - 1),) * (players - 1)

    @lru_cache(maxsize=None)
    def chance(held: tuple[int, ...]) -> float:
        total = 0.0
        for payer, weight in enumerate(weights):
            if held[payer] == 0:
                total += weight if payer == 0 else 0.0
            else:
                total += weight * chance(held[:payer] + (held[payer] - 1,) + held[payer + 1:])
        return total

    return chance(tokens)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--bot", required=True, help="the tested bot's spec")
    parser.add_argument("--against", default="greedy", help="the other seats' bot spec")
    parser.add_argument("--starter", default="greedy", help="the bot whose games give the round starts")
    parser.add_argument("--rounds", type=positive_int, default=120)
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--jobs", type=positive_int, default=1)
    parser.add_argument("--horizon-value", choices=sorted(HORIZON_VALUES), default="chances")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # a bad option, player count or bot spec: one line
        game = registry.create(GAME, args.players, parse_pairs(args.option))
        for spec in (args.bot, args.against, args.starter):
            registry.make_bot(spec, game, 0)
    options = game.options.as_dict()
    tasks, k = [], 0
    while len(tasks) < args.rounds:
        for r in range(len(round_starts(registry, game.players, options, args.seed, k, args.starter))):
            if len(tasks) < args.rounds:
                tasks.append((game.players, options, args.bot, args.against, args.seed, args.starter,
                              args.horizon_value, k, r, len(tasks) % game.players))
        k += 1
    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            outcomes = pool.map(play_round, tasks, chunksize=1)
    else:
        outcomes = [play_round(task) for task in tasks]
    seconds = time.perf_counter() - started
    rounds = len(outcomes)
    paid = sum(o["paid"] for o in outcomes)
    lost = sum(o["lost"] for o in outcomes)
    change = [o["chance_after"] - o["chance_before"] for o in outcomes]
    change_mean = statistics.fmean(change)
    change_half = 1.96 * statistics.stdev(change) / rounds ** 0.5 if rounds > 1 else float("nan")
    start_tokens = tuple(options["tokens"] for _ in range(game.players))
    pay_share = paid / rounds
    cpu = [t for o in outcomes for t in o["cpu"]]
    wall = [t for o in outcomes for t in o["wall"]]
    result = {
        "bot": args.bot, "against": args.against, "players": game.players, "options": options,
        "rounds": rounds, "from_games": k, "seed": args.seed, "horizon_value": args.horizon_value,
        "paid": paid, "pay_rate": round(pay_share, 4),
        "pay_rate_95": [round(x, 4) for x in wilson_interval(paid, rounds)],
        "parity": round(1 / game.players, 4),
        "lost": lost, "lost_95": [round(x, 4) for x in wilson_interval(lost, rounds)],
        "loss_chance_before": round(statistics.fmean(o["chance_before"] for o in outcomes), 4),
        "loss_chance_after": round(statistics.fmean(o["chance_after"] for o in outcomes), 4),
        "loss_chance_change": round(change_mean, 4), "loss_chance_change_95": round(change_half, 4),
        "predicted_game_loss": round(predicted_game_loss(pay_share, start_tokens), 4),
        "predicted_game_loss_95": [round(predicted_game_loss(x, start_tokens), 4)
                                   for x in wilson_interval(paid, rounds)],
        "decisions": len(cpu), "seconds_per_decision": summary(wall), "cpu_seconds_per_decision": summary(cpu),
        "run_seconds": round(seconds, 1), "load_average": [round(x, 2) for x in os.getloadavg()],
        "paid_by_round": [int(o["paid"]) for o in outcomes],  # for paired comparisons of settings
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.bot} vs {args.against} — {GAME} {game.players}p, {rounds} rounds from {k} {args.starter} "
          f"games, seats rotating, horizon value {args.horizon_value}")
    low, high = result["pay_rate_95"]
    print(f"  paid   {paid}/{rounds} = {pay_share:.3f}  (95%: {low:.3f}–{high:.3f}; parity {1 / game.players:.3f})")
    low, high = result["lost_95"]
    print(f"  lost the game in {lost}/{rounds} rounds  (95%: {low:.3f}–{high:.3f})")
    print(f"  chance to lose the game: {result['loss_chance_before']:.3f} before the round, "
          f"{result['loss_chance_after']:.3f} after ({change_mean:+.3f} ± {change_half:.3f})")
    low, high = result["predicted_game_loss_95"]
    print(f"  predicted game loss {result['predicted_game_loss']:.3f}  (95%: {low:.3f}–{high:.3f})")
    c = result["cpu_seconds_per_decision"]
    print(f"  per searched decision ({len(cpu)}): CPU mean {c['mean']} s, p95 {c['p95']} s; "
          f"{seconds:.0f} s, load average {result['load_average']}")


if __name__ == "__main__":
    main()
