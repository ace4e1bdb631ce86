"""The docs stay true: each tutorial's code is its example plugin's code, the example that prints
a view prints what the page shows, README commands exist."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "meeple-nim"
# Each tutorial page and the example plugin its code blocks are taken from.
TUTORIALS = {"tutorial.md": EXAMPLE,
             "tutorial-hidden-information.md": ROOT / "docs" / "examples" / "meeple-hearts",
             "tutorial-knowledge.md": ROOT / "docs" / "examples" / "meeple-gofish"}
# `<!-- file: path -->` over a block: the whole file; `<!-- from: path -->`: a verbatim excerpt of it.
BLOCK = re.compile(r"<!-- (?P<kind>file|from): (?P<path>\S+) -->\n```\w*\n(?P<body>.*?)```", re.S)
# `<!-- run -->` over a python block followed by a text block: the code prints exactly that text.
RUN = re.compile(r"<!-- run -->\n```python\n(?P<code>.*?)```\n\n```text\n(?P<output>.*?)```", re.S)


def tutorial_blocks(page: str = "tutorial.md") -> list[tuple[str, str, str]]:
    """The (kind, path, body) of every block `page` takes from its example plugin's files."""
    return BLOCK.findall((ROOT / "docs" / page).read_text())


def test_tutorial_shows_every_file_of_the_example_plugin():
    shown = {path for kind, path, _ in tutorial_blocks() if kind == "file"}
    files = {str(p.relative_to(EXAMPLE)) for p in EXAMPLE.rglob("*")
             if p.is_file() and p.suffix in (".py", ".toml")
             and not {"__pycache__", "build"} & set(p.relative_to(EXAMPLE).parts)}
    assert shown == files


@pytest.mark.parametrize("page, kind, path, body",
                         [(page, *block) for page in TUTORIALS for block in tutorial_blocks(page)])
def test_tutorial_block_matches_the_file(page, kind, path, body):
    text = (TUTORIALS[page] / path).read_text()
    if kind == "file":
        assert text == body, f"docs/{page} shows an outdated {path}"
    else:
        assert body in text, f"docs/{page} shows an excerpt that {path} no longer holds"


def test_hidden_information_tutorial_walks_through_the_pass_the_zones_and_the_leak_checks():
    shown = {path for _, path, _ in tutorial_blocks("tutorial-hidden-information.md")}
    assert {"src/meeple_hearts/decisions.py", "src/meeple_hearts/game.py",
            "tests/test_conformance.py"} <= shown


def test_hidden_information_tutorial_prints_the_view_it_shows(capsys):
    page = "tutorial-hidden-information.md"
    runs = RUN.findall((ROOT / "docs" / page).read_text())
    assert runs, f"docs/{page} has no example marked <!-- run -->"
    for index, (code, output) in enumerate(runs, 1):
        exec(compile(code, f"docs/{page} (run block {index})", "exec"), {"__name__": "tutorial_run"})  # noqa: S102
        assert capsys.readouterr().out == output, f"docs/{page}: run block {index} prints something else"


def test_readme_starts_with_the_two_setup_commands_that_ci_runs():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)```", readme, re.S)[0].strip().splitlines()
    assert len(commands) == 2, "the README's first block holds exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in commands:
        assert command in ci, f".ci/run does not run the README command: {command}"
