"""Seats that follow their person, in a real browser (Debian's Chromium driven by Playwright;
skipped only without it): an invite link opened in a fresh browser context takes the seat and
the old tab says so; the invite never reaches the server in a request line, a Referer or its
log; two seats held by one browser play hotseat; a seat left mid-game that no stranger is
offered; a private match absent from the lobby; the lobby updating without a reload; the
creator handing an absent seat to a bot. Screenshots of the lobby, the invite links and the
hand-to-bot control at 1280 and 375 px (kept with MEEPLE_SCREENSHOT_DIR)."""

from __future__ import annotations

import json
import logging
import os
import shutil

import time

import pytest
from chromium import browser, click_a_move, live  # noqa: F401 (fixtures; skips this module without Chromium)
from live import post


def page_of(browser, url: str = "", **context):
    """A page in a browser context of its own (a person's browser), moves drawn at once; every
    request it sends is recorded in `page.requests` as (url, referer)."""
    page = browser.new_context(**context).new_page()
    page.context.add_init_script("localStorage.setItem('meeple:pace', '0');")
    page.requests = []
    page.on("request", lambda request: page.requests.append((request.url, request.headers.get("referer", ""))))
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    if url:
        page.goto(url)
    return page


def create(page, url: str, game: str, seats: dict[int, str], name: str = "Ann", private: bool = False,
           players: int | None = None) -> str:
    """Create a match from the lobby form (`seats`: seat -> "human", "open" or a bot); its id."""
    page.goto(url + "/")
    page.fill("#my-name", name)
    page.select_option("#game", game)
    if players is not None:
        page.fill("#players", str(players))
        page.dispatch_event("#players", "change")
    for seat, kind in seats.items():
        page.select_option(f"#seats select[data-seat='{seat}']", kind)
    if private:
        page.check("#private")
    page.click("#create-button")
    page.wait_for_url("**/#table/*")
    page.wait_for_selector("#status")
    return page.url.rsplit("/", 1)[1]


def invite_of(page, seat: int) -> str:
    """The invite link the creator's table shows for `seat`."""
    page.wait_for_selector(f"#seat-panel li[data-seat='{seat}'] input.link")
    return page.input_value(f"#seat-panel li[data-seat='{seat}'] input.link")


def open_invite(page, link: str, name: str) -> None:
    page.goto(link)
    page.wait_for_selector("#claim-button")
    assert "invite=" not in page.url  # cleared from the address bar before anything is sent
    page.fill("#claim-name", name)
    page.click("#claim-button")
    page.wait_for_url("**/#table/*")
    page.wait_for_selector("#status")


def shoot(page, tmp_path, name: str) -> None:
    shot = tmp_path / name
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 5_000
    if os.environ.get("MEEPLE_SCREENSHOT_DIR"):  # for docs/server.md, by hand
        shutil.copy(shot, os.path.join(os.environ["MEEPLE_SCREENSHOT_DIR"], name))


@pytest.fixture
def server_log():
    """Every line uvicorn logs (its access log included, switched on here) while the test runs."""
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())
    keep = Keep()
    loggers = [logging.getLogger(name) for name in ("uvicorn.access", "uvicorn.error")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.INFO)
        logger.addHandler(keep)
    yield lines
    for logger, level in zip(loggers, levels):
        logger.setLevel(level)
        logger.removeHandler(keep)


def test_an_invite_link_opened_in_a_fresh_browser_takes_the_seat_and_the_old_tab_says_so(browser, live, server_log):
    first = page_of(browser)
    match = create(first, live.url, "linkage", {1: "open"})
    link = invite_of(first, 1)
    second = page_of(browser)
    open_invite(second, link, "Bea")
    assert live.hub.get(match).names == ["Ann", "Bea"]
    second.wait_for_selector("#status[data-status='playing']")
    phone = page_of(browser, viewport={"width": 375, "height": 740})  # the same person, on a phone
    open_invite(phone, link, "")
    second.wait_for_selector("#seat-lost")
    assert "this seat was opened elsewhere" in second.inner_text("#seat-lost")
    first.wait_for_function("document.querySelector('#status').dataset.status === 'playing'")
    # the phone plays the seat from now on; the old tab cannot
    assert click_a_move(first)
    phone.wait_for_function("Number(document.querySelector('#status').dataset.ply) >= 1")
    assert click_a_move(phone)
    first.wait_for_function("Number(document.querySelector('#status').dataset.ply) >= 2")
    assert len(live.hub.get(match).moves) == 2
    # the invite never went to the server in a request line or a Referer, nor into its log
    secret = link.split("#invite=", 1)[1]
    for page in (first, second, phone):
        for url, referer in page.requests:
            assert secret not in url and secret not in referer
        assert not page.errors
    logged = "\n".join(server_log)
    assert "GET / " in logged and "/api/claim" in logged  # the access log was on
    assert secret not in logged
    for token in json.loads(phone.evaluate(f"localStorage.getItem('meeple:seats:{match}')"))["seats"].values():
        assert token not in logged
    for page in (first, second, phone):
        page.context.close()


