"""The sparring bots live in benchmarks/ (not an installed package): put that directory on the
import path, as running a script there does."""

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))
