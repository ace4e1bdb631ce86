"""The architecture, checked: the import-linter contracts of pyproject.toml hold, and so do the two
rules import-linter cannot state (no new import circle in a plugin, even through type annotations,
and neither the core nor the generic bots name a game).

The contracts (``[tool.importlinter]``): the core imports no plugin and no bot package; the core's
layers (commands over hosts over play over the registry over bots and presentation over the
rules) import only downwards; the plugins and the generic bots are independent of each other; no
import cycle among the modules of the core or of any plugin. Run ``.venv/bin/lint-imports`` for
the same report on the command line.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

from meeple import Registry

ROOT = Path(__file__).parents[1]
PLUGINS = ("meeple_linko", "meeple_combo_breaker", "meeple_linkage", "meeple_nim")
GAME_IDS = ("linko", "combo_breaker", "linkage", "nim")


def test_import_linter_contracts_are_kept(capsys):
    exit_code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert "broken" in report  # the report was printed ("N kept, M broken")
    assert exit_code == 0, report


def circles(graph: grimp.ImportGraph, package: str) -> list[tuple[str, str]]:
    """Pairs of sibling modules of `package` each of which imports the other, directly or not."""
    found = []
    for a, b in itertools.combinations(sorted(graph.find_children(package)), 2):
        if (graph.chain_exists(importer=a, imported=b, as_packages=True)
                and graph.chain_exists(importer=b, imported=a, as_packages=True)):
            found.append((a, b))
    return found


@pytest.fixture(scope="module")
def graph_with_annotations():
    """The import graph of the plugins, counting imports made only for type annotations."""
    return grimp.build_graph(*PLUGINS, cache_dir=None)


# Circles known today, which may only disappear (a ratchet). None are left: Combo Breaker's
# state.py ↔ words.py circle went with issue 13.
KNOWN_CIRCLES: dict[str, set[tuple[str, str]]] = {}


@pytest.mark.parametrize("plugin", PLUGINS)
def test_a_plugin_has_no_new_import_circle_even_through_annotations(graph_with_annotations, plugin):
    new = set(circles(graph_with_annotations, plugin)) - KNOWN_CIRCLES.get(plugin, set())
    assert not new, f"modules of {plugin} import each other: {sorted(new)}"


def test_circle_finder_finds_a_circle_through_annotations(tmp_path, monkeypatch):
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert circles(grimp.build_graph("circled", cache_dir=None), "circled") == [("circled.a", "circled.b")]


def string_constants(source: str) -> set[str]:
    """Every string literal of a module except docstrings (which may cite a game as an example):
    a string standing alone as a statement (a module, class or function docstring, or an
    attribute's docstring under it) does nothing, so it is documentation, not code."""
    tree = ast.parse(source)
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings}


def test_generic_bots_name_no_game_in_their_code():
    sources = sorted((ROOT / "bots").glob("*.py"))
    assert sources, "no bot modules found"
    for path in sources:
        literals = string_constants(path.read_text())
        named = {game for game in GAME_IDS if any(game in text.lower() for text in literals)}
        assert not named, f"{path.name} names {sorted(named)}"


def named_games(literals: set[str], game_ids) -> set[str]:
    """The game ids written as a whole word in any of `literals` ("nim", not the "nim" of "minimum")."""
    return {game for game in game_ids
            if any(re.search(rf"(?<![a-z0-9_]){game}(?![a-z0-9_])", text.lower()) for text in literals)}


def test_the_core_names_no_installed_game_in_its_code():
    """Game knowledge lives with each game (issue 16: the RL action spaces moved out of meeple.rl)."""
    installed = set(Registry.load().games) | set(GAME_IDS)
    sources = sorted((ROOT / "core").rglob("*.py"))
    assert sources, "no core modules found"
    for path in sources:
        named = named_games(string_constants(path.read_text()), installed)
        assert not named, f"core/{path.relative_to(ROOT / 'core')} names {sorted(named)}"


def test_a_game_named_in_a_literal_is_found_and_a_word_containing_it_is_not():
    assert named_games({"the minimum", "play 'Nim' now", "hearts_extra"}, ("nim", "hearts")) == {"nim"}
