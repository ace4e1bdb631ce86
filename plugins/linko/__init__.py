"""meeple_linko: Linko (base, advanced and expert for 2–5 players; the two-player Duel) for meeple."""

__version__ = "0.1.0"

from .game import Linko

__all__ = ["Linko"]
