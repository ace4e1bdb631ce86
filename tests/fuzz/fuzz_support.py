"""What the fuzz tests share: running the real CLI in a scratch directory, snapshots of files,
the one-line-error check, and a generic mutator of JSON documents (records, saves, requests)."""

from __future__ import annotations

import contextlib
import copy
import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from meeple.cli.app import main


def fuzz_settings(examples: int):
    """Hypothesis settings for one fuzz test: `examples` inputs, no deadline (the machine is
    shared), no example database written into the checkout."""
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.filter_too_much])


@contextlib.contextmanager
def scratch(parent: Path) -> Iterator[Path]:
    """A fresh directory under `parent` (the test's tmp_path) for one generated input."""
    yield Path(tempfile.mkdtemp(dir=parent))


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under `directory` with its bytes: equal snapshots mean nothing was written."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def run_cli(args: list[str], cwd: Path) -> tuple[int | None, str, str, BaseException | None]:
    """`meeple ARGS` through the real entry function, in `cwd`, with stdin at its end (a person
    who closed the terminal): exit code, stdout, stderr and whatever escaped `main`."""
    out, err = io.StringIO(), io.StringIO()
    previous, stdin = os.getcwd(), sys.stdin
    os.chdir(cwd)
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""))
    escaped = None
    code = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    except BaseException as exc:  # noqa: BLE001 — anything escaping main is what we look for
        escaped = exc
    finally:
        os.chdir(previous)
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue(), escaped


def error_lines(err: str) -> list[str]:
    """stderr without plugin-loading warnings."""
    return [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]


def assert_one_line_error(result: tuple, names: str, what: str) -> None:
    """Exit 2, one `meeple: error:` line that contains `names`, no traceback."""
    code, out, err, escaped = result
    assert escaped is None, f"{what}: {type(escaped).__name__} escaped: {escaped!r}"
    lines = error_lines(err)
    assert "Traceback" not in err, f"{what}: traceback\n{err}"
    assert code == 2 and len(lines) == 1 and lines[0].startswith("meeple: error:"), \
        f"{what}: exit {code}, stderr {err!r}"
    assert names in lines[0], f"{what}: the error does not name {names!r}: {lines[0]}"


# -- mutating JSON documents ---------------------------------------------------------------------

KINDS = ("null", "bool", "int", "float", "str", "list", "object")


def kind(value: Any) -> str:
    return {type(None): "null", bool: "bool", int: "int", float: "float", str: "str", list: "list",
            dict: "object"}[type(value)]


def json_values(kind_name: str) -> st.SearchStrategy:
    """Small JSON values of one kind."""
    small = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3))
    return {
        "null": st.none(),
        "bool": st.booleans(),
        "int": st.integers(-(2**70), 2**70),
        "float": st.floats(allow_nan=False, allow_infinity=False),
        "str": st.text(max_size=8),
        "list": st.lists(small, max_size=3),
        "object": st.dictionaries(st.text(max_size=4), small, max_size=2),
    }[kind_name]


def paths(document: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path (tuple of keys and indexes) to a value inside `document`, the root excluded."""
    items = document.items() if isinstance(document, dict) else enumerate(document) if isinstance(document, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from paths(value, prefix + (key,))


def at(document: Any, path: tuple) -> Any:
    for key in path:
        document = document[key]
    return document


def replaced(document: Any, path: tuple, value: Any) -> Any:
    changed = copy.deepcopy(document)
    at(changed, path[:-1])[path[-1]] = value
    return changed


@st.composite
def retyped(draw, document: Any, choose_from: list[tuple], accepts=lambda path, value: {kind(value)}):
    """(path, document) with the value at one of `choose_from`'s paths replaced by a value of a
    JSON kind that path does not accept (`true` or `2.0` for an integer, a list for a string...);
    `accepts(path, value)` names the kinds a path takes (scores: int and float alike)."""
    path = draw(st.sampled_from(choose_from))
    accepted = accepts(path, at(document, path))
    new_kind = draw(st.sampled_from([k for k in KINDS if k not in accepted]))
    return path, replaced(document, path, draw(json_values(new_kind)))
