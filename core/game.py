"""A game: the immutable factory of states for one player count and one set of options."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, ClassVar, Hashable, Iterable, Iterator, Mapping, Sequence

from .actions import Action, Decision
from .errors import OptionError
from .options import Options, resolve_options
from .rules_text import RulesBesideModule
from .rng import Rng
from .spec import Dynamics, GameSpec

if TYPE_CHECKING:
    from collections.abc import Callable

    from .determinize import SampleCondition
    from .state import State
    from .view import View


class Game:
    """Subclass per game: declare `spec`, `state_class`, `action_types`, `decision_types`, and
    write `setup` — or, for explicit chance, `deal_outcomes` and `setup_with` — (and `deck` for
    card games). An instance fixes players and options.
    """

    spec: ClassVar[GameSpec]
    state_class: ClassVar[type["State"]]
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    decision_types: ClassVar[tuple[type[Decision], ...]] = ()

    # -- what the game carries besides its rules (read by the registry) -------------------------
    # A plugin registers the class alone; the registry reads these, then the older hooks.
    # Typed loosely on purpose: their types (`meeple.render.Renderer`, `meeple.narration.Narrator`,
    # `meeple.search.RolloutHorizon`, `meeple.bots.BotInfo`) live in layers above the rules.
    renderer: ClassVar[Any] = None
    """``renderer(view) -> str`` (a `meeple.render.Renderer`): draws a view for a person (None:
    the generic renderer)."""
    narrator: ClassVar[Any] = None
    """A `meeple.narration.Narrator`: how decisions are put into words and typed moves read
    (None: the generic narrator)."""
    rollout_horizon: ClassVar[Any] = None
    """``horizon(root, state) -> values | None`` (a `meeple.search.RolloutHorizon`): where
    search rollouts may stop early."""
    bots: ClassVar[tuple[Any, ...]] = ()
    """The game's own bots (`meeple.bots.BotInfo`: its ``greedy``), shadowing generic bots of
    the same name."""
    rules_text: ClassVar[str] = RulesBesideModule()  # type: ignore[assignment]
    """The rules for people: by default the ``rules.md`` of the package that defines the class."""
    web_renderer: ClassVar[str | None] = None
    """A browser renderer for `meeple server`: the path of a JavaScript module relative to the folder
    of the module that defines the class (None: the generic table; see docs/server.md)."""
    shown_fields: ClassVar[tuple[str, ...] | None] = None
    """The view fields a person is shown, in this order, by a generic table (None: every field):
    bookkeeping the rules keep for themselves (a turn's progress flags) is left out."""
    card_names: ClassVar["Callable[[Any], str] | None"] = None
    """``card_names(card) -> str``: what people call a card ("Joker", "QS"); None: its value."""
    card_kind: ClassVar["Callable[[Any], Any] | None"] = None
    """``card_kind(card) -> kind``: what facts about hidden cards compare (`meeple.knowledge`:
    "holds no 7", "above 3"), a rank say; None: the card itself."""
    records_facts: ClassVar[bool] = False
    """Whether the rules record facts about hidden cards (`State.learn`): RL observations then
    carry a facts block (docs/knowledge.md)."""
    # -- end of what the game carries ---------------------------------------------------------------

    sample_condition: ClassVar["SampleCondition | None"] = None
    """``condition(view) -> test | None``: what the public flow says about hidden cards beyond
    where their zones put them (a frame pushed only for a seat that can act on it), for
    `determinize` to keep: the sampler deals the view's hidden cards again until ``test(sample)``
    holds (None: any deal will do). `meeple.determinize.owing_seats_can_act` is one."""

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
        """The initial state (deal, shuffle...) drawing all chance from `rng`, which it keeps.

        A game with explicit chance (`deal_outcomes` and `setup_with`) need not write it: the
        default draws one deal with `rng`, at its exact probability, and builds the state for it.
        """
        outcomes = self.deal_outcomes()
        if outcomes is None:
            raise NotImplementedError(f"{type(self).__name__} writes neither setup nor deal_outcomes")
        return self.setup_with(draw_outcome(outcomes, rng), rng)

    def deal_outcomes(self) -> "Sequence[tuple[Any, Fraction]] | None":
        """Explicit chance (optional): every outcome of the opening chance event — the deal —
        with its exact probability (`Fraction`s summing to 1), in a fixed order; None (the
        default) when the game keeps its chance inside `setup`.

        An outcome is any value `setup_with` understands (say, the tuple of cards dealt to each
        seat). With it, tests and tools enumerate every deal (`deal_states`) for exhaustive
        checks, exact expected values or CFR, as OpenSpiel's chance nodes allow. Chance after
        the deal (a reshuffle, a draw from the stock) still comes from the state's `Rng`.
        """
        return None

    def setup_with(self, deal: Any, rng: Rng) -> "State":
        """The initial state for the given `deal` (one of `deal_outcomes`); `rng` is kept for
        any later chance. Written by games that declare `deal_outcomes`."""
        raise NotImplementedError(f"{type(self).__name__} declares no explicit chance (setup_with)")

    def deck(self) -> Iterable[Hashable]:
        """Every card in play for these options and players (empty for games without cards)."""
        return ()

    def check_options(self) -> None:
        """Reject combinations of options and player count the rules do not allow."""

    def bot_settings(self, bot: str) -> Mapping[str, Any]:
        """This game's tuned parameters for the generic bot named `bot` (say ``ismcts``), at these
        players and options: the setting measured strongest at a stated time per decision, for
        a bare spec (``--bot ismcts``, or ``ismcts:seed=N``) to play. A spec that names any other
        parameter starts from the bot's own defaults instead, so a setting written out means the
        same thing in every game. Empty (the bot's own defaults) unless the game says otherwise;
        `meeple bots --game GAME` shows it. Values are typed as the bot's options are (int,
        float, bool, str)."""
        return {}

    # -- provided ---------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The game's id, `spec.id`."""
        return self.spec.id

    def new_state(self, seed: int) -> "State":
        """A new game from `seed`: the same seed and actions always give the same game."""
        return self.setup(Rng(seed))

    def deal_states(self, seed: int = 0) -> Iterator[tuple[Any, Fraction, "State"]]:
        """Every deal of `deal_outcomes` with its probability and its initial state (each state's
        `Rng` seeded with `seed`, for any later chance). Raises ValueError for a game without
        explicit chance."""
        outcomes = self.deal_outcomes()
        if outcomes is None:
            raise ValueError(f"{self.spec.id} declares no explicit chance (Game.deal_outcomes)")
        for deal, probability in outcomes:
            yield deal, probability, self.setup_with(deal, Rng(seed))

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

    @property
    def dynamics(self) -> "Dynamics":
        """Whether THIS game (these options and players) can owe a decision to several seats at
        once. The spec declares the game's dynamics over all its option sets (as OpenSpiel's
        `GameType` does); a game whose options can rule out every simultaneous decision (Hearts
        without a pass) overrides this, and the conformance kit holds each option set to it."""
        return self.spec.dynamics

    def deck_counts(self) -> Counter:
        """`deck()` as a Counter (card: copies), computed once per game instance."""
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

    def sampler(self, view: "View") -> "Callable[[Rng], State]":
        """`lambda rng: self.determinize(view, rng)`, the same draws, for a search sampling one
        view thousands of times: unless the game overrides `determinize`, the view is read once
        (`meeple.determinize.Sampler`) and each draw only clones, shuffles and deals (again, while
        the game's `sample_condition` fails)."""
        if type(self).determinize is not Game.determinize:
            return lambda rng: self.determinize(view, rng)
        from .determinize import Sampler

        return Sampler(self, view)


def draw_outcome(outcomes: "Sequence[tuple[Any, Fraction]]", rng: Rng) -> Any:
    """One outcome drawn with `rng` at its exact probability (one `Rng.below` over the common
    denominator, so equal probabilities cost one uniform draw). The probabilities must be
    non-negative `Fraction`s (or ints) summing to exactly 1."""
    probabilities = [Fraction(p) for _, p in outcomes]
    if any(p < 0 for p in probabilities) or sum(probabilities) != 1:
        raise ValueError("deal_outcomes: probabilities must be non-negative and sum to exactly 1")
    denominator = lcm(*(p.denominator for p in probabilities))
    ticket = rng.below(denominator)
    for (outcome, _), probability in zip(outcomes, probabilities):
        ticket -= probability.numerator * (denominator // probability.denominator)
        if ticket < 0:
            return outcome
    raise AssertionError("unreachable: the probabilities sum to 1")
