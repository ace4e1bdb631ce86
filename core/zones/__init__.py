"""Zones: where a state keeps its cards and pieces, each declaring who may see what."""

from .base import Card, Visibility, Zone
from .cards import Hand, HandView, Pile, PileView
from .counters import Counters, CountersView
from .display import Display, DisplayView
from .grid import Grid, GridView
from .keyed import KeyedPiles, KeyedPilesView
from .tableau import Tableau, TableauView

ZONE_TYPES: tuple[type[Zone], ...] = (Pile, Hand, Tableau, Display, KeyedPiles, Grid, Counters)
VIEW_TYPES: dict[type[Zone], type] = {
    Pile: PileView, Hand: HandView, Tableau: TableauView, Display: DisplayView,
    KeyedPiles: KeyedPilesView, Grid: GridView, Counters: CountersView,
}

__all__ = [
    "Card", "Visibility", "Zone", "Hand", "HandView", "Pile", "PileView", "Counters", "CountersView",
    "Display", "DisplayView", "Grid", "GridView", "KeyedPiles", "KeyedPilesView", "Tableau",
    "TableauView", "ZONE_TYPES", "VIEW_TYPES",
]
