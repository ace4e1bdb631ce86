"""Every seed game played to the end in a real browser by touching what it moves: two browser
contexts (two people) and a bot, each person's move chosen from the server's legal moves and made
by clicking the cards, slots, pile, gaps or cells the game's own renderer draws — never the move
list. Then what each table shows: no card as a raw number where the game names it, no field the
game keeps for itself, no two identical move buttons; one Linko turn by keyboard alone.

Debian's headless Chromium driven by Playwright; skipped only without Chromium (`chromium.py`). Short games where the rules offer them (Linko's `max_turns`)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import time
from pathlib import Path

import pytest
from chromium import browser, live  # noqa: F401 (fixtures; skips this module without Chromium)
from live import ThreadServer, post

from meeple.serialization import action_to_data, view_to_data
from meeple.server import log as meeple_log
from meeple.server.views import view_for


def seat_page(browser, live, match: str, seat: int, token: str, pace: int = 0, **context):
    """A browser context of its own holding `seat` (its token in the browser's storage, as the lobby leaves
    it), on the match's table; other seats' moves drawn `pace` ms apart (none: at once)."""
    page = browser.new_context(**context).new_page()
    held = json.dumps({"seats": {str(seat): token}})
    page.context.add_init_script(f"localStorage.setItem('meeple:pace', '{pace}');"
                                 f"localStorage.setItem('meeple:seats:{match}', {json.dumps(held)});"
                                 "window.clicks = 0; addEventListener('click', () => { window.clicks++; }, true);")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"{live.url}/#table/{match}")
    page.wait_for_selector("#status")
    return page


def start(browser, live, game: str, seats: list[str], options: dict, people: int = 2):
    """A match whose first `people` seats are people (one browser context each), the rest `seats`."""
    made = post(live.url + "/api/matches", {"game": game, "seats": ["human"] + ["open"] * (people - 1) + seats,
                                            "options": options})
    pages = {0: seat_page(browser, live, made["match"], 0, made["tokens"]["0"])}
    for seat in range(1, people):
        joined = post(f"{live.url}/api/matches/{made['match']}/join", {"seat": seat})
        pages[seat] = seat_page(browser, live, made["match"], seat, joined["token"])
    return live.hub.get(made["match"]), pages


def ply_of(page) -> int:
    return int(page.get_attribute("#status", "data-ply"))


def card(page, scope: str, value, skip: int = 0):
    """The `skip`-th clickable card showing `value` within `scope`."""
    return page.locator(f"{scope} button.card[data-card='{json.dumps(value)}']").nth(skip)


# -- how a person makes each game's moves by touching the table ----------------------------------

def touch_linko(page, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "play":
        hand = f"[data-field='hands[{seat}]']"
        for i in range(action["naturals"]):
            card(page, hand, action["value"], i).click()
        for i in range(action["jokers"]):
            card(page, hand, 14, i).click()
        page.click("#play")
    elif kind == "draw_display":
        page.click(f"button.slot[data-slot='{action['slot']}']")
    elif kind == "draw_pile":
        page.click("button.pile")
    elif kind == "take_ghost":
        page.click(f"button.slot[data-ghost='{action['value']}']")
    else:  # take or leave the stolen cards, take them back or discard them, take no card
        page.click(f"#prompt button[data-action='{compact(action)}']")


def touch_combo_breaker(page, seat: int, action: dict) -> None:
    kind = action["type"]
    hand = page.locator(f"[data-field='hands[{seat}]'] .pos button.card")
    if kind in ("play", "stop", "draw"):
        first = action.get("start", action.get("position"))
        for position in range(first, first + action.get("count", 1)):
            hand.nth(position).click()
        page.click(f"#prompt button[data-action='{compact(action)}']")
    elif kind == "take_reserve":
        page.click(f"[data-field='reserves[{seat}]'] [data-slot='{action['slot']}'] button.card")
        page.click(f"button.gap[data-gap='{action['position']}']")
    elif kind == "insert":
        page.click(f"button.gap[data-gap='{action['position']}']")
    else:
        page.click(f"#prompt button[data-action='{compact(action)}']")


def touch_linkage(page, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "place":
        page.check(f"input[name='colour'][value='{action['colour']}']")
        for row, col in action["cells"]:
            page.click(f"button.lcell[data-cell='{row},{col}']")
    elif kind == "place_blocker":
        page.click(f"button.lcell[data-cell='{action['cell'][0]},{action['cell'][1]}']")
    else:  # the forced pass, choosing a side
        page.click(f"#prompt button[data-action='{compact(action)}']")


def touch_hearts(page, seat: int, action: dict) -> None:
    hand = f"[data-field='hands[{seat}]']"
    if action["type"] == "pass_cards":
        for value in action["cards"]:
            card(page, hand, value).click()
        page.click("#pass")
    else:
        card(page, hand, action["card"]).click()


def touch_gofish(page, seat: int, action: dict) -> None:
    hand = page.locator(f"[data-field='hands[{seat}]'] button.card")
    ranks = [int(value) // 4 for value in hand.evaluate_all("cards => cards.map((c) => c.dataset.card)")]
    hand.nth(ranks.index(action["rank"])).click()  # a card of the rank to ask for
    page.click(f"button[data-action='{compact(action)}']")  # "Ask seat N for 7s", beside that seat


TOUCH = {"linko": touch_linko, "combo_breaker": touch_combo_breaker, "linkage": touch_linkage, "hearts": touch_hearts,
         "gofish": touch_gofish}


def compact(action: dict) -> str:
    return json.dumps(action, separators=(",", ":"))


def play(match, pages: dict, seed: int, moves: int | None = None, limit: int = 1500) -> dict:
    """Play `match` to its end (or for `moves` moves of its people): whenever a person's seat
    owes, a legal move chosen at random is made on that seat's page by touching the table; bots
    move by themselves. What it took: the people's moves, the buttons the old one-button-per-move
    client offered for them, the clicks made, and the people's turns (runs of moves by one seat)."""
    rng, made, offered = random.Random(seed), 0, 0
    touch = TOUCH[match.game.spec.id]
    for _ in range(limit):
        if match.finished or made == moves:
            clicks = sum(page.evaluate("window.clicks") for page in pages.values())
            seats = [seat for seat, _ in match.moves]
            turns = sum(1 for i, seat in enumerate(seats) if seat in pages and (i == 0 or seats[i - 1] != seat))
            return {"moves": made, "offered": offered, "clicks": clicks, "turns": turns}
        state = match.state  # the hub swaps in a new state after each move; this one stays as it is
        owing = [seat for seat in state.owing() if seat in pages and not state.view(seat).choice]
        if not owing:
            time.sleep(0.02)  # a bot is thinking
            continue
        seat = owing[0]
        page = pages[seat]
        before = len(match.moves)
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) >= {before}"
                               " && !!document.querySelector('#status .your-turn')")
        if match.state is not state:
            continue  # a bot moved meanwhile (a simultaneous decision): look again
        assert not page.errors, page.errors
        legal = state.legal_actions(seat)
        action = action_to_data(match.game_cls, rng.choice(legal))
        shown = ply_of(page)
        touch(page, seat, action)
        made, offered = made + 1, offered + len(legal)
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {shown}"
                               " || document.querySelector('#status').dataset.status === 'finished'")
    raise AssertionError(f"{match.game.spec.id} did not end in {limit} moves")


