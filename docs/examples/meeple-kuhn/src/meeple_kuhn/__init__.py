"""Kuhn poker as a meeple plugin: the hidden-information example (explicit chance, chips)."""

__version__ = "1.0.0"
