"""Nim: players take turns removing stones from one heap; whoever takes the last stone wins
(or loses, in the misère variant). Perfect information, no chance, 2–4 players.
"""

from __future__ import annotations

from attrs import frozen

from meeple import (Action, Counters, Decision, Game, GameSpec, Information, Option, OptionError,
                    Rng, State)


@frozen
class Take(Action):
    """Take `stones` stones from heap `heap`."""

    tag = "take"
    heap: int
    stones: int

    def describe(self) -> str:
        return f"take {self.stones} from heap {self.heap}"


@frozen
class TakeTurn(Decision):
    """The player in turn takes 1 to `max_take` stones from one heap; the next player follows."""

    tag = "take_turn"

    def describe(self) -> str:
        return "take stones"

    def legal_actions(self, state: NimState):
        most = state.game.options["max_take"]
        for heap, stones in state.heaps.items():
            for n in range(1, min(stones, most) + 1):
                yield Take(heap, n)

    def resolve(self, state: NimState, action: Take) -> None:
        state.heaps.take(action.heap, action.stones)
        state.last_taker = self.player
        if state.heaps.total:
            state.pending.append(TakeTurn((self.player + 1) % state.players))


class NimState(State):
    heaps: Counters  # heap index -> stones left
    last_taker: int | None = None

    def _scores(self):
        if self.pending or self.last_taker is None:
            return [0] * self.players
        winner = self._winners()[0]
        return [1 if seat == winner else 0 for seat in range(self.players)]

    def _winners(self):
        if self.game.options["misere"]:
            # Misère: taking the last stone loses; the next player wins.
            return [(self.last_taker + 1) % self.players]
        return [self.last_taker]


def _max_length(options, players):
    return sum(int(h) for h in options["heaps"].split(","))


def render(view) -> str:
    """Nim's board for a person: one row of stones per heap."""
    rows = [f"heap {heap}: {'o' * stones or '-'}" for heap, stones in view.heaps.counts]
    return "\n".join(rows)


class Nim(Game):
    spec = GameSpec(
        id="nim",
        title="Nim",
        min_players=2,
        max_players=4,
        information=Information.PERFECT,
        chance=False,
        options=(
            Option("heaps", "str", "3,5,7", "stones in each heap, comma-separated"),
            Option("max_take", "int", 3, "most stones one turn may take", minimum=1),
            Option("misere", "bool", False, "whoever takes the last stone loses"),
        ),
        max_length=_max_length,
        summary="Take stones from heaps; the last stone wins.",
    )
    state_class = NimState
    action_types = (Take,)
    decision_types = (TakeTurn,)
    rules_text = __doc__ or ""
    renderer = staticmethod(render)

    def check_options(self) -> None:
        try:
            heaps = [int(h) for h in self.options["heaps"].split(",")]
        except ValueError:
            raise OptionError("option 'heaps' must be whole numbers separated by commas") from None
        if not heaps or min(heaps) < 1:
            raise OptionError("option 'heaps' needs at least one heap, each with at least 1 stone")

    def setup(self, rng: Rng) -> NimState:
        heaps = [int(h) for h in self.options["heaps"].split(",")]
        return self.build_state(rng, pending=[TakeTurn(0)], heaps=Counters(list(enumerate(heaps))))

    def rl_action_space(self) -> list[Take]:
        """Every action the game can ever offer, in a fixed order (for `meeple.rl`)."""
        heaps = [int(h) for h in self.options["heaps"].split(",")]
        most = self.options["max_take"]
        return [Take(heap, n) for heap, stones in enumerate(heaps) for n in range(1, min(stones, most) + 1)]
