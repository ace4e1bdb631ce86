"""Root parallelism (`workers=N` on ismcts and mcts): the workers' statistics are those of the bot's
own search run with their seeds and shares, summed; the same seed gives the same choices; a dead
worker's share is searched in the bot's process; every worker process is reaped, under a host too."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import BotError, OptionError, Registry, Rng
from meeple.seeds import derive
from meeple_bots import ismcts as ismcts_module
from meeple_bots.ismcts import IsmctsBot
from meeple_bots.parallel import Recipe, RootParallel, decision_statistics, merged, split

REGISTRY = Registry.load()
LINKO = REGISTRY.create("linko", 4)


def first_decision(game=LINKO, deal=1):
    state = game.new_state(deal)
    return state, state.current_player


def bot(spec, seat, game=LINKO, seed=7):
    return REGISTRY.make_bot(spec, game, seat, {"seed": seed})


def gone(pid: int) -> bool:
    """The process is reaped: no /proc entry (not even a zombie), and not our child any more."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return not os.path.exists(f"/proc/{pid}")
    return False


def twin_statistics(parallel_bot, view, iterations):
    """What the workers must answer: the bot's own search, in this process, with each worker's
    seed (derived from the bot's next draw) and share, merged."""
    secret = parallel_bot.rng.copy().next64()
    pool = parallel_bot.parallel
    shares = split(iterations, pool.workers)
    parts = [pool.recipe.statistics(derive(secret, "worker", k), share, view)
             for k, share in enumerate(shares)]
    return merged(parts, parallel_bot.seat)


# -- the pieces -------------------------------------------------------------------------------------

@given(st.integers(1, 10_000), st.integers(1, 16))
def test_split_shares_every_iteration_as_evenly_as_possible(iterations, workers):
    shares = split(iterations, workers)
    assert len(shares) == workers and sum(shares) == iterations
    assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)


def test_merged_sums_each_actions_visits_and_value_and_the_roots_visits():
    root = merged([(5, [("a", 3, 1.5), ("b", 2, 0.5)]), (4, [("b", 3, 2.0), ("c", 1, 1.0)])], seat=2)
    assert root.visits == 9
    assert {key: (c.visits, c.value, c.mover) for key, c in root.children.items()} == {
        "a": (3, 1.5, 2), "b": (5, 2.5, 2), "c": (1, 1.0, 2)}
    assert root.best_child().key == "b"


def test_workers_is_an_option_of_both_search_bots_at_least_one():
    for name in ("ismcts", "mcts"):
        info = REGISTRY.bot(name, "linkage")
        assert info.parse_params({})["workers"] == 1
        with pytest.raises(OptionError):
            info.parse_params({"workers": 0})


def test_one_worker_searches_in_the_bots_own_process():
    state, seat = first_decision()
    one = bot("ismcts:iterations=50", seat)
    assert one.parallel is None
    one.act(state.view(seat), state.legal_actions())
    assert one.last_iterations == 50


# -- searching with workers -------------------------------------------------------------------------

def test_workers_answer_the_bots_own_search_with_their_seeds_and_shares_summed():
    state, seat = first_decision()
    view = state.view(seat)
    searcher = bot("ismcts:iterations=101,workers=2", seat)
    expected = twin_statistics(searcher, view, 101)
    root = searcher.search(view)
    try:
        assert decision_statistics(root) == decision_statistics(expected)
        assert root.visits == 101 == sum(child.visits for child in root.children.values())
        assert len(searcher.parallel.pids) == 2 and searcher.parallel.last_cpu_seconds > 0
        # the bot's seed never leaves its process: each worker gets a seed derived for it
        assert "seed" not in searcher.parallel.recipe.params
    finally:
        searcher.parallel.close()


def test_the_same_seed_gives_the_same_choices_and_statistics_with_workers():
    state, seat = first_decision(deal=3)
    legal = state.legal_actions()
    runs = {}
    for run, seed in (("first", 11), ("again", 11), ("other seed", 12)):
        searcher = bot("ismcts:iterations=60,workers=2", seat, seed=seed)
        choice = searcher.act(state.view(seat), legal)
        runs[run] = (choice, [decision_statistics(searcher.search(state.view(seat))) for _ in range(2)])
        searcher.parallel.close()
    assert runs["first"] == runs["again"]
    assert runs["first"][1] != runs["other seed"][1]  # the workers' seeds come from the bot's


def test_mcts_with_workers_sums_exact_searches_and_repeats_its_choice():
    game = REGISTRY.create("linkage")
    state, seat = first_decision(game, deal=0)
    view = state.view(seat)
    roots = []
    for _ in range(2):
        searcher = bot("mcts:iterations=40,workers=2", seat, game=game, seed=3)
        expected = twin_statistics(searcher, view, 40)
        roots.append(searcher.parallel.search(view, 40))
        assert decision_statistics(roots[-1]) == decision_statistics(expected)
        searcher.parallel.close()
    assert sum(child.visits for child in roots[0].children.values()) == 40
    assert decision_statistics(roots[0]) == decision_statistics(roots[1])


# -- failures and lifetime --------------------------------------------------------------------------

def test_a_dead_workers_share_is_searched_in_the_bots_process_with_the_same_result():
    state, seat = first_decision(deal=2)
    view = state.view(seat)
    steady = bot("ismcts:iterations=60,workers=2", seat, seed=5)
    hurt = bot("ismcts:iterations=60,workers=2", seat, seed=5)
    try:
        assert decision_statistics(hurt.search(view)) == decision_statistics(steady.search(view))
        victim = hurt.parallel.pids[0]
        os.kill(victim, signal.SIGKILL)
        with pytest.warns(RuntimeWarning, match=r"search worker 0 crashed \(killed by SIGKILL\)"):
            again = hurt.search(view)
        assert decision_statistics(again) == decision_statistics(steady.search(view))
        assert gone(victim) and hurt.parallel.pids != [] and victim not in hurt.parallel.pids
        assert len(hurt.parallel.failures) == 1
        third = hurt.search(view)  # not restarted: its share stays in this process, silently
        assert decision_statistics(third) == decision_statistics(steady.search(view))
    finally:
        steady.parallel.close()
        hurt.parallel.close()


