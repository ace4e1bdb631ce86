"""Linkage's decisions, in rulebook order, each owning its rules: what is legal, what happens, why
an action is refused. Rule numbers refer to rules.md.

The balanced variant opens with two choices (rule 2): seat 0 places the blocker, seat 1 chooses
More or Fewer. Then the players alternate turns (rules 4, 5) until no piece fits (rule 4a).
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action, Decision

from .actions import (BLOCKER_PLACES, COLOUR_NAMES, COLOURS, MORE, PASS, SIDES, ChooseSide, Pass,
                      Place, PlaceBlocker, cell_name)
from .board import SIZE, SPOT_AT
from .state import LinkageState

# -- Rule 2: the balanced variant, the blocker and then the sides ----------------------------------


@frozen
class BlockerChoice(Decision):
    """Rule 2: where the blocker goes."""

    tag = "blocker"

    def describe(self) -> str:
        return "place the blocker"

    def legal_actions(self, state: LinkageState) -> tuple[PlaceBlocker, ...]:
        return BLOCKER_PLACES

    def resolve(self, state: LinkageState, action: PlaceBlocker) -> None:
        state.blocker = action.cell
        state.pending.append(SideChoice(1 - self.player))  # rule 2: the other player picks a side

    def explain_illegal(self, state: LinkageState, action: Action) -> str | None:
        if type(action) is PlaceBlocker:
            return (f"{cell_name(action.cell)} is not a cell of the 7x7 board: rows and columns "
                    f"run from 0 to {SIZE - 1}")
        return _not_now(self, action)


@frozen
class SideChoice(Decision):
    """Rule 2: who is More and who is Fewer."""

    tag = "side"

    def describe(self) -> str:
        return "choose More or Fewer"

    def legal_actions(self, state: LinkageState) -> tuple[ChooseSide, ...]:
        return SIDES

    def resolve(self, state: LinkageState, action: ChooseSide) -> None:
        state.more = self.player if action.side == MORE else 1 - self.player
        start_turn(state, state.more)  # rule 2: More makes the first placement

    def explain_illegal(self, state: LinkageState, action: Action) -> str | None:
        if type(action) is ChooseSide:
            return f"the side is More or Fewer, not {action.side}"
        return _not_now(self, action)


# -- Rules 3–5: a turn, a piece placed or the forced pass ------------------------------------------


@frozen
class Move(Decision):
    """A turn (rule 4): place a piece, or pass when the green counter forces it."""

    tag = "move"

    def describe(self) -> str:
        return "place a piece"

    def legal_actions(self, state: LinkageState) -> tuple[Action, ...]:
        return state.placements() or (PASS,)  # rule 4b: forced pass

    def resolve(self, state: LinkageState, action: Action) -> None:
        if type(action) is Place:
            # Rule 4c: the piece leaves the supply, covers its cells and takes the green counter.
            state.supply.take(action.colour)
            first, second = action.cells
            state.board[first] = action.colour
            state.board[second] = action.colour
            state.green = action.cells
        else:
            state.green = None  # rule 4b: the green counter leaves the board
        start_turn(state, 1 - self.player)  # rule 5: players alternate; after a pass, unrestricted

    def explain_illegal(self, state: LinkageState, action: Action) -> str | None:
        if type(action) is Place:
            return _why_not_placeable(state, action)
        if type(action) is Pass:
            return "passing is allowed only when the green counter blocks every placement (rule 4b)"
        return _not_now(self, action)


def start_turn(state: LinkageState, player: int) -> None:
    """Rule 4a: the game ends when no piece fits anywhere; otherwise `player` moves."""
    if state.piece_fits_anywhere():
        state.pending.append(Move(player))


def _why_not_placeable(state: LinkageState, action: Place) -> str | None:
    """Which condition of rule 3 `action` breaks."""
    colour = action.colour
    if colour not in COLOURS:
        return (f"{colour} is not a colour; the colours are "
                f"{', '.join(f'{c} ({COLOUR_NAMES[c]})' for c in COLOURS)}")
    if not state.supply[colour]:
        return f"no {COLOUR_NAMES[colour]} pieces are left in the supply (rule 3)"
    spot = SPOT_AT.get(action.cells)
    if spot is None:
        first, second = action.cells
        return (f"{cell_name(first)} and {cell_name(second)} are not two orthogonally adjacent "
                f"cells of the 7x7 board (rule 3)")
    for cell in action.cells:
        if state.board[cell] is not None:
            return f"{cell_name(cell)} already holds a piece (rule 3)"
        if cell == state.blocker:
            return f"{cell_name(cell)} holds the blocker (rule 3)"
    if state.green is not None and spot.mask & SPOT_AT[state.green].touching:
        first, second = state.green
        return (f"the piece would share an edge with the green-marked piece on "
                f"{cell_name(first)}-{cell_name(second)} (rule 3)")
    return None


def _not_now(decision: Decision, action: Action) -> str | None:
    """Why an action that belongs to another decision is refused now (rules 2 and 3)."""
    kind = type(action)
    if kind is Place:
        return f"seat {decision.player} is to {decision.describe()}, not to place a piece"
    if kind is PlaceBlocker:
        return "the blocker is placed only before the first move of the balanced variant (rule 2)"
    if kind is ChooseSide:
        return "sides are chosen only after the blocker is placed in the balanced variant (rule 2)"
    return None


DECISION_TYPES = (Move, BlockerChoice, SideChoice)
