"""What the conformance kit checks of elimination (`State.eliminated`), step by step.

Elimination is final, and hosts and RL adapters rely on it: the seats out only ever grow, in
the order they went out; an eliminated seat owes no decision again; its score no longer changes
(so a payoff in points is settled when it goes out); and, unless the state declares
`eliminated_can_win`, it is not among the winners (so a win/loss payoff is settled too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State


class EliminationWatch:
    """Follows one game: `see` every state in turn, from the first to the last."""

    def __init__(self) -> None:
        self.out: tuple[int, ...] = ()
        self.settled: dict[int, float] = {}  # an eliminated seat's score when it went out

    def see(self, state: "State", where: str) -> int:
        """Check `state` against the states seen before; returns how many seats went out since."""
        out = state.eliminated()
        if not out and not self.out:
            return 0
        players = state.players
        assert all(type(seat) is int and 0 <= seat < players for seat in out), \
            f"{where}: eliminated() holds {out!r}, not seats of a {players}-player game"
        assert len(set(out)) == len(out), f"{where}: eliminated() names a seat twice: {out!r}"
        assert out[:len(self.out)] == self.out, \
            f"{where}: eliminated() went from {self.out!r} to {out!r}: elimination is final, in order"
        owing = set(state.owing()) & set(out)
        assert not owing, f"{where}: eliminated seat(s) {sorted(owing)} owe a decision"
        scores = state.scores()
        for seat in out[len(self.out):]:
            self.settled[seat] = scores[seat]
        changed = {seat: (score, scores[seat]) for seat, score in self.settled.items() if scores[seat] != score}
        assert not changed, (f"{where}: an eliminated seat's score changed after it went out "
                             f"(seat: (then, now)): {changed}")
        if state.is_terminal and not type(state).eliminated_can_win:
            winning = set(state.winners()) & set(out)
            assert not winning, (f"{where}: eliminated seat(s) {sorted(winning)} won; a game whose "
                                 f"eliminated seats may win declares eliminated_can_win = True")
        new = len(out) - len(self.out)
        self.out = out
        return new
