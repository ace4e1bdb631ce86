"""Every host asks every owing seat: Nim (sequential) and the Goofspiel test game (simultaneous
secret bids) through match, tournament, sessions and saves, `meeple serve`, `meeple play`
(hotseat), the replay stepper and bots in their own processes. Records stay (seed, actions) and
replay identically, whatever order the seats chose in.
"""

from __future__ import annotations

import json

import goofspiel_plugin
import pytest
from goofspiel_game import BidCard, Goofspiel

from meeple import IllegalAction, Registry
from meeple.match import run_match
from meeple.protocol import Server, validate
from meeple.records import record_from_data, record_to_json, replay, replay_actions, replay_steps
from meeple.session import Session
from meeple.terminal.stepper import positions
from meeple.tournament import run_tournament

GAMES = {"nim": {}, "goofspiel": {"cards": 4}}


@pytest.fixture(scope="module")
def registry():
    return Registry.load(plugins=[goofspiel_plugin])


# -- the one replay function ----------------------------------------------------------------------

def test_replay_steps_yield_every_position_and_name_the_first_illegal_action():
    game = Goofspiel(2, {"cards": 3})
    state = game.new_state(4)
    actions = []
    while not state.is_terminal:
        for seat in reversed(state.owing()):
            actions.extend(state.apply(state.legal_actions(seat)[0], seat))
    steps = [s.fingerprint() for s in replay_steps(game, 4, actions)]
    assert len(steps) == len(actions) + 1 and steps[-1] == state.fingerprint()
    assert replay_actions(game, 4, actions).fingerprint() == state.fingerprint()
    with pytest.raises(IllegalAction, match=r"action 2 \(bid 9\) is illegal on replay"):
        replay_actions(game, 4, actions[:2] + [BidCard(9)])


# -- match and tournament -------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_asks_every_owing_seat_and_its_records_replay(registry, game_id):
    result = run_match(registry, game_id, ["random", "random", "random"], games=3, seed=11,
                       options=GAMES[game_id])
    for outcome in result.outcomes:
        record = record_from_data(registry, outcome.record)
        assert record.forfeit is None and len(record.actions) > 0
        assert replay(registry, record).is_terminal


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tournament_plays_every_lineup_to_the_end(registry, game_id):
    result = run_tournament(registry, game_id, ["random:seed=1", "random:seed=2"], players=2, games=4, seed=3,
                            options=GAMES[game_id])
    assert len(result.outcomes) == 4
    for outcome in result.outcomes:
        record = record_from_data(registry, outcome.record)
        assert record.forfeit is None and replay(registry, record).is_terminal


# -- sessions and saves ---------------------------------------------------------------------------

def play_round(session: Session, order, cards) -> list:
    recorded = []
    for seat in order:
        recorded.append(session.apply(BidCard(cards[seat]), seat))
    return recorded


def test_a_record_is_the_same_whatever_order_the_seats_chose_in(registry):
    records = []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        session = Session.start(registry, "goofspiel", ["human"] * 3, 9, {"cards": 3})
        for round_cards in ({0: 3, 1: 2, 2: 1}, {0: 1, 1: 3, 2: 2}, {0: 2, 1: 1, 2: 3}):
            recorded = play_round(session, order, round_cards)
            assert recorded[:2] == [(), ()], "nothing is recorded until the last seat chooses"
            assert recorded[2] == tuple(BidCard(round_cards[s]) for s in (0, 1, 2)), "seat order"
        assert session.state.is_terminal
        records.append(record_to_json(Goofspiel, session.record()))
    assert records[0] == records[1] == records[2]


def test_a_save_between_two_choices_resumes_with_the_pending_choice(registry, tmp_path):
    session = Session.start(registry, "goofspiel", ["human", "human", "random"], 9, {"cards": 3})
    play_round(session, (1, 0, 2), {0: 3, 1: 2, 2: 1})
    session.apply(BidCard(3), 2)
    session.apply(BidCard(1), 0)
    assert session.actions == [BidCard(3), BidCard(2), BidCard(1)]
    session.save(tmp_path / "game.json")
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["state"]["choices"] == [[0, {"type": "bid_card", "card": 1}], [2, {"type": "bid_card", "card": 3}]]
    assert len(saved["actions"]) == 3, "the record part holds completed decisions only"
    resumed = Session.load(registry, tmp_path / "game.json")
    assert resumed.pending_choices == ((0, BidCard(1)), (2, BidCard(3)))
    assert resumed.state.fingerprint() == session.state.fingerprint()
    assert resumed.state.view(0).choice == BidCard(1) and resumed.state.view(1).choices == ()
    assert len(resumed.record().actions) == 3, "a record ends before the decision under way"
    assert resumed.apply(BidCard(1), 1) == (BidCard(1), BidCard(1), BidCard(3))


