"""Words for people: narrating decisions and reading moves typed in a game's short notation.

A game carries its `Narrator` as ``Game.narrator`` (another plugin may provide one for it through
the ``meeple_register_narrators`` hook); a game without one gets this base class, whose every method is a generic fallback (the action's `describe()`,
and a notation made of the action's tag and field values). Hosts that talk to people use
`read_move` to turn what a person typed into an action, so every game accepts the same inputs:
the number of a listed action, its notation, its description, or its JSON form.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

import attrs

from .actions import Action
from .errors import MeepleError

if TYPE_CHECKING:
    from .game import Game
    from .view import View


class NotationError(MeepleError):
    """Typed input that names no action: the message says what was expected instead."""


class Narrator:
    """How one game's decisions read in words, and how its moves are typed.

    Subclass it in a game plugin and override what the generic forms say badly. Every method
    receives views, never the state: a narrator can only tell a viewer what that viewer may see.
    """

    #: Shown by `help` at the prompt: how to type this game's moves, with an example or two.
    notation_help: ClassVar[str] = (
        "Type an action as it is listed in brackets: its name followed by its values, separated "
        "by spaces (for example `take 0 2`). The description as listed works too, and so does "
        'the action as JSON (`{"type": "take", ...}`).'
    )

    def narrate(self, before: "View", action: Action, after: "View") -> str:
        """One sentence saying what the seat owing `before`'s decision did, e.g. "seat 2 plays
        three 7s and steals seat 3's pair of 5s".

        `before` and `after` are the same viewer's views (`before.player`, None for the
        omniscient observer) just before and just after `action`; say nothing those views and
        the public action do not show that viewer (another seat's drawn card, say).
        """
        return f"seat {before.current_player}: {action.describe()}"

    def narrate_move(self, before: "View", action: Action, after: "View", actor_before: "View") -> str:
        """What hosts call: `narrate`, also given the acting seat's own view just before the
        action (`actor_before`), so a narrator can name what the action shows everyone even when
        the rules hide it again at once (Combo Breaker's face-up play that ends the round, whose
        cards are reshuffled before any other view shows them). Name from `actor_before` only
        what the action makes public. The generic form calls `narrate`, except for a choice of
        a simultaneous decision, which it tells as the acting seat's (any owing seat may choose).
        """
        if (type(self).narrate is Narrator.narrate and actor_before is not None
                and actor_before.player is not None and before.decision is not None
                and before.decision.simultaneous):
            return f"seat {actor_before.player}: {action.describe()}"
        return self.narrate(before, action, after)

    def describe(self, view: "View", action: Action) -> str:
        """A legal `action` of the seat `view` belongs to, in words, as a move list shows it:
        name what it moves ("take the 13 (slot 3)", "play 12 12 (X as 12)"), from what the view
        shows. The generic form is the action's own `describe()`.
        """
        return action.describe()

    def notation(self, view: "View", action: Action) -> str:
        """The short typed form of a legal `action` in the position `view` shows.

        Distinct legal actions must get distinct notations, and none may be a bare number (a
        number picks from the numbered list); matching ignores case and runs of spaces.
        """
        return generic_notation(action)

    def parse(self, view: "View", text: str) -> Action | None:
        """Read `text` as an action of this game even if it is not legal now, so the host can let
        the rules explain why; None when `text` is not in this game's notation. Legal actions
        need no parsing here: hosts first compare the input with their notations.
        """
        return None


def generic_notation(action: Action) -> str:
    """The action's tag followed by its field values, tuples flattened: `place w 0 0 0 1`."""
    words = [action.tag]
    for field in attrs.fields(type(action)):
        words.extend(_words(getattr(action, field.name)))
    return " ".join(words)


def _words(value: Any) -> list[str]:
    if isinstance(value, (tuple, list)):
        return [word for item in value for word in _words(item)]
    if value is None:
        return ["-"]
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    return [str(value)]


def normalize(text: str) -> str:
    """What typed moves are compared by: lower case, single spaces, no spaces at the ends."""
    return " ".join(text.lower().split())


def read_move(narrator: Narrator, game_cls: type["Game"], view: "View", legal: Sequence[Action],
              text: str) -> Action:
    """The action a person means by `text`, in the order a person would expect:

    1. a number: that entry of `legal`, numbered from 1;
    2. the notation or a description (the narrator's or the action's own) of exactly one legal action;
    3. the game's own parser (`Narrator.parse`), which may return an illegal action;
    4. a JSON action object.

    The result of 3 and 4 may be illegal: the caller applies it and shows the rules' reason.
    Raises NotationError with a message saying what was expected.
    """
    typed = normalize(text)
    if not typed:
        raise NotationError("type a move, or `help`")
    if typed.isdigit() or (typed.startswith("-") and typed[1:].isdigit()):
        number = int(typed)
        if not legal:
            raise NotationError("there is no move to choose now")
        if not 1 <= number <= len(legal):
            raise NotationError(f"there is no move {number}: choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    matches = [action for action in legal
               if typed in (normalize(narrator.notation(view, action)), normalize(action.describe()),
                            normalize(narrator.describe(view, action)))]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        numbers = ", ".join(str(legal.index(action) + 1) for action in matches)
        raise NotationError(f"{text.strip()!r} could mean moves {numbers}: type the number")
    parsed = narrator.parse(view, text.strip())
    if parsed is not None:
        return parsed
    if typed.startswith("{"):
        return _json_action(game_cls, text)
    raise NotationError(f"{text.strip()!r} is not a move here: type a number from 1 to {len(legal)}, "
                        f"a move as listed, or `help`" if legal else
                        f"{text.strip()!r} is not a move here, and there is no move to choose now")


def _json_action(game_cls: type["Game"], text: str) -> Action:
    from .serialization import action_from_data

    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"that is not valid JSON: {exc.msg} at column {exc.colno}") from None
    try:
        return action_from_data(game_cls, data)
    except MeepleError as exc:
        raise NotationError(str(exc)) from None


__all__ = ["Narrator", "NotationError", "generic_notation", "normalize", "read_move"]
