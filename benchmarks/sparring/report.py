"""What the sparring scripts (`vs_sparring.py`, `ladder.py`) share: the table a game is measured
at, the bot a game must have, and where a figure was measured (date, commit, machine)."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from meeple import Game, OptionError, Registry

from .plugin import GAMES, NAME

REPOSITORY = Path(__file__).resolve().parent.parent.parent


def default_players(game_cls: type[Game]) -> int:
    """Four players where the game allows them (the issue's tables), else its most."""
    return max(game_cls.spec.min_players, min(4, game_cls.spec.max_players))


def check_sparring(registry: Registry, game_id: str) -> None:
    """OptionError (one line) unless the game is installed and has a sparring bot."""
    registry.game(game_id)  # unknown game: the registry's own line
    if game_id not in GAMES:
        raise OptionError(f"{game_id} has no sparring bot; games with one: {', '.join(GAMES)}")


def check_games(games: int, players: int) -> None:
    """Seats rotate game by game: a multiple of the players plays every seat equally often."""
    if games % players:
        raise OptionError(f"--games must be a multiple of {players}, so that every bot plays every seat "
                          f"equally often (seats rotate each game)")


def provenance() -> dict[str, str]:
    """When, at which commit and on what machine a figure was measured."""
    try:
        commit = subprocess.run(["git", "-C", str(REPOSITORY), "describe", "--always", "--dirty"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
            "machine": f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"}


__all__ = ["NAME", "check_games", "check_sparring", "default_players", "provenance"]
