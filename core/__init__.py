"""meeple: a Python SDK for tabletop games.

Games are pluggy plugins (`from meeple import hookimpl`); a game declares a `GameSpec`, a `Game`
factory, a `State` holding zones and the `Decision` frames (sequential or `Simultaneous`) that own
its rules; the core derives views, determinization, serialization and a conformance suite from
those declarations (docs/concepts.md).
"""

from .actions import Action, Decision, Simultaneous
from .bots import Bot, BotInfo, BotSpec
from .errors import (BotError, IllegalAction, MeepleError, OptionError, RecordError,
                     RegistrationError, SaveError, SerializationError, UnknownName)
from .game import Game
from .hookspecs import hookimpl
from .knowledge import (CardAbove, CardBelow, CardIs, CardsEqual, Fact, HoldsAtLeast, HoldsNone, Known,
                        PublicRecord)
from .layout import hidden_field
from .narration import Narrator
from .options import Option, Options
from .registry import Registry
from .rng import Rng
from .spec import Dynamics, GameSpec, Information, Utility
from .state import State
from .view import View
from .zones import (Counters, Display, Grid, Hand, KeyedPiles, Pile, Tableau, Visibility, Zone)

__version__ = "0.1.0"

__all__ = [
    "Action", "Bot", "BotError", "BotInfo", "BotSpec", "CardAbove", "CardBelow", "CardIs", "CardsEqual",
    "Counters", "Decision", "Display", "Fact", "HoldsAtLeast", "HoldsNone", "Known",
    "Dynamics", "Game", "GameSpec", "Grid", "Hand", "IllegalAction", "Information", "KeyedPiles",
    "MeepleError", "Narrator", "Option", "OptionError", "Options", "Pile", "PublicRecord", "RecordError",
    "Registry", "RegistrationError", "Rng", "SaveError", "SerializationError", "Simultaneous",
    "State", "Tableau", "UnknownName", "Utility", "View", "Visibility", "Zone", "hidden_field", "hookimpl",
]
