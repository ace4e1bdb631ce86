"""Sparring bots: opponents our bots do not model, one per game, written from the rules alone.

Our search bot (`ismcts`) rolls out and models its opponents with our own `greedy`; beating
`greedy` therefore says little about beating anyone else (issue 28). These players were written
from `shared/rules/` and the plugins' rules and rulings only, without reading any bot or search
code of this repository, each with its own heuristic:

- `linko`: values a hand by the layers it can still lay before the game ends, and every layer by
  the hypergeometric odds that an opponent holds a bigger set of the same size;
- `combo_breaker`: plans the fewest plays that empty its fixed-order hand, leads what it could
  not get rid of as a follower, and keeps Stop, Draw and reserve cards as lifelines;
- `linkage`: counts colour groups and looks one reply ahead, valuing the pieces still to come
  by who places them (More adds groups, Fewer joins them).

They are benchmark opponents only: never in an entry point, never a rollout policy or opponent
model of a shipped bot. Scripts load them as the bot `spar` with `plugin.registry()`.
"""