def test_two_seats_held_in_one_browser_play_hotseat_to_the_end(browser, live):
    page = page_of(browser)
    match = create(page, live.url, "goofspiel", {0: "human", 1: "human"})
    hub_match = live.hub.get(match)
    page.wait_for_selector("#hotseat")
    for _ in range(40):
        if hub_match.finished:
            break
        page.wait_for_selector("#legal:not([hidden]) button.move:not([disabled]), #status[data-status='finished']",
                               state="attached")
        if hub_match.finished:
            break
        ply = len(hub_match.moves)
        shown = page.get_attribute("#hotseat button[aria-pressed='true']", "data-seat")
        assert page.inner_text(f"#hotseat button[data-seat='{shown}']").endswith("to move")
        assert click_a_move(page)
        # the table turns to the other seat while it owes a choice: nobody else is waited for
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {ply}"
                               f" || document.querySelector('#hotseat button[aria-pressed=\"true\"]').dataset.seat !== '{shown}'")
    assert hub_match.state.is_terminal
    page.wait_for_selector("#status[data-status='finished']")
    assert not page.errors
    page.context.close()


def test_a_seat_left_mid_game_is_offered_to_no_stranger(browser, live):
    first = page_of(browser)
    match = create(first, live.url, "linko", {1: "open"})
    stranger = page_of(browser, live.url + "/")
    row = f"tr[data-match='{match}']"
    stranger.click(f"{row} button.join")
    stranger.wait_for_url(f"**/#table/{match}")
    stranger.wait_for_selector("#status[data-status='playing']")
    stranger.once("dialog", lambda dialog: dialog.accept())  # leave asks first
    stranger.click("#leave")
    stranger.wait_for_url(lambda url: "#table" not in url)
    assert live.hub.get(match).seats[1] == "away"
    other = page_of(browser, live.url + "/")
    other.wait_for_selector(f"{row}")
    assert other.query_selector(f"{row} button.join") is None
    assert "(away)" in other.inner_text(row)
    for page in (first, stranger, other):
        page.context.close()


def test_leaving_is_cancelled_when_the_person_says_no(browser, live):
    page = page_of(browser)
    match = create(page, live.url, "linko", {1: "random"})
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#leave")
    assert live.hub.get(match).seats[0] == "human" and "#table" in page.url
    page.context.close()


def test_the_lobby_is_pushed_without_a_reload_and_never_lists_a_private_match(browser, live, tmp_path):
    watcher = page_of(browser, live.url + "/")
    watcher.wait_for_selector("#no-matches")
    made = post(live.url + "/api/matches", {"game": "linko", "seats": ["human", "open"], "names": ["<b>Ann</b>", ""]})
    watcher.wait_for_selector(f"tr[data-match='{made['match']}']")
    assert "<b>Ann</b>" in watcher.inner_text(f"tr[data-match='{made['match']}']")  # a name is text, never markup
    creator = page_of(browser)
    private = create(creator, live.url, "linko", {1: "open"}, private=True)
    public = post(live.url + "/api/matches", {"game": "linkage", "seats": ["human", "open"]})
    watcher.wait_for_selector(f"tr[data-match='{public['match']}']")
    assert watcher.query_selector(f"tr[data-match='{private}']") is None
    for width in (1280, 375):
        watcher.set_viewport_size({"width": width, "height": 800})
        shoot(watcher, tmp_path, f"server-lobby-{width}.png")
    for page in (watcher, creator):
        page.context.close()


