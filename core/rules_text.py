"""A game's rules text by default: the ``rules.md`` shipped in the package that defines the game.

`Game.rules_text` is a `RulesBesideModule`, so a plugin laid out as the Nim example shows
(``rules.md`` beside ``game.py``) needs no line to publish its rules; a game that sets
``rules_text = "..."`` on its class simply shadows it.
"""

from __future__ import annotations

import functools
import re
import sys
from importlib import resources
from typing import Any

RULES_FILE = "rules.md"


class RulesBesideModule:
    """A class attribute whose value is the ``rules.md`` beside the owning class's module ("" when
    there is none). Read on the class or an instance alike; read once per class."""

    def __get__(self, instance: object, owner: type) -> str:
        return package_rules(owner.__module__)


@functools.cache
def package_rules(module: str) -> str:
    """The text of ``rules.md`` in `module`'s package, or "" if it has none (or no package)."""
    defined_in = sys.modules.get(module)
    package = module if hasattr(defined_in, "__path__") else module.rpartition(".")[0]
    if not package:
        return ""
    try:
        path = resources.files(package).joinpath(RULES_FILE)
        return path.read_text(encoding="utf-8") if path.is_file() else ""
    except (ImportError, TypeError, ValueError, OSError):
        return ""


def rules_for_people(game_cls: Any) -> str:
    """A game's rules as Markdown for a reader (`meeple rules`, the server's rules page): its
    `rules_text`, or its title and summary when it has none, links to files beside the rules
    reduced to their text."""
    text = game_cls.rules_text.strip() or f"{game_cls.spec.title}: {game_cls.spec.summary}"
    return without_relative_links(text)


# `[text](target)` or `![alt](target)` whose target has no scheme (`https:`, `mailto:`) and is no
# `#anchor`: a file beside the rules in the plugin's source tree, which a user does not have.
_RELATIVE_LINK = re.compile(r"!?\[([^\]\n]*)\]\((?![A-Za-z][A-Za-z0-9+.-]*:|#)[^)\s]*(?:\s+\"[^\"\n]*\")?\)")


def without_relative_links(markdown: str) -> str:
    """Links to files relative to the rules (in the plugin's repository, not installed) keep
    only their text; web links stay."""
    return _RELATIVE_LINK.sub(r"\1", markdown)
