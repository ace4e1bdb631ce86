"""The play loop in-process, with a scripted person: what each person is shown, and when."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from meeple import Narrator, Registry
from meeple.session import Session
from meeple.terminal.play import PlayLoop
from meeple.terminal.screen import Screen

REGISTRY = Registry.load()


class Recording(Screen):
    """A screen that keeps what it was asked to do, in order."""

    def __init__(self, answers):
        super().__init__(Console(file=io.StringIO(), width=120), read=self._answer)
        self.events: list[tuple[str, str]] = []
        self.answers = answers

    def _answer(self, prompt):
        self.events.append(("ask", prompt))
        return self.answers(prompt)

    def show(self, title, body):
        self.events.append(("show", body))

    def narrate(self, line):
        self.events.append(("narrate", line))

    def clear(self):
        self.events.append(("clear", ""))


class Tagged(Narrator):
    """Says whose views each narration was made from."""

    def __init__(self, inner):
        self.inner = inner

    def narrate(self, before, action, after):
        return f"[for {before.player}] {self.inner.narrate(before, action, after)}"


def first_move_or_enter(prompt):
    return "" if "press Enter" in prompt else "1"


def hotseat_loop(tmp_path, answers=first_move_or_enter, game="linko", seats=("human", "random", "human"),
                 **loop_options):
    session = Session.start(REGISTRY, game, list(seats), 4)
    screen = Recording(answers)
    loop = PlayLoop(REGISTRY, session, screen, Path(tmp_path / "save.json"), "random", **loop_options)
    loop.narrator = Tagged(loop.narrator)
    loop.render = lambda view: f"<view of seat {view.player}>"
    return loop, screen, session


def test_hotseat_each_person_sees_only_their_own_view_and_narration_after_a_hand_over(tmp_path):
    loop, screen, session = hotseat_loop(tmp_path)
    assert loop.run() == 0 and session.state.is_terminal
    at_screen, on_screen = None, False  # who took over last; whether anything is on the screen
    handovers = 0
    for kind, text in screen.events:
        if kind == "clear":
            on_screen = False
        elif kind == "ask" and "press Enter" in text:
            assert not on_screen, "the screen is wiped before a hand-over"
            at_screen = int(text.split()[1].rstrip(":"))
            handovers += 1
        elif kind == "show":
            assert text == f"<view of seat {at_screen}>", "only the person at the screen's own view"
            on_screen = True
        elif kind == "narrate":
            on_screen = True
            assert text.startswith(f"[for {at_screen}]"), text
    assert handovers > 2


def test_a_single_human_is_never_asked_to_hand_over(tmp_path):
    loop, screen, session = hotseat_loop(tmp_path, seats=("random", "human", "random"))
    assert loop.run() == 0
    assert not any(kind == "clear" for kind, _ in screen.events)
    shown = {text for kind, text in screen.events if kind == "show"}
    assert shown == {"<view of seat 1>"}
    assert all(text.startswith("[for 1]") for kind, text in screen.events if kind == "narrate")


def test_bad_input_changes_nothing_and_is_explained(tmp_path):
    typed = iter(["", "nonsense", "999", "list zzz", "hint oracle", "save /no/such/dir/x.json", "quit"])
    loop, screen, session = hotseat_loop(tmp_path, answers=lambda prompt: next(typed))
    fingerprint = session.state.fingerprint()
    assert loop.run() == 0
    assert session.state.fingerprint() == fingerprint and session.actions == []
    output = loop.screen.console.file.getvalue()
    for explanation in ("'nonsense' is not a move here", "there is no move 999", "no legal move contains 'zzz'",
                        "no hint from oracle: unknown bot 'oracle'", "cannot write /no/such/dir/x.json",
                        "you quit: no move was made, nothing to save"):
        assert explanation in output
    assert not (tmp_path / "save.json").exists(), "no save after zero moves"


def test_a_failing_narrator_saves_the_game_instead_of_losing_it(tmp_path):
    loop, screen, session = hotseat_loop(tmp_path, seats=("human", "random"), game="nim")

    class BrokenAfterTwoMoves(Narrator):
        def __init__(self):
            self.told = 0

        def narrate(self, before, action, after):
            self.told += 1
            if self.told > 2:
                raise KeyError("bug")
            return "a move"

    loop.narrator = BrokenAfterTwoMoves()
    assert loop.run() == 1
    output = loop.screen.console.file.getvalue()
    assert "internal error: KeyError" in output and "game saved to" in output
    assert len(Session.load(REGISTRY, tmp_path / "save.json").actions) == 2, "the failed move is not kept"
