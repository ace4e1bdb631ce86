"""`python -m meeple.rl.policy_bot`, with the RL tests' action-space declarations loaded first.

Nim's action space is registered by `rl_games.py` (the Nim example keeps its files as the tutorial
shows them), so a policy bot process serving a Nim policy in a test runs this script instead.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import rl_games  # noqa: E402,F401  (registers Nim's action space)

from meeple.rl.policy_bot import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
