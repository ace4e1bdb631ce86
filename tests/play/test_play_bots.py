"""Bots in `meeple play` that misbehave: the game is saved, the message names the seat and bot,
and only the person's own Ctrl-C counts as an interrupt."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from test_play_loop import REGISTRY, hotseat_loop

from meeple import MeepleError
from meeple.session import Session


def nim_against(tmp_path, act, **loop_options):
    """A Nim game: the person plays move 1 of each list, seat 1's bot is `act(view, legal)`."""
    loop, screen, session = hotseat_loop(tmp_path, seats=("human", "random"), game="nim", **loop_options)

    class Scripted:
        def act(self, view, legal):
            return act(view, legal)

    loop.bots[1] = Scripted()
    return loop, session


def raise_value_error(view, legal):
    raise ValueError("the bot's own bug")


def call_sys_exit(view, legal):
    sys.exit(3)


def raise_keyboard_interrupt(view, legal):
    raise KeyboardInterrupt


def answer_nonsense(view, legal):
    return "take everything"


@pytest.mark.parametrize("act, message", [
    (raise_value_error, "seat 1 (random) raised ValueError: the bot's own bug"),
    (call_sys_exit, r"seat 1 (random) tried to exit the host (sys.exit(3))"),
    (raise_keyboard_interrupt, "seat 1 (random) raised KeyboardInterrupt (no Ctrl-C was pressed)"),
    (answer_nonsense, "seat 1 (random) chose an illegal action: 'take everything'"),
])
def test_a_failing_bot_saves_the_game_and_is_named_by_seat_and_bot(tmp_path, act, message):
    loop, session = nim_against(tmp_path, act)
    assert loop.run() == 1
    output = loop.screen.console.file.getvalue()
    assert f"✗ {message}" in output and "a bot failed: saving the game" in output
    saved = Session.load(REGISTRY, tmp_path / "save.json")
    assert len(saved.actions) == 1, "the person's move is kept; the bot's turn is to play again"


def test_a_hanging_bot_is_stopped_by_the_move_timeout_and_the_game_saved(tmp_path):
    def hang(view, legal):
        while True:
            time.sleep(0.01)

    loop, session = nim_against(tmp_path, hang, move_timeout=0.2)
    assert loop.run() == 1
    output = loop.screen.console.file.getvalue()
    assert "seat 1 (random) timed out: no answer within 0.2 s" in output
    assert len(Session.load(REGISTRY, tmp_path / "save.json").actions) == 1


def test_a_ctrl_c_while_a_bot_thinks_is_the_persons_interrupt(tmp_path):
    def thinking_when_ctrl_c_is_pressed(view, legal):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)

    loop, session = nim_against(tmp_path, thinking_when_ctrl_c_is_pressed)
    assert loop.run() == 130
    output = loop.screen.console.file.getvalue()
    assert "interrupted: saving the game" in output and "bot failed" not in output


def test_a_bot_that_swallows_the_persons_ctrl_c_does_not_cancel_it(tmp_path):
    def swallowing(view, legal):
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass
        return legal[0]

    loop, session = nim_against(tmp_path, swallowing)
    assert loop.run() == 130
    assert "interrupted: saving the game" in loop.screen.console.file.getvalue()


def test_a_failing_hint_bot_is_explained_and_the_game_goes_on(tmp_path):
    typed = iter(["hint", "1", "quit"])
    loop, screen, session = hotseat_loop(tmp_path, answers=lambda prompt: next(typed),
                                         seats=("human", "random"), game="nim")
    loop._make_bot = lambda seat, spec=None: type("Broken", (), {"act": staticmethod(raise_value_error)})()
    assert loop.run() == 0
    output = loop.screen.console.file.getvalue()
    assert "✗ no hint: random raised ValueError: the bot's own bug" in output
    assert len(session.actions) >= 1


def test_a_bot_whose_factory_raises_is_one_line_before_the_game(tmp_path, monkeypatch):
    def broken_factory(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Session, "make_bot", broken_factory)
    with pytest.raises(MeepleError, match=r"the bot random for seat 1 could not be built: ZeroDivisionError"):
        hotseat_loop(tmp_path, seats=("human", "random"), game="nim")
