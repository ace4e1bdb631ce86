"""A game: the immutable factory of states for one player count and one set of options."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, Hashable, Iterable, Mapping

from .actions import Action, Decision
from .errors import OptionError
from .options import Options, resolve_options
from .rules_text import RulesBesideModule
from .rng import Rng
from .spec import GameSpec

if TYPE_CHECKING:
    from .bots import BotInfo
    from .narration import Narrator
    from .render import Renderer
    from .search import RolloutHorizon
    from .state import State
    from .view import View


class Game:
    """Subclass per game: declare `spec`, `state_class`, `action_types`, `decision_types`, and
    write `setup` (and `deck` for card games). An instance fixes players and options.
    """

    spec: ClassVar[GameSpec]
    state_class: ClassVar[type["State"]]
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    decision_types: ClassVar[tuple[type[Decision], ...]] = ()

    # -- what the game carries besides its rules (read by the registry) -------------------------
    # A plugin registers the class alone; the registry reads these, then the older hooks.
    renderer: ClassVar["Renderer | None"] = None
    """``renderer(view) -> str``: draws a view for a person (None: the generic renderer)."""
    narrator: ClassVar["Narrator | None"] = None
    """How decisions are put into words and typed moves read (None: the generic narrator)."""
    rollout_horizon: ClassVar["RolloutHorizon | None"] = None
    """``horizon(root, state) -> values | None``: where search rollouts may stop early."""
    bots: ClassVar[tuple["BotInfo", ...]] = ()
    """The game's own bots (its ``greedy``), shadowing generic bots of the same name."""
    rules_text: ClassVar[str] = RulesBesideModule()  # type: ignore[assignment]
    """The rules for people: by default the ``rules.md`` of the package that defines the class."""
    # -- end of what the game carries ---------------------------------------------------------------

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        spec = self.spec
        if not spec.min_players <= players <= spec.max_players:
            span = (f"{spec.min_players}" if spec.min_players == spec.max_players
                    else f"{spec.min_players}–{spec.max_players}")
            raise OptionError(f"{spec.id} is played by {span} players, not {players}")
        self.players = players
        self.options: Options = resolve_options(spec.options, options)
        self.check_options()
        self._deck: Counter | None = None
        self._skeleton: State | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec.id} players={self.players} {self.options!r}>"

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other.players == self.players  # type: ignore[attr-defined]
                and other.options == self.options)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.players, self.options))

    # -- written by each game -------------------------------------------------------------------

    def setup(self, rng: Rng) -> "State":
        """The initial state (deal, shuffle...) drawing all chance from `rng`, which it keeps."""
        raise NotImplementedError

    def deck(self) -> Iterable[Hashable]:
        """Every card in play for these options and players (empty for games without cards)."""
        return ()

    def check_options(self) -> None:
        """Reject combinations of options and player count the rules do not allow."""

    # -- provided ---------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.spec.id

    def new_state(self, seed: int) -> "State":
        """A new game from `seed`: the same seed and actions always give the same game."""
        return self.setup(Rng(seed))

    def build_state(self, rng: Rng, **fields: Any) -> "State":
        """A new `state_class` instance for this game holding `rng`: what `setup` returns,
        e.g. `return self.build_state(rng, pending=[Bid(players)], hands=hands)`."""
        return self.state_class(game=self, rng=rng, **fields)

    def score_bounds(self) -> tuple[float, float] | None:
        """The declared lowest and highest final score of a seat (`GameSpec.score_bounds`)."""
        return self.spec.bounds(self.options, self.players)

    def max_length(self) -> int:
        """An upper bound on the number of decisions in one game."""
        return self.spec.max_length(self.options, self.players)

    def deck_counts(self) -> Counter:
        if self._deck is None:
            self._deck = Counter(self.deck())
        return self._deck

    def check_cards(self, state: "State") -> list[str]:
        """Messages for every card missing from, or extra in, the state's zones."""
        deck = self.deck_counts()
        found: Counter = Counter()
        for _, zone in state.zones():
            found.update(zone.cards())
        if found == deck:
            return []
        missing, extra = deck - found, found - deck
        messages = []
        if missing:
            messages.append(f"cards missing from every zone: {dict(sorted(missing.items(), key=repr))}")
        if extra:
            messages.append(f"cards found beyond the deck: {dict(sorted(extra.items(), key=repr))}")
        return messages

    def skeleton(self) -> "State":
        """A state with the right zones (owners, visibility) for rebuilding states from views."""
        if self._skeleton is None:
            self._skeleton = self.new_state(0)
        return self._skeleton

    def determinize(self, view: "View", rng: Rng) -> "State":
        """A full state consistent with `view`, hidden cards dealt at random with the caller's
        `rng` (never the game's). Override for games with hidden facts beyond zone contents.
        """
        from .determinize import sample_state

        return sample_state(self, view, rng)
