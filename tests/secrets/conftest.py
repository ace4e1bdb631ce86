import sys
from pathlib import Path

# `attacks` (the hit-rate helpers and attacking bots) is imported by module name by the tests here
# and by other test directories' attack tests.
sys.path.insert(0, str(Path(__file__).parent))
