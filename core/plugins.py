"""Plugin loading: a fresh pluggy manager per host or test, entry points loaded one by one.

Besides the installed entry points, ``MEEPLE_PLUGINS`` may name plugin modules to load too
(comma-separated importable module names, e.g. ``MEEPLE_PLUGINS=goofspiel_plugin``): for tests
and plugin development, so a `meeple` subprocess (play, serve, a worker) loads a game that is not
installed. Each is loaded like an entry point: one that fails to import is a warning naming it
(an error under ``MEEPLE_STRICT_PLUGINS=1``).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import warnings
from typing import Iterable

import pluggy

from . import hookspecs
from .errors import RegistrationError

ENTRY_POINT_GROUP = "meeple"
STRICT_ENV = "MEEPLE_STRICT_PLUGINS"
PLUGINS_ENV = "MEEPLE_PLUGINS"


class PluginLoadWarning(UserWarning):
    """A plugin could not be loaded; the others still work."""


def strict_plugins() -> bool:
    """Whether a broken plugin is an error (set MEEPLE_STRICT_PLUGINS=1 in plugin CI)."""
    return os.environ.get(STRICT_ENV, "").strip().lower() not in ("", "0", "false", "no")


def make_plugin_manager(plugins: Iterable[object] = (), entry_points: bool = True,
                        strict: bool | None = None) -> tuple[pluggy.PluginManager, dict[str, str]]:
    """A new plugin manager with the hookspecs, the given plugin objects and (optionally) every
    installed entry point of the ``meeple`` group. Returns it with each plugin's version.
    """
    strict = strict_plugins() if strict is None else strict
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    versions: dict[str, str] = {}
    for plugin in plugins:
        name = getattr(plugin, "__name__", None) or type(plugin).__name__
        pm.register(plugin, name=name)
        versions[name] = str(getattr(plugin, "__version__", "0"))
    if entry_points:
        _load_named(pm, versions, strict)
        for ep in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
                continue
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken third-party plugin must not break the host
                message = f"meeple plugin {ep.name!r} ({ep.value}) failed to load: {type(exc).__name__}: {exc}"
                if strict:
                    raise RegistrationError(message) from exc
                warnings.warn(message, PluginLoadWarning, stacklevel=2)
                continue
            versions[ep.name] = ep.dist.version if ep.dist is not None else "0"
    pm.check_pending()
    return pm, versions


def _load_named(pm: pluggy.PluginManager, versions: dict[str, str], strict: bool) -> None:
    """The plugin modules named by MEEPLE_PLUGINS (see the module docstring)."""
    for name in (n.strip() for n in os.environ.get(PLUGINS_ENV, "").split(",")):
        if not name or pm.get_plugin(name) is not None:
            continue
        try:
            plugin = importlib.import_module(name)
            pm.register(plugin, name=name)
        except Exception as exc:
            message = f"meeple plugin {name!r} (from {PLUGINS_ENV}) failed to load: {type(exc).__name__}: {exc}"
            if strict:
                raise RegistrationError(message) from exc
            warnings.warn(message, PluginLoadWarning, stacklevel=3)
            continue
        versions[name] = str(getattr(plugin, "__version__", "0"))
