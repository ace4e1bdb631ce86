"""The results file: one JSON line per finished game, after a header naming the run.

A file written during a run must not tell anything about a game still to be played, since a bot
may be able to read it. So:

- the header holds no series seed, only a one-way check of it (`seed_check`), which lets
  `--resume` refuse another seed;
- the games of a deal (all lineups, all seat rotations: the duplicate format replays the same
  cards) are held in memory until every game of that deal is played, then written together, so
  no record shows the cards of a deal while a rotation of it is still to come;
- the series seed is appended (a ``{"meeple_results": 1, "seed": N}`` line) when the run stops,
  finished, failed or interrupted — when no bot is left to read it — so the operator has it and
  `--resume` can continue without being told.

`--resume` reads the file back, checks that its header describes the same run (game, options,
bots, plan, seed, plugin version), drops a last line cut short by the interruption, the seed
line and the games of any deal not complete in the file (they are replayed, to the same
outcome), and the runner plays only the games missing from it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any, Sequence

from ..errors import MeepleError
from ..seeds import derive
from .plan import GameJob, Plan
from .worker import GameOutcome

FORMAT = 1


class ResultsError(MeepleError):
    """A results file that cannot be read, or that belongs to another run."""


def header(kind: str, run: dict[str, Any], seed: int) -> dict[str, Any]:
    """The first line of a results file: what was run (everything `--resume` must match), with
    a one-way check of the series seed in place of the seed."""
    return {"meeple_results": FORMAT, "kind": kind, **run, "seed_check": derive(seed, "results seed check")}


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def _deal_size(plan: Sequence[GameJob]) -> int:
    return plan.deal_size if isinstance(plan, Plan) else 1


class ResultsFile:
    """An open results file: outcomes are held until their deal is complete, then appended."""

    def __init__(self, path: Path, handle: IO[str], deal_size: int, kept: int) -> None:
        self.path = path
        self._handle = handle
        self._deal_size = deal_size
        self._held: dict[int, list[GameOutcome]] = {}
        self.kept = kept  # games in the file

    def append(self, outcome: GameOutcome) -> None:
        held = self._held.setdefault(outcome.deal, [])
        held.append(outcome)
        if len(held) < self._deal_size:
            return
        del self._held[outcome.deal]
        self._handle.write("".join(_line(o.to_data()) for o in sorted(held, key=lambda o: o.index)))
        self._handle.flush()
        self.kept += len(held)

    def record_seed(self, seed: int) -> None:
        """Append the series seed: the run has stopped (call it only then)."""
        self._handle.write(_line({"meeple_results": FORMAT, "seed": seed}))
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _check_path(path: Path) -> None:
    if path.is_dir():
        raise ResultsError(f"{path} is a directory: --out names a results file")


def recorded_seed(path: Path) -> int | None:
    """The series seed a results file recorded when its run stopped (None if it holds no run)."""
    _check_path(path)
    if not path.exists() or path.stat().st_size == 0:
        return None
    seed = None
    for line in _complete_lines(path)[1:]:
        if line.startswith(b'{"meeple_results"'):
            try:
                found = json.loads(line).get("seed")
            except ValueError:
                found = None
            if type(found) is int and found >= 0:
                seed = found
    if seed is None:
        raise ResultsError(f"{path} does not record its series seed (its run was killed before it could "
                           f"write it): resume with the --seed it was started with")
    return seed


def open_results(path: Path, head: dict[str, Any], plan: Sequence[GameJob],
                 resume: bool) -> tuple[ResultsFile, dict[int, GameOutcome]]:
    """Open `path` for this run; with `resume`, also return the games it already holds."""
    _check_path(path)
    exists = path.exists() and path.stat().st_size > 0
    if exists and not resume:
        raise ResultsError(f"{path} already holds results: pass --resume to continue that run, "
                           f"or choose another --out")
    done: dict[int, GameOutcome] = {}
    deal_size = _deal_size(plan)
    try:
        if exists:
            done, keep = _read(path, head, plan, deal_size)
            _rewrite(path, head, keep)
            handle = path.open("a", encoding="utf-8")
        else:
            handle = path.open("w", encoding="utf-8")
            handle.write(_line(head))
            handle.flush()
    except OSError as exc:
        raise ResultsError(f"cannot write {path}: {exc.strerror}") from None
    return ResultsFile(path, handle, deal_size, len(done)), done


def _rewrite(path: Path, head: dict[str, Any], lines: list[bytes]) -> None:
    """Replace `path` (atomically) by its header and the game lines kept."""
    temporary = path.with_name(path.name + ".resuming")
    with temporary.open("wb") as handle:
        handle.write(_line(head).encode())
        handle.write(b"".join(line + b"\n" for line in lines))
    os.replace(temporary, path)


def _complete_lines(path: Path) -> list[bytes]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    return data.split(b"\n")[:-1]  # the text after the last newline was cut short (or is empty)


def _read(path: Path, head: dict[str, Any], plan: Sequence[GameJob],
          deal_size: int) -> tuple[dict[int, GameOutcome], list[bytes]]:
    """The outcomes of the complete deals in `path`, and their lines."""
    complete = _complete_lines(path)
    if not complete:
        raise ResultsError(f"{path} has no complete header line; remove it to start afresh")
    try:
        found = json.loads(complete[0])
    except ValueError:
        raise ResultsError(f"{path} is not a meeple results file (its first line is not JSON)") from None
    if not isinstance(found, dict) or found.get("meeple_results") != FORMAT:
        raise ResultsError(f"{path} is not a meeple results file of format {FORMAT}")
    if found != head:
        differ = sorted(k for k in set(found) | set(head) if found.get(k) != head.get(k))
        if differ == ["seed_check"]:
            raise ResultsError(f"{path} holds a run with another --seed; resume with the seed it recorded "
                               f"(leave --seed out), or choose another --out")
        raise ResultsError(f"{path} holds another run (it differs in: {', '.join(differ)}); "
                           f"resume with the same arguments, or choose another --out")
    outcomes: dict[int, tuple[GameOutcome, bytes]] = {}
    for number, line in enumerate(complete[1:], start=2):
        if line.startswith(b'{"meeple_results"'):
            continue  # the seed line of an earlier stop
        try:
            outcome = GameOutcome.from_data(json.loads(line))
        except (ValueError, KeyError, TypeError, AttributeError):
            raise ResultsError(f"{path} line {number} is not a game outcome") from None
        if not 0 <= outcome.index < len(plan) or plan[outcome.index].seats != outcome.seats \
                or plan[outcome.index].deal != outcome.deal:
            raise ResultsError(f"{path} line {number} is game {outcome.index}, which this run does not plan")
        outcomes.setdefault(outcome.index, (outcome, line))
    per_deal: dict[int, int] = {}
    for outcome, _ in outcomes.values():
        per_deal[outcome.deal] = per_deal.get(outcome.deal, 0) + 1
    kept = {i: pair for i, pair in outcomes.items() if per_deal[pair[0].deal] == deal_size}
    return {i: o for i, (o, _) in kept.items()}, [line for _, line in kept.values()]
