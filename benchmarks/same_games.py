"""Whether two settings of a bot play the very same games: each deal of a `strength.py` series is
played twice — once with `--bot`, once with `--other` in the tested seat, the same opponents, bot
seeds and deals — and the two records' actions are compared. Iteration budgets reproduce, so
"identical" means the option makes no difference to play on those deals (a figure measured with
one setting then holds for the other), and a difference shows at which move it first appears.

    .venv/bin/python benchmarks/same_games.py linko --players 4 -n 4 \\
        --bot ismcts:rollout=greedy,iterations=300 --other ismcts:rollout=greedy,iterations=300,normalize=false \\
        --against greedy --seed 1
"""

from __future__ import annotations

import argparse
import sys

from meeple import BotSpec, Registry
from meeple.runner import play_game
from meeple.seeds import derive
from script_args import positive_int, seed, usage_errors


def actions_of(registry: Registry, game_id: str, players: int | None, tested: str, against: str, seed: int,
               index: int, fixed_seat: int | None) -> tuple:
    """The actions of game `index` of the series (seats rotating, as `strength.py` deals them)."""
    game = registry.create(game_id, players, {})
    seat = index % game.players if fixed_seat is None else fixed_seat
    deal_seed = derive(seed, "deal", index // game.players if fixed_seat is None else index)
    bots = [registry.make_bot(BotSpec.parse(tested if s == seat else against), game, s,
                              {"seed": derive(seed, "bot", index, s)}) for s in range(game.players)]
    record, _ = play_game(game, bots, deal_seed, [str(s) for s in range(game.players)])
    return record.actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--bot", required=True, help="the tested bot's spec")
    parser.add_argument("--other", required=True, help="the spec it is compared with")
    parser.add_argument("--against", required=True, help="the other seats' spec")
    parser.add_argument("--seat", type=int, help="keep the tested bot in this seat")
    parser.add_argument("-n", "--games", type=positive_int, default=4)
    parser.add_argument("--seed", type=seed, default=1)
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad player count or bot spec: one line
        game = registry.create(args.game, args.players, {})
        for spec in (args.bot, args.other, args.against):
            registry.make_bot(spec, game, 0)
    if args.seat is not None and not 0 <= args.seat < game.players:
        parser.error(f"--seat: {game.players} seats, numbered from 0")
    same = 0
    for index in range(args.games):
        played = [actions_of(registry, args.game, args.players, spec, args.against, args.seed, index, args.seat)
                  for spec in (args.bot, args.other)]
        if played[0] == played[1]:
            same += 1
            print(f"game {index}: identical ({len(played[0])} actions)")
        else:
            first = next((i for i, (a, b) in enumerate(zip(*played)) if a != b), min(map(len, played)))
            print(f"game {index}: differs from action {first}")
    print(f"{same}/{args.games} games identical")
    sys.exit(0 if same == args.games else 1)


if __name__ == "__main__":
    main()
