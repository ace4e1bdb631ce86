"""The bot interface: a bot sees its player's view and the legal actions, never the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from attrs import field, frozen

from .actions import Action
from .errors import OptionError
from .options import Option, Options, OptionText, parse_pairs, resolve_options
from .view import View

if TYPE_CHECKING:
    from .game import Game
    from .state import State
    from .spec import GameSpec


class Bot(Protocol):
    """Anything with `act`; built by a `BotInfo.factory` for one seat of one game.

    **Optional, for rollout policies: `act_on_state`.** A bot class MAY also define

        def act_on_state(self, state: State, legal: Sequence[Action]) -> Action

    which makes the same choice ``act(state.view(self.seat), legal)`` would make — the same
    action, after the same draws from the bot's own generator — read straight off `state`, using
    only what that seat's view shows (never another seat's hidden cards, the deck's order or the
    state's RNG), and leaving `state` unchanged. Search bots call it, when their rollout policy
    has it, at every rollout step instead of building a view there (most of a greedy rollout's
    cost); `act` stays the method hosts call. `meeple.testing.check_act_on_state` checks both
    promises on many random states of a game.

    **Optional: `reads_view = False`.** A bot that chooses without looking at its view (the
    `random` bot) says so with this class attribute; hosts then pass `None` for the view instead
    of building one (`view_for`), which is most of the cost of a cheap bot's decision.
    """

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose one of `legal` (never empty) for the decision described by `view` (None for a
        bot that declares `reads_view = False`)."""
        ...


def view_for(bot: Bot, state: "State", seat: int) -> "View | None":
    """The view a host hands `bot` for `seat`: `state.view(seat)`, or None when the bot declares
    that it reads none (`reads_view = False`)."""
    return state.view(seat) if getattr(bot, "reads_view", True) else None


BotFactory = Callable[["Game", int, Options], Bot]


@frozen
class BotInfo:
    """A registered bot: how to build it, which games it plays, which parameters it takes.

    `games` None means generic: it plays every game for which `requires(spec)` returns None
    (otherwise `requires` returns the reason it cannot play). A `factory(game, seat, params)`
    gets the game (rules factory, for search bots to simulate and determinize), its seat and its
    validated parameters. With `search_aids` True the registry also passes the keyword argument
    ``aids``, a `meeple.search.SearchAids` (the game's other bots as rollout policies, and its
    rollout horizon); a search bot made without a registry gets ``aids=None``.
    """

    name: str
    factory: BotFactory
    summary: str
    games: tuple[str, ...] | None = None
    params: tuple[Option, ...] = ()
    requires: Callable[["GameSpec"], str | None] | None = None
    search_aids: bool = False

    def refusal(self, spec: "GameSpec") -> str | None:
        """Why this bot cannot play `spec`'s game, or None when it can."""
        if self.games is not None and spec.id not in self.games:
            return f"bot {self.name!r} only plays {', '.join(self.games)}"
        if self.requires is not None:
            return self.requires(spec)
        return None

    def parse_params(self, given: Mapping[str, Any]) -> Options:
        """`given` validated against `params`, defaults filled in (OptionError naming the bot)."""
        try:
            return resolve_options(self.params, given)
        except OptionError as exc:
            raise OptionError(f"bot {self.name!r}: {exc}") from None


@frozen
class BotSpec:
    """A bot named on the command line: `NAME` or `NAME:key=value,key=value`, or
    `exec:COMMAND`, an external program (everything after ``exec:`` is its command line, kept
    whole as the parameter ``command``; see `meeple.botprocess`)."""

    name: str
    params: tuple[tuple[str, str], ...] = field(default=(), converter=lambda pairs: _as_text(pairs))

    @classmethod
    def parse(cls, text: str) -> "BotSpec":
        """Read `NAME`, `NAME:key=value,...` or `exec:COMMAND` (OptionError when a part is missing)."""
        name, _, rest = text.strip().partition(":")
        if not name:
            raise OptionError(f"a bot spec needs a name, got {text!r}")
        if name == "exec":
            if not rest.strip():
                raise OptionError("an exec: bot needs a command, e.g. exec:python3 mybot.py")
            return cls(name, (("command", rest.strip()),))
        pairs = parse_pairs([p for p in rest.split(",") if p.strip()]) if rest else {}
        return cls(name, tuple(pairs.items()))

    def __str__(self) -> str:
        if self.name == "exec":
            return "exec:" + dict(self.params)["command"]
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)


def _as_text(pairs: Any) -> tuple[tuple[str, OptionText], ...]:
    """A spec's parameter values are text as typed, converted by each parameter's type."""
    return tuple((key, value if isinstance(value, OptionText) else OptionText(value)) for key, value in pairs)
