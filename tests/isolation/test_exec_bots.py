"""`exec:` bots: any program speaking the bot protocol plays, each game in a fresh process, and
every way such a program can fail costs its own game with a reason, never the run."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from meeple import BotSpec, OptionError, Registry
from meeple.botprocess import ProcessBot
from meeple.cli.app import main
from meeple.match import run_match
from meeple.tournament import run_tournament

DOC = (Path(__file__).parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def python_bot(tmp_path, name, body):
    """`exec:` spec of a Python script run as a separate program (a bot written from scratch)."""
    path = tmp_path / f"{name}.py"
    path.write_text(body, encoding="utf-8")
    return f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(path))}"


def script(*parts):
    """A script from indented parts (each dedented on its own)."""
    return "".join(textwrap.dedent(part) for part in parts)


PROLOGUE = """
    import json, sys
    def send(message):
        sys.stdout.write(json.dumps(message) + "\\n"); sys.stdout.flush()
    hello = json.loads(sys.stdin.readline())
"""
READY = textwrap.dedent(PROLOGUE) + """send({"type": "ready", "protocol": 1})\n"""


@pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")
def test_the_documented_perl_bot_plays_a_full_tournament(registry, tmp_path):
    source = re.search(r"```perl\n(.*?)```", DOC, re.S).group(1)
    (tmp_path / "random_bot.pl").write_text(source, encoding="utf-8")
    spec = f"exec:perl {shlex.quote(str(tmp_path / 'random_bot.pl'))}"
    result = run_tournament(registry, "nim", [spec, "random", "random:seed=1"], players=2, games=2, seed=8)
    data = result.to_data()
    assert data["games"] == 3 * 2 and data["forfeits"] == []
    perl = next(row for row in data["bots"] if row["spec"] == spec)
    assert perl["games"] == 4 and perl["forfeits"] == 0


@pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")
def test_the_perl_bot_plays_the_same_games_for_the_same_seed(registry, tmp_path):
    source = re.search(r"```perl\n(.*?)```", DOC, re.S).group(1)
    (tmp_path / "bot.pl").write_text(source, encoding="utf-8")
    spec = f"exec:perl {shlex.quote(str(tmp_path / 'bot.pl'))}"
    first = run_match(registry, "nim", [spec, "random"], 2, seed=3)
    again = run_match(registry, "nim", [spec, "random"], 2, seed=3)
    assert [o.record for o in first.outcomes] == [o.record for o in again.outcomes]


FAULTS = {
    "crashes": (script(PROLOGUE, """
        send({"type": "ready", "protocol": 1})
        sys.stdin.readline()
        sys.stderr.write("ZeroDivisionError: my last words\\n"); sys.exit(3)
    """), "crashed (exit status 3): ZeroDivisionError: my last words"),
    "garbage": (script(READY, """
        sys.stdin.readline(); print("take the big heap", flush=True); sys.stdin.read()
    """), "broke the protocol: its answer is not a JSON line"),
    "closes": (script(READY, """
        sys.stdin.readline(); import os; os.close(1); sys.stdin.read()
    """), "broke the protocol: it closed its output"),
    "wrong_version": (script(PROLOGUE, """
        send({"type": "ready", "protocol": 2}); sys.stdin.read()
    """), "did not start: speaks bot protocol 2; this host speaks 1"),
    "silent_exit": (script(PROLOGUE, """
        sys.exit(0)
    """), "did not start: crashed (exit status 0)"),
    "gives_up": (script(READY, """
        sys.stdin.readline(); send({"error": "I only play chess"}); sys.stdin.read()
    """), "failed: I only play chess"),
    "illegal": (script(READY, """
        sys.stdin.readline(); send({"action": {"type": "take", "heap": 0, "stones": 99}}); sys.stdin.read()
    """), "chose an illegal action"),
    "sleeps": (script(READY, """
        import time; sys.stdin.readline(); time.sleep(60)
    """), "timed out"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_faulty_program_forfeits_its_game_with_the_reason(registry, tmp_path, fault):
    body, reason = FAULTS[fault]
    spec = python_bot(tmp_path, fault, body)
    timeout = 0.5 if fault == "sleeps" else 20  # a broken test bot must not hang the suite
    result = run_match(registry, "nim", [spec, "random"], 2, seed=1, move_timeout=timeout)
    for outcome in result.outcomes:
        forfeit = outcome.forfeit
        assert forfeit is not None and forfeit["reason"].startswith(f"bot {spec} ")
        assert reason in forfeit["reason"], forfeit["reason"]


def test_the_hello_names_the_seat_and_the_end_reports_the_result(registry, tmp_path):
    log = tmp_path / "log.jsonl"
    spec = python_bot(tmp_path, "logger", script(READY, f"""
        log = open({str(log)!r}, "a")
        log.write(json.dumps(hello) + "\\n")
        for line in sys.stdin:
            message = json.loads(line)
            log.write(line)
            if message["type"] == "end":
                break
            send({{"action": 0}})
    """))
    result = run_match(registry, "nim", [spec, "random"], 2, seed=2)
    lines = [__import__("json").loads(line) for line in log.read_text().splitlines()]
    hellos = [m for m in lines if m["type"] == "hello"]
    ends = [m for m in lines if m["type"] == "end"]
    assert [h["seat"] for h in hellos] == [0, 1] and all(h["game"] == "nim" for h in hellos)
    assert len({h["seed"] for h in hellos}) == 2  # its own seed each game
    assert [e["result"]["winners"] for e in ends] == [list(o.winners) for o in result.outcomes]


def test_no_bot_process_outlives_its_game(registry, tmp_path):
    pids = tmp_path / "pids"
    spec = python_bot(tmp_path, "pid", textwrap.dedent(f"""
        import json, os, sys
        open({str(pids)!r}, "a").write(f"{{os.getpid()}}\\n")
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                print(json.dumps({{"type": "ready", "protocol": 1}}), flush=True)
            elif message["type"] == "decide":
                print(json.dumps({{"action": 0}}), flush=True)
    """))
    run_match(registry, "nim", [spec, "random"], 3, seed=2)
    started = [int(pid) for pid in pids.read_text().split()]
    assert len(started) == 3
    for pid in started:  # reaped: not even a zombie entry is left
        assert not os.path.exists(f"/proc/{pid}") or _state(pid) not in ("Z", "S", "R")


def _state(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0]
    except OSError:
        return None


def test_a_process_bot_that_is_never_finished_leaves_no_process(registry, tmp_path):
    spec = python_bot(tmp_path, "plain", script(READY, "sys.stdin.read()\n"))
    game = registry.create("nim")
    bot = registry.make_bot(spec, game, 0, {"seed": 1})
    assert isinstance(bot, ProcessBot)
    bot.start()
    process = bot.channel.process
    del bot
    import gc
    gc.collect()
    assert process.returncode is not None


def test_exec_specs_keep_their_command_whole():
    spec = BotSpec.parse("exec:python3 'my bot.py' --level 2")
    assert spec.name == "exec" and dict(spec.params) == {"command": "python3 'my bot.py' --level 2"}
    assert str(spec) == "exec:python3 'my bot.py' --level 2"
    with pytest.raises(OptionError, match="needs a command"):
        BotSpec.parse("exec:  ")


@pytest.mark.parametrize("spec, message", [
    ("exec:no-such-program-xyz --fast", "no program 'no-such-program-xyz'"),
    ("exec:python3 'unclosed", "No closing quotation"),
    ("exec:", "an exec: bot needs a command"),
])
def test_a_bad_exec_spec_is_one_line_before_any_game(capsys, spec, message):
    code = main(["match", "nim", "-b", spec, "-b", "random", "-n", "2"])
    err = capsys.readouterr().err
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("meeple: error:") and message in lines[0], err
