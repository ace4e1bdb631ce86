"""The `meeple` Typer application and its entry point."""

from __future__ import annotations

import sys

import typer

from . import bench, bots, games, match, play, plugins, replay, rules, serve, tournament

app = typer.Typer(
    name="meeple",
    help="Play, match and benchmark tabletop games from installed meeple plugins.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,  # a local may be a hidden hand
    add_completion=False,
    rich_markup_mode=None,  # help text is plain: `meeple[ray]` must not be read as markup
)
app.command()(games.games)
app.command()(bots.bots)
app.command()(plugins.plugins)
app.command()(rules.rules)
app.command()(match.match)
app.command()(bench.bench)
app.command()(replay.replay)
app.command()(tournament.tournament)
app.command()(play.play)
app.command()(serve.serve)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; usage errors print one line and exit 2 (no usage dump, no traceback)."""
    command = typer.main.get_command(app)
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
        typer.echo(f"meeple: error: {message} (see '{where} --help')", err=True)
        return getattr(exc, "exit_code", 2)
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())
