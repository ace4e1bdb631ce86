"""Plugin loading and registration: fresh managers, isolation of broken plugins, documented hooks."""

import inspect
import re
import sys
import warnings

import pytest
from market_game import MarketGame

from meeple import BotInfo, Narrator, Registry, RegistrationError, UnknownName, hookimpl, hookspecs
from meeple.plugins import PluginLoadWarning
from meeple_bots.random_bot import RandomBot

class MarketPlugin:
    """The market game with its own bot, renderer, narrator and horizon, carried by its class
    (`OwnMarket`); a test swaps a part with `OwnMarket.carrying(...)` in a subclass's `game`."""

    __version__ = "2.0"
    game: "type[MarketGame]"  # set below, once the parts are defined

    @hookimpl
    def meeple_register_games(self, register):
        register(self.game)


def market_horizon(root, state):
    """Stop a rollout once every seat has had one more turn; the leaders share the win."""
    if state.pending and root.turns_left - state.turns_left < state.players:
        return None
    scores = state.scores()
    leaders = [seat for seat, score in enumerate(scores) if score == max(scores)]
    return [1 / len(leaders) if seat in leaders else 0.0 for seat in range(state.players)]


class MarketNarrator(Narrator):
    notation_help = "p N plays the card at position N; d draws blind."

    def narrate(self, before, action, after):
        return f"seat {before.current_player} trades at the market"

    def notation(self, view, action):
        return "d" if action.tag == "draw" else super().notation(view, action)


class OwnMarket(MarketGame):
    """The market game carrying its own parts (what MarketPlugin registers)."""

    bots = (BotInfo("greedy", RandomBot, "market's own"),)
    renderer = staticmethod(lambda view: "market table")
    narrator = MarketNarrator()
    rollout_horizon = staticmethod(market_horizon)

    @classmethod
    def carrying(cls, **parts) -> "type[OwnMarket]":
        """This game with some of its parts replaced (`bots`, `renderer`, `narrator`,
        `rollout_horizon`; None or () for none)."""
        wrapped = {name: staticmethod(part) if callable(part) and name in ("renderer", "rollout_horizon") else part
                   for name, part in parts.items()}
        return type(cls.__name__, (cls,), wrapped)


MarketPlugin.game = OwnMarket


def registry(*plugins, entry_points=False, strict=False):
    return Registry.load(plugins=plugins, entry_points=entry_points, strict=strict)


def test_each_registry_has_its_own_manager():
    a, b = registry(MarketPlugin()), registry()
    assert "market" in a.games and "market" not in b.games


def test_game_specific_bot_and_renderer_are_found():
    reg = registry(MarketPlugin())
    assert reg.bot("greedy", "market").summary == "market's own"
    assert reg.renderer("market")(None) == "market table"
    assert reg.create("market", 2).players == 2
    assert [p.name for p in reg.plugins()] == ["MarketPlugin"]
    assert reg.plugins()[0].version == "2.0"


def test_a_game_narrator_is_found_and_other_games_get_the_generic_one():
    reg = registry(MarketPlugin())
    game = reg.create("market", 2)
    state = game.new_state(1)
    before, action = state.view(1), state.legal_actions()[-1]
    state.apply(action)
    narrator = reg.narrator("market")
    assert narrator.narrate(before, action, state.view(1)) == "seat 0 trades at the market"
    assert narrator.notation(before, action) == "d"
    assert type(reg.narrator("chess")) is Narrator


def test_a_narrator_must_be_a_narrator_and_one_per_game():
    class Twice:
        @hookimpl
        def meeple_register_narrators(self, register):
            register("market", MarketNarrator())
            register("market", MarketNarrator())

    with pytest.raises(RegistrationError, match="two narrators for 'market'"):
        registry(Twice(), strict=True)

    class Wrong:
        @hookimpl
        def meeple_register_narrators(self, register):
            register("market", "not a narrator")

    with pytest.raises(RegistrationError, match="not a meeple.Narrator"):
        registry(Wrong(), strict=True)


def test_search_aids_lend_the_games_bots_and_rollout_horizon():
    reg = registry(MarketPlugin())
    aids = reg.search_aids("market")
    assert aids.horizon is market_horizon and aids.bot("greedy").summary == "market's own"
    with pytest.raises(UnknownName, match="bots that do: greedy"):
        aids.bot("oracle")
    state = reg.create("market", 2).new_state(1)
    assert market_horizon(state, state) is None
    later = state.clone()
    for _ in range(2):
        later.apply(later.legal_actions()[0])
    assert sum(market_horizon(state, later)) == pytest.approx(1)


