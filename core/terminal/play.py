"""`meeple play` at the prompt: people against bots, or several people taking turns (hotseat).

Each person sees only their own seat's view, drawn by the game's renderer, and hears every other
seat's decision narrated by the game's narrator as that person saw it. With several human seats
the screen is wiped and the next person asked to take over before their view is shown; what
happened meanwhile is kept for each person and told when they take over.

A simultaneous decision (every seat chooses in secret: a pass, a bid) asks every owing seat: the
bots first, from views that hold no other seat's choice, then each person in turn (in hotseat,
with the screen handed over, so nobody sees another's pending choice). A person hears only that
the others have chosen; once the last seat chooses, the choices are narrated to everyone, in seat
order, as the record holds them. A save made between two choices keeps the choices made.

Nothing a person types can change the game except a legal move: a bad command, number or move is
explained and asked again. Quitting, Ctrl-C and the end of input save the game first (when a move
was made since it was last saved); so does a bot that fails — raises, calls `sys.exit`, raises
KeyboardInterrupt itself or runs over its move time — and the message names its seat and bot.

The seed is a secret while the game goes on (whoever knows it can deal the same cards): it is
shown only once the game is over. No save file is ever overwritten unless it is the game's own.
"""

from __future__ import annotations

import datetime
import os
import shlex
from pathlib import Path

from ..bots import Bot
from ..errors import IllegalAction, MeepleError
from ..narration import NotationError, normalize, read_move
from ..options import format_value
from ..records import record_to_json
from ..registry import Registry
from ..hosting import BotFailed, HostInterrupts, Table, ask
from ..files import write_file
from ..session import Session
from ..files import default_save_path
from .screen import LIST_LIMIT, Screen, with_seats_out

#: Seconds a bot may think per move in `meeple play` unless `--move-timeout` says otherwise.
DEFAULT_MOVE_TIMEOUT = 60.0

COMMANDS = """\
Commands at the prompt:
  NUMBER        play the listed move with that number
  MOVE          type a move in the game's notation (see below)
  list [TEXT]   list every legal move, or those whose text contains TEXT
  show          show your view again
  hint [BOT]    what a bot would play here (default: {hint})
  rules         the rules of {title}
  save [FILE]   save the game and go on (default file: {save})
  quit          save the game and leave
  help          this help
Ctrl-C and the end of input save the game too. Continue it with: meeple play --resume FILE"""


class Quit(Exception):
    """The person asked to leave (the game is saved first)."""


