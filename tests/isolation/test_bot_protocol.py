"""The bot protocol: every message the host sends and every answer the driver gives matches its
schema; the documented examples are real; garbage answers are refused with one clear reason."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Registry
from meeple.botprocess import BotProcessError, messages
from meeple.protocol import validate
from meeple.protocol.schema import SchemaViolation

DOC = (Path(__file__).parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def _decisions(registry, game_id, seed, count):
    """(game, view, legal) for the first `count` decisions of a game played with first actions."""
    game = registry.create(game_id)
    state = game.new_state(seed)
    found = []
    while not state.is_terminal and len(found) < count:
        seat = state.current_player
        legal = state.legal_actions()
        found.append((game, state.view(seat), legal))
        state.apply(legal[-1])
    return found


@pytest.mark.parametrize("game_id", ["nim", "linko", "linkage", "combo_breaker"])
def test_every_host_message_matches_its_schema(registry, game_id):
    game = registry.create(game_id)
    validate(messages.hello(game, game.players - 1, 2**62, 0.5), "bot.hello.json")
    for game, view, legal in _decisions(registry, game_id, 11, 12):
        validate(messages.decide(game, registry.narrator(game_id), view, legal), "bot.decide.json")
    validate(messages.end({"scores": [1.0, 0.0], "winners": [0]}, None), "bot.end.json")
    validate(messages.end({"scores": [1.0, 0.0], "winners": [0]}, {"seat": 1, "reason": "timed out"}),
             "bot.end.json")


def _driver(spec):
    return subprocess.Popen([sys.executable, "-m", "meeple.botdriver", spec], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def test_the_python_driver_answers_match_their_schemas_and_are_legal(registry):
    decisions = _decisions(registry, "linko", 4, 6)
    game = decisions[0][0]
    lines = [messages.hello(game, 0, 9, None)]
    lines += [messages.decide(game, registry.narrator("linko"), view, legal) for _, view, legal in decisions]
    lines.append(messages.end({"scores": [0.0, 1.0], "winners": [1]}, None))
    driver = _driver("random")
    out, _ = driver.communicate(b"".join(messages.encode(m) for m in lines), timeout=60)
    answers = [json.loads(line) for line in out.splitlines()]
    assert driver.returncode == 0 and len(answers) == 1 + len(decisions)
    validate(answers[0], "bot.ready.json")
    for answer, (_, _, legal) in zip(answers[1:], decisions):
        validate(answer, "bot.answer.json")
        assert 0 <= answer["action"] < len(legal)


def test_the_python_driver_exits_when_its_input_ends_without_end():
    driver = _driver("random")
    out, _ = driver.communicate(b"", timeout=60)
    assert driver.returncode == 0 and out == b""


def _json_blocks(language):
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


def test_the_documented_messages_match_their_schemas(registry):
    blocks = [json.loads(block) for block in _json_blocks("json")]
    by_type = {block["type"]: block for block in blocks}
    validate(by_type["hello"], "bot.hello.json")
    validate(by_type["decide"], "bot.decide.json")
    validate(by_type["end"], "bot.end.json")
    for answer in ('{"action": 3}', '{"action": {"type": "take", "heap": 0, "stones": 2}}',
                   '{"error": "I do not know this game"}', '{"type": "ready", "protocol": 1}'):
        assert answer in DOC
    game, view, legal = _decisions(registry, "nim", 0, 1)[0]
    actual = messages.decide(game, registry.narrator("nim"), view, legal)
    assert by_type["decide"] == {**actual, "legal": actual["legal"][:2]}  # the doc shows two of them
    assert len(actual["legal"]) == 9 and "first two of Nim's nine" in DOC


@pytest.fixture(scope="module")
def nim_decision(registry):
    return _decisions(registry, "nim", 0, 1)[0]


@pytest.mark.parametrize("answer, reason", [
    ({"action": 9}, "answered action 9, but the legal actions are numbered 0 to 8"),
    ({"action": -1}, "answered action -1, but the legal actions are numbered 0 to 8"),
    ({"action": 1.0}, "answered action 1.0: an index (integer) or an action object"),
    ({"action": True}, "answered action true: an index (integer) or an action object"),
    ({"action": "0"}, 'answered action "0": an index (integer) or an action object'),
    ({"action": {"type": "fly"}}, "answered an action that is not one of nim's"),
    ({"action": {"type": "take", "heap": "0", "stones": 1}}, "answered an action that is not one of nim's"),
    ({"action": 0, "comment": "hi"}, 'answered {"action": 0, "comment": "hi"}, not'),
    ([0], "answered [0], not"),
    ({"error": "I give up"}, "failed: I give up"),
])
def test_a_garbage_answer_is_refused_with_its_reason(nim_decision, answer, reason):
    game, _, legal = nim_decision
    with pytest.raises(BotProcessError) as caught:
        messages.read_answer(game, answer, legal)
    assert reason in str(caught.value)


def test_an_answer_naming_an_action_by_json_is_that_action(nim_decision):
    game, _, legal = nim_decision
    assert messages.read_answer(game, {"action": {"type": "take", "heap": 0, "stones": 2}}, legal) == legal[1]
    assert messages.read_answer(game, {"action": 4}, legal) == legal[4]


def test_a_line_that_is_not_json_or_nested_too_deep_is_a_protocol_error():
    for line in (b"take 0 1", b"[" * 100000, b"\xff\xfe"):
        with pytest.raises(BotProcessError, match="broke the protocol"):
            messages.decode(line, "answer")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
                    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(answer=JSON)
def test_any_answer_the_schema_refuses_the_host_refuses_too(nim_decision, answer):
    """The host reads answers at least as strictly as bot.answer.json, and never fails otherwise."""
    game, _, legal = nim_decision
    try:
        validate(answer, "bot.answer.json")
        schema_ok = True
    except SchemaViolation:
        schema_ok = False
    try:
        action = messages.read_answer(game, answer, legal)
    except BotProcessError:
        return
    assert schema_ok and action is not None