def test_a_rollout_horizon_must_be_callable_and_one_per_game():
    class Twice:
        @hookimpl
        def meeple_register_rollout_horizons(self, register):
            register("market", market_horizon)
            register("market", market_horizon)

    with pytest.raises(RegistrationError, match="two rollout horizons for 'market'"):
        registry(MarketPlugin(), Twice(), strict=True)

    class Wrong:
        @hookimpl
        def meeple_register_rollout_horizons(self, register):
            register("market", 3)

    with pytest.raises(RegistrationError, match="not callable"):
        registry(Wrong(), strict=True)


def test_unknown_names_list_what_exists():
    reg = registry(MarketPlugin())
    with pytest.raises(UnknownName, match="installed games: market"):
        reg.game("chess")
    with pytest.raises(UnknownName, match="bots that play it: greedy"):
        reg.bot("alphazero", "market")


def test_duplicate_game_names_both_plugins():
    class Again(MarketPlugin):
        pass

    with pytest.raises(RegistrationError, match="registered by both"):
        registry(MarketPlugin(), Again(), strict=True)


def test_a_plugin_failing_in_a_hook_warns_and_the_rest_still_load():
    class Broken:
        @hookimpl
        def meeple_register_games(self, register):
            raise RuntimeError("boom")

    with pytest.warns(PluginLoadWarning, match="'Broken' failed in meeple_register_games: RuntimeError: boom"):
        reg = registry(MarketPlugin(), Broken())
    assert "market" in reg.games
    with pytest.raises(RegistrationError):
        registry(MarketPlugin(), Broken(), strict=True)


def test_a_misspelt_hook_is_refused():
    class Typo:
        @hookimpl
        def meeple_register_game(self, register):
            pass

    with pytest.raises(Exception, match="unknown hook"):
        registry(Typo())


@pytest.fixture
def broken_entry_point(tmp_path, monkeypatch):
    dist = tmp_path / "broken_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[meeple]\nbroken = meeple_no_such_module_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "broken"