class PlayLoop:
    """One game at the terminal, from the session's current position to the end."""

    def __init__(self, registry: Registry, session: Session, screen: Screen, save_path: Path | None,
                 hint_bot: str, record_path: Path | None = None, resumed_from: Path | None = None,
                 move_timeout: float | None = DEFAULT_MOVE_TIMEOUT) -> None:
        """`save_path` None: a fresh default name in the current directory (see `files`).
        `resumed_from`: the save file this game came from, updated in place when saved to.
        """
        self.registry = registry
        self.session = session
        self.screen = screen
        self.default_named = save_path is None
        self.save_path = save_path if save_path is not None else self._fresh_save_path()
        self.hint_bot = hint_bot
        self.record_path = record_path
        self.move_timeout = move_timeout
        self.interrupts = HostInterrupts()
        if not session.humans:
            raise MeepleError("meeple play needs at least one human seat")
        #: The host layer's table: seats, bots asked within their time, what each person is told.
        self.table = Table(registry, session, move_timeout, interrupts=self.interrupts)
        #: Files this game may replace: the one it was resumed from and those it wrote.
        self.own_files: set[Path] = set()
        #: (moves, file) of the last save, or of the file resumed; None before any.
        self.last_saved: tuple[int, Path] | None = None
        if resumed_from is not None:
            self.own_files.add(_key(resumed_from))
            self.last_saved = (session.state.moves, resumed_from)
        game_id = session.game.spec.id
        self.game_cls = type(session.game)
        self.title = session.game.spec.title
        self.render = registry.renderer(game_id)
        humans = session.humans
        self.hotseat = len(humans) > 1
        self._make_bot(humans[0], hint_bot)  # a bad --hint fails now, not at `hint`
        self.backlog: dict[int, list[str]] = {seat: [] for seat in humans}
        # The person in front of the screen; hotseat play starts with nobody until a hand-over.
        self.at_screen: int | None = None if self.hotseat else humans[0]

    @property
    def state(self):
        return self.session.state

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def narrator(self):
        """The game's narrator: the table's, which tells each person what happened."""
        return self.table.narrator

    @narrator.setter
    def narrator(self, narrator) -> None:
        self.table.narrator = narrator

    # -- the game -------------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; returns the exit status: 0, or 130 after Ctrl-C, 1 if a bot or a
        plugin failed or a file could not be written.
        """
        with self.interrupts.watching():
            return self._run()

    def _run(self) -> int:
        try:
            self._welcome()
            while not self.state.is_terminal:
                if self.table.bot_owing() is not None:
                    self._deliver(self.table.play_bot(self.backlog))
                else:
                    self._human_turn(self.table.people_owing()[0])
        except Quit:
            return self._save_and_leave("you quit")
        except EOFError:
            return self._save_and_leave("end of input")
        except KeyboardInterrupt:
            self.screen.say("")
            return self._save_and_leave("interrupted", status=130)
        except BotFailed as exc:  # the game so far is kept
            self.screen.error(str(exc))
            return self._save_and_leave("a bot failed", status=1)
        except Exception as exc:  # a bug in a plugin (or in meeple) must not lose the game
            self.screen.error(f"internal error: {type(exc).__name__}: {exc}")
            return self._save_and_leave("meeple failed", status=1)
        return self._finish()

    def _welcome(self) -> None:
        # Never the seed: everybody at the table sees this line (it is shown at the end).
        seats = ", ".join(f"seat {s}: {self._seat_name(s)}" for s in range(self.session.game.players))
        self.screen.say(f"{self.title} · {self._options_text()}", style="bold")
        self.screen.say(seats)
        if self.session.actions or self.state.chosen:
            chosen = f" ({self._chosen_text()})" if self.state.chosen else ""
            self.screen.say(f"resumed after {len(self.session.actions)} moves{chosen}")
        self.screen.say("type `help` for commands")

    def _options_text(self) -> str:
        return ", ".join(f"{k}={format_value(v)}" for k, v in self.session.game.options.items()) or "default options"

    def _seat_name(self, seat: int) -> str:
        label = self.session.seats[seat]
        if not self.session.is_human(seat):
            return label
        return "you" if not self.hotseat else "human"

    def _out(self, view) -> list[str]:
        """The seats out of the game, in the order they went out, as the screen names them."""
        return [f"seat {seat} ({self._seat_name(seat)})" for seat in view.eliminated]

    def _make_bot(self, seat: int, spec: str | None = None) -> Bot:
        """The bot for a seat (or `spec`, for hints); a factory that raises is one clear line."""
        return self.table.make_bot(seat, spec)

    def _chosen_text(self) -> str:
        """Who has made a secret choice for the simultaneous decision under way."""
        return ", ".join(f"seat {s}" for s in self.state.chosen) + " chose in secret"

    def _human_turn(self, seat: int) -> None:
        if self.hotseat and self.at_screen != seat:
            self._hand_over(seat)
        self._show(seat)
        while True:
            text = self.screen.ask(self._prompt(seat))
            if self._command(seat, text):
                continue
            try:
                action = read_move(self.narrator, self.game_cls, self.state.view(seat),
                                   self.state.legal_actions(seat), text)
                self._deliver(self.table.play(seat, action, self.backlog))
            except (NotationError, IllegalAction) as exc:
                self.screen.error(str(exc))
                continue
            return

    def _prompt(self, seat: int) -> str:
        return f"seat {seat} [1-{len(self.state.legal_actions(seat))}, help]> "

    def _deliver(self, told: dict) -> None:
        """Tell every person what happened, as each of them saw it (the table keeps a secret
        choice of a simultaneous decision secret until the last seat chooses): now to the one
        at the screen, at their next turn to the others."""
        for viewer, lines in told.items():
            for line in lines:
                if viewer == self.at_screen:
                    self.screen.narrate(line)
                else:
                    self.backlog[viewer].append(line)

    def _hand_over(self, seat: int) -> None:
        """Hotseat: wipe the screen and wait for the next person before showing anything."""
        self.screen.clear()
        self.screen.say(f"Seat {seat}, it is your turn. Take over the keyboard, then press Enter.",
                        style="bold")
        self.screen.ask(f"seat {seat}: press Enter> ")
        self.screen.clear()
        self.at_screen = seat

    def _show(self, seat: int) -> None:
        for line in self.backlog[seat]:
            self.screen.narrate(line)
        self.backlog[seat].clear()
        view = self.state.view(seat)
        self.screen.show(f"{self.title} · seat {seat} (you) · move {self.state.moves + 1}",
                         with_seats_out(self.render(view), self._out(view)))
        decision = self.state.decision
        secret = (" in secret: the others will not see your choice until everyone has chosen"
                  + (f" ({self._chosen_text()})" if self.state.chosen else "")) if decision.simultaneous else ""
        self.screen.say(f"You (seat {seat}) are to {decision.describe()}{secret}.", style="bold")
        legal = self.state.legal_actions(seat)
        if len(legal) <= LIST_LIMIT:
            self._list(seat, "")
        else:
            # Too many to list unasked: say how to type one, with real examples from this position.
            examples = ", ".join(f"`{self.narrator.notation(view, a)}`" for a in (legal[0], legal[-1]))
            self.screen.say(f"{len(legal)} legal moves. Type one (e.g. {examples}), `list` to see them "
                            f"all numbered, `list TEXT` those containing TEXT, `help` for how to type moves.")

    # -- commands -------------------------------------------------------------------------------

    def _command(self, seat: int, text: str) -> bool:
        """Carry out a prompt command; False when `text` is not one (so it may be a move)."""
        word, _, rest = text.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("help", "?"):
            self._help(seat)
        elif word == "rules":
            self.screen.say(self.game_cls.rules_text.strip() or f"{self.title}: {self.session.game.spec.summary}")
        elif word == "list":
            self._list(seat, rest)
        elif word == "show":
            self._show(seat)
        elif word == "hint":
            self._hint(seat, rest or self.hint_bot)
        elif word == "save":
            self._save(Path(rest) if rest else self.save_path)
        elif word in ("quit", "exit"):
            raise Quit
        else:
            return False
        return True

    def _help(self, seat: int) -> None:
        self.screen.say(COMMANDS.format(hint=self.hint_bot, title=self.title, save=self.save_path))
        self.screen.say(f"\nHow to type moves in {self.title}:", style="bold")
        self.screen.say(self.narrator.notation_help)
        view = self.state.view(seat)
        examples = [self.narrator.notation(view, a) for a in self.state.legal_actions(seat)[:3]]
        self.screen.say("Moves you could type now: " + ", ".join(f"`{e}`" for e in examples))

    def _list(self, seat: int, needle: str) -> None:
        view = self.state.view(seat)
        wanted = normalize(needle)
        entries = []
        for number, action in enumerate(self.state.legal_actions(seat), start=1):
            description, notation = self.narrator.describe(view, action), self.narrator.notation(view, action)
            if wanted in normalize(description) or wanted in normalize(notation):
                entries.append((number, description, notation))
        if entries:
            self.screen.actions(entries)
        else:
            self.screen.error(f"no legal move contains {needle!r}")

    def _hint(self, seat: int, spec: str) -> None:
        legal = self.state.legal_actions(seat)
        try:
            bot = self._make_bot(seat, spec)
            action = ask(bot, self.state.view(seat), legal, seat, self.move_timeout, spec, self.interrupts)
        except MeepleError as exc:
            self.screen.error(f"no hint from {spec}: {exc}" if not isinstance(exc, BotFailed)
                              else f"no hint: {exc}")
            return
        view = self.state.view(seat)
        notation = self.narrator.notation(view, action)
        self.screen.say(f"{spec} would play {legal.index(action) + 1}. "
                        f"{self.narrator.describe(view, action)} [{notation}]")

    # -- saving and the end ---------------------------------------------------------------------

    def _fresh_save_path(self) -> Path:
        return default_save_path(self.session.game.spec.id, Path("."), datetime.datetime.now())

    def _save(self, path: Path) -> bool:
        """Save to `path`. Only this game's own files are replaced: the default name moves on
        to a fresh one if it was taken meanwhile; any other existing file is refused.
        """
        replace = _key(path) in self.own_files
        if not replace and self.default_named and path == self.save_path and os.path.lexists(path):
            path = self.save_path = self._fresh_save_path()
        try:
            self.session.save(path, overwrite=replace)
        except MeepleError as exc:
            self.screen.error(str(exc))
            return False
        self.own_files.add(_key(path))
        self.last_saved = (self.state.moves, path)
        self.screen.say(f"game saved to {path} (it holds the full game, hidden cards included: "
                        f"not for players' eyes); continue with: meeple play --resume {path}")
        return True

    def _save_and_leave(self, why: str, status: int = 0) -> int:
        moves = self.state.moves  # a pending simultaneous choice counts: the save keeps it
        if self.last_saved is not None and self.last_saved[0] == moves:
            where = self.last_saved[1]
            self.screen.say(f"{why}: no move since the game was saved; continue it with: "
                            f"meeple play --resume {where}")
            return status
        if moves == 0:
            self.screen.say(f"{why}: no move was made, nothing to save")
            return status
        self.screen.say(f"{why}: saving the game")
        return status if self._save(self.save_path) else 1

    def _finish(self) -> int:
        """The final position, the result and the seed; the record if asked. The exit status."""
        # The game is over: whoever is at the screen sees the final position from their seat
        # and the result; what the others missed is moot now.
        viewer = self.at_screen if self.at_screen is not None else self.session.humans[0]
        final = self.state.view(viewer)
        self.screen.show(f"{self.title} · game over · seat {viewer}'s view",
                         with_seats_out(self.render(final), self._out(final)))
        scores = ", ".join(f"seat {s} ({self._seat_name(s)}) {score:g}"
                           for s, score in enumerate(self.state.scores()))
        winners = self.state.winners()
        names = " and ".join(f"seat {w} ({self._seat_name(w)})" for w in winners) or "nobody"
        self.screen.say(f"Final result: {names} {'win' if len(winners) != 1 else 'wins'}. Scores: {scores}.",
                        style="bold")
        # Only now may the seed be shown: whoever knows it can deal the same cards.
        self.screen.say(f"Seed {self.session.seed}. To play this deal again: {self._replay_command()}")
        if self.record_path is None:
            return 0
        record = record_to_json(self.game_cls, self.session.record())
        try:
            write_file(self.record_path, record + "\n", overwrite=False)
        except MeepleError as exc:
            self.screen.error(f"the record was not written: {exc}")
            # The game is not lost: a save of the finished game writes the record when resumed.
            if self._save(self.save_path):
                self.screen.say(f"to write the record later: meeple play --resume {self.save_path} "
                                f"--record FILE")
            return 1
        self.screen.say(f"record written to {self.record_path}; step through it with: "
                        f"meeple replay {self.record_path} --step")
        return 0

    def _replay_command(self) -> str:
        game = self.session.game
        words = ["meeple", "play", game.spec.id, "--seed", str(self.session.seed)]
        for seat in self.session.seats:
            words += ["--seat", seat]
        defaults = {option.name: option.default for option in game.spec.options}
        for key, value in game.options.items():
            if key not in defaults or defaults[key] != value:
                words += ["-o", f"{key}={format_value(value)}"]
        return shlex.join(words)


def _key(path: Path) -> Path:
    """A path's identity for "is this one of the game's own files" (absolute, symlinks resolved)."""
    return Path(os.path.realpath(path))
