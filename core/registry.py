"""The registry: what the installed plugins provide, and the only code that calls their hooks.

A game carries its own renderer, narrator, rollout horizon and bots as class attributes of its
`Game` (see `Game.renderer`); the registry reads them when the game is registered, then the hooks
(a renderer for someone else's game). A plugin that registers its own game's renderer, narrator,
horizon or bots by hook is refused with a `RegistrationError` naming the class attribute to set
(docs/hooks.md, 'Migrating a plugin'); the deprecation shims of 0.1.0 are gone (CHANGELOG.md).
"""

from __future__ import annotations

import importlib
import types
import warnings
from typing import Any, Callable, Iterable, Mapping

import attrs
import pluggy

from .bots import Bot, BotInfo, BotSpec
from .botprocess import EXEC, exec_bot
from .errors import BotError, MeepleError, OptionError, RegistrationError, UnknownName
from .game import Game
from .narration import Narrator
from .plugins import PluginLoadWarning, make_plugin_manager, strict_plugins
from .render import Renderer, generic_renderer
from .search import RolloutHorizon, SearchAids
from .seeds import fresh_secret


_GENERIC_NARRATOR = Narrator()


@attrs.frozen
class PluginInfo:
    """One loaded plugin, for `meeple plugins`."""

    name: str
    version: str
    hooks: tuple[str, ...]
    provides: tuple[str, ...] = ()
    """What it contributed, e.g. ``game linko (renderer, narrator, bots: greedy)``, ``bot random``."""


