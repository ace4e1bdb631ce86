"""The generic MCTS bot: it refuses hidden information, finds forced wins, scores every seat by its
own reward (multi-player, shared wins), searches chance games open loop, and plays Linkage well."""

from __future__ import annotations

import attrs
import pytest
from attrs import define, frozen

from meeple import (Action, BotError, Decision, Game, GameSpec, Information, OptionError, Registry,
                    State)
from meeple.options import OptionText
from meeple.runner import play_game
from meeple_bots.mcts import INFO, MctsBot


def mcts(game, seat, iterations=400, seed=0, exploration=1.0):
    params = INFO.parse_params({"iterations": iterations, "seed": seed, "exploration": exploration})
    return MctsBot(game, seat, params)


def best_action(game, state, **kwargs):
    seat = state.current_player
    return mcts(game, seat, **kwargs).act(state.view(seat), state.legal_actions())


# -- tiny games -------------------------------------------------------------------------------------

@frozen
class Take(Action):
    tag = "take"
    stones: int


@frozen
class Turn(Decision):
    """A Heap turn: take 1 to 3 stones; whoever takes the last stone wins."""

    tag = "turn"

    def legal_actions(self, state):
        return [Take(n) for n in range(1, min(3, state.stones) + 1)]

    def resolve(self, state, action):
        state.stones -= action.stones
        state.last = self.player
        if state.stones:
            state.pending.append(Turn(1 - self.player))


@define(slots=True, eq=False, kw_only=True)
class HeapState(State):
    """One heap; take 1 to 3 stones; whoever takes the last stone wins."""

    stones: int
    last: int | None = None

    def _scores(self):
        return [0, 0]

    def _winners(self):
        return [self.last]


class Heap(Game):
    spec = GameSpec("heap", "Heap", 2, 2, Information.PERFECT, False, (), lambda o, p: 30)
    state_class = HeapState
    action_types = (Take,)
    decision_types = (Turn,)

    def __init__(self, stones: int = 9) -> None:
        super().__init__(2)
        self.stones = stones

    def setup(self, rng):
        return HeapState(game=self, rng=rng, pending=[Turn(0)], stones=self.stones)


@frozen
class Pick(Action):
    tag = "pick"
    choice: str


@frozen
class KingmakerTurn(Decision):
    tag = "turn"

    def legal_actions(self, state):
        if self.player == 0:
            return [Pick("duel"), Pick("toss"), Pick("share")]
        return [Pick("crown 0"), Pick("crown 1")]

    def resolve(self, state, action):
        if action.choice == "duel":
            state.pending.append(KingmakerTurn(1))
        elif action.choice == "toss":
            state.pending.append(KingmakerTurn(2))
        elif action.choice == "share":
            state.winners_ = (0, 1, 2)
        else:
            state.winners_ = (int(action.choice[-1]),)


@define(slots=True, eq=False, kw_only=True)
class KingmakerState(State):
    """Three seats. Seat 0 picks `duel` (seat 1 then crowns seat 0 or itself), `toss` (seat 2,
    who gains nothing either way, crowns seat 0 or seat 1) or `share` (all three win).
    For seat 0 a duel is worth 0 (seat 1 crowns itself), a toss 1/2, a three-way share 1/3.
    """

    winners_: tuple[int, ...] = ()

    def _scores(self):
        return [1 if s in self.winners_ else 0 for s in range(3)]

    def _winners(self):
        return self.winners_


class Kingmaker(Game):
    spec = GameSpec("kingmaker", "Kingmaker", 3, 3, Information.PERFECT, False, (), lambda o, p: 2)
    state_class = KingmakerState
    action_types = (Pick,)
    decision_types = (KingmakerTurn,)

    def setup(self, rng):
        return KingmakerState(game=self, rng=rng, pending=[KingmakerTurn(0)])


