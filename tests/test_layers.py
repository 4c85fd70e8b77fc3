"""Imports follow the layers of docs/ARCHITECTURE.md (its "Layout" table, "may import" column).

Every module under ``chabudai/`` is parsed (``ast``, nothing is imported) and each import it makes
anywhere — at the top, inside a function, relative or absolute — is checked against the row of
its layer: ``engines`` and ``i18n`` the standard library only (and every layer may import
``i18n``); ``replays`` ``engines`` and ``paths`` plus msgpack;
``net`` ``engines`` and ``replays`` plus msgpack, zeroconf and ifaddr; ``game`` ``engines`` and ``net`` plus pygame-ce; ``tools`` anything.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("engines", "i18n", "paths", "replays", "net", "game", "tools")
IMPORT_NAMES = {"pygame-ce": "pygame"}  # distribution name in the docs -> import name


def allowed_by_the_docs() -> dict[str, set[str] | None]:
    """layer -> the chabudai layers and top-level import names it may use (None: anything)."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rules: dict[str, set[str] | None] = {}
    for line in text.splitlines():
        match = re.match(r"\|\s*`chabudai/(\w+)(?:/|\.py)`\s*\|[^|]*\|\s*([^|]*)\|", line)
        if match is None or match.group(1) not in LAYERS:
            continue
        layer, cell = match.group(1), match.group(2).strip()
        if cell == "everything":
            rules[layer] = None
            continue
        names = {layer}
        if cell != "the standard library only":
            for item in cell.split(","):
                item = item.strip().strip("`")
                names.add(IMPORT_NAMES.get(item, item))
        rules[layer] = names
    assert set(rules) == set(LAYERS), f"the layout table names {sorted(rules)}"
    return rules


def imports_of(path: Path, root: Path) -> list[tuple[int, str]]:
    """``(line, dotted name)`` of every import in a module, relative ones made absolute."""
    module = ".".join(path.relative_to(root).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name == "chabudai":  # `from chabudai import engines`: the layer is the name
                found += [
                    # `from chabudai import __version__`: the package's own top, open to all
                    (
                        node.lineno,
                        "chabudai" if alias.name.startswith("__") else f"chabudai.{alias.name}",
                    )
                    for alias in node.names
                ]
            else:
                found.append((node.lineno, name))
    return found


def layer_of(name: str) -> str:
    """``engines``/``net``/... for a chabudai module, else the top-level import name."""
    parts = name.split(".")
    if parts[0] == "chabudai":
        return parts[1] if len(parts) > 1 else "chabudai"
    return parts[0]


def violations(rules: dict[str, set[str] | None], root: Path = ROOT) -> list[str]:
    """Every import under ``root/chabudai`` that its layer may not make."""
    found = []
    for path in sorted((root / "chabudai").rglob("*.py")):
        parts = path.relative_to(root / "chabudai").parts
        layer = parts[0] if len(parts) > 1 else path.stem  # a top-level module: its name
        allowed = rules.get(layer) if layer in LAYERS else set()
        if allowed is None:
            continue
        for line, name in imports_of(path, root):
            target = layer_of(name)
            if target in sys.stdlib_module_names or target in ("chabudai", "i18n"):
                continue  # the standard library, the package's top and i18n are open to all
            if target in allowed:
                continue
            found.append(f"{path.relative_to(root)}:{line} imports {name}")
    return found


def test_every_module_imports_only_what_its_layer_may():
    problems = violations(allowed_by_the_docs())
    assert not problems, "imports against docs/ARCHITECTURE.md:\n" + "\n".join(problems)


def test_the_docs_rows_are_the_layering_of_the_brief():
    rules = allowed_by_the_docs()
    assert rules["engines"] == {"engines"}
    assert rules["i18n"] == {"i18n"}
    assert rules["paths"] == {"paths", "the standard library", "platformdirs"}
    assert rules["replays"] == {"replays", "engines", "paths", "msgpack"}
    assert rules["net"] == {"net", "engines", "paths", "replays", "msgpack", "zeroconf", "ifaddr"}
    assert rules["game"] == {"game", "engines", "net", "paths", "replays", "pygame"}
    assert rules["tools"] is None


def test_a_net_module_importing_tools_is_caught(tmp_path):
    """The check itself can fail: a module of ``net`` that imports ``tools`` is named."""
    (tmp_path / "chabudai" / "net").mkdir(parents=True)
    (tmp_path / "chabudai" / "net" / "bad.py").write_text(
        "def f():\n    from ..tools.usage import UsageError\n", encoding="utf-8"
    )
    assert violations(allowed_by_the_docs(), tmp_path) == [
        "chabudai/net/bad.py:2 imports chabudai.tools.usage"
    ]
