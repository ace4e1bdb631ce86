"""What the benchmark scripts share on their command lines: every bad input is one usage line.

The project's rule for user errors holds for the scripts in benchmarks/ too: a bad argument is one
readable line (exit 2), never a traceback. argparse's `parser.error` prints the usage and
``PROG: error: ...`` and exits 2; this module feeds it everything a script can be given wrong:

- argparse types for counts (`positive_int`, `non_negative_int`), durations (`positive_float`,
  `non_negative_float`) and series seeds (`seed`, the range `meeple.seeds.derive` takes), so a
  0 or negative count is refused by name before anything runs;
- `usage_errors(parser)`, around the calls that read what the user typed (`registry.create`,
  `parse_pairs`, `registry.make_bot`...): an unknown game, a bad option, player count or bot spec
  (a `MeepleError`) becomes that one line;
- `needs_extra`, one line naming the optional package a script needs when it is not installed.

Not a script: it has no command line of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import sys
from typing import Any, Callable, Iterable, Iterator, NoReturn

from meeple import MeepleError
from meeple.cli.common import one_line


def _integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
    return value


def _at_least(read: Callable[[str, str], float], what: str, lowest: float, strictly: bool) -> Callable[[str], Any]:
    """An argparse type reading a number (`read`) that must be above `lowest` (or at least it)."""
    def checked(text: str) -> Any:
        value = read(text, what)
        if value < lowest or (strictly and value == lowest):
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
        return value
    return checked


#: A count that must be at least 1 (games, rounds, iterations, jobs...).
positive_int = _at_least(_integer, "a positive integer", 1, strictly=False)
#: A count that may be 0 (0 often means: skip this part).
non_negative_int = _at_least(_integer, "an integer ≥ 0", 0, strictly=False)
#: A finite number of seconds greater than 0.
positive_float = _at_least(_number, "a positive number", 0, strictly=True)
#: A finite number of seconds that may be 0 (0 often means: skip this part).
non_negative_float = _at_least(_number, "a number ≥ 0", 0, strictly=False)


def seed(text: str) -> int:
    """A series seed, as `meeple.seeds.derive` takes it: an integer from 0 to 2**64 - 1.

    `SEED_LIMIT` is imported here, not at the top, so that a script taking no seed also runs
    against an older `meeple` that lacks it (`compare_commits.py` runs this tree's scripts on
    an earlier commit's package)."""
    from meeple.seeds import SEED_LIMIT

    value = _integer(text, "an integer from 0 to 2**64 - 1")
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"expected an integer from 0 to 2**64 - 1, got {text!r}")
    return value


@contextlib.contextmanager
def usage_errors(parser: argparse.ArgumentParser) -> Iterator[None]:
    """A `MeepleError` raised inside (an unknown game, a bad option, player count or bot spec)
    becomes the parser's one usage line, exit 2. Put only the reading of the user's input inside:
    a `MeepleError` during a measured game is a bug to see in full, not a usage line."""
    try:
        yield
    except MeepleError as error:
        parser.error(one_line(str(error)))


def needs_extra(script: str, error: ImportError, install: str) -> NoReturn:
    """Exit 2 with one line saying which optional package `script` could not import and how to
    install it (called where the script imports it, so even ``--help`` says so)."""
    print(f"{script}: error: needs {error.name or 'an optional package'}, which is not installed "
          f"({one_line(str(error))}); {install}", file=sys.stderr)
    raise SystemExit(2)


@contextlib.contextmanager
def in_order(function: Callable[[Any], Any], tasks: Iterable[Any], jobs: int) -> Iterator[Iterator[Any]]:
    """`function` over `tasks`, each result in task order as soon as it and those before it are
    done: in `jobs` spawned processes (a fresh interpreter each, as a user's run), or here for 1."""
    if jobs <= 1:
        yield map(function, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield pool.imap(function, tasks, chunksize=1)
