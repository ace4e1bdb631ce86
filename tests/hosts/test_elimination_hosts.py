"""Every host shows who is out of the game (`State.eliminated`): what each viewer is told, the
result, `meeple serve`'s views and results, the server's updates, terminal play and the replay
stepper. The Knockout test game: play higher or fold, the last player in wins."""

from __future__ import annotations

import io
from pathlib import Path

import knockout_plugin
import pytest
from knockout_game import Fold, Knockout
from rich.console import Console

from meeple import Registry
from meeple.hosting import Table, result_of, tell
from meeple.narration import Narrator
from meeple.protocol import Server, validate
from meeple.server.matches import Match
from meeple.session import Session
from meeple.terminal.play import PlayLoop
from meeple.terminal.screen import Screen
from meeple.terminal.stepper import Stepper, positions


@pytest.fixture(scope="module")
def registry():
    return Registry.load(plugins=[knockout_plugin])


def test_every_viewer_is_told_who_went_out_after_the_move():
    before = Knockout(3).new_state(1)
    after = before.clone()
    after.apply(Fold(), 0)
    told = tell(Narrator(), before, after, 0, Fold(), [0, 1, 2, 3])
    assert all(lines[-1] == "seat 0 is out of the game" and len(lines) == 2 for lines in told.values())
    played = after.clone()
    move = played.legal_actions()[0]  # seat 1 plays a card (or folds, when it holds nothing higher)
    played.apply(move, 1)
    lines = tell(Narrator(), after, played, 1, move, [0, 1])
    out = ["seat 1 is out of the game"] if move == Fold() else []
    assert all(told[1:] == out for told in lines.values())


def test_the_result_lists_the_seats_out_in_the_order_they_went_out():
    state = Knockout(3).new_state(1)
    state.apply(Fold(), 0)
    assert result_of(state) is None
    state.apply(Fold(), 1)
    assert result_of(state) == {"scores": [0, 1, 2], "winners": [2], "eliminated": [0, 1]}


def test_a_table_never_asks_a_seat_that_is_out(registry):
    table = Table.start(registry, "knockout", ["human", "human", "human"], seed=3)
    table.play(0, Fold(), [0, 1, 2])
    assert table.people_owing() == (1,) and table.view(2).eliminated == (0,)


def ask(server: Server, op: str, **fields):
    response = server.handle({"id": 1, "op": op, **fields})
    validate(response, f"{op}.response.json" if response["ok"] else "error.response.json", root="response")
    return response["result"]


def test_serve_shows_the_seats_out_in_views_history_and_result(registry):
    server = Server(registry)
    ask(server, "create", game="knockout", seats=["human"] * 3, seed=2)
    assert "eliminated" not in ask(server, "view", session="s1", seat=1)["view"]
    ask(server, "apply", session="s1", seat=0, action={"type": "fold"})
    assert ask(server, "view", session="s1", seat=1)["view"]["eliminated"] == [0]
    events = ask(server, "history", session="s1", seat=2)["events"]
    assert "seat 0 is out of the game" in events[-1]["text"]
    done = ask(server, "apply", session="s1", seat=1, action={"type": "fold"})
    assert done["terminal"] and done["result"]["eliminated"] == [0, 1]


def test_the_servers_update_says_who_is_out_to_seats_and_spectators():
    match = Match("m1", Knockout(3), 5, ["human", "human", "human"], Narrator())
    assert match.update_for(None)["eliminated"] == []
    match.state.apply(Fold(), 0)
    for viewer in (None, 0, 1, 2):
        update = match.update_for(viewer)
        assert update["eliminated"] == [0] and update["view"]["eliminated"] == [0]
        assert update["owing"] == [1]


class Recording(Screen):
    def __init__(self):
        super().__init__(Console(file=io.StringIO(), width=120), read=lambda prompt: "fold")
        self.shown: list[str] = []
        self.told: list[str] = []

    def show(self, title, body):
        self.shown.append(body)

    def narrate(self, line):
        self.told.append(line)


class FoldsFirst:
    def act(self, view, legal):
        return Fold()


def test_terminal_play_tells_and_shows_who_is_out(registry, tmp_path, monkeypatch):
    session = Session.start(registry, "knockout", ["random", "human", "random"], 6)
    screen = Recording()
    loop = PlayLoop(registry, session, screen, Path(tmp_path / "save.json"), "random")
    loop.table.bots[0] = FoldsFirst()
    loop.render = lambda view: "<board>"
    assert loop.run() == 0
    assert "seat 0 is out of the game" in screen.told
    assert screen.shown[0] == "<board>\nout of the game: seat 0 (random)"
    assert screen.shown[-1].startswith("<board>\nout of the game: seat 0 (random), seat 1 (you)")


def test_the_replay_stepper_lists_the_seats_out(registry):
    state = Knockout(3).new_state(4)
    actions = [Fold(), Fold()]
    for action in actions:
        state.apply(action)
    from meeple.records import make_record

    record = make_record(state, 4, actions, ("human",) * 3, "test")
    screen = Recording()
    stepper = Stepper(registry, record, positions(registry, record), screen, seat=None)
    stepper.render = lambda view: "<board>"
    stepper._go(2)
    assert screen.shown[-1] == "<board>\nout of the game: seat 0, seat 1"
