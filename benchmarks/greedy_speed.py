"""What a greedy decision costs through the view (`act(state.view(seat), legal)`, what a host does)
and straight off the state (`act_on_state(state, legal)`, what a search rollout does).

    .venv/bin/python benchmarks/greedy_speed.py linko --players 4 --games 200
    .venv/bin/python benchmarks/greedy_speed.py combo_breaker --players 4 --games 100
    .venv/bin/python benchmarks/greedy_speed.py linkage --games 50
    MEEPLE_PLUGINS=greedy_baseline PYTHONPATH=benchmarks .venv/bin/python \
        benchmarks/greedy_speed.py linko --players 4 --games 200 --view-bot greedy_base

Plays `--games` games among the game's greedy bots. Every seat has two bots built with the same
seed: at each decision one answers from the state, then the other from a freshly built view (the
view is built after the move, as in a rollout, so zones' cached views are rebuilt as they would be),
and the answers must agree. With `--view-bot`, the view path is that bot instead (the e4ad589
greedy bot of `greedy_baseline.py`, say): its moves are played and the answers are not compared,
so the same positions are timed on both paths. Reported: CPU microseconds per decision on each path (the view's
construction included on the view path), and their ratio. Legal actions are listed outside the
timing on both paths.
"""

from __future__ import annotations

import argparse
import json
import time

from meeple import Registry
from meeple.options import parse_pairs
from script_args import positive_int, usage_errors


def measure(game_id: str, players: int | None, games: int, options: dict,
            view_bot: str = "greedy") -> dict:
    registry = Registry.load()
    game = registry.create(game_id, players, options)
    info, view_info = registry.bot("greedy", game_id), registry.bot(view_bot, game_id)
    clock = time.process_time
    on_view = on_state = 0.0
    decisions = 0
    for number in range(games):
        seats = range(game.players)
        viewers = [view_info.factory(game, s, view_info.parse_params({"seed": number * 31 + s}))
                   for s in seats]
        readers = [info.factory(game, s, info.parse_params({"seed": number * 31 + s})) for s in seats]
        state = game.new_state(number)
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            started = clock()
            fast = readers[seat].act_on_state(state, legal)
            middle = clock()
            slow = viewers[seat].act(state.view(seat), legal)
            ended = clock()
            on_state += middle - started
            on_view += ended - middle
            decisions += 1
            if fast != slow and view_info is info:
                raise SystemExit(f"act_on_state chose {fast!r}, act on the view {slow!r}")
            state.apply(slow)
    return {"game": game_id, "view_bot": view_bot, "players": game.players, "games": games, "decisions": decisions,
            "view_us": round(1e6 * on_view / decisions, 2), "state_us": round(1e6 * on_state / decisions, 2),
            "speedup": round(on_view / on_state, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=positive_int, default=100)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--view-bot", default="greedy", help="the bot timed through the view")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad option, player count or bot: one line
        options = parse_pairs(args.option)
        registry.create(args.game, args.players, options)
        registry.bot("greedy", args.game)
        registry.bot(args.view_bot, args.game)
    result = measure(args.game, args.players, args.games, options, args.view_bot)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['game']} {result['players']}p, {result['decisions']} decisions: view + act ({result['view_bot']}) "
              f"{result['view_us']} µs, act_on_state {result['state_us']} µs, {result['speedup']}x")


if __name__ == "__main__":
    main()
