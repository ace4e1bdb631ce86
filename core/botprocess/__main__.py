"""``python -m meeple.botprocess SPEC``: the built-in Python driver (see `driver`)."""

import sys

from .driver import main

sys.exit(main())