def test_a_save_whose_pending_choice_was_edited_is_refused(registry):
    session = Session.start(registry, "goofspiel", ["human", "human"], 5, {"cards": 3})
    session.apply(BidCard(2), 1)
    data = session.to_data()
    data["state"]["choices"] = [[1, {"type": "bid_card", "card": 3}]]
    with pytest.raises(Exception, match="does not follow|not as meeple writes"):
        Session.from_data(registry, data)


# -- meeple serve ---------------------------------------------------------------------------------

def ask(server: Server, op: str, **fields):
    response = server.handle({"id": 1, "op": op, **fields})
    validate(response, f"{op}.response.json" if response["ok"] else "error.response.json", root="response")
    return response


def test_serve_seats_choose_out_of_order_and_never_see_another_pending_choice(registry, tmp_path):
    server = Server(registry, save_dir=tmp_path)
    created = ask(server, "create", game="goofspiel", seats=["human"] * 3, seed=9, options={"cards": 3})
    assert created["result"]["owing"] == [0, 1, 2]
    chosen = ask(server, "apply", session="s1", seat=2, action={"type": "bid_card", "card": 3})["result"]
    assert chosen["owing"] == [0, 1] and chosen["to_move"] == 0
    again = ask(server, "apply", session="s1", seat=2, action={"type": "bid_card", "card": 1})
    assert again["error"]["code"] == "not_your_turn" and "already chosen" in again["error"]["message"]
    theirs = ask(server, "view", session="s1", seat=0)["result"]
    assert theirs["view"]["chosen"] == [2] and theirs["view"]["choices"] == []
    assert theirs["view"]["pending"] == [{"type": "bid", "players": [0, 1, 2]}]
    assert len(theirs["legal"]) == 3 and '"card": 3' not in json.dumps(theirs["view"]["choices"])
    mine = ask(server, "view", session="s1", seat=2)["result"]
    assert mine["view"]["choices"] == [[2, {"type": "bid_card", "card": 3}]] and mine["legal"] == []
    # Reconnecting (a save and a load) shows seat 2 its own pending choice, and nobody else.
    ask(server, "save", session="s1", path="mid.json")
    reopened = ask(server, "load", path="mid.json")["result"]["session"]
    assert ask(server, "view", session=reopened, seat=2)["result"]["view"]["choices"] == [[2, {"type": "bid_card", "card": 3}]]
    assert ask(server, "view", session=reopened, seat=1)["result"]["view"]["choices"] == []
    assert ask(server, "history", session=reopened, seat=0)["result"]["events"] == []
    ask(server, "apply", session="s1", seat=1, action={"type": "bid_card", "card": 1})
    last = ask(server, "apply", session="s1", seat=0, action={"type": "bid_card", "card": 2})["result"]
    assert last["owing"] == [0, 1, 2] and last["moves"] == 3
    events = ask(server, "history", session="s1", seat=1)["result"]["events"]
    assert [e["seat"] for e in events] == [0, 1, 2]
    assert server.sessions["s1"].actions == [BidCard(2), BidCard(1), BidCard(3)]


def test_serve_a_bot_asked_for_a_simultaneous_choice_chooses_for_its_own_seat(registry):
    server = Server(registry)
    ask(server, "create", game="goofspiel", seats=["human", "random"], seed=2, options={"cards": 3})
    ask(server, "apply", session="s1", seat=0, action={"type": "bid_card", "card": 1})
    answer = ask(server, "bot", session="s1", seat=1)["result"]
    assert answer["seat"] == 1 and answer["move"]["action"]["type"] == "bid_card"
    refused = ask(server, "bot", session="s1", seat=0)
    assert refused["error"]["code"] == "not_your_turn"


# -- the replay stepper ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_the_stepper_rebuilds_every_position_of_a_record(registry, game_id):
    result = run_match(registry, game_id, ["random", "random"], games=1, seed=5, options=GAMES[game_id])
    record = record_from_data(registry, result.outcomes[0].record)
    states = positions(registry, record)
    assert len(states) == len(record.actions) + 1
    assert states[-1].fingerprint() == record.final_fingerprint and states[0].moves == 0


# -- forfeits in the middle of a simultaneous decision, bots in their own processes ---------------

@pytest.fixture(scope="module")
def failing():
    import hosts_plugins

    return Registry.load(plugins=[hosts_plugins])


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("bot", ["crasher", "quitter"])
def test_a_bot_failing_mid_decision_forfeits_by_seat_and_the_record_ends_before_it(failing, bot, jobs):
    if bot == "quitter" and jobs == 1:
        pytest.skip("a bot that exits its process is played in a worker process")
    result = run_match(failing, "goofspiel", ["random", "random", bot], games=1, seed=4,
                       options={"cards": 3}, jobs=jobs)
    record = record_from_data(failing, result.outcomes[0].record)
    assert record.forfeit is not None and record.forfeit.seat == 2
    assert len(record.actions) == 3, "seats 0 and 1 chose in round 2, but the record ends after round 1"
    assert replay(failing, record).owing() == (0, 1, 2)