def test_an_entry_point_that_fails_to_import_warns_once_naming_it(broken_entry_point, monkeypatch):
    monkeypatch.delenv("MEEPLE_STRICT_PLUGINS", raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reg = Registry.load()
    messages = [str(w.message) for w in caught if issubclass(w.category, PluginLoadWarning)]
    assert len(messages) == 1 and "'broken'" in messages[0] and "ModuleNotFoundError" in messages[0]
    assert "random" in [b.name for b in reg.all_bots()]


def test_strict_mode_turns_a_broken_entry_point_into_an_error(broken_entry_point, monkeypatch):
    monkeypatch.setenv("MEEPLE_STRICT_PLUGINS", "1")
    with pytest.raises(RegistrationError, match="'broken'"):
        Registry.load()


HOOKS = [name for name, fn in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("meeple_")]


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_documented(name):
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert "Called" in doc and ":param" in doc and ":return" in doc, f"{name} lacks when/arguments/return"


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_exercised_by_these_tests(name):
    assert f"def {name}(" in inspect.getsource(sys.modules[__name__]), f"{name} has no test plugin implementing it"


def test_hook_reference_in_docs_covers_every_hook():
    from pathlib import Path

    reference = (Path(__file__).parents[2] / "docs" / "hooks.md").read_text()
    for name in HOOKS:
        assert f"::: meeple.hookspecs.{name}" in reference, f"docs/hooks.md does not describe {name}"


# -- a game that carries its own renderer, narrator, horizon and bots ---------------------------------

class CarriedMarket(MarketGame):
    """The Market game as a plugin registers it today: one class, one registration."""

    renderer = staticmethod(lambda view: "carried table")
    narrator = MarketNarrator()
    rollout_horizon = staticmethod(market_horizon)
    bots = (BotInfo("greedy", RandomBot, "carried greedy"),)


class OneRegistration:
    @hookimpl
    def meeple_register_games(self, register):
        register(CarriedMarket)


def test_a_game_class_carries_its_renderer_narrator_horizon_and_bots_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reg = registry(OneRegistration(), strict=True)
    assert reg.renderer("market")(None) == "carried table"
    assert reg.narrator("market") is CarriedMarket.narrator
    assert reg.search_aids("market").horizon is market_horizon
    greedy = reg.bot("greedy", "market")
    assert greedy.summary == "carried greedy" and greedy.games == ("market",)
    assert [b.name for b in reg.bots_for("market")] == ["greedy"]


def test_the_plugin_listing_names_what_a_game_carries():
    reg = registry(OneRegistration(), strict=True)
    (listed,) = reg.plugins()
    assert listed.hooks == ("meeple_register_games",)
    assert listed.provides == ("game market (renderer; narrator; rollout horizon; bots: greedy)",)


def test_the_class_attribute_comes_before_a_hook_registered_for_the_game():
    class Painter:
        @hookimpl
        def meeple_register_renderers(self, register):
            register("market", lambda view: "painted")

    reg = registry(OneRegistration(), Painter(), strict=True)
    assert reg.renderer("market")(None) == "carried table"


def test_a_renderer_for_someone_elses_game_is_registered_without_a_warning():
    class Painter:
        @hookimpl
        def meeple_register_renderers(self, register):
            register("market", lambda view: "painted")

    class Plain(MarketGame):
        pass

    class PlainPlugin:
        @hookimpl
        def meeple_register_games(self, register):
            register(Plain)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reg = registry(PlainPlugin(), Painter(), strict=True)
    assert reg.renderer("market")(None) == "painted"
    assert "renderer for market" in {p.name: p for p in reg.plugins()}["Painter"].provides


@pytest.mark.parametrize("hook, part, what, attribute", [
    ("meeple_register_bots", BotInfo("greedy", RandomBot, "by hook", games=("market",)), "bot 'greedy'", "bots"),
    ("meeple_register_renderers", ("market", lambda view: "by hook"), "the renderer", "renderer"),
    ("meeple_register_narrators", ("market", MarketNarrator()), "the narrator", "narrator"),
    ("meeple_register_rollout_horizons", ("market", market_horizon), "the rollout horizon", "rollout_horizon"),
])
def test_a_hook_registering_the_plugins_own_game_part_is_refused_naming_the_class_attribute(hook, part, what,
                                                                                            attribute):
    def by_hook(self, register):
        register(*part) if isinstance(part, tuple) else register(part)

    OldStyle = type("OldStyle", (), {"meeple_register_games": hookimpl(lambda self, register: register(MarketGame)),
                                     hook: hookimpl(by_hook)})
    complaint = (f"plugin 'OldStyle' registers {what} of its own game 'market' through {hook}: "
                 f"set MarketGame.{attribute} on the game class instead")
    with pytest.raises(RegistrationError, match=re.escape(complaint)):
        registry(OldStyle(), strict=True)
    with pytest.warns(PluginLoadWarning, match=re.escape(complaint)):
        reg = registry(OldStyle())
    assert "market" in reg.games  # the game itself is registered; the refused part is not
    assert not reg.renderers and not reg.narrators and not reg.horizons
    assert all(info.summary != "by hook" for info in reg.all_bots())


@pytest.mark.parametrize("attribute, value, complaint", [
    ("renderer", "not callable", "CarriedMarket.renderer is 'not callable', which is not callable"),
    ("narrator", "words", "CarriedMarket.narrator is 'words', which is not a meeple.Narrator"),
    ("rollout_horizon", 3, "CarriedMarket.rollout_horizon is 3, which is not callable"),
    ("bots", BotInfo("greedy", RandomBot, "x"), "CarriedMarket.bots must be a tuple"),
    ("bots", ("greedy",), "CarriedMarket.bots holds 'greedy', which is not a meeple.BotInfo"),
    ("bots", (BotInfo("greedy", RandomBot, "x", games=("chess",)),), "bot 'greedy' for chess, not for 'market'"),
])
def test_a_wrong_class_attribute_is_one_clear_registration_error(monkeypatch, attribute, value, complaint):
    monkeypatch.setattr(CarriedMarket, attribute, value)
    with pytest.raises(RegistrationError, match=re.escape(complaint)):
        registry(OneRegistration(), strict=True)
    with pytest.warns(PluginLoadWarning, match=re.escape(complaint)):
        reg = registry(OneRegistration())
    assert "market" not in reg.games


def test_rules_text_defaults_to_the_rules_md_beside_the_game_module(tmp_path, monkeypatch):
    package = tmp_path / "meeple_tiny"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.md").write_text("# Tiny\n\nTake one stone.\n", encoding="utf-8")
    (package / "game.py").write_text(
        "from meeple import Game\n\n"
        "class Tiny(Game):\n    pass\n\n"
        "class Ruled(Game):\n    rules_text = 'my own words'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from meeple_tiny.game import Ruled, Tiny

    assert Tiny.rules_text == "# Tiny\n\nTake one stone.\n"
    assert Ruled.rules_text == "my own words"
    assert MarketGame.rules_text == ""  # a module outside any package has no rules.md


def test_a_bot_for_every_game_is_registered_by_hook_and_offered_for_each_game():
    class Generic:
        @hookimpl
        def meeple_register_bots(self, register):
            register(BotInfo("anyone", RandomBot, "plays any game"))

    reg = registry(MarketPlugin(), Generic(), strict=True)
    assert reg.bot("anyone", "market").summary == "plays any game"
    assert {info.name for info in reg.bots_for("market")} == {"greedy", "anyone"}