def finish_and_check(match, pages, shot: Path) -> None:
    """Every page shows the end: who won and the scores by seat, the game's breakdown, and
    what the rules reveal at the end (no card back left in a hand the game lays down). Seat
    0's end screen is saved to `shot` (and MEEPLE_SCREENSHOT_DIR, for docs/server.md)."""
    assert match.state.is_terminal and match.forfeit is None
    for seat, page in pages.items():
        page.wait_for_selector("#status[data-status='finished']")
        result = page.inner_text("#result")
        assert "Game over" in result and "you" in result and page.query_selector("#result .breakdown")
        assert "★ winner" in result and page.title() == "game over · meeple"
        # The end screen's own word for a seat out of the game (the core's `update.eliminated`)
        # is not the game's field of that name printed.
        said = re.sub(r"\tout\b", "\t", result) if match.state.eliminated() else result
        for name in internal_fields(match.game_cls, json_fields(match, seat)):  # read, never printed
            assert not re.search(rf"\b{name}\b", said), f"internal field {name} on the end screen"
        assert "[[" not in result and '":' not in result and "null" not in result and "undefined" not in result
        faces_named(match, page)  # the hands laid down too
        if "hands" in match.game_cls.revealed_at_end:
            assert not page.query_selector_all("#board [data-field^='hands['] .card.back")
        assert not page.errors, page.errors
        if seat == 0:
            page.set_viewport_size({"width": 1280, "height": 900})
            page.screenshot(path=str(shot), full_page=True)
            keep(shot)
        page.context.close()


def keep(shot: Path) -> None:
    """A screenshot for docs/server.md, when MEEPLE_SCREENSHOT_DIR says where (by hand)."""
    if os.environ.get("MEEPLE_SCREENSHOT_DIR"):
        shutil.copy(shot, os.path.join(os.environ["MEEPLE_SCREENSHOT_DIR"], shot.name))


