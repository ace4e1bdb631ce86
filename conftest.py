"""Settings for every test directory of the repository (`testpaths` in pyproject.toml).

Hypothesis runs without its per-example deadline (200 ms by default): a deadline is a timed test,
and on a shared two-core machine (CI runs the suite with `-n 2`) an example that takes 250 ms once
under load is not a defect. Speed is measured by the benchmarks, side by side (docs/figures.md).
"""

from hypothesis import settings

settings.register_profile("meeple", deadline=None)
settings.load_profile("meeple")
