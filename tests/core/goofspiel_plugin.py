"""The Goofspiel test game as a plugin module, for hosts started in another process: a `meeple`
subprocess loads it with ``MEEPLE_PLUGINS=goofspiel_plugin`` and this directory on PYTHONPATH
(`meeple.plugins`), in-process hosts with ``Registry.load(plugins=[goofspiel_plugin])``."""

from goofspiel_game import Goofspiel

from meeple import hookimpl


@hookimpl
def meeple_register_games(register):
    register(Goofspiel)
