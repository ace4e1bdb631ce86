import sys
from pathlib import Path

# The test plugins are imported by module name, here and in every bot process (whose import
# path the host passes on).
sys.path.insert(0, str(Path(__file__).parent))
