"""Fuzz tests: generated bad inputs thrown at meeple's real entry points.

Each test counts the inputs it tried by class (CLI arguments, records, saves, protocol lines);
the counts of the tests that passed are written in the terminal summary (when the fuzz tests run
in pytest's own process: pytest-xdist's workers report no summary).
"""

from collections import Counter

import pytest

TRIED: Counter = Counter()
_RUNNING: dict[str, Counter] = {}


@pytest.fixture
def tried(request) -> Counter:
    """Inputs this test tried, by class: `tried["records"] += 1` once per generated input. Only
    the inputs of tests that pass are added to the summary (a failing test's shrinking repeats)."""
    counts = _RUNNING[request.node.nodeid] = Counter()
    return counts


def pytest_runtest_logreport(report) -> None:
    counts = _RUNNING.pop(report.nodeid, None) if report.when == "call" else None
    if counts is not None and report.passed:
        TRIED.update(counts)


def pytest_terminal_summary(terminalreporter) -> None:
    if TRIED:
        counts = ", ".join(f"{name} {count}" for name, count in sorted(TRIED.items()))
        terminalreporter.write_sep("-", f"fuzz: {sum(TRIED.values())} bad inputs tried by passing tests ({counts})")