@frozen
class DiceTurn(Decision):
    tag = "turn"

    def legal_actions(self, state):
        if not state.roll:
            return [Pick("stop"), Pick("roll")]
        return [Pick(str(n)) for n in range(1, state.roll + 1)]

    def resolve(self, state, action):
        if action.choice == "stop":
            state.outcome = (0, 1)
        elif action.choice == "roll":
            state.roll = 1 + state.rng.below(6)
            state.pending.append(DiceTurn(0))
        else:
            state.outcome = (0,) if int(action.choice) % 2 == 0 else (1,)


@define(slots=True, eq=False, kw_only=True)
class DiceState(State):
    """Seat 0 may `stop` (both seats win) or `roll` a die, then pick a number up to the roll:
    an even pick wins for seat 0, an odd one for seat 1. Rolling wins 5 times in 6."""

    roll: int = 0
    outcome: tuple[int, ...] = ()

    def _scores(self):
        return [0, 0]

    def _winners(self):
        return self.outcome


class Dice(Game):
    spec = GameSpec("dice", "Dice", 2, 2, Information.PERFECT, True, (), lambda o, p: 2)
    state_class = DiceState
    action_types = (Pick,)
    decision_types = (DiceTurn,)

    def setup(self, rng):
        return DiceState(game=self, rng=rng, pending=[DiceTurn(0)])


class HiddenHeap(Heap):
    spec = attrs.evolve(Heap.spec, id="hidden_heap", title="Hidden Heap", information=Information.IMPERFECT)


# -- refusal ----------------------------------------------------------------------------------------

def test_mcts_refuses_games_with_hidden_information_with_a_clear_reason():
    reason = INFO.refusal(HiddenHeap.spec)
    assert reason is not None and "hidden information" in reason and "ismcts" in reason
    assert INFO.refusal(Heap.spec) is None and INFO.refusal(Dice.spec) is None
    with pytest.raises(BotError, match="hidden information"):
        mcts(HiddenHeap(), 0)


def test_mcts_is_a_generic_bot_with_its_documented_parameters():
    assert INFO.games is None
    names = [p.name for p in INFO.params]
    assert names[:9] == ["iterations", "exploration", "normalize", "seed", "reuse", "rollout", "prior", "widening",
                         "widening_exponent"]
    typed = {"iterations": "50", "exploration": "0.7", "seed": "3"}  # as on the command line
    params = INFO.parse_params({key: OptionText(text) for key, text in typed.items()})
    assert params["iterations"] == 50 and params["exploration"] == 0.7 and params["seed"] == 3


# -- search ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("stones, winning_take", [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2)])
def test_mcts_finds_the_winning_take_in_a_heap_game(stones, winning_take):
    game = Heap(stones)
    assert best_action(game, game.new_state(0), iterations=1500) == Take(winning_take)


def test_mcts_takes_the_last_stones_when_it_can():
    game = Heap(3)
    assert best_action(game, game.new_state(0), iterations=50) == Take(3)


def test_mcts_scores_each_seat_by_its_own_reward_with_three_players_and_shared_wins():
    game = Kingmaker(3)
    # Scoring seat 1's choice with seat 0's reward would make the duel look like a sure win;
    # counting a three-way share as a whole win would prefer it to the toss.
    for seed in range(5):
        assert best_action(game, game.new_state(0), iterations=300, seed=seed) == Pick("toss")
    state = game.new_state(0)
    state.apply(Pick("duel"))
    assert best_action(game, state, iterations=50) == Pick("crown 1")


def test_mcts_searches_chance_games_with_fresh_chance_every_iteration():
    game = Dice(2)
    # Rolling wins 5 times in 6, stopping shares the win (1/2): a search that trusted one sampled
    # roll would stop whenever it sampled a 1.
    for seed in range(30):
        assert best_action(game, game.new_state(seed), iterations=200, seed=seed) == Pick("roll")
    state = game.new_state(0)
    state.apply(Pick("roll"))
    if state.roll > 1:
        assert int(best_action(game, state, iterations=100).choice) % 2 == 0


def test_mcts_is_reproducible_from_its_seed():
    game = Heap(13)
    state = game.new_state(0)
    first = [best_action(game, state, iterations=60, seed=s) for s in range(6)]
    again = [best_action(game, state, iterations=60, seed=s) for s in range(6)]
    assert first == again


