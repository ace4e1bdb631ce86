"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotInfo, Game, Option, Options, Rng, View


class RandomBot:
    """Plays any game; the baseline every other bot must beat. It never reads its view, so hosts
    build none for it (`reads_view`)."""

    reads_view = False

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.rng = Rng(params["seed"])

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


INFO = BotInfo(
    name="random",
    factory=RandomBot,
    summary="uniformly random legal actions (seeded)",
    params=(Option("seed", "int", 0, "seed of the bot's own generator"),),
)
