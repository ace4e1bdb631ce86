"""A game in progress between people and bots, and the save files that let it continue later.

A `Session` is what `meeple play` and `meeple serve` hold while a game goes on: the game, its
seed, who sits in each seat (``human`` or a bot spec), the actions so far and the current state.
Because a game is (seed, actions), a session saves and resumes exactly.

A save file holds the FULL state of the game — every hidden card, the order of the draw pile and
the random generator that predicts every future shuffle. It is not a player's view: a player
who reads it learns everything. Hosts show players views; save files are for resuming.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from attrs import define

from .actions import Action
from .bots import Bot, BotSpec
from .errors import IllegalAction, MeepleError, OptionError, SaveError, UnknownName
from .game import Game
from .records import GameRecord, make_record
from .serialization import (action_from_data, action_to_data, state_fingerprint, state_from_data,
                            state_to_data)
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
    """One game in progress: replaying `actions` from `seed` gives `state`."""

    game: Game
    seed: int
    seats: tuple[str, ...]
    plugin_version: str
    state: State
    actions: list[Action]

    @classmethod
    def start(cls, registry: "Registry", game_id: str, seats: Sequence[str], seed: int,
              options: Mapping[str, Any] | None = None) -> "Session":
        """A new game of `game_id` with one seat per entry of `seats` (`human` or a bot spec)."""
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

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply `action` (for `seat`, when given); IllegalAction leaves the session unchanged."""
        self.state.apply(action, seat)
        self.actions.append(action)

    def attempt(self, action: Action, seat: int | None, report: Callable[[State], T]) -> T:
        """Apply `action` to a copy, compute `report(copy)`, and only then keep the copy: if the
        action is illegal or the report fails (a narrator's bug), the session is unchanged.
        """
        trial = self.state.clone()
        trial.apply(action, seat)
        result = report(trial)
        self.state = trial
        self.actions.append(action)
        return result

    def record(self, forfeit=None) -> GameRecord:
        """The game record (for `meeple replay`); complete once the game is over."""
        return make_record(self.state, self.seed, self.actions, self.seats, self.plugin_version, forfeit)

    # -- save files -----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The save document (JSON-native). The state is rebuilt from seed and actions, so it
        always follows from them, even if an interrupt struck while an action was applied.
        """
        game_cls = type(self.game)
        state = _replay(self.game, self.seed, self.actions)
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
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"corrupt save: {exc}") from None

    @classmethod
    def _from_data(cls, registry: "Registry", data: Any) -> "Session":
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
            raise SaveError("this is not a meeple save file (no \"kind\": \"meeple-save\")")
        if set(data) != _SAVE_KEYS:
            missing, extra = sorted(_SAVE_KEYS - set(data)), sorted(set(data) - _SAVE_KEYS)
            raise SaveError(f"corrupt save: missing keys {missing}, unexpected keys {extra}")
        if data["format"] != SAVE_FORMAT:
            raise SaveError(f"save format {data['format']!r} is not supported (this meeple reads {SAVE_FORMAT})")
        for key in ("players", "seed"):
            if type(data[key]) is not int:
                raise SaveError(f"corrupt save: {key} must be an integer, got {data[key]!r}")
        if not isinstance(data["seats"], list) or len(data["seats"]) != data["players"]:
            raise SaveError("corrupt save: seats must list one entry per player")
        game_id = data["game"]
        game_cls = registry.game(game_id)
        labels = tuple(seat_label(registry, game_id, str(s)) for s in data["seats"])
        game = game_cls(data["players"], data["options"])
        actions = [action_from_data(game_cls, a) for a in data["actions"]]
        try:
            state = _replay(game, data["seed"], actions)
        except IllegalAction as exc:
            raise SaveError(f"the save's actions do not replay (saved by another version of "
                            f"{game_id}?): {exc}") from None
        saved = state_from_data(game_cls, data["state"])
        if not state_fingerprint(saved) == state_fingerprint(state) == data["fingerprint"]:
            raise SaveError("the save's state does not follow from its seed and actions "
                            "(edited, or saved by another version of the game)")
        return cls(game, data["seed"], labels, str(data["plugin_version"]), state, actions)

    def save(self, path: Path) -> None:
        """Write the save file atomically (a crash never leaves half a save)."""
        text = json.dumps(self.to_data(), indent=1) + "\n"
        temporary = path.with_name(path.name + ".partial")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        except OSError as exc:
            raise SaveError(f"cannot write {path}: {exc.strerror}") from None

    @classmethod
    def load(cls, registry: "Registry", path: Path) -> "Session":
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise SaveError(f"{path} is not a meeple save file (not text)") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"{path} is not a meeple save file: {exc.msg} at line {exc.lineno}") from None
        try:
            return cls.from_data(registry, data)
        except SaveError as exc:
            raise SaveError(f"{path}: {exc}") from None


def _replay(game: Game, seed: int, actions: Sequence[Action]) -> State:
    state = game.new_state(seed)
    for action in actions:
        state.apply(action)
    return state


__all__ = ["HUMAN", "SAVE_KIND", "SAVE_NOTE", "Session", "seat_label"]
