"""``python -m chabudai.tools.i18n fonts [--source PATH]``: cut the CJK fonts the client ships
down to the glyphs it can draw with them.

The client draws Chinese with Noto Sans SC and Japanese with Noto Sans JP (SIL Open Font
License), each a subset of the full face holding only:

- every character of every translation in that language's catalogue (``zh_Hans.po`` for SC,
  ``ja.po`` for JP);
- printable ASCII and Latin-1 (names, numbers), and what the face has of Latin Extended-A
  (Noto Sans CJK lacks most of it: names with those letters are drawn in the Latin font);
- the punctuation CJK text uses, full-width digits and letters;
- in the Japanese face, every hiragana and katakana (a name written in kana draws whatever the
  catalogue holds);
- every character of the language names (Settings lists 中文（简体） and 日本語 in any
  language) and of the other non-ASCII string literals of the game's code (arrows, the
  line-breaking tables), in both fonts.

Run it again after the translations change: the suite fails while a catalogue uses a character
its subset lacks. The source is the Noto Sans CJK collection (Debian's ``fonts-noto-cjk``:
``/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc``), or a folder or file holding the
faces (``Noto Sans CJK SC``/``Noto Sans SC``, ``… JP``); each face is picked by its family name.
The output is reproducible: the same catalogues and source give the same bytes.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from chabudai.i18n import LANGUAGES, po_path, read_po

PACKAGE = Path(__file__).resolve().parents[2]  # the chabudai package
FONT_DIR = PACKAGE / "assets" / "fonts"

DEFAULT_SOURCES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
)
# Where the OFL text is found beside the source (Debian keeps it in the package's copyright).
LICENCE_SOURCES = (
    "/usr/share/doc/fonts-noto-cjk/copyright",
    "LICENSE",
    "OFL.txt",
    "LICENSE.txt",
)

# subset name -> (catalogue code, family names that may hold it, output file, licence file)
FACES: dict[str, tuple[str, tuple[str, ...], str, str]] = {
    "SC": (
        "zh_Hans",
        ("Noto Sans CJK SC", "Noto Sans SC"),
        "NotoSansSC-Regular.otf",
        "NotoSansSC-OFL.txt",
    ),
    "JP": (
        "ja",
        ("Noto Sans CJK JP", "Noto Sans JP"),
        "NotoSansJP-Regular.otf",
        "NotoSansJP-OFL.txt",
    ),
}

CJK_PUNCTUATION = "、。，．・：；！？（）「」『』【】〔〕〈〉《》〜～ー…‥—–‘’“”々〃　"
OPTIONAL = {chr(c) for c in range(0x100, 0x180)}  # Latin Extended-A, where the face has it
FULL_WIDTH = "".join(chr(c) for c in range(0xFF10, 0xFF1A))  # ０–９
FULL_WIDTH += "".join(chr(c) for c in range(0xFF21, 0xFF3B))  # Ａ–Ｚ
FULL_WIDTH += "".join(chr(c) for c in range(0xFF41, 0xFF5B))  # ａ–ｚ


def base_characters() -> set[str]:
    """What every subset holds whatever the catalogues say."""
    chars = {chr(c) for c in range(0x20, 0x7F)}  # printable ASCII
    chars |= {chr(c) for c in range(0xA0, 0x100)}  # Latin-1
    chars |= set(CJK_PUNCTUATION) | set(FULL_WIDTH)
    for name in LANGUAGES.values():
        chars |= set(name)
    chars |= code_characters()
    return chars


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def code_characters(root: Path = PACKAGE) -> set[str]:
    """The non-ASCII characters of the string literals of the game's code (docstrings and the
    development tools left out): text it may draw without the catalogues."""
    chars: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        if "tools" in path.relative_to(root).parts:
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docs:
                chars |= {c for c in text if ord(c) >= 0xA0}
    return chars


KANA = {chr(c) for c in (*range(0x3041, 0x3097), *range(0x309B, 0x309F), *range(0x30A1, 0x30FF))}


def catalogue_characters(code: str) -> set[str]:
    """Every character of every translation of a catalogue (the header left out)."""
    path = po_path(code)
    if not path.is_file():
        return set()
    chars: set[str] = set()
    for entry in read_po(path.read_text("utf-8")):
        if entry.msgid:
            for text in entry.strings:
                chars |= set(text)
    return chars


def characters(code: str) -> set[str]:
    """What the subset for ``code``'s catalogue must hold (control characters left out, the
    ideographic space kept)."""
    chars = base_characters() | catalogue_characters(code) | (KANA if code == "ja" else set())
    return {c for c in chars if c.isprintable() or (c.isspace() and ord(c) >= 0xA0)}


# ------------------------------------------------------------------ finding the faces


def _font_files(source: Path) -> list[Path]:
    if source.is_dir():
        return sorted(
            p
            for p in source.rglob("*")
            if p.suffix.lower() in (".ttc", ".otc", ".otf", ".ttf") and p.is_file()
        )
    return [source]


def _families(font) -> set[str]:
    names = font["name"]
    return {str(names.getDebugName(i) or "") for i in (1, 16)} - {""}


def find_face(source: Path, families: tuple[str, ...]) -> tuple[Path, int]:
    """The file and face number in ``source`` whose family is one of ``families``."""
    from fontTools.ttLib import TTCollection, TTFont

    for path in _font_files(source):
        with path.open("rb") as stream:
            collection = stream.read(4) == b"ttcf"
        if collection:
            faces = TTCollection(str(path), lazy=True).fonts
        else:
            faces = [TTFont(str(path), lazy=True)]
        for number, face in enumerate(faces):
            if _families(face) & set(families):
                return path, (number if collection else -1)
    raise SystemExit(f"no face of family {' or '.join(families)} in {source}")


def default_source() -> Path | None:
    for candidate in DEFAULT_SOURCES:
        if Path(candidate).is_file():
            return Path(candidate)
    return None


# ------------------------------------------------------------------ the licence


def ofl_text(source: Path) -> str | None:
    """The SIL Open Font License text shipped with the source, or None."""
    folder = source if source.is_dir() else source.parent
    for name in LICENCE_SOURCES:
        path = Path(name) if name.startswith("/") else folder / name
        if not path.is_file():
            continue
        text = path.read_text("utf-8", errors="replace")
        if path.name == "copyright":  # Debian's machine-readable copyright: one paragraph
            text = _debian_licence(text)
        if text and "SIL OPEN FONT LICENSE" in text.upper():
            return text
    return None


def _debian_licence(text: str) -> str | None:
    lines = text.splitlines()
    for start, line in enumerate(lines):
        if line.startswith("License: SIL") or line.startswith("License: OFL"):
            if start and lines[start - 1].strip():  # a Files paragraph's field, not the text
                continue
            body: list[str] = []
            for raw in lines[start + 1 :]:
                if not raw.startswith(" "):
                    break
                body.append("" if raw.strip() == "." else raw[1:])
            return "\n".join(body).strip("\n") + "\n"
    return None


def licence(face, family: str, ofl: str) -> str:
    notice = str(face["name"].getDebugName(0) or "").strip()
    version = str(face["name"].getDebugName(5) or "").strip()
    return (
        f"{family}: a subset of {face['name'].getDebugName(4)}\n({version})\n"
        "holding only the glyphs chabudai draws, made by `python -m chabudai.tools.i18n fonts`.\n\n"
        f"{notice}\n\n{ofl}"
    )


# ------------------------------------------------------------------ cutting


def subset(path: Path, number: int, chars: set[str]):
    """The face ``number`` of ``path`` (-1: the file is one face) cut to ``chars``."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    # recalcTimestamp off: the same source and characters give the same bytes
    face = TTFont(str(path), fontNumber=number, recalcTimestamp=False)
    options = ft_subset.Options()
    options.notdef_outline = True  # a missing character shows as a box, not as nothing
    options.name_IDs = ["*"]  # the copyright, licence and version records stay in the file
    options.name_languages = ["*"]
    options.drop_tables += ["vhea", "vmtx", "VORG"]  # the client only writes horizontally
    # Not "locl" nor "liga": they pull in the other regions' forms and the ligatures of
    # ideographs, half again as many glyphs, which SDL_ttf never asks for.
    options.layout_features = ["ccmp", "kern", "mark", "mkmk"]
    subsetter = ft_subset.Subsetter(options=options)
    subsetter.populate(unicodes={ord(c) for c in chars})
    subsetter.subset(face)
    return face


