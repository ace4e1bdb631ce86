"""meeple's Hearts beside OpenSpiel's `hearts`, in one run on one machine: random-playout speed,
ISMCTS iterations per second at the first trick, and playing strength at equal time per move.

Needs open_spiel, which meeple does not depend on: run it from a virtual environment holding
open_spiel, meeple and the meeple-hearts example (not meeple's own .venv):

    python3 -m venv /work/venv-openspiel
    /work/venv-openspiel/bin/pip install open_spiel -e . -e docs/examples/meeple-hearts
    /work/venv-openspiel/bin/python benchmarks/hearts_vs_openspiel.py --games 100 --time 0.1

Parts (each can be skipped or sized by its option):

1. Random playouts (`--playouts` seconds per side, in five alternating turns): whole games with uniformly random moves, from a new state
   (chance included: meeple deals from its seeded RNG; OpenSpiel's 53 chance nodes are sampled
   in the loop). OpenSpiel plays 12 pass actions and 52 plays, meeple 4 pass choices and 52
   plays, so games/s is the comparable figure; decisions/s is given for each. OpenSpiel ships
   hearts only in C++ (there is no `open_spiel/python/games/hearts.py`), so its playouts run
   through pyspiel, driven from Python as a Python user drives it.
2. ISMCTS speed (`--positions`, `--iterations`): iterations (simulations) per second at the first
   trick — after a random pass, the 2 of clubs led, the next seat to play — for meeple's `ismcts`
   (random rollouts, default parameters) and `open_spiel.python.algorithms.ismcts.ISMCTSBot`
   (one random rollout per simulation), on the same deals and passes.
3. Strength (`--games`, `--time`): meeple `ismcts` against OpenSpiel's ISMCTS, both given
   `--time` seconds of wall clock per decision (OpenSpiel passes card by card: a third of it per
   card; it passes as seat 0 of a rotated mirror, see `openspiel_pass`). Seats alternate (meeple in seats 0 and 2 in even games, 1 and 3 in odd ones), each deal
   is played twice with the sides swapped. OpenSpiel's bot is asked on an OpenSpiel state that
   mirrors the meeple game; its ISMCTS only reads that state's information state for its seat and
   resamples the rest (`resample_from_infostate`), as OpenSpiel's own bots do. Reported: mean
   points per seat for each side, the difference with a 95% interval (deals as units), and the
   share of seats finishing with fewer points than the other side's mean.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time

from meeple import BotSpec, Registry
from script_args import needs_extra, non_negative_float, non_negative_int, positive_float, positive_int, usage_errors

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts as os_mcts

    from meeple_hearts.actions import PassCards, PlayCard
    from meeple_hearts.game import Hearts
except ImportError as missing:  # not meeple's own .venv: one line, never a traceback
    needs_extra("hearts_vs_openspiel.py", missing, "run it from a virtual environment holding "
                "open_spiel, meeple and meeple-hearts (see this script's docstring)")

# -- 1. random playouts --------------------------------------------------------------------------


def meeple_playouts(seconds: float, seed: int) -> dict:
    game, rng = Hearts(4), random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed + games)
        while state.pending:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed, "games": games}


def openspiel_playouts(seconds: float, seed: int) -> dict:
    game, rng = pyspiel.load_game("hearts"), random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += not state.is_chance_node()  # a player's action, not a chance outcome
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed, "games": games}


def interleaved_playouts(seconds: float, seed: int, rounds: int = 5) -> dict:
    """Both sides in turns (`rounds` turns of `seconds / rounds` each), the median turn of each
    reported: on a machine shared with other work, both then meet the same load."""
    turns: dict[str, list[dict]] = {"meeple": [], "openspiel_cpp": []}
    for r in range(rounds):
        turns["meeple"].append(meeple_playouts(seconds / rounds, seed + r))
        turns["openspiel_cpp"].append(openspiel_playouts(seconds / rounds, seed + r))
    out: dict = {side: {key: statistics.median(t[key] for t in runs) for key in ("games_per_s", "decisions_per_s")}
                 for side, runs in turns.items()}
    out["openspiel_python"] = "none: OpenSpiel ships hearts in C++ only"
    return out


# -- mirroring a meeple game in OpenSpiel -----------------------------------------------------------


def dealt(game: Hearts, rng: random.Random):
    """A random deal (and pass direction) as a meeple state, and its hands for the mirror."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sorted(deck[s::4]) for s in range(4)]
    return game.deal_state(hands, rng.randrange(4)), hands


def apply_both(ours, theirs, action, seat: int) -> None:
    """Apply a meeple action and its OpenSpiel counterpart (a pass: three card actions)."""
    ours.apply(action, seat)
    if isinstance(action, PassCards):
        for card in action.cards:
            theirs.apply_action(card)
    else:
        theirs.apply_action(action.card)


