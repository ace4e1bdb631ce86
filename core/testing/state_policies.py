"""`check_act_on_state`: a bot's `act_on_state` must choose exactly as its `act` on the view.

A rollout policy may read the state directly (`meeple.Bot`, "act_on_state") so that a search
builds no view per rollout step; the promise is that nothing changes but the speed. The check
plays seeded random games and, at every decision, asks three bots of the acting seat built with
the same parameters (the same seed): one through `act(state.view(seat), legal)`, one through
`act_on_state(state, legal)`, and one through `act_on_state` on a copy of the state in which every
card the seat does not know was shuffled (`permute_hidden`). All three must answer the same
action, their generators (a bot's ``rng``, if it keeps a `meeple.Rng` there) must stay equal —
the same draws — and the state must be left as it was. A difference in draws that no single
answer shows still shows later, as the three bots of a seat are asked again and again.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..bots import Bot, BotInfo
from ..game import Game
from ..rng import Rng
from .leaks import permute_hidden


def check_act_on_state(game: Game, bot: BotInfo, params: Mapping[str, Any] | None = None, *,
                       games: int = 5, seed: int = 0, max_decisions: int = 400) -> int:
    """Assert `bot`'s `act_on_state` agrees with its `act` on `games` random games of `game`
    (at most `max_decisions` decisions each); returns the number of decisions compared.

    `params` are the bot's parameters (defaults filled in); a bot with a ``seed`` parameter not
    given in `params` gets a different seed for each seat of each game, the same for its three
    copies."""
    seeded = any(option.name == "seed" for option in bot.params)
    compared = 0
    for number in range(games):
        chooser, shuffler = Rng(seed * 1_000_003 + number), Rng(~(seed * 1_000_003 + number))
        trios: dict[int, tuple[Bot, Bot, Bot]] = {}
        for seat in range(game.players):
            given = dict(params or {})
            if seeded and "seed" not in given:
                given["seed"] = (seed * 7919 + number * 131 + seat) & 0x7FFF_FFFF
            options = bot.parse_params(given)
            trios[seat] = tuple(bot.factory(game, seat, options) for _ in range(3))  # type: ignore[assignment]
        if not hasattr(trios[0][1], "act_on_state"):
            raise AssertionError(f"bot {bot.name!r} has no act_on_state method")
        state = game.new_state(seed * 1_000_003 + number)
        for _ in range(max_decisions):
            if not state.pending:
                break
            for seat in state.owing():
                _check_one(bot.name, state, seat, trios[seat], shuffler)
                compared += 1
            legal = state.legal_actions()
            state.apply(legal[chooser.below(len(legal))])
    return compared


def _check_one(name: str, state: Any, seat: int, trio: tuple[Bot, Bot, Bot], shuffler: Rng) -> None:
    by_view, on_state, on_permuted = trio
    legal = state.legal_actions(seat)
    before = state.fingerprint()
    expected = by_view.act(state.view(seat), legal)
    got = on_state.act_on_state(state, legal)  # type: ignore[attr-defined]
    where = f"seat {seat} at move {state.moves} ({state.pending[-1].describe()})"
    assert state.fingerprint() == before, f"{name}: act_on_state changed the state, {where}"
    assert got == expected, (f"{name}: act_on_state chose {got!r} where act on the view chose "
                             f"{expected!r}, {where}")
    permuted = permute_hidden(state, seat, shuffler)
    blind = on_permuted.act_on_state(permuted, legal)  # type: ignore[attr-defined]
    assert blind == expected, (f"{name}: act_on_state chose {blind!r} once cards seat {seat} cannot "
                               f"see were shuffled (it chose {expected!r} before): it reads hidden "
                               f"cards, {where}")
    generators = [getattr(b, "rng", None) for b in trio]
    if all(isinstance(g, Rng) for g in generators):
        assert generators[0] == generators[1] == generators[2], \
            f"{name}: act_on_state drew from the bot's generator differently from act, {where}"