def main(source: str | None = None) -> int:
    src = Path(source) if source else default_source()
    if src is None or not src.exists():
        print(
            "no Noto Sans CJK source found: install Debian's fonts-noto-cjk or pass --source "
            "(the collection, a face, or a folder of faces)",
            file=sys.stderr,
        )
        return 2
    ofl = ofl_text(src)
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, (code, families, out_name, licence_name) in FACES.items():
        chars = characters(code)
        path, number = find_face(src, families)
        face = subset(path, number, chars | OPTIONAL)
        out = FONT_DIR / out_name
        face.save(str(out), reorderTables=True)
        size = out.stat().st_size
        total += size
        glyphs = len(face.getGlyphOrder())
        missing = sorted(c for c in chars if ord(c) not in face.getBestCmap())
        target = FONT_DIR / licence_name
        if ofl is not None:
            target.write_text(licence(face, f"Noto Sans {name}", ofl), "utf-8")
        elif not target.is_file():
            print(f"no OFL text found beside {src}; {target} is missing", file=sys.stderr)
            return 2
        print(
            f"{out.relative_to(PACKAGE.parent)}: {glyphs} glyphs for {len(chars)} characters "
            f"({LANGUAGES[code]} catalogue), {size / 1024:.1f} KiB"
        )
        if missing:
            print(f"  not in the source face: {''.join(missing)!r}")
    print(f"total {total / 1024:.1f} KiB")
    return 0
