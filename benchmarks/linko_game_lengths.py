"""How long Linko games among copies of one bot last, in turns, and how many reach the turn cap.

    .venv/bin/python benchmarks/linko_game_lengths.py --players 5 -o variant=expert --games 5000
    MEEPLE_PLUGINS=greedy_baseline PYTHONPATH=benchmarks .venv/bin/python \\
        benchmarks/linko_game_lengths.py --bot greedy_base --players 5 -o variant=expert --games 1000

Game k is dealt from seed k and seat s plays `--bot` with seed `7k + s`. Rule 12's cap
(`max_turns`, 500 by default) ends a game that would otherwise never end: issue 17 found the
greedy bot of e4ad589 looping in leave / take-back cycles until the cap. Bots with
`act_on_state` are asked through it (the same choices as through the view, faster).
Reported: games, games that reached the cap, the longest game, the 99th percentile and the mean.
"""

from __future__ import annotations

import argparse
import json

from meeple import Registry
from meeple.options import parse_pairs
from script_args import positive_int, usage_errors


def lengths(bot: str, players: int, options: dict, games: int) -> dict:
    registry = Registry.load()
    game = registry.create("linko", players, options)
    info = registry.bot(bot, "linko")
    turns, capped = [], 0
    for number in range(games):
        bots = [info.factory(game, seat, info.parse_params({"seed": 7 * number + seat}))
                for seat in range(players)]
        state = game.new_state(number)
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            chooser = bots[seat]
            if hasattr(chooser, "act_on_state"):
                state.apply(chooser.act_on_state(state, legal))
            else:
                state.apply(chooser.act(state.view(seat), legal))
        turns.append(state.turn)
        capped += state.ended == "turn_cap"
    turns.sort()
    return {"bot": bot, "players": players, "options": options, "games": games, "capped": capped,
            "longest": turns[-1], "p99": turns[int(0.99 * (games - 1))],
            "mean": round(sum(turns) / games, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=positive_int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # a bad option, player count or bot name: one line
        options = parse_pairs(args.option)
        registry.create("linko", args.players, options)
        registry.bot(args.bot, "linko")  # a bot's name: its parameters are its defaults and a seed
    result = lengths(args.bot, args.players, options, args.games)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['bot']}, {args.players} players {options or ''}: {result['games']} games, "
              f"{result['capped']} reached the cap; turns: longest {result['longest']}, "
              f"99th percentile {result['p99']}, mean {result['mean']}")


if __name__ == "__main__":
    main()
