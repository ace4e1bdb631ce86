"""What every command shares: loading plugins, turning user errors into one line, option flags."""

from __future__ import annotations

import contextlib
import sys
import warnings
from typing import Annotated, Any, Iterator, Optional, Sequence

import typer

from ..errors import MeepleError, OptionError
from ..options import format_value, parse_pairs
from ..plugins import PluginLoadWarning
from ..registry import Registry


class UserError(MeepleError):
    """A mistake on the command line (bad file, bad flag combination)."""


def one_line(text: str) -> str:
    """`text` with every control character escaped (`\\x1b`, `\\n`): a message quoting what a
    user typed stays one line and can never move the cursor or recolour the terminal."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def print_error(message: str) -> None:
    """The one way a command reports a user error: `meeple: error: ...` on stderr, one line."""
    typer.echo(f"meeple: error: {one_line(message)}", err=True)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """Print a MeepleError as one line on stderr and exit 2 (never a traceback)."""
    try:
        yield
    except MeepleError as exc:
        print_error(str(exc))
        raise typer.Exit(2) from None


def load_registry() -> Registry:
    """The installed plugins; a plugin that fails to load is reported as one warning line."""
    with user_errors(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginLoadWarning)
        registry = Registry.load()
    for warning in caught:
        typer.echo(f"meeple: warning: {warning.message}", err=True)
    return registry


def game_options(registry: Registry, game_id: str, variant: str | None, pairs: list[str] | None) -> dict[str, Any]:
    """Options from `--variant` and repeated `--option KEY=VALUE` (validated later by the game)."""
    options: dict[str, Any] = dict(parse_pairs(pairs or []))
    if variant is not None:
        spec = registry.game(game_id).spec
        if not any(o.name == "variant" for o in spec.options):
            raise OptionError(f"{game_id} has no variants (its options: "
                              f"{', '.join(o.name for o in spec.options) or 'none'})")
        if "variant" in options and options["variant"] != variant:
            raise OptionError("--variant and --option variant=... disagree")
        options["variant"] = variant
    return options


#: `--players`, the same in every command that takes it (`play`, `match`, `tournament`, `bots`, `bench`);
#: each command's help says what it does when the option is left out.
PlayersOption = Annotated[Optional[int], typer.Option(
    "--players", "-p", metavar="N", help="Number of players, within the game's range (see `meeple games`).")]


def check_players(registry: Registry, game_id: str, players: int | None) -> int | None:
    """`--players` as given (None when left out), checked against the game's range: one line."""
    if players is None:
        return None
    spec = registry.game(game_id).spec
    if not spec.min_players <= players <= spec.max_players:
        span = (str(spec.min_players) if spec.min_players == spec.max_players
                else f"{spec.min_players}–{spec.max_players}")
        raise UserError(f"{game_id} is played by {span} players, not {players} (--players)")
    return players


def check_seat_count(given: Sequence[str], players: int, flag: str) -> None:
    """One line when more seats are given (`--bot`, `--seat`) than the game has players."""
    if len(given) > players:
        raise UserError(f"{len(given)} {flag} given for {players} players: give at most {players}")


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def table_console():
    """A rich console for result tables: on a pipe or file, wide enough that no column is cut."""
    from rich.console import Console

    return Console() if sys.stdout.isatty() else Console(width=160)


def show_value(value: Any) -> str:
    """A default or option value as a person would type it: `true`/`false`, and floats to four
    significant digits (`1.414`, not `1.4142135623730951`)."""
    return format(value, ".4g") if type(value) is float else format_value(value)


def show_options(options: dict[str, Any]) -> str:
    """Game options as `key=value, ...` (`no options` when the game has none)."""
    return ", ".join(f"{key}={show_value(value)}" for key, value in options.items()) or "no options"
