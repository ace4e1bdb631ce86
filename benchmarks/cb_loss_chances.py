"""Combo Breaker: how likely a seat with given tokens is to lose the game, measured in greedy games,
against the rollout horizon's `loss_chances` and the halving rule it replaced.

    nice -n 10 .venv/bin/python benchmarks/cb_loss_chances.py --games 3000 --seed 9

Game k is dealt from ``derive(seed, "deal", k)``, every seat played by `--bot` (greedy) seeded
``derive(seed, "bot", k, s)``. At the first state of every round, each seat is one sample of
(its tokens, the other seats' tokens) and of whether it lost the game in the end. Printed: how
many seats paid per round, where the payers sat relative to the round's leader, and for every
token situation with at least `--least` samples the measured loss rate beside the two models:
`loss_chances` (each round one seat, equally likely any, pays a token) and 2**-tokens risk shares
(the horizon's value before session 4), with the sample-weighted mean absolute error of each.
"""

from __future__ import annotations

import argparse
import collections
import time

from meeple import BotSpec, Registry
from meeple.options import parse_pairs
from meeple.seeds import derive
from meeple_combo_breaker.horizon import loss_chances
from script_args import non_negative_int, positive_int, seed, usage_errors

GAME = "combo_breaker"


def halving(tokens: tuple[int, ...]) -> tuple[float, ...]:
    """The replaced model: a seat's risk halves with every token it holds, shares of the total."""
    risk = [2.0 ** -held for held in tokens]
    total = sum(risk)
    return tuple(r / total for r in risk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--games", type=positive_int, default=3000)
    parser.add_argument("--seed", type=seed, default=9)
    parser.add_argument("--least", type=non_negative_int, default=200, help="print situations with this many samples")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # a bad option, player count or bot spec: one line
        game = registry.create(GAME, args.players, parse_pairs(args.option))
        spec = BotSpec.parse(args.bot)
        registry.make_bot(spec, game, 0)
    players = game.players
    payers_per_round: collections.Counter = collections.Counter()
    payer_from_leader: collections.Counter = collections.Counter()
    samples: dict = collections.defaultdict(lambda: [0, 0])  # (own, others sorted) -> [lost, seen]
    started = time.process_time()
    for k in range(args.games):
        bots = [registry.make_bot(spec, game, s, {"seed": derive(args.seed, "bot", k, s)}) for s in range(players)]
        state = game.new_state(derive(args.seed, "deal", k))
        starts = []  # (tokens, leader) at each round's first state
        while state.pending:
            if not starts or state.round_number != starts[-1][2]:
                if starts:
                    paid = [s for s in range(players) if state.tokens[s] < starts[-1][0][s]]
                    payers_per_round[len(paid)] += 1
                    payer_from_leader.update((s - starts[-1][1]) % players for s in paid)
                starts.append((tuple(state.tokens[s] for s in range(players)), state.current_player,
                               state.round_number))
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions(seat)))
        last = starts[-1][0]
        paid = [s for s in range(players) if state.tokens[s] < last[s] or s in state.losers]
        payers_per_round[len(paid)] += 1
        payer_from_leader.update((s - starts[-1][1]) % players for s in paid)
        for tokens, _, _ in starts:
            for seat in range(players):
                others = tuple(sorted(tokens[:seat] + tokens[seat + 1:]))
                entry = samples[(tokens[seat], others)]
                entry[0] += seat in state.losers
                entry[1] += 1
    print(f"{args.games} {args.bot} games, {players} players, {time.process_time() - started:.0f} CPU s")
    print(f"payers per round: {dict(sorted(payers_per_round.items()))}")
    print(f"payments by seat after the leader (0: the leader): {dict(sorted(payer_from_leader.items()))}")
    print("| own tokens | others' | seat-rounds | lost, measured | loss_chances | halving |")
    print("| --- | --- | --- | --- | --- | --- |")
    error = {"chances": 0.0, "halving": 0.0}
    weight = 0
    for (own, others), (lost, seen) in sorted(samples.items(), key=lambda kv: -kv[1][1]):
        tokens = (own,) + others
        measured, chance, halved = lost / seen, loss_chances(tokens)[0], halving(tokens)[0]
        error["chances"] += seen * abs(measured - chance)
        error["halving"] += seen * abs(measured - halved)
        weight += seen
        if seen >= args.least:
            print(f"| {own} | {', '.join(map(str, others))} | {seen} | {measured:.3f} | {chance:.3f} | {halved:.3f} |")
    print(f"mean absolute error (weighted by samples): loss_chances {error['chances'] / weight:.4f}, "
          f"halving {error['halving'] / weight:.4f}")


if __name__ == "__main__":
    main()
