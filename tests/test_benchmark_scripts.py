"""The developer scripts in benchmarks/ answer bad input as the `meeple` command does: one readable
usage line (argparse's ``PROG: error: ...``, exit 2), nothing on stdout, no file written, never a
traceback. Every script found in benchmarks/ is run with bad inputs that fail before any game is
played; a new script fails here until its bad inputs are listed in BAD_INPUT.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

#: Scripts this test does not run, and why.
NOT_RUN = {
    "instructions_per_decision.py": "kept out of this test by its owner: it compares git revisions under valgrind",
    "compare_commits.py": "kept out of this test by its owner: it checks out and times other commits",
}

#: Per script: command lines that are wrong before any game is played, each with words the
#: script's one error line must hold (what was wrong, by name).
BAD_INPUT: dict[str, list[tuple[list[str], str]]] = {
    "greedy_instructions.py": [
        (["linko", "--rev", "HEAD", "--games", "0"], "--games"),
        (["linko", "--rev", "HEAD", "--games", "2", "--warm", "2"], "--warm (2) must be below --games (2)"),
    ],
    "strength.py": [
        (["no_such_game", "--bot", "greedy", "--against", "greedy"], "unknown game 'no_such_game'"),
        (["linko", "-o", "no_such_option=1", "--bot", "greedy", "--against", "greedy"],
         "unknown option 'no_such_option'"),
        (["linko", "--bot", "no_such_bot", "--against", "greedy"], "unknown bot 'no_such_bot'"),
        (["linko", "--bot", "greedy", "--against", "ismcts:iterations=0"], "'iterations' cannot be 0"),
        (["linko", "--bot", "greedy", "--against", "greedy", "-n", "0"], "argument -n/--games"),
    ],
    "gofish_facts.py": [
        (["--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
        (["--bot", "ismcts:iterations=0"], "'iterations' cannot be 0"),
        (["--players", "9"], "gofish"),
        (["--ranks", "1"], "ranks"),
        (["--games", "0"], "argument -n/--games"),
    ],
    "cb_loss_chances.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["-o", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
        (["--games", "0"], "argument --games"),
    ],
    "cb_round_strength.py": [
        (["no_such_game", "--bot", "greedy"], "unrecognized arguments: no_such_game"),
        (["--bot", "greedy", "-o", "tokens"], "expected KEY=VALUE, got 'tokens'"),
        (["--bot", "greedy", "--starter", "no_such_bot"], "unknown bot 'no_such_bot'"),
        (["--bot", "greedy", "--jobs", "0"], "argument --jobs"),
    ],
    "engine_speed.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["linko", "-o", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["linko", "-o", "variant"], "expected KEY=VALUE, got 'variant'"),
        (["linko", "--players", "9"], "linko"),
        (["linko", "--games", "0"], "argument --games/-n"),
        (["linko", "--seed", "-1"], "argument --seed"),
    ],
    "greedy_speed.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["linko", "-o", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["linko", "--view-bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
    ],
    "hearts_vs_openspiel.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["--meeple-bot", "ismcts:no_such_option=1"], "unknown option 'no_such_option'"),
        (["--meeple-bot", "greedy"], "--meeple-bot"),
        (["--games", "-1"], "argument --games"),
        (["--time", "0"], "argument --time"),
    ],
    "ismcts_speed.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["linko", "--bot", "ismcts:no_such_option=1"], "unknown option 'no_such_option'"),
        (["linko", "--deals", "0"], "argument --deals"),
    ],
    "isolation_cost.py": [
        (["nim", "no_such_game"], "unknown game 'no_such_game'"),
        (["nim", "--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
        (["nim", "--games", "0"], "argument --games"),
    ],
    "linko_game_lengths.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["-o", "max_turns=many"], "'max_turns' cannot be many"),
        (["--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
    ],
    "mcts_speed.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["linko"], "bot 'mcts' cannot play linko"),
        (["nim", "--iterations", "0"], "argument --iterations"),
    ],
    "rl_env_steps.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["--steps", "0"], "argument --steps"),
    ],
    "rng_instructions.py": [
        (["--rev", "HEAD", "no_such_game"], "unrecognized arguments: no_such_game"),
    ],
    "root_parallel.py": [
        (["--game", "no_such_game"], "unknown game 'no_such_game'"),
        (["--players", "1"], "played by 2–5 players, not 1"),
        (["--time", "nan"], "argument --time"),
    ],
    "seed_agreement.py": [
        (["no_such_game", "--bot", "greedy"], "unknown game 'no_such_game'"),
        (["linko", "--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
    ],
    "same_games.py": [
        (["no_such_game", "--bot", "greedy", "--other", "greedy", "--against", "greedy"],
         "unknown game 'no_such_game'"),
        (["linko", "--bot", "greedy", "--other", "no_such_bot", "--against", "greedy"], "unknown bot 'no_such_bot'"),
        (["linko", "--bot", "greedy", "--other", "greedy", "--against", "greedy", "--seat", "2"], "--seat"),
        (["linko", "--bot", "greedy", "--other", "greedy", "--against", "greedy", "--seed", str(2**64)],
         "argument --seed"),
    ],
    "sample_condition_cost.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["combo_breaker", "-o", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["nim"], "nim declares no sample_condition"),
    ],
    "hostile_load.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["--seconds", "0"], "argument --seconds"),
        (["--addresses", "0"], "argument --addresses"),
    ],
    "server_load.py": [
        (["no_such_game"], "unrecognized arguments: no_such_game"),
        (["--seconds", "0"], "argument --seconds"),
    ],
    "vs_sparring.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["nim"], "nim has no sparring bot"),
        (["linko", "--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
        (["linko", "--games", "0"], "argument --games/-n"),
    ],
    "ladder.py": [
        (["no_such_table"], "unknown table 'no_such_table'"),
        (["--skip", "no_such_bot"], "--skip no_such_bot: no such bot"),
        (["--seed", "-1"], "argument --seed"),
    ],
    "view_cost.py": [
        (["no_such_game"], "unknown game 'no_such_game'"),
        (["linko", "--players", "1"], "played by 2–5 players, not 1"),
        (["linko", "--rounds", "0"], "argument --rounds"),
    ],
}

#: The optional package each script needs beyond meeple's test environment: where it is not
#: installed, the script must say so in one line instead.
EXTRAS = {"hearts_vs_openspiel.py": "pyspiel", "rl_env_steps.py": "pettingzoo", "server_load.py": "websockets",
          "hostile_load.py": "websockets"}


def is_script(path: Path) -> bool:
    return 'if __name__ == "__main__":' in path.read_text()


def cases():
    for path in sorted(BENCHMARKS.glob("*.py")):
        name = path.name
        if name in NOT_RUN:
            yield pytest.param(path, [], "", id=name, marks=pytest.mark.skip(reason=NOT_RUN[name]))
        elif not is_script(path):
            yield pytest.param(path, [], "", id=name,
                               marks=pytest.mark.skip(reason="a module the scripts import, not a script"))
        elif name in EXTRAS and importlib.util.find_spec(EXTRAS[name]) is None:
            yield pytest.param(path, ["--help"], "is not installed", id=f"{name}-extra-missing")
        else:
            for number, (args, named) in enumerate(BAD_INPUT.get(name, [([], None)])):
                yield pytest.param(path, args, named, id=f"{name}-{number}")


@pytest.mark.parametrize(("script", "args", "named"), list(cases()))
def test_bad_input_is_one_usage_line(tmp_path, script, args, named):
    assert named is not None, f"benchmarks/{script.name}: list its bad inputs in BAD_INPUT"
    done = subprocess.run([sys.executable, str(script), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    errors = [line for line in done.stderr.splitlines() if line.startswith(f"{script.name}: error:")]
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert len(errors) == 1 and named in errors[0], done.stderr
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


# -- the argparse types of benchmarks/script_args.py --------------------------------------------------


def script_args():
    spec = importlib.util.spec_from_file_location("script_args", BENCHMARKS / "script_args.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("kind", "text", "value"), [
    ("positive_int", "1", 1), ("non_negative_int", "0", 0), ("positive_float", "0.25", 0.25),
    ("non_negative_float", "0", 0.0), ("seed", "0", 0), ("seed", str(2**64 - 1), 2**64 - 1),
])
def test_count_and_seed_types_take_values_in_range(kind, text, value):
    assert getattr(script_args(), kind)(text) == value


@pytest.mark.parametrize(("kind", "text"), [
    ("positive_int", "0"), ("positive_int", "-2"), ("positive_int", "1.5"), ("non_negative_int", "-1"),
    ("positive_float", "0"), ("positive_float", "nan"), ("positive_float", "inf"), ("non_negative_float", "-0.5"),
    ("non_negative_float", "nan"), ("seed", "-1"), ("seed", str(2**64)), ("seed", "x"),
])
def test_count_and_seed_types_refuse_values_out_of_range_by_name(kind, text):
    with pytest.raises(argparse.ArgumentTypeError, match=re.escape(repr(text))):
        getattr(script_args(), kind)(text)