def test_the_creator_sees_every_invite_and_hands_an_absent_seat_to_a_bot(browser, live, tmp_path):
    creator = page_of(browser)
    match = create(creator, live.url, "linkage", {1: "open"})
    links = [invite_of(creator, seat) for seat in (0, 1)]
    assert all("/#invite=" in link for link in links) and links[0] != links[1]
    for width in (1280, 375):
        creator.set_viewport_size({"width": width, "height": 900})
        shoot(creator, tmp_path, f"server-invites-{width}.png")
    friend = page_of(browser)
    open_invite(friend, links[1], "Bea")
    creator.wait_for_selector("#status[data-status='playing']")
    hub_match = live.hub.get(match)
    creator.evaluate("document.querySelector('#seat-panel').open = true")
    creator.click("#seat-panel li[data-seat='1'] button.to-bot")  # Bea is still here: refused, in one line
    creator.wait_for_selector("#error:has-text('can be handed on after 60 s without one')")
    friend.context.close()  # Bea goes away ...
    deadline = time.monotonic() + 10
    while hub_match.absent_for(1) == 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.2)  # the hang-up has been recorded
    hub_match.seen[1] -= 61  # ... for longer than the 60 s this server asks for
    for width in (1280, 375):
        creator.set_viewport_size({"width": width, "height": 900})
        shoot(creator, tmp_path, f"server-hand-to-bot-{width}.png")
    assert "60 s" in creator.inner_text("#absent-rule")
    creator.click("#seat-panel li[data-seat='1'] button.to-bot")
    creator.wait_for_function("document.querySelector('#status').innerText.includes('(random)')")
    assert hub_match.seats[1] == "random"
    for _ in range(2):  # the bot answers every move of the creator's
        creator.wait_for_selector("#legal:not([hidden]) button.move:not([disabled])", state="attached")
        ply = len(hub_match.moves)
        assert click_a_move(creator)
        creator.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {ply}")
    assert len(hub_match.moves) >= 3 and [seat for seat, _ in hub_match.moves[:3]] == [0, 1, 0] and not creator.errors
    creator.context.close()


def test_a_rematch_seats_the_same_people_in_the_same_seats(browser, live):
    creator = page_of(browser)
    match = create(creator, live.url, "goofspiel", {1: "open"}, private=True)
    friend = page_of(browser)
    open_invite(friend, invite_of(creator, 1), "Bea")
    hub_match = live.hub.get(match)
    for _ in range(20):
        if hub_match.finished:
            break
        for page in (creator, friend):
            page.wait_for_selector("#legal:not([hidden]) button.move:not([disabled]), #status[data-status='finished']",
                                   state="attached")
            click_a_move(page)
        creator.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) >= {len(hub_match.moves)}")
    for page in (creator, friend):
        page.wait_for_selector("#status[data-status='finished']")
        assert "Bea" in page.inner_text("#result")  # names on the end screen
    creator.click("#rematch")
    creator.wait_for_url(lambda url: f"#table/{match}" not in url and "#table/" in url)
    again = creator.url.rsplit("/", 1)[1]
    creator.wait_for_selector("#status[data-status='waiting']")
    friend.click("#rematch")
    friend.wait_for_url(f"**/#table/{again}")
    for page, seat in ((creator, 0), (friend, 1)):
        page.wait_for_selector("#status[data-status='playing']")
        assert page.inner_text("#status").count(f"you are seat {seat}") == 1
    assert live.hub.get(again).names == ["Ann", "Bea"]
    creator.wait_for_selector("#seat-panel li[data-seat='1'] button.to-bot", state="attached")  # still the host
    stranger = page_of(browser, live.url + "/")
    stranger.wait_for_selector("#no-matches")  # nothing listed: both matches are private
    assert stranger.query_selector(f"tr[data-match='{again}']") is None
    for page in (creator, friend, stranger):
        page.context.close()


def test_an_invite_opened_in_another_tab_of_the_same_browser_keeps_the_new_tabs_seat(browser, live):
    first = page_of(browser)
    match = create(first, live.url, "linkage", {1: "open"})
    link = invite_of(first, 1)
    friend = page_of(browser)
    open_invite(friend, link, "Bea")
    second_tab = friend.context.new_page()  # the same browser: the old tab is told, and forgets only its own token
    open_invite(second_tab, link, "")
    friend.wait_for_selector("#seat-lost")
    second_tab.reload()
    second_tab.wait_for_selector("#status[data-status='playing']")
    assert "you are seat 1" in second_tab.inner_text("#status") and second_tab.query_selector("#seat-lost") is None
    third_tab = friend.context.new_page()  # a fresh tab of a browser whose token is dead forgets it
    stale = json.loads(friend.evaluate(f"localStorage.getItem('meeple:seats:{match}')"))["seats"]["1"]
    claim = post(live.url + "/api/claim", {"invite": link.split("#invite=", 1)[1]})  # the seat moves on again
    assert claim["token"] != stale
    third_tab.goto(f"{live.url}/#table/{match}")
    third_tab.wait_for_selector("#seat-lost:has-text('no longer holds the seat')")
    assert json.loads(third_tab.evaluate(f"localStorage.getItem('meeple:seats:{match}')"))["seats"] == {}
    for page in (first, friend):
        page.context.close()
