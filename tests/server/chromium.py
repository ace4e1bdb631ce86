"""Debian's headless Chromium for the browser tests, driven by Playwright (its Python package
ships the driver; no browser is ever downloaded), and a real server for it to visit.

A test module imports its fixtures (``from chromium import browser, live``); the import skips
that module when Chromium or Playwright is missing.
"""

from __future__ import annotations

import os

import pytest
from live import ThreadServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (the test extra)")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def live(registry, tmp_path):
    """uvicorn serving a fresh hub on a SQLite file, in a thread of the test."""
    with ThreadServer(registry, tmp_path / "matches.db") as server:
        yield server


def click_a_move(page) -> bool:
    """Click the first move of the move list (the fallback to touching the table: opened first)."""
    page.evaluate("document.querySelector('#legal') && (document.querySelector('#legal').open = true)")
    button = page.query_selector("#legal button.move:not([disabled])")
    if button is None:
        return False
    button.click()
    return True
