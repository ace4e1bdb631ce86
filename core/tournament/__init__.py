"""Tournaments: every bot meets every other in every seat, on duplicated deals, in parallel.

The pieces, each in its own module:

- `plan`: which games to play (lineups, seat rotations, deals) and every seed each game needs,
  derived from the tournament seed and the game's place in the plan, never from the order in
  which workers finish, so ``--jobs 8`` gives exactly the results of ``--jobs 1``;
- `worker`: plays one planned game in whatever process it lands in;
- `executors`: where games run: in this process, a local pool of worker processes (which
  kills a worker whose bot hangs), or a Ray cluster (`ray_executor`, optional);
- `results`: the results file (JSON lines), written as games finish, and `--resume` from it;
- `ratings`: OpenSkill (Plackett–Luce) ratings with their uncertainty;
- `runner`: puts them together and tallies the results table.

`meeple match` uses the same runner for its single lineup (see `meeple.match`).
"""

from .executors import Executor, InlineExecutor, LocalPoolExecutor, make_executor
from .plan import GameJob, Setup, match_plan, tournament_plan
from .runner import GameOutcome, TournamentResult, run_games, run_tournament
from .worker import RegistrySource

__all__ = ["Executor", "GameJob", "GameOutcome", "InlineExecutor", "LocalPoolExecutor", "RegistrySource",
           "Setup", "TournamentResult", "make_executor", "match_plan", "run_games", "run_tournament",
           "tournament_plan"]
