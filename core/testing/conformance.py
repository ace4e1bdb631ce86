"""`check_game`: random games of one configuration, checking every promise the core makes."""

from __future__ import annotations

import json
from itertools import islice

from attrs import define

from ..actions import Action
from ..errors import IllegalAction
from ..game import Game
from ..records import make_record, record_to_data
from ..registry import Registry
from ..rng import Rng
from ..serialization import (action_from_data, action_to_data, state_from_data, state_to_data,
                             view_from_data, view_to_data)
from ..spec import Dynamics, Information, Utility
from ..state import State
from ..layout import game_fields
from ..knowledge import false_facts
from .elimination import EliminationWatch
from .leaks import (check_action_hides, check_choices_hidden, check_deals_agree, check_determinization,
                    check_facts_learned, check_public_records, check_view_hides)

#: Fresh deals compared by `check_deals_agree` for a game without explicit chance.
DEAL_SEEDS = 48
#: Most deals of `Game.deal_outcomes` compared (a larger game is sampled in its order).
MAX_DEALS = 2000


@define
class ConformanceReport:
    """What `check_game` played and checked: games, decisions, the longest game, deep-check steps,
    simultaneous decisions met and secret choices replaced (a test can assert the kit reached them)."""

    games: int = 0
    decisions: int = 0
    longest: int = 0
    deep_checks: int = 0
    simultaneous: int = 0  # simultaneous decisions met
    choices_replaced: int = 0  # other seats' secret choices swapped to check a view ignores them
    hiding_views: int = 0  # deep checks where two seats' views differed (one knew what another did not)
    deals_compared: int = 0  # fresh deals that showed a seat the same zones as an earlier one
    actions_compared: int = 0  # actions replayed on a copy with permuted hidden cards
    eliminations: int = 0  # seats that went out of the game (`State.eliminated`)
    facts_seen: int = 0  # states (after an action) keeping at least one fact about hidden cards
    facts_compared: int = 0  # actions replayed on a copy to check the facts other seats are shown


class _OneGameRegistry(Registry):
    """Just enough registry for replaying records of one game (no plugin loading)."""

    def __init__(self, game: Game) -> None:  # noqa: D107 - deliberately skips plugin loading
        self.games = {game.spec.id: type(game)}
        self.game_plugins = {game.spec.id: "conformance"}
        self._versions = {}


def _roundtrip(game_cls: type[Game], state: State, seats: int) -> None:
    data = json.loads(json.dumps(state_to_data(state)))
    again = state_from_data(game_cls, data)
    assert state_to_data(again) == data, "a state does not survive a JSON round trip"
    assert again.legal_actions() == state.legal_actions(), "a state restored from JSON has other legal actions"
    for seat in [None, *range(seats)]:
        view = state.view(seat)
        text = json.dumps(view_to_data(game_cls, view))
        assert view_from_data(game_cls, json.loads(text)) == view, f"seat {seat}'s view does not survive JSON"


