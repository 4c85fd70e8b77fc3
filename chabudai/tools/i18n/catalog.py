"""The catalogue workflow: extract the marked strings from the code into ``chabudai.pot``, bring
every ``<code>.po`` up to it, and report what is left to translate.

Extraction reads the code with :mod:`ast` (nothing is imported): the first arguments of
``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext`` and of the same-named methods
(``tr.gettext(...)``, used where a translation is passed in) when they are string literals.
A comment starting ``# Translators:`` on the lines just above a call goes to the translators
(``#.``). The output holds no dates and no line numbers, so extracting code that did not change
changes no byte (a test holds the committed files to that).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from chabudai.i18n import LANGUAGES, PLURAL_FORMS, PO_DIR, SOURCE, Entry, read_po

ROOT = Path(__file__).resolve().parents[2]  # the chabudai package
POT = PO_DIR / "chabudai.pot"

# function name -> (index of the context, of the message, of the plural) among its arguments
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "gettext": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}(?!\})")


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a message (``{{`` is a brace, not a placeholder)."""
    return set(PLACEHOLDER.findall(text))


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _translator_comments(source: str) -> dict[int, str]:
    """line -> the ``# Translators:`` comment block ending on the line before it."""
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string.lstrip("#").strip()
    found: dict[int, str] = {}
    for line, text in comments.items():
        if not text.startswith("Translators:"):
            continue
        block, end = [text], line
        while end + 1 in comments:
            end += 1
            block.append(comments[end])
        found[end + 1] = " ".join(block)
    return found