@pytest.mark.parametrize(("game", "bots", "options"), [
    ("linko", ["random"], {"max_turns": 9}),
    ("linko", [], {"max_turns": 8}),  # two players: the Duel (Ghost Zone)
    ("combo_breaker", ["random"], {}),
    ("linkage", [], {}),
    ("hearts", ["random", "random"], {}),
    ("gofish", ["random"], {"ranks": 6}),
], ids=["linko-3p", "linko-duel", "combo_breaker-3p", "linkage", "hearts", "gofish-3p"])
def test_people_play_a_whole_game_by_touching_the_table(browser, live, tmp_path, game, bots, options):
    match, pages = start(browser, live, game, bots, options)
    while game == "hearts" and match.state.pass_direction == 0:  # a deal without a pass: deal again
        for page in pages.values():
            page.context.close()
        match, pages = start(browser, live, game, bots, options)
    took = play(match, pages, seed=len(game))
    finish_and_check(match, pages, tmp_path / f"server-{game}{'-duel' if not bots and game == 'linko' else ''}-end.png")
    # Touching the table: at least one click a move, and no more than a move's cards and a confirmation.
    assert took["moves"] <= took["clicks"] <= 5 * took["moves"]
    print(f"\n{game} {bots} {options}: per turn of a person, before: {took['moves'] / took['turns']:.2f} clicks "
          f"among {took['offered'] / took['turns']:.1f} buttons; now: {took['clicks'] / took['turns']:.2f} clicks "
          f"({took['turns']} turns, {took['moves']} moves, {took['clicks']} clicks)")


# -- what a table shows ---------------------------------------------------------------------------

def internal_fields(game_cls, view_fields) -> list[str]:
    return [name for name in view_fields if name not in game_cls.shown_fields]


@pytest.mark.parametrize(("game", "bots", "options", "moves"), [
    ("linko", ["random"], {}, 9),
    ("combo_breaker", ["random"], {}, 6),
    ("linkage", [], {}, 5),
    ("hearts", ["random", "random"], {}, 4),
    ("gofish", ["random"], {}, 4),
])
def test_a_table_names_cards_hides_internal_fields_and_repeats_no_move(browser, live, game, bots, options, moves):
    match, pages = start(browser, live, game, bots, options)
    play(match, pages, seed=7, moves=moves)  # into the game a little
    watched = post(f"{live.url}/api/matches/{match.id}/watch", {})
    pages[None] = seat_page(browser, live, match.id, None, watched["token"])  # and a spectator
    game_cls = match.game_cls
    for seat, page in pages.items():
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) == {len(match.moves)}")
        board = page.locator("#board > div:not(#legal):not(.last-move)").first
        text = board.inner_text()
        assert faces_named(match, page) or game == "linkage" or seat is None
        assert not page.errors, page.errors
        # Fields the game keeps for itself are never drawn, nor is any raw JSON.
        for name in internal_fields(game_cls, json_fields(match, seat)):
            assert page.query_selector(f"[data-field='{name}'], [data-field^='{name}[']") is None
            assert not re.search(rf"\b{name}\b", text), f"internal field {name} drawn"
        assert "[[" not in text and '":' not in text and "true" not in text and "null" not in text
        # The log names cards as the table does (Hearts: Q♠, never QS), and holds no raw data.
        told = " / ".join(log_texts(page))
        assert told, "an empty log"
        assert "[[" not in told and '":' not in told and "null" not in told
        if game == "hearts":
            assert not re.search(r"\b(10|[2-9TJQKA])[CDHS]\b", told) and re.search("[♣♦♥♠]", told), told
        # The move list and the table's own buttons: never two alike.
        for selector in ("#legal button.move", "#prompt button"):
            labels = [b.text_content() for b in page.query_selector_all(selector)]
            assert len(labels) == len(set(labels)), f"duplicate {selector}: {labels}"
        if game == "linkage":  # every cell has an accessible name with its coordinates
            cells = page.query_selector_all("button.lcell")
            assert len(cells) == 49 and all(re.match(r"row \d column \d: ", c.get_attribute("aria-label")) for c in cells)
        page.context.close()


def faces_named(match, page) -> int:
    """Every card face on the board shows the game's name for the card, never its raw number
    where they differ, and has an accessible name; returns how many faces there are."""
    game_cls = match.game_cls
    names = {json.dumps(card): game_cls.card_names(card) for card in set(match.game.deck())} if game_cls.card_names else {}
    faces = page.query_selector_all("#board .card:not(.back)")
    for face in faces:
        value = face.get_attribute("data-card")
        shown = face.inner_text().replace("✓", "").strip()
        if value in names and names[value] != value:
            assert shown != value, f"card {value} shown as its number"
        assert face.get_attribute("aria-label"), "a card without an accessible name"
    return len(faces)


