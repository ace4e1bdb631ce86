"""The `meeple` Typer application and its entry point."""

from __future__ import annotations

import functools
import re
import sys

import typer
import typer.core
from typer import BadParameter
from typer._click.exceptions import UsageError  # typer vendors click: its usage errors live here

from . import bench, bots, games, match, play, plugins, replay, rules, serve, server, tournament
from .common import print_error


class MeepleCommand(typer.core.TyperCommand):
    """A command whose help and usage errors read cleanly: `GAME`, `FILE`, `N` instead of typer's
    `{game}`, `<list[str]>`; integers typed exactly; and a usage error that knows which command's
    help to point to. Every command of `app` is one (a declaration's own `metavar=` wins)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if getattr(param, "is_flag", False):
                continue
            if param.metavar is None:
                param.metavar = _metavar(param)
            if param.type_descriptor.annotation is int:
                _take_exact_integers(param)

    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(param.metavar if param.required else f"[{param.metavar}]")
        return pieces

    def format_options(self, ctx: typer.Context, formatter: typer.core._click.HelpFormatter) -> None:
        """Arguments as `GAME  help`, options as `-n, --games N  help` (no `<type>` labels)."""
        sections: dict[str, list[tuple[str, str]]] = {"argument": [], "option": []}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None or param.param_type_name not in sections:
                continue
            if param.param_type_name == "argument":
                record = (param.metavar, record[1].replace("  [required]", ""))
            sections[param.param_type_name].append(record)
        for title, rows in (("Arguments", sections["argument"]), ("Options", sections["option"])):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except UsageError as exc:
            if exc.ctx is None:  # the parser's errors (`-b` without a value) come without one
                exc.ctx = ctx
            raise


_INTEGER = re.compile(r"[+-]?[0-9]+")


def _take_exact_integers(param: typer.core.TyperArgument | typer.core.TyperOption) -> None:
    """Make an integer parameter refuse what typer's lax conversion accepts (`2.0`, ` 5`, `1_000`,
    `٣`): an integer is typed as ASCII digits, nothing else."""
    convert = param.process_value

    def process_value(ctx: typer.Context, value: object) -> object:
        if isinstance(value, str) and not _INTEGER.fullmatch(value):
            raise BadParameter(f"{value!r} is not an integer", ctx=ctx, param=param)
        return convert(ctx, value)

    param.process_value = process_value  # type: ignore[method-assign]


def _metavar(param: typer.core.TyperArgument | typer.core.TyperOption) -> str:
    """The placeholder a parameter shows when its declaration names none: a file, a number, or
    the parameter's own name in capitals (`--variant VARIANT`, argument `GAME`)."""
    described = param.type_descriptor  # type: ignore[attr-defined]
    if described.is_path and param.param_type_name == "option":
        return "FILE"
    if described.annotation is int and param.param_type_name == "option":
        return "N"
    return param.name.upper() if param.param_type_name == "argument" else max(param.opts, key=len).lstrip("-").upper()


app = typer.Typer(
    name="meeple",
    help="Play, match and benchmark tabletop games from installed meeple plugins.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,  # a local may be a hidden hand
    add_completion=False,
    rich_markup_mode=None,  # help text is plain: `meeple[ray]` must not be read as markup
)
app.command(cls=MeepleCommand)(games.games)
app.command(cls=MeepleCommand)(bots.bots)
app.command(cls=MeepleCommand)(plugins.plugins)
app.command(cls=MeepleCommand)(rules.rules)
app.command(cls=MeepleCommand)(match.match)
app.command(cls=MeepleCommand)(bench.bench)
app.command(cls=MeepleCommand)(replay.replay)
app.command(cls=MeepleCommand)(tournament.tournament)
app.command(cls=MeepleCommand)(play.play)
app.command(cls=MeepleCommand)(serve.serve)
app.command(cls=MeepleCommand)(server.server)


@functools.cache
def _command() -> typer.core.TyperGroup:
    """The click command tree, built once (building it reads every command's signature)."""
    return typer.main.get_command(app)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; usage errors print one line and exit 2 (no usage dump, no traceback)."""
    command = _command()
    try:
        result = command.main(args=argv, prog_name="meeple", standalone_mode=False)
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        typer.echo("meeple: aborted", err=True)
        return 130
    except typer.TyperException as exc:  # click's usage errors, vendored by typer
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            help_text = ctx.get_help()  # rich help prints itself and returns an empty string
            if help_text.strip():
                typer.echo(help_text)
            return 2
        where = f"meeple {ctx.info_name}" if ctx is not None and ctx.parent is not None else "meeple"
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        print_error(f"{message} (see '{where} --help')")
        return getattr(exc, "exit_code", 2)
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())
