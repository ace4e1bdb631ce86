"""Hearts as a meeple plugin: the example of hidden hands, a simultaneous pass and per-seat
knowledge, written to play exactly as OpenSpiel's `hearts` game."""

__version__ = "1.0.0"