@pytest.mark.parametrize("how", ["isolate", "exec"])
def test_bots_in_their_own_processes_play_each_seat_of_a_simultaneous_decision(failing, how, tmp_path):
    import shlex
    import sys

    if how == "exec":  # a bot written from scratch: bids the highest card it holds, for its own seat
        script = tmp_path / "highest.py"
        script.write_text(
            "import json, sys\n"
            "def send(m):\n    sys.stdout.write(json.dumps(m) + '\\n'); sys.stdout.flush()\n"
            "hello = json.loads(sys.stdin.readline()); send({'type': 'ready', 'protocol': 1})\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m['type'] == 'end': break\n"
            "    assert m['view']['player'] == hello['seat']\n"
            "    assert all(seat == hello['seat'] for seat, _ in m['view'].get('choices', []))\n"
            "    cards = [move['action']['card'] for move in m['legal']]\n"
            "    send({'action': cards.index(max(cards))})\n")
        bots = [f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(script))}", "random"]
        result = run_match(failing, "goofspiel", bots, games=2, seed=6, options={"cards": 3})
    else:
        result = run_match(failing, "goofspiel", ["random:seed=1", "random:seed=2"], games=2, seed=6,
                           options={"cards": 3}, isolate=True)
    for outcome in result.outcomes:
        record = record_from_data(failing, outcome.record)
        assert record.forfeit is None, record.forfeit
        assert replay(failing, record).is_terminal and len(record.actions) == 6


def test_the_bot_protocol_asks_an_owing_seat_with_its_view_that_holds_no_other_choice():
    from meeple import Narrator
    from meeple.botprocess import messages

    game = Goofspiel(3, {"cards": 3})
    state = game.new_state(1)
    state.apply(BidCard(2), 2)
    state.apply(BidCard(3), 0)
    decide = messages.decide(game, Narrator(), state.view(1), state.legal_actions(1))
    validate(decide, "bot.decide.json", root="decide")
    assert decide["view"]["player"] == 1 and decide["view"]["pending"] == [{"type": "bid", "players": [0, 1, 2]}]
    assert decide["view"]["chosen"] == [0, 2] and decide["view"]["choices"] == []


# -- meeple play with bots, the generic renderer, the benchmark -----------------------------------

def test_at_meeple_play_bots_choose_before_the_person_so_never_after_seeing_a_choice(failing, tmp_path):
    import io

    from rich.console import Console

    import hosts_plugins
    from meeple.terminal.play import PlayLoop
    from meeple.terminal.screen import Screen

    hosts_plugins.Spy.SEEN.clear()
    prompts = []

    def answer(prompt):
        prompts.append(prompt)
        return "1"

    session = Session.start(failing, "goofspiel", ["spy", "human", "spy"], 8, {"cards": 3})
    screen = Screen(Console(file=io.StringIO(), width=120), read=answer)
    assert PlayLoop(failing, session, screen, tmp_path / "save.json", "random").run() == 0
    assert session.state.is_terminal and len(prompts) == 3
    seen = hosts_plugins.Spy.SEEN
    assert sorted(v.player for v in seen) == [0, 0, 0, 2, 2, 2]
    assert all(1 not in v.chosen and v.choices == () for v in seen), "no bot is asked after the person chose"
    assert replay(failing, session.record()).is_terminal


def test_the_generic_renderer_names_the_seats_of_a_simultaneous_decision():
    from meeple.render import generic_renderer

    state = Goofspiel(3, {"cards": 3}).new_state(1)
    state.apply(BidCard(2), 1)
    mine, theirs, everything = (generic_renderer(state.view(seat)) for seat in (1, 0, None))
    assert "seat None" not in theirs and "seats 0, 1, 2 are to bid for the prize (chosen: seat 1)" in theirs
    assert "your choice: bid 2" in mine and "bid 2" not in theirs
    assert "seat 1 chose: bid 2" in everything


def test_the_benchmark_plays_simultaneous_decisions_seat_by_seat():
    from meeple.bench import random_playouts

    result = random_playouts(Goofspiel(3, {"cards": 4}), games=3, seed=1)
    assert result.decisions == 3 * 3 * 4


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_serve_history_tells_each_viewer_what_the_table_told_them_live(registry, game_id):
    """`history` narrates through the host layer: for every viewer, the lines a Table told that
    viewer while the game was played (a simultaneous decision's choices once it resolved)."""
    from meeple.hosting import Table

    table = Table.start(registry, game_id, ["random", "random"], seed=7, options=GAMES[game_id])
    told = table.play_bots([0, 1])
    live = {seat: [line for line in told[seat] if not line.endswith("has chosen") and not line.startswith("you chose")]
            for seat in (0, 1)}
    assert table.state.is_terminal
    server = Server(registry)
    server.sessions["s1"] = table.session
    for seat in (0, 1):
        events = ask(server, "history", session="s1", seat=seat)["result"]["events"]
        assert [event["text"] for event in events] == live[seat]
        assert [event["move"] for event in events] == list(range(1, len(table.session.actions) + 1))
