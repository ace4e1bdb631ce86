"""Zones: where a state keeps its cards and pieces, each declaring who may see what."""

from .base import ZONE_CLASSES, Card, PublicZone, Visibility, Zone, ZoneView
from .cards import Hand, HandView, Pile, PileView
from .counters import Counters, CountersView
from .display import Display, DisplayView
from .grid import Grid, GridView
from .keyed import KeyedPiles, KeyedPilesView
from .tableau import Tableau, TableauView

#: The core's own zone classes (every zone class, a game's included, is in `ZONE_CLASSES`).
ZONE_TYPES: tuple[type[Zone], ...] = (Pile, Hand, Tableau, Display, KeyedPiles, Grid, Counters)
#: Their view classes (every zone class names its own: `Zone.view_type`).
VIEW_TYPES: dict[type[Zone], type] = {zone: zone.view_type for zone in ZONE_TYPES}

__all__ = [
    "Card", "Visibility", "Zone", "ZoneView", "PublicZone", "ZONE_CLASSES", "Hand", "HandView",
    "Pile", "PileView", "Counters", "CountersView", "Display", "DisplayView", "Grid", "GridView",
    "KeyedPiles", "KeyedPilesView", "Tableau", "TableauView", "ZONE_TYPES", "VIEW_TYPES",
]
