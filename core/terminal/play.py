"""`meeple play` at the prompt: people against bots, or several people taking turns (hotseat).

Each person sees only their own seat's view, drawn by the game's renderer, and hears every other
seat's decision narrated by the game's narrator as that person saw it. With several human seats
the screen is wiped and the next person asked to take over before their view is shown; what
happened meanwhile is kept for each person and told when they take over.

Nothing a person types can change the game except a legal move: a bad command, number or move is
explained and asked again. Quitting, Ctrl-C and the end of input save the game first.
"""

from __future__ import annotations

from pathlib import Path

from ..actions import Action
from ..errors import IllegalAction, MeepleError
from ..narration import NotationError, normalize, read_move
from ..options import format_value
from ..records import record_to_json
from ..registry import Registry
from ..session import Session
from .screen import LIST_LIMIT, Screen

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

    def __init__(self, registry: Registry, session: Session, screen: Screen, save_path: Path,
                 hint_bot: str, record_path: Path | None = None) -> None:
        self.registry = registry
        self.session = session
        self.screen = screen
        self.save_path = save_path
        self.hint_bot = hint_bot
        self.record_path = record_path
        game_id = session.game.spec.id
        self.game_cls = type(session.game)
        self.title = session.game.spec.title
        self.narrator = registry.narrator(game_id)
        self.render = registry.renderer(game_id)
        humans = session.humans
        if not humans:
            raise MeepleError("meeple play needs at least one human seat")
        self.hotseat = len(humans) > 1
        self.bots = {seat: session.make_bot(registry, seat)
                     for seat in range(session.game.players) if not session.is_human(seat)}
        self.backlog: dict[int, list[str]] = {seat: [] for seat in humans}
        # The person in front of the screen; hotseat play starts with nobody until a hand-over.
        self.at_screen: int | None = None if self.hotseat else humans[0]

    @property
    def state(self):
        return self.session.state

    # -- the game -------------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; returns the exit status (0, or 130 after Ctrl-C, 1 if a bot failed)."""
        self._welcome()
        try:
            while not self.state.is_terminal:
                seat = self.state.current_player
                if self.session.is_human(seat):
                    self._human_turn(seat)
                else:
                    self._bot_turn(seat)
        except Quit:
            return self._save_and_leave("you quit")
        except EOFError:
            return self._save_and_leave("end of input")
        except KeyboardInterrupt:
            self.screen.say("")
            return self._save_and_leave("interrupted", status=130)
        except MeepleError as exc:  # a bot that failed: the game so far is kept
            self.screen.error(str(exc))
            return self._save_and_leave("a bot failed", status=1)
        except Exception as exc:  # a bug in a plugin (or in meeple) must not lose the game
            self.screen.error(f"internal error: {type(exc).__name__}: {exc}")
            return self._save_and_leave("meeple failed", status=1)
        self._finish()
        return 0

    def _welcome(self) -> None:
        seats = ", ".join(f"seat {s}: {self._seat_name(s)}" for s in range(self.session.game.players))
        options = ", ".join(f"{k}={format_value(v)}" for k, v in self.session.game.options.items()) or "defaults"
        self.screen.say(f"{self.title} · seed {self.session.seed} · {options}", style="bold")
        self.screen.say(seats)
        if self.session.actions:
            self.screen.say(f"resumed after {len(self.session.actions)} moves")
        self.screen.say("type `help` for commands")

    def _seat_name(self, seat: int) -> str:
        label = self.session.seats[seat]
        if not self.session.is_human(seat):
            return label
        return "you" if not self.hotseat else "human"

    def _bot_turn(self, seat: int) -> None:
        view, legal = self.state.view(seat), self.state.legal_actions()
        bot_name = self.session.seats[seat]
        try:
            action = self.bots[seat].act(view, legal)
        except MeepleError as exc:
            raise MeepleError(f"bot {bot_name} (seat {seat}) failed: {exc}") from None
        if not self.state.is_legal(action):
            raise MeepleError(f"bot {bot_name} (seat {seat}) chose an illegal move: {action!r}")
        self._apply(seat, action)

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
                                   self.state.legal_actions(), text)
                self._apply(seat, action)
            except (NotationError, IllegalAction) as exc:
                self.screen.error(str(exc))
                continue
            return

    def _prompt(self, seat: int) -> str:
        return f"seat {seat} [1-{len(self.state.legal_actions())}, help]> "

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a move and narrate it to every person, as each of them saw it."""
        before = {viewer: self.state.view(viewer) for viewer in self.backlog}
        actor = self.state.view(seat)

        def narrate(after) -> dict[int, str]:
            return {viewer: self.narrator.narrate_move(seen, action, after.view(viewer), actor)
                    for viewer, seen in before.items()}

        for viewer, line in self.session.attempt(action, seat, narrate).items():
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
                         self.render(view))
        decision = self.state.decision
        self.screen.say(f"You (seat {seat}) are to {decision.describe()}.", style="bold")
        legal = self.state.legal_actions()
        if len(legal) <= LIST_LIMIT:
            self._list(seat, "")
        else:
            self.screen.say(f"{len(legal)} legal moves: `list` shows them all, `list TEXT` those "
                            f"containing TEXT; `help` explains how to type a move.")

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
        examples = [self.narrator.notation(view, a) for a in self.state.legal_actions()[:3]]
        self.screen.say("Moves you could type now: " + ", ".join(f"`{e}`" for e in examples))

    def _list(self, seat: int, needle: str) -> None:
        view = self.state.view(seat)
        wanted = normalize(needle)
        entries = []
        for number, action in enumerate(self.state.legal_actions(), start=1):
            description, notation = self.narrator.describe(view, action), self.narrator.notation(view, action)
            if wanted in normalize(description) or wanted in normalize(notation):
                entries.append((number, description, notation))
        if entries:
            self.screen.actions(entries)
        else:
            self.screen.error(f"no legal move contains {needle!r}")

    def _hint(self, seat: int, spec: str) -> None:
        legal = self.state.legal_actions()
        try:
            bot = self.session.make_bot(self.registry, seat, spec)
            action = bot.act(self.state.view(seat), legal)
        except MeepleError as exc:
            self.screen.error(f"no hint from {spec}: {exc}")
            return
        if not self.state.is_legal(action):
            self.screen.error(f"no hint: {spec} suggested an illegal move")
            return
        view = self.state.view(seat)
        notation = self.narrator.notation(view, action)
        self.screen.say(f"{spec} would play {legal.index(action) + 1}. "
                        f"{self.narrator.describe(view, action)} [{notation}]")

    # -- saving and the end ---------------------------------------------------------------------

    def _save(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except MeepleError as exc:
            self.screen.error(str(exc))
            return False
        self.screen.say(f"game saved to {path} (it holds the full game, hidden cards included: "
                        f"not for players' eyes); continue with: meeple play --resume {path}")
        return True

    def _save_and_leave(self, why: str, status: int = 0) -> int:
        self.screen.say(f"{why}: saving the game")
        return status if self._save(self.save_path) else 1

    def _finish(self) -> None:
        # The game is over: whoever is at the screen sees the final position from their seat
        # and the result; what the others missed is moot now.
        viewer = self.at_screen if self.at_screen is not None else self.session.humans[0]
        self.screen.show(f"{self.title} · game over · seat {viewer}'s view", self.render(self.state.view(viewer)))
        scores = ", ".join(f"seat {s} ({self._seat_name(s)}) {score:g}"
                           for s, score in enumerate(self.state.scores()))
        winners = self.state.winners()
        names = " and ".join(f"seat {w} ({self._seat_name(w)})" for w in winners) or "nobody"
        self.screen.say(f"Final result: {names} {'win' if len(winners) != 1 else 'wins'}. Scores: {scores}.",
                        style="bold")
        if self.record_path is not None:
            record = record_to_json(self.game_cls, self.session.record())
            try:
                self.record_path.write_text(record + "\n", encoding="utf-8")
            except OSError as exc:
                self.screen.error(f"cannot write the record to {self.record_path}: {exc.strerror}")
                return
            self.screen.say(f"record written to {self.record_path}; step through it with: "
                            f"meeple replay {self.record_path} --step")
