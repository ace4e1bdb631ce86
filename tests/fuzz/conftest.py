"""Fuzz tests: generated bad inputs thrown at meeple's real entry points.

Each test counts the inputs it tried by class (CLI arguments, records, saves, protocol lines);
the counts are written in the terminal summary (when the fuzz tests run in this process, i.e.
without pytest-xdist's workers).
"""

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

TRIED: Counter = Counter()


@pytest.fixture(scope="session")
def tried() -> Counter:
    """Inputs tried so far, by class: `tried["records"] += 1` once per generated input."""
    return TRIED


def pytest_terminal_summary(terminalreporter) -> None:
    if TRIED:
        counts = ", ".join(f"{name} {count}" for name, count in sorted(TRIED.items()))
        terminalreporter.write_sep("-", f"fuzz: {sum(TRIED.values())} bad inputs tried ({counts})")