def first_trick_positions(count: int, seed: int):
    """(meeple state, OpenSpiel state) pairs at the first trick, second seat to play."""
    game, rng = Hearts(4), random.Random(seed)
    found = []
    while len(found) < count:
        ours, hands = dealt(game, rng)
        theirs = _mirror_from(ours.pass_direction, hands)
        if ours.pending[-1].simultaneous:
            for seat in range(4):
                legal = ours.legal_actions(seat)
                apply_both(ours, theirs, legal[rng.randrange(len(legal))], seat)
        apply_both(ours, theirs, ours.legal_actions()[0], ours.current_player)  # the 2C
        if len(ours.legal_actions()) > 1:
            found.append((ours, theirs))
    return found


def _mirror_from(direction: int, hands) -> pyspiel.State:
    theirs = pyspiel.load_game("hearts").new_initial_state()
    theirs.apply_action(direction)
    for i in range(13):
        for seat in range(4):
            theirs.apply_action(hands[seat][i])
    return theirs


# -- 2. ISMCTS speed -----------------------------------------------------------------------------


def openspiel_ismcts(game, seed: int, simulations: int, uct_c: float) -> os_ismcts.ISMCTSBot:
    random_state = np.random.RandomState(seed)
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    return os_ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)


def ismcts_speed(count: int, iterations: int, seed: int, uct_c: float) -> dict:
    registry = Registry.load()
    ours_rates, theirs_rates = [], []
    for ours, theirs in first_trick_positions(count, seed):
        seat = ours.current_player
        bot = registry.make_bot(f"ismcts:iterations={iterations},seed={seed}", ours.game, seat)
        start = time.perf_counter()
        bot.act(ours.view(seat), ours.legal_actions())
        ours_rates.append(bot.last_iterations / (time.perf_counter() - start))
        their_bot = openspiel_ismcts(theirs.get_game(), seed, iterations, uct_c)
        start = time.perf_counter()
        their_bot.step(theirs.clone())
        theirs_rates.append(iterations / (time.perf_counter() - start))
    return {"meeple_ismcts_iterations_per_s": statistics.mean(ours_rates),
            "openspiel_ismcts_simulations_per_s": statistics.mean(theirs_rates),
            "positions": len(ours_rates), "iterations": iterations}


# -- 3. strength ---------------------------------------------------------------------------------


