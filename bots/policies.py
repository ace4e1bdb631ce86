"""Which bot plays a search bot's rollouts (and suggests its first move at a new node).

`mcts` and `ismcts` share the choice: `rollout=auto` (the default) takes the game's `greedy` bot
where it can play on the state itself (`act_on_state`, so a rollout move builds no view) — measured,
such rollouts beat random ones at the same time per decision (docs/figures.md, "Search bot
settings") — and random moves elsewhere; `rollout=random` never asks a bot; `rollout=NAME` asks
the game's bot NAME, which must search no tree itself.
"""

from __future__ import annotations

from meeple import Bot, BotError, Game, MeepleError, Option, Rng
from meeple.search import SearchAids

RANDOM_ROLLOUT = "random"
AUTO_ROLLOUT = "auto"
GREEDY = "greedy"

ROLLOUT_OPTION = Option(
    "rollout", "str", AUTO_ROLLOUT, "rollout policy: auto (the game's greedy bot if it plays on the "
    "state without a view, else random), random, or the name of a bot that plays the game and "
    "searches no tree (its greedy bot)")
OPPONENT_MIX_OPTION = Option(
    "opponent_mix", "str", "", "with a rollout policy: a mixed model of the other seats, as epsilons "
    "separated by / (say 0/0.5/1): each rollout, every other seat plays epsilon-greedy with one drawn "
    "from the list (0: the policy, 1: random moves); empty: they play as the bot's own rollouts do")
PRIOR_OPTION = Option(
    "prior", "bool", False, "with a rollout policy: a new node expands the policy's move first "
    "(then the others in random order; with widening, the policy's move is always among the few "
    "searched)")


def rollout_policies(searcher: str, name: str, game: Game, aids: SearchAids | None,
                     rng: Rng) -> list[Bot] | None:
    """One bot per seat to choose rollout moves (each seeded from `rng`, the search bot's own
    generator), or None for uniformly random moves. `searcher` names the search bot in errors."""
    if name == AUTO_ROLLOUT:
        info = aids.bots.get(GREEDY) if aids is not None else None
        if info is None or info.search_aids or not hasattr(info.factory, "act_on_state"):
            return None
        name = GREEDY
    if name == RANDOM_ROLLOUT:
        return None
    if aids is None:
        raise BotError(f"{searcher}: rollout={name} needs the registry's bots; "
                       f"build the bot with Registry.make_bot")
    try:
        info = aids.bot(name)
    except MeepleError as exc:
        raise BotError(f"{searcher}: rollout={name}: {exc}") from None
    if info.search_aids:
        raise BotError(f"{searcher}: rollout={name} is a search bot; a rollout policy must be quick "
                       f"(random, or the game's greedy bot)")
    seeded = any(p.name == "seed" for p in info.params)
    return [info.factory(game, seat, info.parse_params({"seed": rng.next64() >> 1} if seeded else {}))
            for seat in range(game.players)]


def opponent_mix(searcher: str, text: str) -> tuple[float, ...]:
    """The ``opponent_mix`` option read (`OPPONENT_MIX_OPTION`): its epsilons, separated by ``/``
    (a bot spec's commas separate its parameters), each in [0, 1]; empty: no mix. `searcher`
    names the search bot in the error."""
    if not text.strip():
        return ()
    try:
        mix = tuple(float(part) for part in text.split("/"))
    except ValueError:
        mix = ()
    if not mix or not all(0 <= epsilon <= 1 for epsilon in mix):
        raise BotError(f"{searcher}: opponent_mix={text!r} is not a list of epsilons between 0 and 1 "
                       f"separated by / (say 0/0.5/1)")
    return mix
