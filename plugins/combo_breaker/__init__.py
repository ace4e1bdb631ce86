"""Combo Breaker for meeple: shed a hand you may never reorder, with combinations of adjacent
cards. The rules are in `rules.md`, the rulings taken on them in `RULINGS.md`."""

from .game import ComboBreaker

__version__ = "0.1.0"
__all__ = ["ComboBreaker"]