class TimedOpenSpielISMCTS(os_ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with a wall-clock budget instead of a simulation count: its own
    `run_search`, looping on time (the bot has no time limit of its own), and at least two
    simulations (its first only expands the root: a root with no visits has no policy)."""

    def __init__(self, *args, seconds: float, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < 2 or time.perf_counter() < deadline:  # the first only expands the root
            done += 1
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return self.get_final_policy(state, self._root_node)


def openspiel_pass(bot: TimedOpenSpielISMCTS, ours, seat: int, seconds: float) -> PassCards:
    """OpenSpiel's bot's pass for `seat`, asked as seat 0 of a rotated mirror of the deal.

    OpenSpiel passes in seat order, and its `ResampleFromInfostate` is wrong during the pass for a
    seat that receives from a seat that has already passed: it puts the passer's true cards in the
    sample without dealing them to the passer, so nearly every sample cannot be played out (and
    would show the receiver cards it has not seen). As seat 0 of a rotated deal, the bot passes
    before anyone, which is what a simultaneous pass means anyway. A third of the time per card."""
    hands = [sorted(ours.hands[(seat + i) % 4]) for i in range(4)]
    rotated = _mirror_from(ours.pass_direction, hands)
    picked = []
    bot.seconds = seconds / 3
    for _ in range(3):
        picked.append(int(bot.step(rotated.clone())))
        rotated.apply_action(picked[-1])
    bot.seconds = seconds
    return PassCards(tuple(sorted(picked)))


def play_match(games: int, seconds: float, seed: int, uct_c: float, bot_spec: str) -> dict:
    registry = Registry.load()
    game = Hearts(4)
    rng = random.Random(seed)
    margins, ours_points, theirs_points, ours_better = [], [], [], []
    deals = []
    for g in range(games):
        if g % 2 == 0:
            state, hands = dealt(game, rng)
            deals.append((hands, state.pass_direction))
        hands, direction = deals[-1]
        ours = game.deal_state(hands, direction)
        theirs = _mirror_from(direction, hands)
        meeple_seats = (0, 2) if g % 2 == 0 else (1, 3)
        extra = bot_spec.partition(":")[2]
        bots = {s: registry.make_bot(f"ismcts:time={seconds},iterations=100000000,seed={seed + 7 * g + s}"
                                     + (f",{extra}" if extra else ""), game, s) for s in meeple_seats}
        os_bots = {s: TimedOpenSpielISMCTS(theirs.get_game(), os_mcts.RandomRolloutEvaluator(
            1, np.random.RandomState(seed + 11 * g + s)), uct_c, 0, seconds=seconds,
            random_state=np.random.RandomState(seed + 13 * g + s)) for s in range(4) if s not in meeple_seats}
        while ours.pending:
            if ours.pending[-1].simultaneous:  # the pass, seat by seat as `meeple match` asks it
                for seat in range(4):
                    if seat in bots:
                        choice = bots[seat].act(ours.view(seat), ours.legal_actions(seat))
                    else:
                        choice = openspiel_pass(os_bots[seat], ours, seat, seconds)
                    apply_both(ours, theirs, choice, seat)
                continue
            seat = ours.current_player
            legal = ours.legal_actions()
            if seat in bots:
                action = bots[seat].act(ours.view(seat), legal)
            else:
                action = PlayCard(int(os_bots[seat].step(theirs.clone())))
            apply_both(ours, theirs, action, seat)
        points = ours.points()
        assert points == [theirs.points(p) for p in range(4)]
        mine = [points[s] for s in meeple_seats]
        other = [points[s] for s in range(4) if s not in meeple_seats]
        ours_points += mine
        theirs_points += other
        margins.append(statistics.mean(other) - statistics.mean(mine))
        ours_better.append(statistics.mean(mine) < statistics.mean(other))
        print(f"game {g + 1}/{games}: meeple seats {meeple_seats} points {points}", flush=True)
    # the two games of a deal are one unit: the margin averaged over both seatings
    units = [statistics.mean(margins[i:i + 2]) for i in range(0, len(margins), 2)]
    half = 1.96 * statistics.stdev(units) / math.sqrt(len(units)) if len(units) > 1 else float("nan")
    wins = sum(ours_better)
    p = wins / len(ours_better)
    whalf = 1.96 * math.sqrt(p * (1 - p) / len(ours_better))
    return {"games": games, "seconds_per_move": seconds, "meeple_bot": bot_spec,
            "meeple_mean_points": statistics.mean(ours_points),
            "openspiel_mean_points": statistics.mean(theirs_points),
            "margin_openspiel_minus_meeple": statistics.mean(units), "margin_95": half,
            "meeple_side_fewer_points_share": p, "share_95": whalf}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=non_negative_float, default=10.0,
                        help="seconds of random playouts per side (0: skip)")
    parser.add_argument("--positions", type=non_negative_int, default=5,
                        help="first-trick positions for ISMCTS speed (0: skip)")
    parser.add_argument("--iterations", type=positive_int, default=1000, help="ISMCTS iterations per position")
    parser.add_argument("--games", type=non_negative_int, default=100,
                        help="strength games, meeple vs OpenSpiel ISMCTS (0: skip)")
    parser.add_argument("--time", type=positive_float, default=0.1, help="seconds per decision in the strength games")
    parser.add_argument("--uct-c", type=float, default=0.7 * 26,
                        help="OpenSpiel ISMCTS exploration constant: its values are returns (0..26 in "
                             "most deals), so 0.7*26 matches meeple's c=0.7 on rewards in [0, 1]")
    parser.add_argument("--meeple-bot", default="ismcts",
                        help="meeple's side, ismcts with optional parameters (ismcts:reward=score); "
                             "time, iterations and seed are set by the benchmark")
    parser.add_argument("--seed", type=non_negative_int, default=1)  # numpy's RandomState takes no negative seed
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    with usage_errors(parser):  # a bad --meeple-bot spec: one line, before anything is measured
        if BotSpec.parse(args.meeple_bot).name != "ismcts":
            parser.error(f"--meeple-bot: ismcts with optional parameters, got {args.meeple_bot!r}")
        extra = args.meeple_bot.partition(":")[2]
        Registry.load().make_bot(f"ismcts:time={args.time},iterations=100000000,seed={args.seed}"
                                 + (f",{extra}" if extra else ""), Hearts(4), 0)
    results: dict = {}
    if args.playouts:
        results["playouts"] = interleaved_playouts(args.playouts, args.seed)
        print(json.dumps(results["playouts"]), flush=True)
    if args.positions:
        results["ismcts_speed"] = ismcts_speed(args.positions, args.iterations, args.seed, args.uct_c)
        print(json.dumps(results["ismcts_speed"]), flush=True)
    if args.games:
        results["strength"] = play_match(args.games, args.time, args.seed, args.uct_c, args.meeple_bot)
    print(json.dumps(results, indent=2 if not args.json else None))


if __name__ == "__main__":
    main()
