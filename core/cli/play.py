"""`meeple play`: play a game at the terminal against bots, or hotseat with other people."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import PlayersOption, UserError, check_players, check_seat_count, game_options, load_registry, user_errors

#: Bots tried, in this order, for unnamed seats and for hints: the game's own first.
PREFERRED_BOTS = ("greedy", "mcts", "random")


def play(
    game: Annotated[Optional[str], typer.Argument(help="Game id (see `meeple games`); omit with --resume.")] = None,
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help="Who plays a seat, in seat order: `human` or a bot spec NAME[:key=value,...] (repeat). Default: you against the game's best simple bot.")] = None,
    players: PlayersOption = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed of the deal, 0 to 2**64-1 (default: a random one, shown when the game is over).")] = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option (repeat).")] = None,
    save: Annotated[Optional[Path], typer.Option(help="Where `save`, `quit`, Ctrl-C, the end of input and a failing bot save the game: a new file (default: GAME-YYYYMMDD-HHMMSS.save.json here, or the --resume file).")] = None,
    resume: Annotated[Optional[Path], typer.Option(help="Continue a saved game (the file is updated when the game is saved).")] = None,
    hint: Annotated[Optional[str], typer.Option(metavar="BOT", help="The bot that answers `hint` (default: as for seats).")] = None,
    record: Annotated[Optional[Path], typer.Option(help="At the end, write the game record to this new file (for `meeple replay --step`).")] = None,
    move_timeout: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds a bot may think per move; a bot that runs over stops the game, which is saved.")] = 60.0,
) -> None:
    """Play GAME at the terminal: your view only, other seats' moves narrated, moves by number or
    in the game's notation. Several `--seat human` play hotseat. Without --players the game has
    as many players as --seat entries (at least its fewest); seats not given by --seat get the
    default bot. A save file holds the full game (hidden cards included): it is for resuming,
    not for players' eyes.
    """
    from ..seeds import fresh_secret
    from ..seeds import check_seed
    from ..session import HUMAN, Session
    from ..files import check_directory, check_new_file
    from ..terminal.play import PlayLoop
    from ..terminal.screen import Screen
    from ..tournament.runner import MAX_MOVE_TIMEOUT

    registry = load_registry()
    with user_errors():
        if not 0 < move_timeout <= MAX_MOVE_TIMEOUT:  # nan fails too
            raise UserError(f"--move-timeout must be a positive number of seconds, at most "
                            f"{MAX_MOVE_TIMEOUT:g} (one day); got {move_timeout!r}")
        if seed is not None:
            check_seed(seed, "--seed")
        # Every file is checked before the game starts: nothing is found out at the end.
        if save is not None:
            check_new_file(save, "--save", continuing=resume)
        if record is not None:
            check_new_file(record, "--record")
        if resume is not None:
            given = {"GAME": game, "--seat": seat, "--players": players, "--seed": seed,
                     "--variant": variant, "--option": option}
            clashing = [flag for flag, value in given.items() if value is not None and value != []]
            if clashing:
                raise UserError(f"--resume continues a saved game as it was: drop {', '.join(clashing)}")
            session = Session.load(registry, resume)
            if save is None:
                check_directory(resume.parent, "--resume", resume)  # it is updated in place
            save_path = save or resume
        else:
            if game is None:
                raise UserError("name a game to play (see `meeple games`), or --resume a saved game")
            spec = registry.game(game).spec
            count = check_players(registry, game, players) or max(len(seat or ()), spec.min_players)
            seats = list(seat or [HUMAN])
            check_seat_count(seats, count, "--seat")
            seats += [default_bot(registry, game)] * (count - len(seats))
            if seed is None:
                seed = fresh_secret()  # a secret: a small random number could be found by trying
            session = Session.start(registry, game, seats, seed, game_options(registry, game, variant, option))
            if save is None and not os.access(".", os.W_OK | os.X_OK):
                raise UserError("the current directory is not writable: choose where the game is "
                                "saved with --save FILE")
            save_path = save
        if not session.humans:
            raise UserError("meeple play needs a `--seat human`; to watch bots, use `meeple match "
                            "--out FILE` and then `meeple replay FILE --step`")
        hint_bot = hint or default_bot(registry, session.game.spec.id)
        loop = PlayLoop(registry, session, Screen(), save_path, hint_bot, record,
                        resumed_from=resume, move_timeout=move_timeout)
    raise typer.Exit(loop.run())


def default_bot(registry, game_id: str) -> str:
    """The first of PREFERRED_BOTS that can play the game."""
    names = {info.name for info in registry.bots_for(game_id)}
    for name in PREFERRED_BOTS:
        if name in names:
            return name
    raise UserError(f"no installed bot plays {game_id}: name every seat `human`")
