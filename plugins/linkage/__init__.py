"""Linkage (Ethan Larson) as a meeple plugin: shared coloured dominoes on a 7x7 board, More
against Fewer. Perfect information, no chance; `variant=standard|balanced`.
"""

__version__ = "1.0.0"
