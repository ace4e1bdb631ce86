"""docs/concepts.md quotes the test games verbatim: every `<!-- from: path -->` block is still in
its file (as tests/test_docs.py checks the tutorials' blocks)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
BLOCK = re.compile(r"<!-- from: (?P<path>\S+) -->\n```\w*\n(?P<body>.*?)```", re.S)
EXCERPTS = BLOCK.findall((ROOT / "docs" / "concepts.md").read_text())


def test_concepts_quotes_code():
    assert EXCERPTS


@pytest.mark.parametrize("path, body", EXCERPTS, ids=[path for path, _ in EXCERPTS])
def test_concepts_excerpt_is_still_in_its_file(path, body):
    assert body in (ROOT / path).read_text(), f"docs/concepts.md quotes what {path} no longer holds"