def _check_illegal(state: State, foreign: list[Action]) -> None:
    """Actions legal elsewhere but not here must raise IllegalAction and change nothing."""
    before = state.fingerprint()
    legal = set(state.legal_actions())
    tried = 0
    for action in foreign:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert str(exc), "IllegalAction without a reason"
        else:
            raise AssertionError(f"illegal action {action!r} was accepted")
        assert state.fingerprint() == before, f"a rejected action {action!r} changed the state"
        tried += 1
        if tried >= 3:
            break
    seat = state.current_player
    idle = [p for p in range(state.players) if p not in state.owing()]
    if seat is not None and idle:
        wrong = idle[0]
        try:
            state.apply(state.legal_actions()[0], player=wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {wrong} acted for seat {seat}")
        assert state.fingerprint() == before, "an action by the wrong seat changed the state"
    for done in state.chosen:  # a seat that has made its secret choice cannot choose again
        frame = state.decision
        again = tuple(frame.legal_actions(state, done))  # type: ignore[union-attr, call-arg]
        try:
            state.apply(again[0], player=done)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {done} chose twice in one simultaneous decision")
        assert state.fingerprint() == before, "a second choice by one seat changed the state"


def check_game(game: Game, games: int = 8, seed: int = 0, deep_every: int = 5,
               strict_fields: bool = False) -> ConformanceReport:
    """Play `games` random games and assert the conformance properties; returns what was checked.

    Cheap checks run after every action (legality, invariants, termination bound, the declared
    dynamics, elimination final: `meeple.testing.elimination`); the deep ones (JSON round trips, leak permutations, other seats' secret choices,
    determinization, every legal action applying) run at every step of the first game and every
    `deep_every` steps of the others. The seats owing a simultaneous decision choose in a random
    order, and the record (built from what `apply` returns) must replay to the same final state.

    Hidden information: fresh deals that show a seat the same zones must show it the same plain
    fields (`check_deals_agree`), and in a game declared imperfect-information two seats' views
    must differ at least once (one seat knows something another does not).

    Knowledge (`meeple.knowledge`): every fact a state keeps must be true after every action;
    samples must honour the facts their seat knows; at deep steps each action is replayed on a
    copy with the cards neither the viewer nor the actor knows permuted, and another seat's
    facts must not differ where nothing else in its view does (`check_facts_learned`); public
    records must be the same in every seat's view (`check_public_records`).

    With `strict_fields`, every deep step also replays the action on
    a copy with the cards neither the viewer nor the actor knows permuted (`check_action_hides`):
    for games whose public flow never depends on such cards (in Combo Breaker it does: a card
    drawn face down decides what is owed next, legitimately), so it is not on by default.
    """
    game_cls = type(game)
    spec = game.spec
    limit = game.max_length()
    report = ConformanceReport()
    chooser = Rng(seed ^ 0xC0FFEE)
    checker = Rng(seed ^ 0xDEC0DE)
    foreign: list[Action] = []
    _check_deals(game, seed, report)
    sums: set[float] = set()
    for number in range(games):
        deal = seed + number
        state = game.new_state(deal)
        assert game.new_state(deal).fingerprint() == state.fingerprint(), "setup is not deterministic"
        actions: list[Action] = []
        snapshots: list[tuple[State, str]] = []
        steps = 0
        elimination = EliminationWatch()
        while True:
            where = f"{spec.id} {game.options!r} players={game.players} seed={deal} step={steps}"
            problems = state.invariants()
            assert not problems, f"{where}: invariants broken: {problems}"
            report.eliminations += elimination.see(state, where)
            if state.facts:
                _check_facts_hold(game, state, where)
                report.facts_seen += 1
            if state.is_terminal:
                assert not state.legal_actions(), f"{where}: a finished game offers actions"
                assert not state.owing(), f"{where}: a finished game owes a decision"
                sums.add(_check_final_scores(game, state.scores(), where))
                break
            frame = state.pending[-1]
            owing = state.owing()
            if frame.simultaneous:
                assert game.dynamics is Dynamics.SIMULTANEOUS, \
                    f"{where}: {frame.describe()} is simultaneous but the game declares {game.dynamics.value} dynamics"
                if not state.chosen:
                    report.simultaneous += 1
                seat = owing[chooser.below(len(owing))]
            else:
                assert owing == (frame.player,), f"{where}: a sequential decision owed by {owing}"
                seat = state.current_player
            assert owing and state.current_player == owing[0], f"{where}: the current player is not the first seat owing"
            legal = state.legal_actions(seat)
            assert legal, f"{where}: seat {seat} owes a decision but has no legal action"
            assert steps < limit, f"{where}: the game exceeded its declared maximum length {limit}"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
            deep = number == 0 or steps % deep_every == 0
            if deep:
                report.deep_checks += 1
                replaced, hid = _deep_checks(game, state, seat, legal, foreign, checker, where)
                report.choices_replaced += replaced
                report.hiding_views += hid
            action = legal[chooser.below(len(legal))]
            if deep and (game_cls.records_facts or state.facts):
                for viewer in range(game.players):
                    try:
                        report.facts_compared += check_facts_learned(state, seat, action, viewer, checker)
                    except AssertionError as exc:
                        raise AssertionError(f"{where}: {exc}") from None
            if deep and strict_fields and not spec.perfect_information:
                for viewer in range(game.players):
                    try:
                        report.actions_compared += check_action_hides(state, seat, action, viewer, checker)
                    except AssertionError as exc:
                        raise AssertionError(f"{where}: {exc}") from None
            data = json.loads(json.dumps(action_to_data(game_cls, action)))
            assert action_from_data(game_cls, data) == action, f"{where}: action {action!r} does not survive JSON"
            if len(foreign) < 64:
                foreign.append(action)
            elif chooser.below(8) == 0:
                foreign[chooser.below(64)] = action
            if steps % 7 == 0:
                snapshots.append((state.clone(), state.fingerprint()))
            actions.extend(state.apply(action, seat))
            steps += 1
        for old, fingerprint in snapshots:
            assert old.fingerprint() == fingerprint, f"{spec.id} seed={deal}: a clone changed after the original moved on"
        _check_record(game, state, deal, actions)
        report.games += 1
        report.decisions += len(actions)
        report.longest = max(report.longest, len(actions))
    if game.dynamics is Dynamics.SIMULTANEOUS:
        assert report.simultaneous, (f"{spec.id} declares simultaneous dynamics but {games} random "
                                     f"games met no simultaneous decision")
    if spec.utility is Utility.CONSTANT_SUM:
        assert len({round(total, 9) for total in sums}) <= 1, \
            f"{spec.id} declares constant-sum scores but its games' scores summed to {sorted(sums)}"
    if spec.information is Information.IMPERFECT and not any(f.hidden for f in game_fields(game.state_class)):
        assert report.hiding_views, (f"{spec.id} declares imperfect information but in {games} random "
                                     f"games no seat's view ever hid anything another seat saw (every "
                                     f"hand face up? a pile nobody sees is chance, not hidden information)")
    return report


def _check_facts_hold(game: Game, state: State, where: str) -> None:
    """Every fact the state keeps is true (the rules dropped each one as it went stale), and a
    game that records facts says so (`Game.records_facts`: its RL observations encode them)."""
    wrong = false_facts(state)
    assert not wrong, (f"{where}: the state keeps facts that are no longer true: {'; '.join(wrong)} "
                       f"(drop a fact when it goes stale: state.cards_gained / cards_lost / forget)")
    assert type(game).records_facts, (f"{where}: {game.spec.id} records facts about hidden cards but "
                                      f"does not declare it (set records_facts = True on its Game class)")


def _check_final_scores(game: Game, scores: tuple[float, ...], where: str) -> float:
    """A points game's final scores lie within its declared bounds (and sum to 0 if zero-sum);
    returns their sum."""
    assert len(scores) == game.players, f"{where}: {len(scores)} scores for {game.players} seats"
    bounds = game.score_bounds()
    if bounds is not None:
        low, high = bounds
        assert all(low <= score <= high for score in scores), \
            f"{where}: final scores {list(scores)} outside the declared bounds [{low:g}, {high:g}]"
    if game.spec.utility is Utility.ZERO_SUM:
        assert abs(sum(scores)) < 1e-9, f"{where}: zero-sum scores {list(scores)} sum to {sum(scores)}"
    return sum(scores)


def _check_deals(game: Game, seed: int, report: ConformanceReport) -> None:
    """Fresh deals that show a seat the same zones must show it the same plain fields (a hidden
    card copied at setup): every deal of `deal_outcomes` (up to MAX_DEALS), else DEAL_SEEDS seeds."""
    if game.spec.perfect_information:
        return
    outcomes = game.deal_outcomes()
    if outcomes is not None:
        states = [state for _, _, state in islice(game.deal_states(seed), MAX_DEALS)]
    else:
        states = [game.new_state(seed + 7919 * (n + 1)) for n in range(DEAL_SEEDS)]
    for viewer in range(game.players):
        try:
            report.deals_compared += check_deals_agree(states, viewer)
        except AssertionError as exc:
            raise AssertionError(f"{game.spec.id} {game.options!r} players={game.players}: {exc}") from None


def _deep_checks(game: Game, state: State, seat: int, legal: tuple[Action, ...],
                 foreign: list[Action], rng: Rng, where: str) -> tuple[int, int]:
    """The deep checks of one step; returns (other seats' choices replaced, whether two seats'
    views differ: one knows something another does not)."""
    game_cls = type(game)
    replaced = 0
    hid = 0
    try:
        _roundtrip(game_cls, state, game.players)
        _check_illegal(state, foreign)
        before = state.fingerprint()
        sample = legal if len(legal) <= 12 else [legal[rng.below(len(legal))] for _ in range(6)]
        for action in sample:
            child = state.clone()
            child.apply(action, seat)
            problems = child.invariants()
            assert not problems, f"applying {action!r} breaks invariants: {problems}"
        assert state.fingerprint() == before, "applying actions to clones changed the original"
        check_public_records(state)
        for viewer in range(game.players):
            check_view_hides(state, viewer, rng)
            replaced += check_choices_hidden(state, viewer, rng)
            check_determinization(game, state, viewer, rng)
            if game.spec.information is Information.PERFECT:
                assert state.view(viewer).fields == state.view(None).fields, \
                    f"a perfect-information game hides something from seat {viewer}"
        # Hidden information means seats knowing different things: a pile nobody sees is chance.
        views = [state.view(viewer) for viewer in range(game.players)]
        hid = any((view.fields, view.choices) != (views[0].fields, views[0].choices) for view in views[1:])
    except AssertionError as exc:
        raise AssertionError(f"{where}: {exc}") from None
    return replaced, hid


def _check_record(game: Game, state: State, seed: int, actions: list[Action]) -> None:
    from ..records import record_from_data, replay

    seats = tuple("random" for _ in range(game.players))
    record = make_record(state, seed, actions, seats, "test")
    data = json.loads(json.dumps(record_to_data(type(game), record)))
    registry = _OneGameRegistry(game)
    parsed = record_from_data(registry, data)
    assert parsed == record, f"{game.spec.id} seed={seed}: a record does not survive JSON"
    final = replay(registry, parsed)
    assert final.fingerprint() == state.fingerprint(), f"{game.spec.id} seed={seed}: replay reached another state"
