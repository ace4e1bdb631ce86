"""`meeple play`: play a game at the terminal against bots, or hotseat with other people."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import UserError, game_options, load_registry, user_errors

#: Bots tried, in this order, for unnamed seats and for hints: the game's own first.
PREFERRED_BOTS = ("greedy", "mcts", "random")


def play(
    game: Annotated[Optional[str], typer.Argument(help="Game id (see `meeple games`); omit with --resume.")] = None,
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help="Who plays a seat, in seat order: `human` or a bot spec NAME[:key=value,...] (repeat). Default: you against the game's best simple bot.")] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players; seats not given by --seat get the default bot.")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed of the deal (default: a random one, shown at the start).")] = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Game option KEY=VALUE (repeat).")] = None,
    save: Annotated[Optional[Path], typer.Option(help="Where `save`, `quit`, Ctrl-C and end of input save the game (default: GAME-SEED.save.json, or the --resume file).")] = None,
    resume: Annotated[Optional[Path], typer.Option(help="Continue a saved game.")] = None,
    hint: Annotated[Optional[str], typer.Option(help="The bot that answers `hint` (default: as for seats).")] = None,
    record: Annotated[Optional[Path], typer.Option(help="At the end, write the game record here (for `meeple replay --step`).")] = None,
) -> None:
    """Play GAME at the terminal: your view only, other seats' moves narrated, moves by number or
    in the game's notation. Several `--seat human` play hotseat. A save file holds the full
    game (hidden cards included): it is for resuming, not for players' eyes.
    """
    from ..session import HUMAN, Session
    from ..terminal.play import PlayLoop
    from ..terminal.screen import Screen

    registry = load_registry()
    with user_errors():
        if resume is not None:
            given = {"GAME": game, "--seat": seat, "--players": players, "--seed": seed,
                     "--variant": variant, "--option": option}
            clashing = [flag for flag, value in given.items() if value]
            if clashing:
                raise UserError(f"--resume continues a saved game as it was: drop {', '.join(clashing)}")
            session = Session.load(registry, resume)
            save_path = save or resume
        else:
            if game is None:
                raise UserError("name a game to play (see `meeple games`), or --resume a saved game")
            spec = registry.game(game).spec
            count = players if players is not None else max(len(seat or ()), spec.min_players)
            seats = list(seat or [HUMAN])
            if len(seats) > count:
                raise UserError(f"{len(seats)} --seat given for {count} players")
            seats += [default_bot(registry, game)] * (count - len(seats))
            if seed is None:
                seed = secrets.randbelow(1_000_000)
            session = Session.start(registry, game, seats, seed, game_options(registry, game, variant, option))
            save_path = save or Path(f"{game}-{seed}.save.json")
        if not session.humans:
            raise UserError("meeple play needs a `--seat human`; to watch bots, use `meeple match "
                            "--out FILE` and then `meeple replay FILE --step`")
        game_id = session.game.spec.id
        hint_bot = hint or default_bot(registry, game_id)
        session.make_bot(registry, session.humans[0], hint_bot)  # a bad --hint fails now, not at `hint`
        loop = PlayLoop(registry, session, Screen(), save_path, hint_bot, record)
    raise typer.Exit(loop.run())


def default_bot(registry, game_id: str) -> str:
    """The first of PREFERRED_BOTS that can play the game."""
    names = {info.name for info in registry.bots_for(game_id)}
    for name in PREFERRED_BOTS:
        if name in names:
            return name
    raise UserError(f"no installed bot plays {game_id}: name every seat `human`")
