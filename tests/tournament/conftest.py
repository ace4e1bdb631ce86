import sys
from pathlib import Path

# The market test game and the faulty bots are imported by module name, here and in the worker
# processes (which unpickle the test plugins by reference).
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
