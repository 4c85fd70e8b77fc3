"""The README and docs work from a fresh clone: every file they point at is in the repository,
every command they show parses, and docs/rules is the same as the shared rules it mirrors."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from chabudai.tools.bench.__main__ import BENCHMARKS
from chabudai.tools.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP_FOLDERS = ("chabudai/", "tests/", "docs/")


def shared_rules() -> Path | None:
    """The shared rules folder beside the main checkout (``../shared/rules``), if present."""
    roots = [ROOT]
    try:  # a git worktree: the main checkout is where the common .git lives
        common = subprocess.run(
            ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
            cwd=ROOT, capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
        roots.append(Path(common).parent)
    except (OSError, subprocess.SubprocessError):
        pass
    for root in roots:
        candidate = root.parent / "shared" / "rules"
        if candidate.is_dir():
            return candidate
    return None


def test_docs_rules_mirror_the_shared_rules():
    shared = shared_rules()
    if shared is None:
        pytest.skip("no ../shared/rules next to this checkout (a fresh clone): nothing to compare")
    mirror = ROOT / "docs" / "rules"
    names = sorted(p.name for p in shared.iterdir() if p.is_file())
    assert sorted(p.name for p in mirror.iterdir() if p.is_file()) == names
    for name in names:
        assert (mirror / name).read_bytes() == (shared / name).read_bytes(), name


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_links_and_paths_point_into_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text, "a fresh clone has no ../shared"
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://", "#", "mailto:")):
            continue
        path = (doc.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{doc.name} links to {target}, which is not in the repository"
    if doc.name == "README.md":
        for token in re.findall(r"`([^`\s]+)`", text):
            if token.startswith(TOP_FOLDERS) and "<" not in token and "*" not in token:
                assert (ROOT / token).exists(), f"README names {token}, which does not exist"


def commands(doc: Path) -> list[str]:
    """The command lines of the doc's ``sh`` blocks: continuations joined, comments and
    ``[optional]`` parts removed."""
    text = doc.read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#.*$", "", line)
            line = re.sub(r"\[[^\]]*\]", "", line).strip()
            if line:
                lines.append(line)
    return lines


def test_the_readme_commands_are_real():
    lines = commands(ROOT / "README.md")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", makefile, re.M))
    seen = {"chabudai": 0, "bench": 0, "make": 0}
    for line in lines:
        words = shlex.split(line)
        if words[0] == "chabudai" and len(words) > 1:
            build_parser().parse_args(words[1:])  # SystemExit (a failed test) if not
            seen["chabudai"] += 1
        elif words[:3] == ["python", "-m", "chabudai.tools.bench"]:
            assert words[3] in BENCHMARKS, line
            seen["bench"] += 1
        elif words[0] == "make":
            assert words[1] in targets, line
            seen["make"] += 1
    assert all(seen.values()), seen
    assert {"play", "test", "test-fast", "bench"} <= targets


def test_the_bots_doc_commands_are_real():
    """Every figure in docs/BOTS.md comes with a command that parses (tournament, benchmark)."""
    lines = commands(ROOT / "docs" / "BOTS.md")
    assert len(lines) >= 10
    for line in lines:
        words = shlex.split(line)
        if words[0] == "chabudai":
            build_parser().parse_args(words[1:])  # SystemExit (a failed test) if not
        else:
            assert words[:3] == ["python", "-m", "chabudai.tools.bench"], line
            assert words[3] in BENCHMARKS, line
