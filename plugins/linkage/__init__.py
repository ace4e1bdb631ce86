"""meeple_linkage (under construction in this session)."""