def test_mcts_search_leaves_the_searched_state_unchanged():
    game = Heap(11)
    state = game.new_state(0)
    before = state.fingerprint()
    root = mcts(game, 0, iterations=200).search(state)
    assert state.fingerprint() == before
    assert root.visits == 200 and sum(c.visits for c in root.children.values()) == 200


# -- Linkage, through the registry ------------------------------------------------------------------

def test_mcts_as_fewer_beats_random_more_at_linkage_far_more_often_than_random_does():
    registry = Registry.load()
    game = registry.create("linkage")
    wins = {"mcts:iterations=150": 0, "random": 0}
    for deal in range(6):
        for spec in wins:
            bots = [registry.make_bot("random", game, 0, {"seed": deal}),
                    registry.make_bot(spec, game, 1, {"seed": deal})]
            record, _ = play_game(game, bots, deal, ["random", spec])
            wins[spec] += 1 in record.winners
    assert wins["mcts:iterations=150"] >= wins["random"] + 2, wins


def test_mcts_answers_with_the_hosts_own_action_objects():
    registry = Registry.load()
    game = registry.create("linkage", options={"variant": "balanced"})
    state = game.new_state(1)
    bot = registry.make_bot("mcts:iterations=30", game, 0)
    legal = state.legal_actions()
    action = bot.act(state.view(0), legal)
    assert any(action is a for a in legal)


def test_exploration_takes_a_non_negative_number_from_the_command_line():
    assert INFO.parse_params({"exploration": OptionText("2")})["exploration"] == 2.0
    with pytest.raises(OptionError, match="exploration"):
        INFO.parse_params({"exploration": OptionText("-1")})
    with pytest.raises(OptionError, match="exploration"):
        INFO.parse_params({"exploration": OptionText("wide")})


# -- rollout policies and the prior ------------------------------------------------------------------

class LastTake:
    """A heap 'greedy' that always takes the last legal action, reading the state itself."""

    calls = 0

    def __init__(self, game, seat, params):
        pass

    def act(self, view, legal):
        return legal[-1]

    def act_on_state(self, state, legal):
        LastTake.calls += 1
        return legal[-1]


def heap_registry(greedy=LastTake):
    from meeple import BotInfo, hookimpl
    from meeple_bots import plugin as bots_plugin

    carried = type("Heap", (Heap,), {"bots": (BotInfo("greedy", greedy, "takes the most"),) if greedy else ()})

    class HeapPlugin:
        @hookimpl
        def meeple_register_games(self, register):
            register(carried)

    return Registry.load(plugins=(HeapPlugin(), bots_plugin), entry_points=False)


def test_mcts_rolls_out_with_the_games_greedy_bot_when_it_acts_on_the_state():
    registry = heap_registry()
    game = Heap()
    state = game.new_state(0)
    LastTake.calls = 0
    registry.make_bot("mcts:iterations=30", game, 0).act(state.view(0), state.legal_actions())
    assert LastTake.calls > 30  # rollout moves asked of the policy (auto), none random
    LastTake.calls = 0
    registry.make_bot("mcts:iterations=30,rollout=random", game, 0).act(state.view(0), state.legal_actions())
    assert LastTake.calls == 0


def test_mcts_with_a_prior_expands_the_policys_move_first_at_every_new_node():
    registry = heap_registry()
    game = Heap()
    state = game.new_state(0)
    bot = registry.make_bot("mcts:iterations=40,prior=true,reuse=false", game, 0)
    root = bot.search(state)
    seen = [root]
    while seen:
        node = seen.pop()
        if node.children:
            first = next(iter(node.children))
            assert first == node.state.legal_actions()[-1]
            seen.extend(node.children.values())


def test_mcts_without_a_greedy_bot_rolls_out_at_random():
    registry = heap_registry(greedy=None)
    bot = registry.make_bot("mcts:iterations=10", Heap(), 0)
    assert bot.tree.rollout.policies is None
