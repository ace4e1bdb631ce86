"""The browser table shows who is out of the game: an "out" badge beside a seat's zones in the
generic table (`kit.OutBadge`, from the update's `eliminated`). Knockout: fold, and you are out."""

from __future__ import annotations

import pytest
from chromium import browser, live  # noqa: F401 (fixtures; skips this module without Chromium)


@pytest.fixture(scope="module")
def registry():
    """The server tests' games and bots, and the Knockout test game."""
    import knockout_plugin
    from misbehaving import MisbehavingPlugin
    from server_plugins import ServerTestPlugin

    from meeple import Registry

    return Registry.load(plugins=(ServerTestPlugin(), MisbehavingPlugin(), knockout_plugin))


def test_a_seat_that_folds_gets_an_out_badge_in_the_generic_table(browser, live):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(live.url + "/")
        page.select_option("#game", "knockout")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        for seat in (1, 2):
            page.select_option(f"#seats select[data-seat='{seat}']", "random")
        page.click("#create-button")
        page.wait_for_url("**/#table/*")
        page.wait_for_selector("#legal button.move", state="attached")
        assert page.query_selector("[data-eliminated]") is None
        page.evaluate("document.querySelector('#legal').open = true")
        page.click("#legal button.move:has-text('fold')")
        badge = page.wait_for_selector("[data-field='hands[0]'] [data-eliminated='0']")
        assert badge.inner_text() == "out"
        page.wait_for_selector("#status[data-status='finished']")
        assert len(page.query_selector_all("[data-eliminated]")) == 2  # the last seat in is not out
    finally:
        context.close()