def json_fields(match, seat) -> list[str]:
    """The fields of the view `seat` is sent (None: a spectator's, the public view)."""
    return list(view_to_data(match.game_cls, view_for(match.state, seat))["fields"])


def test_one_linko_turn_by_keyboard_alone(browser, live):
    match, pages = start(browser, live, "linko", ["random"], {}, people=2)
    page = pages[0]
    page.wait_for_selector("#status .your-turn")
    state = match.state
    play = next(a for a in state.legal_actions(0) if getattr(a, "naturals", 0) == 1 and a.jokers == 0)

    def tab_to(predicate: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({predicate}); }})()"):
                return
        raise AssertionError(f"Tab never reached {predicate}")

    tab_to(f"e.matches(\"[data-field='hands[0]'] button.card[data-card='{play.value}']\")")
    page.keyboard.press("Space")
    tab_to("e.id === 'play'")
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.querySelector('#status').dataset.ply) >= 1")
    assert match.moves[0] == (0, play)
    # The turn goes on: if seat 0 still owes (a draw), it draws from the pile by keyboard too.
    page.wait_for_timeout(200)
    if 0 in match.state.owing():
        pile = next((a for a in match.state.legal_actions(0) if type(a).tag in ("draw_pile", "decline")), None)
        assert pile is not None
        tab_to("e.matches('button.pile') || e.dataset.action === '{\"type\":\"decline\"}'")
        before = len(match.moves)
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {before}")
    assert not page.errors
    for p in pages.values():
        p.context.close()


# -- the table around the board -------------------------------------------------------------------

def test_the_generic_table_draws_only_fields_for_people_with_the_games_card_names(browser, live):
    match, pages = start(browser, live, "named_goofspiel", ["random"], {}, people=1)
    page = pages[0]
    assert page.query_selector("[data-field='prizes']") is None and page.query_selector("[data-field='discard']") is None
    assert page.query_selector("[data-field='prize']") is not None
    faces = [face.inner_text() for face in page.query_selector_all("#board .card:not(.back)")]
    assert faces and not any(text.isdigit() for text in faces) and "Ace" in faces
    while not match.finished:  # the generic table moves by its move list, open
        before = ply_of(page)
        # A move to make, or the end: the bot may make the last choice after ours (a slow machine).
        page.wait_for_selector("#legal[open] button.move:not([disabled]), #status[data-status='finished']")
        if page.query_selector("#status[data-status='finished']"):
            break
        page.click("#legal button.move")
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {before}")
    page.wait_for_selector("#status[data-status='finished']")
    assert "Game over" in page.inner_text("#result") and not page.errors
    page.context.close()


def log_texts(page) -> list[str]:
    return page.eval_on_selector_all("#narration li", "items => items.map(i => i.textContent)")


def test_the_log_is_the_same_after_a_reload_and_a_restart_and_an_outage_keeps_the_board(browser, live, registry, tmp_path,
                                                                                        monkeypatch):
    monkeypatch.setattr(meeple_log, "PAGE", 4)  # a long game's log, in pages of 4 moves
    match, pages = start(browser, live, "linko", ["random"], {"max_turns": 30})
    play(match, pages, seed=3, moves=6)
    moves = len(match.moves)
    page = pages[0]
    page.wait_for_function(f"document.querySelector('#narration li:last-child')?.dataset.ply == {moves}")
    log = log_texts(page)
    assert len(log) == moves and log == [told[0] for told in match.told]  # as seat 0 saw each move
    page.reload()
    page.wait_for_function(f"document.querySelector('#narration li:last-child')?.dataset.ply == {moves}")
    assert log_texts(page) == log[-4:]  # the latest page; earlier ones when asked for
    while page.query_selector("#earlier"):
        shown = len(log_texts(page))
        page.click("#earlier")
        page.wait_for_function(f"document.querySelectorAll('#narration li').length > {shown}")
    assert log_texts(page) == log
    assert page.inner_text(".last-move").endswith(log[-1])
    # The server stops: the table says so and keeps the board; started again on the same
    # database (and port), it tells the same log, without a reload and after one.
    assert page.query_selector(".reconnecting") is None
    port = int(live.url.rsplit(":", 1)[1])
    live.server.should_exit = True
    live.thread.join(10)
    page.wait_for_selector(".reconnecting:has-text('reconnecting…')")
    assert page.query_selector_all("#board [data-field='hands[0]'] .card") and page.query_selector("#status")
    with ThreadServer(registry, tmp_path / "matches.db", port=port) as again:
        assert again.url == live.url
        page.wait_for_selector(".reconnecting", state="detached", timeout=15_000)
        assert log_texts(page) == log
        page.reload()
        page.wait_for_function(f"document.querySelector('#narration li:last-child')?.dataset.ply == {moves}")
        assert log_texts(page) == log[-4:]
        assert page.inner_text(".last-move").endswith(log[-1])
        # Another browser (nothing kept in its tab) holding the seat is told the same log.
        token = json.loads(page.evaluate(f"localStorage.getItem('meeple:seats:{match.id}')"))["seats"]["0"]
        elsewhere = seat_page(browser, again, match.id, 0, token)
        elsewhere.wait_for_function(f"document.querySelector('#narration li:last-child')?.dataset.ply == {moves}")
        assert log_texts(elsewhere) == log[-4:] and not elsewhere.errors
        elsewhere.context.close()
    for p in pages.values():
        p.context.close()


