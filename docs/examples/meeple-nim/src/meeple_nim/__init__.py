"""Nim as a meeple plugin: the complete code of the first-plugin tutorial."""

__version__ = "1.0.0"
