"""The example host of docs/hosts.md ("Write a host") is the file the page shows, plays full games
on the host layer, and keeps each person's secrets."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from meeple import Registry
from meeple.hosting import Table
from meeple.records import replay

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "hosts" / "mailbox_host.py"
REGISTRY = Registry.load()


def load_example():
    spec = importlib.util.spec_from_file_location("mailbox_host", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mailbox = load_example()


def test_the_page_shows_the_whole_example_host():
    page = (ROOT / "docs" / "hosts.md").read_text()
    block = re.search(r"<!-- file: docs/examples/hosts/mailbox_host.py -->\n```python\n(.*?)```", page, re.S)
    assert block is not None and block.group(1) == EXAMPLE.read_text()
    assert len(EXAMPLE.read_text().splitlines()) < 300


def play_out(host, people: list[str], limit: int = 2000) -> list[tuple[str, str]]:
    """Every person answers `1` (their first listed move) whenever they owe one."""
    sent = list(host.start())
    for _ in range(limit):
        if host.table.over:
            return sent
        owing = [name for name in people if host.table.legal(host.people[name])]
        assert owing, "nobody owes a move, yet the game goes on"
        sent += host.receive(owing[0], "1")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, seats", [
    ("nim", ["ann", "random"]),
    ("linkage", ["ann", "random"]),
    ("hearts", ["ann", "random", "random", "bob"]),
    ("kuhn", ["ann", "bob"]),
])
def test_the_example_host_plays_a_full_game_whose_record_replays(game, seats):
    host = mailbox.MailboxHost(REGISTRY, game, seats, seed=7)
    people = [name for name in seats if name in host.people]
    messages = play_out(host, people)
    assert host.table.over and host.table.forfeit is None
    final = replay(REGISTRY, host.table.record())
    assert final.is_terminal and final.fingerprint() == host.table.state.fingerprint()
    for name in people:
        assert "game over" in [text for to, text in messages if to == name][-1]


def test_a_secret_choice_is_told_to_the_others_only_as_made():
    host = mailbox.MailboxHost(REGISTRY, "hearts", ["ann", "random", "random", "bob"], seed=3)
    host.start()
    ann, bob = host.people["ann"], host.people["bob"]
    assert host.table.legal(ann) and host.table.legal(bob)  # both pass in secret, bots have chosen
    told = dict(host.receive("ann", "1"))
    assert "you chose: " in told["ann"] and "seat 0 has chosen" in told["bob"]
    assert "you chose" not in told["bob"], "bob hears ann's pass before everyone has chosen"


def test_a_bad_message_changes_nothing():
    host = mailbox.MailboxHost(REGISTRY, "nim", ["ann", "random"], seed=1)
    host.start()
    before = host.table.state.fingerprint()
    for name, text in (("ann", "take the moon"), ("ann", "99"), ("zed", "1")):
        (to, reply), = host.receive(name, text)
        assert reply.startswith(("refused", "you have no seat")) and "\n" not in reply
    assert host.table.state.fingerprint() == before


def test_a_failing_bot_forfeits_and_the_people_are_told():
    table = Table.start(REGISTRY, "nim", ["human", "random"], seed=2, move_timeout=5)
    table.bots[1].act = lambda view, legal: (_ for _ in ()).throw(RuntimeError("out of ideas"))
    table.play(0, table.legal(0)[0], [0])
    told = table.play_bots([0])
    assert told == {0: ["seat 1 forfeits: bot random raised RuntimeError: out of ideas"]}
    assert table.over and table.forfeit.seat == 1 and table.people_owing() == ()
    assert table.result() == {"forfeit": {"seat": 1, "reason": "bot random raised RuntimeError: out of ideas"},
                              "winners": [0]}


def test_one_bot_move_at_a_time_leaves_the_failure_to_the_host():
    """`play_bot` (what terminal play uses): one move of the bot that owes; a failing bot is a
    BotFailed named by seat and bot, and the game is left as it was (no forfeit is recorded)."""
    from meeple.errors import IllegalAction
    from meeple.hosting import BotFailed

    table = Table.start(REGISTRY, "nim", ["human", "random"], seed=2, move_timeout=5)
    with pytest.raises(IllegalAction, match="no bot has a decision"):
        table.play_bot([0])
    table.play(0, table.legal(0)[0], [0])
    assert table.bot_owing() == 1
    table.bots[1].act = lambda view, legal: (_ for _ in ()).throw(RuntimeError("out of ideas"))
    before = table.state.fingerprint()
    with pytest.raises(BotFailed, match=r"^seat 1 \(random\) raised RuntimeError: out of ideas$"):
        table.play_bot([0])
    assert table.state.fingerprint() == before and table.forfeit is None


def test_the_example_host_runs_at_a_terminal():
    done = subprocess.run([sys.executable, str(EXAMPLE), "nim", "ann", "random"], input="1\n" * 40,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "game over" in done.stdout and not done.stderr
