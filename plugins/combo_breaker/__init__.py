"""meeple_combo_breaker (under construction in this session)."""
