"""The bot protocol's messages: JSON lines between a host and a bot process.

One JSON object per line, UTF-8, each way. The host sends `hello` (the game, the seat, the bot's
own seed), the bot answers `ready`; then for every decision the seat owes, the host sends
`decide` (the seat's view and the legal actions) and the bot answers `{"action": INDEX}` (or the
action's JSON, or `{"error": "why"}` to give up); finally the host sends `end` and closes the
bot's input — unless the bot's `ready` said ``"games": "many"`` and the host keeps bots across a
match's games: then the next game starts with a new `hello` on the same input. The schemas `bot.*.json` in `meeple/protocol/schemas/` specify every message;
`docs/bots.md` walks through them.

This module builds the host's messages and reads the bot's answers, strictly (exact types, one
readable line for anything else), for both front doors: the built-in Python driver and `exec:`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..actions import Action
from ..errors import SerializationError
from ..serialization import action_from_data, action_to_data, view_to_data
from ..view import View
from .errors import BotProcessError

if TYPE_CHECKING:
    from ..game import Game
    from ..narration import Narrator

#: The version of the bot protocol, sent in `hello` and expected back in `ready`.
PROTOCOL_VERSION = 1

#: The longest line a bot may send (bytes, newline included): a bot cannot make its host buffer
#: without limit.
MAX_LINE = 1 << 20


def encode(message: Mapping[str, Any]) -> bytes:
    """One protocol line."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes, what: str) -> Any:
    """A line read from the other side, parsed; BotProcessError names what was wrong."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        raise BotProcessError(f"broke the protocol: its {what} is not a JSON line: {_short(line)}") from None


def hello(game: "Game", seat: int, seed: int, move_timeout: float | None) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "game": game.spec.id, "players": game.players,
            "seat": seat, "options": game.options.as_dict(), "seed": seed, "move_timeout": move_timeout}


def decide(game: "Game", narrator: "Narrator", view: View, legal: Sequence[Action]) -> dict[str, Any]:
    game_cls = type(game)
    return {"type": "decide", "view": view_to_data(game_cls, view),
            "legal": [{"action": action_to_data(game_cls, action), "text": action.describe(),
                       "notation": narrator.notation(view, action)} for action in legal]}


def end(result: Mapping[str, Any], forfeit: Mapping[str, Any] | None) -> dict[str, Any]:
    return {"type": "end", "result": dict(result), "forfeit": None if forfeit is None else dict(forfeit)}


def read_ready(message: Any) -> bool:
    """Check the bot's answer to `hello`; True if it plays many games (``"games": "many"``)."""
    if not isinstance(message, dict) or message.get("type") != "ready":
        raise BotProcessError(f"broke the protocol: it answered hello with {_short(message)}, "
                              f'not {{"type": "ready", "protocol": {PROTOCOL_VERSION}}}')
    version = message.get("protocol")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise BotProcessError(f"speaks bot protocol {_short(version)}; this host speaks {PROTOCOL_VERSION}")
    return message.get("games") == "many"


def read_answer(game: "Game", message: Any, legal: Sequence[Action]) -> Action:
    """The action a bot's answer to `decide` names (legal or not: the host's rules judge it)."""
    if isinstance(message, dict) and set(message) == {"error"} and type(message["error"]) is str:
        raise BotProcessError(f"failed: {message['error'][:300]}")
    if not isinstance(message, dict) or set(message) != {"action"}:
        raise BotProcessError(f'answered {_short(message)}, not {{"action": INDEX}}, {{"action": {{...}}}} '
                              f'or {{"error": "..."}}')
    chosen = message["action"]
    if type(chosen) is int:
        if not 0 <= chosen < len(legal):
            raise BotProcessError(f"answered action {chosen}, but the legal actions are numbered "
                                  f"0 to {len(legal) - 1}")
        return legal[chosen]
    if isinstance(chosen, dict):
        try:
            action = action_from_data(type(game), chosen)
        except SerializationError as exc:
            raise BotProcessError(f"answered an action that is not one of {game.spec.id}'s: {exc}") from None
        if _canonical(action_to_data(type(game), action)) != _canonical(chosen):  # types are exact: "0" is not 0
            raise BotProcessError(f"answered an action that is not one of {game.spec.id}'s: {_short(chosen)} "
                                  f"is not written as {_short(action_to_data(type(game), action))}")
        return action
    raise BotProcessError(f"answered action {_short(chosen)}: an index (integer) or an action object")


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _short(value: Any) -> str:
    if isinstance(value, bytes):
        text = repr(value[:60].decode(errors="replace"))
    else:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
