"""Hook implementations (under construction)."""