def test_the_tab_title_says_whose_turn(browser, live):
    match, pages = start(browser, live, "linkage", [], {})
    play(match, pages, seed=3, moves=3)
    page = pages[len(match.moves) % 2]  # the seat that owes now
    page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) == {len(match.moves)}")
    assert page.title().startswith("● your turn")
    assert not pages[1 - len(match.moves) % 2].title().startswith("● your turn")
    for p in pages.values():
        p.context.close()


@pytest.mark.parametrize(("game", "players", "options", "moves"), [
    ("linko", 3, {}, 10), ("linko", 2, {}, 7), ("combo_breaker", 3, {}, 5), ("linkage", 2, {}, 4), ("hearts", 4, {}, 6),
    ("gofish", 3, {}, 4),
], ids=["linko", "linko-duel", "combo_breaker", "linkage", "hearts", "gofish"])
def test_every_table_fits_a_phone_and_a_desktop(browser, live, tmp_path, game, players, options, moves):
    match, pages = start(browser, live, game, ["random"] * (players - 1), options, people=1)
    play(match, pages, seed=11, moves=moves)
    token = json.loads(pages[0].evaluate(f"localStorage.getItem('meeple:seats:{match.id}')"))["seats"]["0"]
    phone = seat_page(browser, live, match.id, 0, token, viewport={"width": 375, "height": 740})
    for page, width in ((pages[0], 1280), (phone, 375)):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 740})
        page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) == {len(match.moves)}")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{game} is {overflow}px wider than a {width}px screen"
        shot = tmp_path / f"server-{game}{'-duel' if game == 'linko' and players == 2 else ''}-{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000 and not page.errors
        keep(shot)
        page.context.close()


def test_a_renderer_that_throws_gives_way_to_the_generic_table(browser, live):
    match, pages = start(browser, live, "broken_goofspiel", ["random"], {}, people=1)
    page = pages[0]
    page.wait_for_selector("[data-field='hands']")
    before = ply_of(page)
    page.click("#legal button.move")  # still playable, from the move list
    page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) > {before}")
    page.context.close()


def test_other_seats_moves_are_drawn_one_by_one_at_a_readable_pace(browser, live):
    made = post(live.url + "/api/matches", {"game": "hearts", "seats": ["human", "random", "random", "random"],
                                            "options": {"pass_cards": False}})
    match = live.hub.get(made["match"])
    page = seat_page(browser, live, match.id, 0, made["tokens"]["0"], pace=400)
    page.evaluate("""window.shown = [];
      new MutationObserver(() => window.shown.push([Number(document.querySelector('#status').dataset.ply), performance.now()]))
        .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-ply'] });""")
    page.wait_for_selector("#status .your-turn")
    mine = len(match.moves)
    touch_hearts(page, 0, action_to_data(match.game_cls, match.state.legal_actions(0)[0]))
    page.wait_for_function(f"Number(document.querySelector('#status').dataset.ply) >= {mine + 4}"
                           " || document.querySelector('#status .your-turn') && "
                           f"Number(document.querySelector('#status').dataset.ply) > {mine + 1}")
    shown = [(ply, at) for ply, at in page.evaluate("window.shown") if ply > mine]
    plies = [ply for ply, _ in shown]
    assert plies[0] == mine + 1 and plies == list(range(mine + 1, mine + 1 + len(plies))), plies  # none skipped
    gaps = [later - earlier for (_, earlier), (_, later) in zip(shown, shown[1:])]
    assert len(gaps) >= 1 and min(gaps) >= 350, gaps  # each move stays on screen, the bots' too
    page.context.close()
