"""Nim: players take turns removing stones from one heap; whoever takes the last stone wins
(or loses, in the misère variant). Perfect information, no chance, 2–4 players.
"""

from __future__ import annotations

from attrs import define, frozen

from meeple import Action, Counters, Decision, Game, GameSpec, Information, Option, Rng, State


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
    tag = "take_turn"

    def describe(self) -> str:
        return "take stones"


@define(slots=True, eq=False, kw_only=True)
class NimState(State):
    heaps: Counters  # heap index -> stones left
    last_taker: int | None = None

    def _legal_actions(self):
        most = self.game.options["max_take"]
        for heap, stones in self.heaps.items():
            for n in range(1, min(stones, most) + 1):
                yield Take(heap, n)

    def _apply(self, action: Take) -> None:
        player = self.pending.pop().player
        self.heaps.take(action.heap, action.stones)
        self.last_taker = player
        if self.heaps.total:
            self.pending.append(TakeTurn((player + 1) % self.game.players))

    def _scores(self):
        if self.pending or self.last_taker is None:
            return [0] * self.game.players
        winner = self._winners()[0]
        return [1 if seat == winner else 0 for seat in range(self.game.players)]

    def _winners(self):
        if self.game.options["misere"]:
            # Misère: taking the last stone loses; the next player wins.
            return [(self.last_taker + 1) % self.game.players]
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
        from meeple import OptionError

        try:
            heaps = [int(h) for h in self.options["heaps"].split(",")]
        except ValueError:
            raise OptionError("option 'heaps' must be whole numbers separated by commas") from None
        if not heaps or min(heaps) < 1:
            raise OptionError("option 'heaps' needs at least one heap, each with at least 1 stone")

    def setup(self, rng: Rng) -> NimState:
        heaps = [int(h) for h in self.options["heaps"].split(",")]
        return NimState(game=self, rng=rng, pending=[TakeTurn(0)],
                        heaps=Counters(list(enumerate(heaps))))
