"""The browser client in a real browser: Debian's headless Chromium driven by Playwright (its
Python package ships the driver; no browser is ever downloaded). Skipped only without Chromium."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from chromium import browser, click_a_move, live  # noqa: F401 (fixtures; skips this module without Chromium)

from meeple.serialization import view_to_data


def create_in_lobby(page, url: str, game: str) -> str:
    """Create a match of `game` from the lobby form, seat 0 mine and seat 1 open; its id."""
    page.goto(url + "/")
    page.select_option("#game", game)
    page.select_option("#seats select[data-seat='1']", "open")
    page.click("#create-button")
    page.wait_for_url("**/#table/*")
    return page.url.rsplit("/", 1)[1]


def join_from_lobby(page, url: str, match: str) -> None:
    page.goto(url + "/")
    page.click(f"tr[data-match='{match}'] button.join")
    page.wait_for_url(f"**/#table/{match}")


def test_two_browsers_play_a_linkage_match_to_the_end(browser, live):
    first, second = browser.new_context(), browser.new_context()
    try:
        one, two = first.new_page(), second.new_page()
        match = create_in_lobby(one, live.url, "linkage")
        join_from_lobby(two, live.url, match)
        hub_match = live.hub.get(match)
        for _ in range(2000):
            if hub_match.finished:
                break
            for page in (one, two):
                ply = len(hub_match.moves)
                if click_a_move(page):
                    page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {ply}")
        assert hub_match.state.is_terminal
        for page in (one, two):
            page.wait_for_selector("#status[data-status='finished']")
            assert "Game over" in page.inner_text("#result") and "★ winner" in page.inner_text("#result")
    finally:
        first.close()
        second.close()


def test_a_linko_page_never_holds_another_seats_cards(browser, live, tmp_path):
    first, second = browser.new_context(), browser.new_context()
    try:
        one, two = first.new_page(), second.new_page()
        frames: list[str] = []
        one.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
        match = create_in_lobby(one, live.url, "linko")
        join_from_lobby(two, live.url, match)
        hub_match = live.hub.get(match)
        for _ in range(12):
            for page in (one, two):
                ply = len(hub_match.moves)
                if click_a_move(page):
                    page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {ply}")
        one.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) == {len(hub_match.moves)}")
        # Every frame seat 0's page received is exactly seat 0's view at that move: replayed here.
        states = [hub_match.game.new_state(hub_match.seed)]
        for seat, action in hub_match.moves:
            states.append(states[-1].clone())
            states[-1].apply(action, seat)
        updates = [json.loads(frame) for frame in frames]
        assert len([u for u in updates if u["type"] == "update"]) >= len(hub_match.moves)
        for update in updates:
            if update["type"] == "update":
                assert update["seat"] == 0
                assert update["view"] == view_to_data(type(hub_match.game), states[update["ply"]].view(0))
        # The DOM shows seat 1's hand as backs, apart from the cards everyone knows.
        other = hub_match.state.hands[1]
        hand = one.query_selector("[data-field='hands[1]']")
        backs = len(hand.query_selector_all(".card.back"))
        faces = [json.loads(c.get_attribute("data-card")) for c in hand.query_selector_all(".card:not(.back)")]
        public = view_to_data(type(hub_match.game), hub_match.state.view(0))["fields"]["hands"][1]
        assert sorted(faces) == sorted(public["known"]) and backs == len(other) - len(public["known"])
        own = one.query_selector("[data-field='hands[0]']")
        assert len(own.query_selector_all(".card.back")) == 0
        shot = tmp_path / "linko-table.png"
        one.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        if os.environ.get("MEEPLE_SCREENSHOT_DIR"):  # for the docs, by hand
            shutil.copy(shot, Path(os.environ["MEEPLE_SCREENSHOT_DIR"]) / "server-linko-table.png")
    finally:
        first.close()
        second.close()


def test_a_game_with_its_own_renderer_is_drawn_by_it(browser, live):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(live.url + "/")
        page.select_option("#game", "drawn_goofspiel")
        page.select_option("#seats select[data-seat='1']", "random")
        page.click("#create-button")
        page.wait_for_selector("#custom")
        assert page.inner_text("#custom").startswith("bids so far:")
        assert page.query_selector("[data-field='hands']") is None  # the generic table was not drawn
        assert page.query_selector("#legal button.move") is not None
    finally:
        context.close()
