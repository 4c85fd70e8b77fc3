"""Player-facing text says the rule in words: no string under ``chabudai/game`` other than a
docstring or a comment carries a rule id like "(K-33)", "N-10" or a "§" (issue 27)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import chabudai.game

RULE_ID = re.compile(r"\b[KNRM]-\d+\b|§")


def strings_with_rule_ids(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and RULE_ID.search(node.value)
    ]


def test_no_rule_ids_in_player_facing_strings():
    root = Path(chabudai.game.__file__).parent
    found = [hit for path in sorted(root.rglob("*.py")) for hit in strings_with_rule_ids(path)]
    assert found == []
