"""The hook implementations: this is all meeple needs to find Nim."""

from meeple import hookimpl

from .rules import Nim


@hookimpl
def meeple_register_games(register):
    register(Nim)


@hookimpl
def meeple_register_renderers(register):
    register("nim", render)


def render(view) -> str:
    rows = [f"heap {heap}: {'o' * stones or '-'}" for heap, stones in view.heaps.counts]
    return "\n".join(rows)