def extract_file(path: Path, rel: str) -> list[tuple[int, Entry]]:
    source = path.read_text(encoding="utf-8")
    notes = _translator_comments(source)
    found: list[tuple[int, Entry]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in KEYWORDS or (name == "_" and not isinstance(func, ast.Name)):
            continue
        context_at, message_at, plural_at = KEYWORDS[name]
        args = node.args
        if len(args) <= max(i for i in (context_at, message_at, plural_at) if i is not None):
            continue
        message = _literal(args[message_at])
        context = _literal(args[context_at]) if context_at is not None else None
        plural = _literal(args[plural_at]) if plural_at is not None else None
        if not message or (context_at is not None and context is None):
            continue
        if plural_at is not None and plural is None:
            continue
        note = notes.get(node.lineno)
        found.append(
            (
                node.lineno,
                Entry(
                    message,
                    context=context,
                    plural=plural,
                    comments=[note] if note else [],
                    refs=[rel],
                ),
            )
        )
    found.sort(key=lambda item: item[0])
    return found


def extract(root: Path = ROOT) -> list[Entry]:
    """Every marked message under ``root``, in the order of first use (file by file)."""
    merged: dict[tuple[str | None, str], Entry] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        try:
            found = extract_file(path, rel)
        except SyntaxError as error:
            raise SystemExit(f"{rel}: cannot be read ({error}); nothing written") from None
        for _line, entry in found:
            known = merged.get(entry.key)
            if known is None:
                merged[entry.key] = entry
                continue
            if known.plural is None and entry.plural is not None:
                known.plural = entry.plural
            known.refs += [r for r in entry.refs if r not in known.refs]
            known.comments += [c for c in entry.comments if c not in known.comments]
    for entry in merged.values():
        if placeholders(entry.msgid) or (entry.plural and placeholders(entry.plural)):
            entry.flags = ["python-brace-format"]
    return list(merged.values())


# ------------------------------------------------------------------ writing


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + escaped.replace("\n", "\\n") + '"'


def _field(keyword: str, text: str) -> list[str]:
    if "\n" not in text.rstrip("\n") and len(text) < 70:
        return [f"{keyword} {_quote(text)}"]
    parts = text.split("\n")
    pieces = [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return [f'{keyword} ""'] + [_quote(p) for p in pieces]


def header(code: str | None) -> Entry:
    lines = [
        "Project-Id-Version: chabudai",
        f"Language: {code}" if code else "Language: ",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        "Plural-Forms: " + (PLURAL_FORMS[code] if code else "nplurals=2; plural=(n != 1);"),
    ]
    return Entry("", strings=["".join(line + "\n" for line in lines)])


def write_po(entries: list[Entry], title: str) -> str:
    out = [
        f"# {title}",
        "# Made by `python -m chabudai.tools.i18n update`; translations are yours.",
        "",
    ]
    for entry in entries:
        out += [f"#. {c}" for c in entry.comments]
        if entry.refs:
            out.append("#: " + " ".join(entry.refs))
        if entry.flags:
            out.append("#, " + ", ".join(entry.flags))
        if entry.context is not None:
            out += _field("msgctxt", entry.context)
        out += _field("msgid", entry.msgid)
        if entry.plural is not None:
            out += _field("msgid_plural", entry.plural)
            for index, text in enumerate(entry.strings):
                out += _field(f"msgstr[{index}]", text)
        else:
            out += _field("msgstr", entry.strings[0] if entry.strings else "")
        out.append("")
    return "\n".join(out)


def nplurals(code: str) -> int:
    return int(re.search(r"nplurals=(\d+)", PLURAL_FORMS[code]).group(1))  # type: ignore[union-attr]


def pot_text(messages: list[Entry]) -> str:
    blank = [
        Entry(
            m.msgid,
            context=m.context,
            plural=m.plural,
            strings=["", ""] if m.plural is not None else [""],
            comments=m.comments,
            refs=m.refs,
            flags=m.flags,
        )
        for m in messages
    ]
    return write_po([header(None), *blank], "Chabudai's messages (source: English)")


def merged_po(code: str, messages: list[Entry], old_text: str | None) -> str:
    """``code``'s catalogue brought up to ``messages``: translations kept by context and id,
    new messages empty, messages the code no longer has dropped."""
    old = {e.key: e for e in read_po(old_text)} if old_text else {}
    forms = nplurals(code)
    out = [header(code)]
    for message in messages:
        known = old.get(message.key)
        if message.plural is None:
            strings = (
                [known.strings[0]] if known and known.plural is None and known.strings else [""]
            )
        else:
            strings = list(known.strings) if known and known.plural is not None else []
            strings = (strings + [""] * forms)[:forms]
        flags = list(message.flags)
        if known and known.fuzzy:
            flags.insert(0, "fuzzy")
        out.append(
            Entry(
                message.msgid,
                context=message.context,
                plural=message.plural,
                strings=strings,
                comments=message.comments,
                refs=message.refs,
                flags=flags,
            )
        )
    return write_po(out, f"Chabudai in {LANGUAGES[code]} ({code})")


def translated_codes() -> list[str]:
    return [code for code in LANGUAGES if code != SOURCE]


def update(codes: list[str] | None = None, root: Path = ROOT) -> list[Path]:
    """Write the template and bring each catalogue up to it (only ``codes``' catalogues, and
    then not the template, when given); the paths written."""
    messages = extract(root)
    written = []
    POT.parent.mkdir(parents=True, exist_ok=True)
    text = pot_text(messages)
    if not codes and (not POT.exists() or POT.read_text("utf-8") != text):
        POT.write_text(text, "utf-8")
        written.append(POT)
    for code in codes or translated_codes():
        path = PO_DIR / f"{code}.po"
        old = path.read_text("utf-8") if path.exists() else None
        new = merged_po(code, messages, old)
        if new != old:
            path.write_text(new, "utf-8")
            written.append(path)
    return written


def problems(code: str) -> dict[str, list[str]]:
    """What is left in ``code``'s catalogue: untranslated and fuzzy messages, and translations
    whose placeholders are not their source's."""
    entries = [e for e in read_po((PO_DIR / f"{code}.po").read_text("utf-8")) if e.msgid]
    found: dict[str, list[str]] = {"untranslated": [], "fuzzy": [], "placeholders": []}
    for entry in entries:
        if not entry.translated:
            found["untranslated"].append(entry.msgid)
        if entry.fuzzy:
            found["fuzzy"].append(entry.msgid)
        wanted = placeholders(entry.msgid) | placeholders(entry.plural or "")
        for text in entry.strings:
            if (
                text
                and placeholders(text) != wanted
                and not (entry.plural is not None and placeholders(text) <= wanted)
            ):
                found["placeholders"].append(entry.msgid)
                break
    return found


def po_text(code: str) -> str:
    return (PO_DIR / f"{code}.po").read_text("utf-8")


def todo(code: str) -> list[dict]:
    """The messages of ``code`` still to translate (untranslated or fuzzy), as plain data a
    translator fills in and hands back to :func:`fill`."""
    out = []
    for entry in read_po(po_text(code)):
        if not entry.msgid or (entry.translated and not entry.fuzzy):
            continue
        out.append(
            {
                "context": entry.context,
                "msgid": entry.msgid,
                "plural": entry.plural,
                "note": " ".join(entry.comments),
                "used_in": entry.refs,
                "msgstr": entry.strings if entry.plural is not None else entry.strings[0],
            }
        )
    return out


def fill(code: str, items: list[dict]) -> tuple[int, list[str]]:
    """Write the translations in ``items`` (as :func:`todo` gives them, ``msgstr`` filled: a
    string, or a list of the plural forms) into ``code``'s catalogue; the fuzzy flag goes.
    Returns how many were written and what was refused (unknown message, wrong number of plural
    forms, placeholders not the source's)."""
    entries = read_po(po_text(code))
    by_key = {e.key: e for e in entries}
    forms = nplurals(code)
    written, refused = 0, []
    for item in items:
        entry = by_key.get((item.get("context"), item.get("msgid")))
        text = item.get("msgstr")
        if entry is None or not entry.msgid:
            refused.append(f"not in the catalogue: {item.get('msgid')!r}")
            continue
        strings = [text] if isinstance(text, str) else list(text or [])
        if entry.plural is not None and len(strings) == 1 and forms > 1:
            refused.append(f"needs {forms} plural forms: {entry.msgid!r}")
            continue
        if (
            entry.plural is None
            and len(strings) != 1
            or (entry.plural is not None and len(strings) != forms)
        ):
            refused.append(f"wrong number of forms ({len(strings)}): {entry.msgid!r}")
            continue
        if not all(strings):
            continue
        wanted = placeholders(entry.msgid) | placeholders(entry.plural or "")
        bad = [
            s
            for s in strings
            if placeholders(s) != wanted
            and not (entry.plural is not None and placeholders(s) <= wanted)
        ]
        if bad:
            refused.append(f"placeholders differ from the source's {sorted(wanted)}: {bad[0]!r}")
            continue
        entry.strings = strings
        entry.flags = [f for f in entry.flags if f != "fuzzy"]
        written += 1
    (PO_DIR / f"{code}.po").write_text(
        write_po(entries, f"Chabudai in {LANGUAGES[code]} ({code})"), "utf-8"
    )
    return written, refused