class Registry:
    """Games, bots and renderers from every plugin, with clear errors for unknown names."""

    def __init__(self, pm: pluggy.PluginManager, versions: Mapping[str, str] | None = None,
                 strict: bool | None = None) -> None:
        self._pm = pm
        self._versions = dict(versions or {})
        self._strict = strict_plugins() if strict is None else strict
        # How this registry was loaded (plugin objects, entry points), so worker processes can
        # load the same plugins.
        self.origin: tuple[tuple[object, ...], bool] = ((), True)
        self.games: dict[str, type[Game]] = {}
        self.game_plugins: dict[str, str] = {}
        self._bots: dict[tuple[str, str | None], tuple[BotInfo, str]] = {}
        self.renderers: dict[str, Renderer] = {}
        self.narrators: dict[str, Narrator] = {}
        self.horizons: dict[str, RolloutHorizon] = {}
        self._provided: dict[str, list[str]] = {}  # plugin name -> what it contributed, in order
        self._collect("meeple_register_games", self._add_game)
        self._collect("meeple_register_bots", self._add_bot)
        self._collect("meeple_register_renderers", self._add_renderer)
        self._collect("meeple_register_narrators", self._add_narrator)
        self._collect("meeple_register_rollout_horizons", self._add_horizon)

    @classmethod
    def load(cls, plugins: Iterable[object] = (), entry_points: bool = True,
             strict: bool | None = None) -> "Registry":
        """Load installed plugins (and any given plugin objects) into a fresh registry."""
        plugins = tuple(plugins)
        pm, versions = make_plugin_manager(plugins, entry_points=entry_points, strict=strict)
        registry = cls(pm, versions, strict)
        registry.origin = (plugins, entry_points)
        return registry

    # -- collection -----------------------------------------------------------------------------

    def _collect(self, hook_name: str, add: Callable[..., None]) -> None:
        hook = getattr(self._pm.hook, hook_name)
        for impl in reversed(hook.get_hookimpls()):
            plugin = impl.plugin_name

            def register(*args: Any, _plugin: str = plugin) -> None:
                add(_plugin, *args)

            try:
                impl.function(register)
            except Exception as exc:
                message = f"meeple plugin {plugin!r} failed in {hook_name}: {type(exc).__name__}: {exc}"
                if self._strict:
                    raise RegistrationError(message) from exc
                warnings.warn(message, PluginLoadWarning, stacklevel=2)

    def _add_game(self, plugin: str, game_cls: type[Game]) -> None:
        if not (isinstance(game_cls, type) and issubclass(game_cls, Game)):
            raise RegistrationError(f"plugin {plugin!r} registered {game_cls!r}, which is not a meeple.Game")
        game_id = game_cls.spec.id
        if game_id in self.games:
            raise RegistrationError(f"game {game_id!r} registered by both {self.game_plugins[game_id]!r} "
                                    f"and {plugin!r}")
        bots = self._game_bots(plugin, game_cls)
        if game_cls.renderer is not None and not callable(game_cls.renderer):
            raise RegistrationError(f"{game_cls.__name__}.renderer is {game_cls.renderer!r}, which is "
                                    f"not callable")
        if game_cls.narrator is not None and not isinstance(game_cls.narrator, Narrator):
            raise RegistrationError(f"{game_cls.__name__}.narrator is {game_cls.narrator!r}, which is "
                                    f"not a meeple.Narrator")
        if game_cls.rollout_horizon is not None and not callable(game_cls.rollout_horizon):
            raise RegistrationError(f"{game_cls.__name__}.rollout_horizon is {game_cls.rollout_horizon!r}, "
                                    f"which is not callable")
        self.games[game_id] = game_cls
        self.game_plugins[game_id] = plugin
        for info in bots:
            self._add_bot(plugin, info, by_hook=False)
        carried = [part for part, value in (("renderer", game_cls.renderer), ("narrator", game_cls.narrator),
                                            ("rollout horizon", game_cls.rollout_horizon)) if value is not None]
        if bots:
            carried.append("bots: " + ", ".join(info.name for info in bots))
        self._provided.setdefault(plugin, []).append(
            f"game {game_id}" + (f" ({'; '.join(carried)})" if carried else ""))

    @staticmethod
    def _game_bots(plugin: str, game_cls: type[Game]) -> list[BotInfo]:
        """The game's own bots, each bound to the game (``games=(id,)``)."""
        game_id = game_cls.spec.id
        if not isinstance(game_cls.bots, (tuple, list)):
            raise RegistrationError(f"{game_cls.__name__}.bots must be a tuple of meeple.BotInfo, "
                                    f"not {game_cls.bots!r}")
        bound = []
        for info in game_cls.bots:
            if not isinstance(info, BotInfo):
                raise RegistrationError(f"{game_cls.__name__}.bots holds {info!r}, which is not a "
                                        f"meeple.BotInfo")
            if info.games is not None and game_id not in info.games:
                raise RegistrationError(f"{game_cls.__name__}.bots holds bot {info.name!r} for "
                                        f"{', '.join(info.games)}, not for {game_id!r}")
            bound.append(info if info.games == (game_id,) else attrs.evolve(info, games=(game_id,)))
        return bound

    def _refuse_own_game(self, plugin: str, game_id: str, what: str, attribute: str, hook: str) -> None:
        """Refuse a plugin registering by hook what its own game carries as `attribute`: the hooks
        are for someone else's game (one way to give a game its parts)."""
        if self.game_plugins.get(game_id) != plugin:
            return  # for someone else's game: what the hook is for
        game_cls = self.games[game_id]
        raise RegistrationError(
            f"plugin {plugin!r} registers {what} of its own game {game_id!r} through {hook}: set "
            f"{game_cls.__name__}.{attribute} on the game class instead (docs/hooks.md, 'Migrating a plugin')")

    def _add_bot(self, plugin: str, info: BotInfo, by_hook: bool = True) -> None:
        if not isinstance(info, BotInfo):
            raise RegistrationError(f"plugin {plugin!r} registered {info!r}, which is not a meeple.BotInfo")
        if by_hook and info.games is not None:
            for game_id in info.games:
                self._refuse_own_game(plugin, game_id, f"bot {info.name!r}", "bots", "meeple_register_bots")
        keys = [(info.name, g) for g in info.games] if info.games is not None else [(info.name, None)]
        for key in keys:
            if key in self._bots:
                where = f" for {key[1]}" if key[1] else ""
                raise RegistrationError(f"bot {info.name!r}{where} registered by both "
                                        f"{self._bots[key][1]!r} and {plugin!r}")
            self._bots[key] = (info, plugin)
        if by_hook:
            where = f" for {', '.join(info.games)}" if info.games is not None else ""
            self._provided.setdefault(plugin, []).append(f"bot {info.name}{where}")

    def _add_renderer(self, plugin: str, game_id: str, renderer: Renderer) -> None:
        self._refuse_own_game(plugin, game_id, "the renderer", "renderer", "meeple_register_renderers")
        if game_id in self.renderers:
            raise RegistrationError(f"two renderers for {game_id!r} (the second from {plugin!r})")
        self.renderers[game_id] = renderer
        self._provided.setdefault(plugin, []).append(f"renderer for {game_id}")

    def _add_narrator(self, plugin: str, game_id: str, narrator: Narrator) -> None:
        if not isinstance(narrator, Narrator):
            raise RegistrationError(f"plugin {plugin!r} registered {narrator!r} for {game_id!r}, "
                                    f"which is not a meeple.Narrator")
        self._refuse_own_game(plugin, game_id, "the narrator", "narrator", "meeple_register_narrators")
        if game_id in self.narrators:
            raise RegistrationError(f"two narrators for {game_id!r} (the second from {plugin!r})")
        self.narrators[game_id] = narrator
        self._provided.setdefault(plugin, []).append(f"narrator for {game_id}")

    def _add_horizon(self, plugin: str, game_id: str, horizon: RolloutHorizon) -> None:
        if not callable(horizon):
            raise RegistrationError(f"plugin {plugin!r} registered {horizon!r} as the rollout horizon "
                                    f"of {game_id!r}, which is not callable")
        self._refuse_own_game(plugin, game_id, "the rollout horizon", "rollout_horizon",
                         "meeple_register_rollout_horizons")
        if game_id in self.horizons:
            raise RegistrationError(f"two rollout horizons for {game_id!r} (the second from {plugin!r})")
        self.horizons[game_id] = horizon
        self._provided.setdefault(plugin, []).append(f"rollout horizon for {game_id}")

    # -- lookup ---------------------------------------------------------------------------------

    def game(self, game_id: str) -> type[Game]:
        """The registered game class (UnknownName listing the installed games)."""
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none installed"
            raise UnknownName(f"unknown game {game_id!r}; installed games: {known}") from None

    def create(self, game_id: str, players: int | None = None,
               options: Mapping[str, Any] | None = None) -> Game:
        """A game instance; `players` defaults to the game's minimum."""
        game_cls = self.game(game_id)
        return game_cls(game_cls.spec.min_players if players is None else players, options)

    def game_version(self, game_id: str) -> str:
        """The version of the plugin that registered the game (recorded in game records)."""
        return self._versions.get(self.game_plugins[game_id], "0")

    def renderer(self, game_id: str) -> Renderer:
        """The game's own renderer, else one a plugin registered for it, else the generic one."""
        game_cls = self.games.get(game_id)
        if game_cls is not None and game_cls.renderer is not None:
            return game_cls.renderer
        return self.renderers.get(game_id, generic_renderer)

    def narrator(self, game_id: str) -> Narrator:
        """The game's own narrator, else one registered for it, else the generic one
        (descriptions and tag-and-values notation)."""
        game_cls = self.games.get(game_id)
        if game_cls is not None and game_cls.narrator is not None:
            return game_cls.narrator
        return self.narrators.get(game_id) or _GENERIC_NARRATOR

    def horizon(self, game_id: str) -> RolloutHorizon | None:
        """The game's own rollout horizon, else one registered for it, else None."""
        game_cls = self.games.get(game_id)
        if game_cls is not None and game_cls.rollout_horizon is not None:
            return game_cls.rollout_horizon
        return self.horizons.get(game_id)

    def all_bots(self) -> list[BotInfo]:
        """Every registered bot (a game-specific bot appears once per registration)."""
        seen: list[BotInfo] = []
        for info, _ in self._bots.values():
            if info not in seen:
                seen.append(info)
        return sorted(seen, key=lambda b: (b.name, b.games or ()))

    def bots_for(self, game_id: str) -> list[BotInfo]:
        """The bots that can play a game, game-specific ones shadowing generic ones of that name."""
        spec = self.game(game_id).spec
        chosen: dict[str, BotInfo] = {}
        for (name, game), (info, _) in self._bots.items():
            if game == game_id or (game is None and name not in chosen):
                if info.refusal(spec) is None:
                    chosen[name] = info
        return [chosen[n] for n in sorted(chosen)]

    def bot(self, name: str, game_id: str) -> BotInfo:
        """The bot `name` for a game: the game's own bot of that name, else the generic one
        (UnknownName naming the bots that play it)."""
        spec = self.game(game_id).spec
        entry = self._bots.get((name, game_id)) or self._bots.get((name, None))
        if entry is None:
            known = ", ".join(b.name for b in self.bots_for(game_id)) or "none"
            raise UnknownName(f"unknown bot {name!r} for {game_id}; bots that play it: {known}")
        info = entry[0]
        reason = info.refusal(spec)
        if reason is not None:
            raise UnknownName(f"bot {name!r} cannot play {game_id}: {reason}")
        return info

    def make_bot(self, spec: BotSpec | str, game: Game, seat: int,
                 defaults: Mapping[str, Any] | None = None) -> Bot:
        """Build a bot for a seat; `defaults` (e.g. a derived seed) apply where the spec is silent.

        A bare name (``ismcts``, or with a seed only) plays the game's tuned setting
        (`Game.bot_settings`); a spec naming any other parameter starts from the bot's defaults.

        ``exec:COMMAND`` builds a bot that runs that program in a process of its own (started at
        its first decision; `meeple.botprocess`). A factory that fails raises BotError naming
        the bot and the seat: one line for the user, never the factory's traceback.
        """
        spec = BotSpec.parse(spec) if isinstance(spec, str) else spec
        if spec.name == EXEC:
            seed = (defaults or {}).get("seed")
            return exec_bot(spec, game, self.narrator(game.spec.id), seat,
                            fresh_secret() if seed is None else seed)
        info = self.bot(spec.name, game.spec.id)
        given = {k: v for k, v in (defaults or {}).items() if any(p.name == k for p in info.params)}
        tuned = tuned_settings(game, spec)
        given.update(tuned)
        given.update(spec.params)
        try:
            params = info.parse_params(given)
        except OptionError as exc:
            if not tuned:
                raise
            raise OptionError(f"{game.spec.id}'s tuned setting for bot {spec.name!r} is refused: {exc}") from None
        try:
            if info.search_aids:
                return info.factory(game, seat, params, aids=self.search_aids(game.spec.id))  # type: ignore[call-arg]
            return info.factory(game, seat, params)
        except MeepleError:
            raise
        except (Exception, SystemExit) as exc:
            raise BotError(f"bot {spec} could not be built for seat {seat}: "
                           f"{type(exc).__name__}: {exc}") from None

    def search_aids(self, game_id: str) -> SearchAids:
        """What search bots may borrow for `game_id`: its bots by name and its rollout horizon."""
        bots = {info.name: info for info in self.bots_for(game_id)}
        return SearchAids(game_id, bots, self.horizon(game_id))

    def plugins(self) -> list[PluginInfo]:
        """Every loaded plugin with its version, its hooks and what it provides (`meeple plugins`)."""
        result = []
        for name, plugin in self._pm.list_name_plugin():
            if plugin is None:
                continue
            hooks = tuple(sorted(h.name for h in self._pm.get_hookcallers(plugin) or ()))
            result.append(PluginInfo(name, self._versions.get(name, "0"), hooks,
                                     tuple(self._provided.get(name, ()))))
        return sorted(result, key=lambda p: p.name)


