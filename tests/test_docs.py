"""The docs stay true: the tutorial's code is the example plugin's code, README commands exist."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "meeple-nim"
BLOCK = re.compile(r"<!-- file: (?P<path>\S+) -->\n```\w*\n(?P<body>.*?)```", re.S)


def tutorial_blocks():
    return BLOCK.findall((ROOT / "docs" / "tutorial.md").read_text())


def test_tutorial_shows_every_file_of_the_example_plugin():
    shown = {path for path, _ in tutorial_blocks()}
    files = {str(p.relative_to(EXAMPLE)) for p in EXAMPLE.rglob("*")
             if p.is_file() and p.suffix in (".py", ".toml")
             and not {"__pycache__", "build"} & set(p.relative_to(EXAMPLE).parts)}
    assert shown == files


@pytest.mark.parametrize("path, body", tutorial_blocks())
def test_tutorial_block_matches_the_file(path, body):
    assert (EXAMPLE / path).read_text() == body, f"docs/tutorial.md shows an outdated {path}"


def test_readme_starts_with_the_two_setup_commands_that_ci_runs():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)```", readme, re.S)[0].strip().splitlines()
    assert len(commands) == 2, "the README's first block holds exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in commands:
        assert command in ci, f".ci/run does not run the README command: {command}"
