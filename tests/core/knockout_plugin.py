"""The Knockout, Shedding and Showdown test games (elimination) as a plugin module: a `meeple` process
loads it with ``MEEPLE_PLUGINS=knockout_plugin`` and this directory on PYTHONPATH, in-process
hosts with ``Registry.load(plugins=[knockout_plugin])``."""

from knockout_game import Knockout, Shedding, Showdown

from meeple import hookimpl


@hookimpl
def meeple_register_games(register):
    register(Knockout)
    register(Shedding)
    register(Showdown)