def tuned_settings(game: Game, spec: BotSpec) -> Mapping[str, Any]:
    """The game's tuned parameters that `spec` plays (`Game.bot_settings`): all of them for a
    spec naming no parameter but its seed (a seed picks the bot's luck, not its setting), none
    for a spec naming any other."""
    if any(name != "seed" for name, _ in spec.params):
        return {}
    return game.bot_settings(spec.name)


@attrs.frozen
class RegistrySource:
    """How another process (a tournament worker, a bot process) loads the plugins the host uses:
    the installed entry points, plus plugin objects given to the host (tests). Plugin modules
    travel by name; other plugin objects must be picklable by reference (their class importable
    in the other process) for local processes, or by value for Ray."""

    plugins: tuple[object, ...] = ()
    entry_points: bool = True

    @classmethod
    def of(cls, registry: Registry) -> "RegistrySource":
        """The plugins `registry` was loaded with."""
        plugins, entry_points = registry.origin
        return cls(tuple(p.__name__ if isinstance(p, types.ModuleType) else p for p in plugins), entry_points)

    def load(self) -> Registry:
        """A registry of these plugins, loaded once per process."""
        key = (tuple(p if isinstance(p, str) else f"{type(p).__module__}.{type(p).__qualname__}"
                     for p in self.plugins), self.entry_points)
        registry = _REGISTRIES.get(key)
        if registry is None:
            plugins = [importlib.import_module(p) if isinstance(p, str) else p for p in self.plugins]
            registry = _REGISTRIES[key] = Registry.load(plugins=plugins, entry_points=self.entry_points)
        return registry


_REGISTRIES: dict[tuple, Registry] = {}
