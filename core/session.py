"""A game in progress between people and bots, and the save files that let it continue later.

A `Session` is what `meeple play` and `meeple serve` hold while a game goes on: the game, its
seed, who sits in each seat (``human`` or a bot spec), the actions so far and the current state.
Because a game is (seed, actions), a session saves and resumes exactly.

`actions` is what the game's record gets: every completed decision, a simultaneous decision's
choices in ascending seat order once the last seat has chosen. Choices already made for a
simultaneous decision still under way are in no record yet: the state holds them (secretly:
`state.chosen`, `state.pending_choice(seat)`), and so does a save — its state carries them as
`"choices"`, and loading replays the actions, then makes those choices again for their seats, so
a game saved between two seats' choices resumes exactly there.

A save file holds the FULL state of the game — every hidden card, the order of the draw pile and
the random generator that predicts every future shuffle. It is not a player's view: a player
who reads it learns everything. Hosts show players views; save files are for resuming.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from attrs import define

from .actions import Action
from .bots import Bot, BotSpec
from .errors import IllegalAction, MeepleError, OptionError, SaveError, UnknownName
from .game import Game
from .files import read_json_file, write_file
from .records import GameRecord, make_record, replay_actions
from .seeds import SEED_LIMIT, check_seed
from .serialization import (action_from_data, action_to_data, dumps, state_fingerprint,
                            state_from_data, state_to_data)
from .state import State

if TYPE_CHECKING:
    from .registry import Registry

T = TypeVar("T")

HUMAN = "human"
SAVE_KIND = "meeple-save"
SAVE_FORMAT = 1
SAVE_NOTE = ("meeple save file: the FULL state of a game in progress, every hidden card and the "
             "random generator included. It is not a player's view; do not show it to players. "
             "Continue with: meeple play --resume FILE")
_SAVE_KEYS = {"format", "kind", "note", "game", "plugin_version", "players", "options", "seed",
              "seats", "actions", "state", "fingerprint"}
#: The JSON type each key of a save document must have, exactly (``1.0`` and ``true`` are not 1).
_SAVE_TYPES = {"format": int, "kind": str, "note": str, "game": str, "plugin_version": str,
               "players": int, "options": dict, "seed": int, "seats": list, "actions": list,
               "state": dict, "fingerprint": str}
#: `Session.load` reads at most this many bytes (a long game's save is well under 1 MiB).
MAX_SAVE_BYTES = 16 << 20


def seat_label(registry: "Registry", game_id: str, text: str) -> str:
    """Check one seat as written by a user (`human`, or a bot spec that can play the game) and
    return its canonical spelling. Raises OptionError or UnknownName saying what is wrong.
    """
    if text.strip().lower() == HUMAN:
        return HUMAN
    spec = BotSpec.parse(text)
    try:
        info = registry.bot(spec.name, game_id)
    except UnknownName as exc:
        raise UnknownName(f"{exc} (or `human` for a person)") from None
    info.parse_params(dict(spec.params))
    return str(spec)


@define
class Session:
    """One game in progress: replaying `actions` from `seed`, then making the pending choices
    of a simultaneous decision under way (`state.chosen`), gives `state`."""

    game: Game
    seed: int
    seats: tuple[str, ...]
    plugin_version: str
    state: State
    actions: list[Action]

    @classmethod
    def start(cls, registry: "Registry", game_id: str, seats: Sequence[str], seed: int,
              options: Mapping[str, Any] | None = None) -> "Session":
        """A new game of `game_id` with one seat per entry of `seats` (`human` or a bot spec).
        `seed` is an integer in [0, 2**64): the games' generator reads 64 bits.
        """
        check_seed(seed, "a seed")
        labels = tuple(seat_label(registry, game_id, s) for s in seats)
        game = registry.create(game_id, len(labels), options)
        return cls(game, seed, labels, registry.game_version(game_id), game.new_state(seed), [])

    # -- seats ----------------------------------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, label in enumerate(self.seats) if label == HUMAN)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def make_bot(self, registry: "Registry", seat: int, spec: str | None = None) -> Bot:
        """The bot for a seat (or the bot `spec` for hints), seeded from the game's seed, the seat
        and the number of moves so far, so a resumed game gets the same bots as a fresh one would
        at that point. The seed is derived one-way (`meeple.seeds`): a bot cannot recover the deal.
        """
        label = spec if spec is not None else self.seats[seat]
        if label == HUMAN:
            raise OptionError(f"seat {seat} is played by a person, not a bot")
        from .seeds import derive

        deal = self.seed & (1 << 64) - 1  # as the game's Rng reads it
        return registry.make_bot(label, self.game, seat, {"seed": derive(deal, "bot", seat, self.state.moves)})

    # -- play -----------------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> tuple[Action, ...]:
        """Apply `action` (for `seat`, when given: any seat that owes a simultaneous choice);
        IllegalAction leaves the session unchanged. Returns what `actions` gained (nothing for
        a simultaneous choice while other seats still owe theirs; see `State.apply`)."""
        recorded = self.state.apply(action, seat)
        self.actions.extend(recorded)
        return recorded

    def attempt(self, action: Action, seat: int | None, report: Callable[[State], T]) -> T:
        """Apply `action` to a copy, compute `report(copy)`, and only then keep the copy: if the
        action is illegal or the report fails (a narrator's bug), the session is unchanged.
        """
        trial = self.state.clone()
        recorded = trial.apply(action, seat)
        result = report(trial)
        self.state = trial
        self.actions.extend(recorded)
        return result

    @property
    def pending_choices(self) -> tuple[tuple[int, Action], ...]:
        """The `(seat, action)` choices made for the simultaneous decision under way (secret:
        for saves and the seats themselves, never for other players)."""
        state = self.state
        return tuple((seat, state.pending_choice(seat)) for seat in state.chosen)  # type: ignore[misc]

    def record(self, forfeit=None) -> GameRecord:
        """The game record (for `meeple replay`); complete once the game is over. Choices of a
        simultaneous decision still under way are left out (the record ends before it)."""
        state = self.state
        if state.chosen:
            state = state.clone()
            state.withdraw_choices()
        return make_record(state, self.seed, self.actions, self.seats, self.plugin_version, forfeit)

    # -- save files -----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The save document (JSON-native). The state is rebuilt from seed and actions, so it
        always follows from them, even if an interrupt struck while an action was applied.
        """
        game_cls = type(self.game)
        state = _rebuild(self.game, self.seed, self.actions, self.pending_choices)
        return {
            "format": SAVE_FORMAT,
            "kind": SAVE_KIND,
            "note": SAVE_NOTE,
            "game": self.game.spec.id,
            "plugin_version": self.plugin_version,
            "players": self.game.players,
            "options": self.game.options.as_dict(),
            "seed": self.seed,
            "seats": list(self.seats),
            "actions": [action_to_data(game_cls, a) for a in self.actions],
            "state": state_to_data(state),
            "fingerprint": state_fingerprint(state),
        }

    @classmethod
    def from_data(cls, registry: "Registry", data: Any) -> "Session":
        """Rebuild a session from a save document, checking that its actions replay from its seed
        to exactly the state it holds. Raises SaveError naming the first problem.
        """
        try:
            return cls._from_data(registry, data)
        except SaveError:
            raise
        except MeepleError as exc:
            raise SaveError(f"bad save: {exc}") from None
        except RecursionError:
            raise SaveError("corrupt save: nested too deeply") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SaveError(f"corrupt save: {exc}") from None

    @classmethod
    def _from_data(cls, registry: "Registry", data: Any) -> "Session":
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
            raise SaveError("this is not a meeple save file (no \"kind\": \"meeple-save\")")
        if set(data) != _SAVE_KEYS:
            missing, extra = sorted(_SAVE_KEYS - set(data)), sorted(set(data) - _SAVE_KEYS)
            problems = [f"{what} keys {keys}" for what, keys in (("missing", missing), ("unexpected", extra)) if keys]
            raise SaveError(f"corrupt save: {', '.join(problems)}")
        for key, kind in _SAVE_TYPES.items():
            if type(data[key]) is not kind:
                raise SaveError(f"corrupt save: {key} must be {_JSON_NAMES[kind]}, got {_short(data[key])}")
        if data["format"] != SAVE_FORMAT:
            raise SaveError(f"save format {data['format']!r} is not supported (this meeple reads {SAVE_FORMAT})")
        if not 0 <= data["seed"] < SEED_LIMIT:
            raise SaveError(f"corrupt save: seed must be in [0, 2**64), got {_short(data['seed'])}")
        if len(data["seats"]) != data["players"] or not all(type(s) is str for s in data["seats"]):
            raise SaveError("corrupt save: seats must list one string per player")
        game_id = data["game"]
        game_cls = registry.game(game_id)
        labels = tuple(seat_label(registry, game_id, s) for s in data["seats"])
        game = game_cls(data["players"], data["options"])
        _check_options_as_written(data["options"], game.options.as_dict())
        actions = [action_from_data(game_cls, a) for a in data["actions"]]
        saved = state_from_data(game_cls, data["state"])
        choices = tuple((seat, saved.pending_choice(seat)) for seat in saved.chosen)
        try:
            state = _rebuild(game, data["seed"], actions, choices)
        except IllegalAction as exc:
            raise SaveError(f"the save's actions do not replay (saved by another version of "
                            f"{game_id}?): {exc}") from None
        if not state_fingerprint(saved) == state_fingerprint(state) == data["fingerprint"]:
            raise SaveError("the save's state does not follow from its seed and actions "
                            "(edited, or saved by another version of the game)")
        session = cls(game, data["seed"], labels, data["plugin_version"], state, actions)
        # Exactly as meeple writes it, value and JSON type: `[]` edited to `""` or 3 to 3.0 may
        # rebuild the same game, but the file was not written by meeple.
        written = session.to_data()
        for key in sorted(_SAVE_KEYS - {"note"}):
            if dumps(written[key]) != dumps(data[key]):
                raise SaveError(f"corrupt save: {key} is not as meeple writes it (edited?)")
        return session

    def save(self, path: Path, overwrite: bool = True) -> None:
        """Write the save file atomically: a crash never leaves half a save, and only a regular
        file is ever replaced (never a directory, a device node or a FIFO). With
        ``overwrite=False`` an existing file is refused (SaveError), even one created meanwhile.
        """
        write_file(path, json.dumps(self.to_data(), indent=1) + "\n", overwrite=overwrite, error=SaveError)

    @classmethod
    def load(cls, registry: "Registry", path: Path, max_bytes: int = MAX_SAVE_BYTES) -> "Session":
        """Read a save file: a regular file of at most `max_bytes`; SaveError names any problem."""
        data = read_json_file(path, max_bytes, "a meeple save file", SaveError)
        try:
            return cls.from_data(registry, data)
        except SaveError as exc:
            raise SaveError(f"{path}: {exc}") from None


def _check_options_as_written(saved: dict[str, Any], written: dict[str, Any]) -> None:
    """A save holds every option exactly as `to_data` writes it: a missing option (which the
    game would fill with its default) or one of another JSON type (`"3"` for 3) was edited."""
    for key, value in written.items():
        if key not in saved:
            raise SaveError(f"corrupt save: option {key!r} is missing")
        if type(saved[key]) is not type(value) or saved[key] != value:
            raise SaveError(f"corrupt save: option {key!r} is {_short(saved[key])}, "
                            f"where meeple writes {_short(value)}")


_JSON_NAMES = {int: "an integer", str: "a string", dict: "an object", list: "a list"}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _rebuild(game: Game, seed: int, actions: Sequence[Action],
             choices: Sequence[tuple[int, Action]]) -> State:
    """The state of a session: its actions replayed from its seed, then its pending choices made
    again by their seats (in seat order: the order does not change the state)."""
    state = replay_actions(game, seed, actions)
    for seat, action in choices:
        if state.apply(action, seat):
            raise IllegalAction(f"seat {seat}'s pending choice completes the decision: it would "
                                f"have been recorded")
    return state


__all__ = ["HUMAN", "MAX_SAVE_BYTES", "SAVE_KIND", "SAVE_NOTE", "SEED_LIMIT", "Session", "seat_label"]
