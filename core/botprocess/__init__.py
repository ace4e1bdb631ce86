"""Bots in their own processes: the bot protocol (JSON lines), its host side and its Python driver.

One mechanism, two front doors: ``--bot 'exec:COMMAND'`` runs any program that speaks the bot
protocol, and ``--isolate`` runs a registered bot in a fresh Python process through the built-in
driver (``python -m meeple.botdriver SPEC``). Either way the bot receives only the serialized
view and legal actions, so no object of the host's (the state, the deal, the generator) is
reachable from it; the process lives for one game. The driver lives in `meeple.botdriver` (it
loads the registry, which builds `exec:` bots from here). See docs/bots.md and docs/security.md.
"""

from .errors import BotProcessError
from .messages import PROTOCOL_VERSION
from .proxy import (EXEC, ProcessBot, driver_command, exec_bot, exec_command, finish_bots, isolated_bot,
                    start_bots)

__all__ = ["EXEC", "PROTOCOL_VERSION", "BotProcessError", "ProcessBot", "driver_command", "exec_bot",
           "exec_command", "finish_bots", "isolated_bot", "start_bots"]
