"""meeple_linko (under construction in this session)."""
