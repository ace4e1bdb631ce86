"""The docs site stays true: it builds with `mkdocs build --strict` (no broken link, no unresolved
reference), its reference covers the whole public API with docstrings, every page is in the nav,
and every Python example on the pages written as runnable examples runs."""

import importlib.util
import inspect
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import meeple
import meeple.hookspecs
import meeple.narration
import meeple.records
import meeple.testing

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference"
# Pages whose every ```python block runs, in order, as one module (each block may use the names
# the blocks before it defined). Other pages show fragments (a method, a class body).
RUNNABLE_PAGES = ["anatomy.md", "reference/zones.md"]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
# The modules whose `__all__` is the documented public API.
PUBLIC_MODULES = [meeple, meeple.testing, meeple.records, meeple.narration]

needs_mkdocs = pytest.mark.skipif(
    any(importlib.util.find_spec(name) is None for name in ("mkdocs", "material", "mkdocstrings_handlers")),
    reason="the docs tools are not installed: pip install -e '.[docs]' (the test extra has them too)")


def python_blocks(page: str) -> list[str]:
    return PYTHON_BLOCK.findall((DOCS / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", RUNNABLE_PAGES)
def test_every_python_example_on_the_page_runs(page):
    blocks = python_blocks(page)
    assert blocks, f"docs/{page} has no python example"
    # A real module, so the examples can name themselves (the anatomy page registers itself as a
    # plugin) and attrs can resolve the annotations of the classes they define.
    name = "docs_example_" + re.sub(r"\W", "_", page)
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        for index, block in enumerate(blocks, 1):
            exec(compile(block, f"docs/{page} (python block {index})", "exec"), module.__dict__)  # noqa: S102
    finally:
        del sys.modules[name]


def test_zones_page_has_an_example_per_zone():
    page = (REFERENCE / "zones.md").read_text(encoding="utf-8")
    for zone in ("Hand", "Pile", "Tableau", "Display", "KeyedPiles", "Grid", "Counters"):
        section = re.search(rf"^## {zone}\n(.*?)(?=^## )", page, re.S | re.M)
        assert section, f"docs/reference/zones.md has no section '## {zone}'"
        assert f"{zone}(" in "".join(PYTHON_BLOCK.findall(section.group(1))), \
            f"the {zone} section of docs/reference/zones.md has no example creating a {zone}"


def _own_docstring(module: types.ModuleType, name: str) -> str | None:
    """The docstring written for `name` itself (not inherited from a base class or a type)."""
    obj = getattr(module, name)
    if isinstance(obj, type):
        return obj.__dict__.get("__doc__")
    if inspect.isfunction(obj) or inspect.ismodule(obj):
        return obj.__doc__
    # A plain value (`hookimpl`): its docstring is the string literal under its assignment.
    defining = inspect.getsource(sys.modules[_defining_module(name, obj)])
    found = re.search(rf"^{re.escape(name)} = .*\n\"\"\"(.+?)\"\"\"", defining, re.S | re.M)
    return found.group(1) if found else None


def _defining_module(name: str, obj: object) -> str:
    for module_name, module in sorted(sys.modules.items()):
        if module_name.startswith("meeple.") and module.__dict__.get(name) is obj:
            if re.search(rf"^{re.escape(name)} = ", inspect.getsource(module), re.M):
                return module_name
    raise AssertionError(f"no meeple module assigns {name}")


@pytest.mark.parametrize("module, name", [(m, n) for m in PUBLIC_MODULES for n in m.__all__],
                         ids=lambda value: getattr(value, "__name__", value))
def test_every_public_name_has_a_docstring(module, name):
    assert (_own_docstring(module, name) or "").strip(), \
        f"{module.__name__}.{name} is public (in __all__) but has no docstring of its own"


def _undocumented_members(cls: type) -> list[str]:
    """Public methods and properties of `cls` (its own and those of its meeple bases) without a
    docstring; an override of a documented method counts as documented, as `help()` shows it."""
    missing = []
    for attr in dir(cls):
        owner = next((k for k in cls.__mro__ if attr in vars(k)), object)
        if attr.startswith("_") or not owner.__module__.startswith("meeple"):
            continue
        raw = inspect.getattr_static(cls, attr)
        if isinstance(raw, property):
            doc = raw.__doc__
        elif inspect.isfunction(getattr(raw, "__func__", raw)):
            doc = inspect.getdoc(getattr(cls, attr))
        else:
            continue  # a field or a constant: the class docstring describes those
        if not (doc or "").strip():
            missing.append(f"{owner.__qualname__}.{attr}")
    return missing


@pytest.mark.parametrize("name", [n for n in meeple.__all__ if isinstance(getattr(meeple, n), type)])
def test_every_public_method_of_the_api_has_a_docstring(name):
    assert not _undocumented_members(getattr(meeple, name)), \
        f"public methods of meeple.{name} without a docstring: {_undocumented_members(getattr(meeple, name))}"


@pytest.mark.parametrize("name", [n for n in dir(meeple.hookspecs) if n.startswith("meeple_")])
def test_every_hookspec_has_a_docstring_saying_when_it_is_called(name):
    doc = getattr(meeple.hookspecs, name).__doc__ or ""
    assert "Called" in doc and ":param register:" in doc, \
        f"hookspec {name} needs a docstring saying when it is called and what `register` takes"


def _reference_directives() -> str:
    pages = [*REFERENCE.glob("*.md"), DOCS / "hooks.md"]
    return "\n".join(line for page in pages for line in page.read_text(encoding="utf-8").splitlines()
                     if line.startswith("::: "))


@pytest.mark.parametrize("name", meeple.__all__)
def test_every_public_name_is_in_the_generated_reference(name):
    directives = set(_reference_directives().split("\n"))
    obj = getattr(meeple, name)
    home = obj.__module__ if isinstance(obj, type) or inspect.isfunction(obj) else _defining_module(name, obj)
    shown = {f"::: meeple.{name}", f"::: {home}.{name}", f"::: {home}"}  # a module shows its names
    assert shown & directives, f"meeple.{name} is public but no docs/reference page has `::: meeple.{name}`"


def test_every_page_is_in_the_nav():
    nav = set(re.findall(r"^\s*- (?:.*: )?([\w./-]+\.md)\s*$",
                         (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if "examples" not in p.relative_to(DOCS).parts}
    assert not pages - nav, f"add these pages to the nav in mkdocs.yml: {sorted(pages - nav)}"
    assert not nav - pages, f"mkdocs.yml lists pages that do not exist: {sorted(nav - pages)}"


@needs_mkdocs
def test_site_builds_strict_with_the_reference_generated_from_core(tmp_path):
    site = tmp_path / "site"
    # `python -m mkdocs`, not the `mkdocs` script: the script's directory (the environment's bin/)
    # holds the `meeple` console script, which griffe would take for the `meeple` package.
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300,
                           env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stderr[-4000:]}"
    # The generated pages hold the docstrings of the installed package, not a stub.
    hooks = (site / "hooks" / "index.html").read_text(encoding="utf-8")
    assert inspect.getdoc(meeple.hookspecs.meeple_register_games).splitlines()[0] in hooks
    zones = (site / "reference" / "zone-classes" / "index.html").read_text(encoding="utf-8")
    assert "What a player sees of a hand." in zones
