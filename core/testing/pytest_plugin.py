"""pytest integration of the conformance kit (loaded through the ``pytest11`` entry point)."""

from __future__ import annotations

import pytest

from ..registry import Registry


@pytest.fixture
def meeple_registry() -> Registry:
    """A fresh registry of every installed meeple plugin, strict: a broken plugin fails the test."""
    return Registry.load(strict=True)