def test_workers_start_at_the_first_search_and_are_reaped_when_the_bot_is_dropped():
    state, seat = first_decision()
    searcher = bot("ismcts:iterations=20,workers=2", seat)
    assert searcher.parallel.pids == []  # none yet: a bot never asked costs no process
    searcher.act(state.view(seat), state.legal_actions())
    pids = searcher.parallel.pids
    assert len(pids) == 2 and all(os.path.exists(f"/proc/{pid}") for pid in pids)
    del searcher
    gc.collect()
    assert all(gone(pid) for pid in pids)


def test_an_interrupted_decision_stops_the_workers_and_the_next_starts_fresh_ones(monkeypatch):
    state, seat = first_decision()
    view = state.view(seat)
    searcher = bot("ismcts:iterations=20,workers=2", seat)
    searcher.search(view)
    before = searcher.parallel.pids

    def interrupted(self, deadline=None):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr("meeple.botprocess.channel.BotChannel.receive", interrupted)
        with pytest.raises(KeyboardInterrupt):
            searcher.search(view)
    assert searcher.parallel.pids == [] and all(gone(pid) for pid in before)
    assert searcher.search(view).visits == 20 and len(searcher.parallel.pids) == 2
    searcher.parallel.close()


def test_an_unpicklable_bot_is_refused_with_one_clear_line():
    aids = REGISTRY.search_aids("linko")
    unpicklable = type(aids)(aids.game_id, aids.bots, lambda root, state: None)
    params = ismcts_module.INFO.parse_params({"workers": 2})
    with pytest.raises(BotError, match="workers=2: the bot cannot be sent to a worker process"):
        IsmctsBot(LINKO, 0, params, aids=unpicklable)


def test_workers_play_under_meeple_match_with_jobs_and_no_process_outlives_it():
    """Games in pool processes (daemonic: they could not fork multiprocessing children) start
    their bots' workers as fresh programs; when the match ends none is left, not even a zombie."""
    mark = f"meeple-parallel-test-{uuid.uuid4()}"
    env = {**os.environ, "MEEPLE_PARALLEL_TEST_MARK": mark}
    cli = "import sys; from meeple.cli.app import run; sys.argv[0] = 'meeple'; run()"
    done = subprocess.run([sys.executable, "-c", cli, "match", "linko", "-b", "ismcts:iterations=20,workers=2",
                           "-b", "random", "-n", "2", "--jobs", "2", "--seed", "5", "--json"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    searcher = result["bots"][0]
    assert searcher["games"] == 2 and searcher["forfeits"] == 0
    assert marked_processes(mark) == []


def marked_processes(mark: str) -> list[str]:
    """The processes whose environment carries `mark` (this user's processes only are readable)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(entry.name)
            except OSError:
                continue
    return found


def test_a_host_that_exits_without_closing_its_bot_reaps_the_workers_first():
    """At exit the workers are stopped and reaped by the host itself (not left to init): checked by
    an exit handler registered before the bot exists, so it runs after the bot's."""
    script = """
import atexit, os
from meeple import Registry

pids = []

def check():
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
            print("not reaped", pid)
        except ChildProcessError:
            print("reaped" if not os.path.exists(f"/proc/{pid}") else "still there")

atexit.register(check)
registry = Registry.load()
game = registry.create("linko", 4)
state = game.new_state(1)
bot = registry.make_bot("ismcts:iterations=10,workers=2", game, 0, {"seed": 1})
bot.act(state.view(0), state.legal_actions())
pids.extend(bot.parallel.pids)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["reaped", "reaped"]


class SearchBroke(Exception):
    pass


def broken_search(bot, view):
    raise SearchBroke(f"no search today for seat {bot.seat}")


def test_a_search_that_raises_in_a_worker_raises_the_same_error_in_the_bot():
    """The worker dies with the error as its last words (a warning names them); its share is then
    searched here, where the same error reaches the host as it would without workers."""
    state, seat = first_decision()
    params = ismcts_module.INFO.parse_params({"iterations": 10})
    recipe = Recipe(IsmctsBot, broken_search, LINKO, seat, dict(params), {"aids": REGISTRY.search_aids("linko")})
    pool = RootParallel(recipe, 2, Rng(1))
    try:
        with pytest.warns(RuntimeWarning, match=r"search worker [01] crashed .*SearchBroke: no search today") as caught:
            with pytest.raises(SearchBroke, match="no search today for seat 0"):
                pool.search(state.view(seat), 10)
        assert len(caught) == 2 and len(pool.failures) == 2 and pool.pids == []
    finally:
        pool.close()


def test_a_garbled_answer_counts_as_a_failed_worker_and_its_share_is_searched_here(monkeypatch):
    state, seat = first_decision()
    view = state.view(seat)
    searcher = bot("ismcts:iterations=30,workers=2", seat)
    expected = twin_statistics(searcher, view, 30)
    monkeypatch.setattr("meeple.botprocess.channel.BotChannel.receive",
                        lambda self, deadline=None: b'{"visits": 15, "children": [[{"type": "nonsense"}, 15, 1.0]]}')
    with pytest.warns(RuntimeWarning, match=r"search worker [01] broke the protocol") as caught:
        root = searcher.search(view)
    assert len(caught) == 2 and searcher.parallel.pids == []
    assert decision_statistics(root) == decision_statistics(expected)
