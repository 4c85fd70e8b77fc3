"""Player-facing words in the player's language: GNU gettext catalogues read with the standard
library's :mod:`gettext`.

The source strings are English and are marked in the code with the usual calls:

- ``_("Play")`` translates now, in the current language;
- ``ngettext("{n} card", "{n} cards", n)`` picks the plural form the language needs (German
  and Frisian have two, Turkish, Chinese and Japanese one);
- ``pgettext("button", "Play")`` when one English word needs two translations;
- ``N_("Play")`` only marks a string for extraction (a constant at module level, an option's
  help): translate it with ``_()`` where it is shown, so a change of language shows at once.

Placeholders are named (``{name}``, ``{n}``) and filled after translation with
``str.format``: a translation may reorder them, never drop or rename them (a test holds every
catalogue to that).

The catalogues are ``po/<code>.po`` beside this module, made from ``po/chabudai.pot`` by
``python -m chabudai.tools.i18n``; they are compiled in memory when a language is first used
(no ``.mo`` file is kept). The language is process-wide (the client has one player); code that
words something for another reader (the host's English ``reason`` for older clients) asks for
:func:`translation` of that language instead.

This package imports the standard library only, so every layer may use it, ``engines``
included.
"""

from __future__ import annotations

import gettext
import io
import os
import struct
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

PO_DIR = Path(__file__).resolve().parent / "po"
DOMAIN = "chabudai"

# code -> the language's name in itself (what Settings lists); English is the source language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "tr": "Türkçe",
    "zh_Hans": "中文（简体）",
    "fy": "Frysk",
    "ja": "日本語",
}
SOURCE = "en"
CJK = frozenset({"zh_Hans", "ja"})  # languages drawn with a CJK font

# Each catalogue's Plural-Forms header (the gettext plural rule of the language).
PLURAL_FORMS: dict[str, str] = {
    "de": "nplurals=2; plural=(n != 1);",
    "fy": "nplurals=2; plural=(n != 1);",
    "tr": "nplurals=1; plural=0;",
    "zh_Hans": "nplurals=1; plural=0;",
    "ja": "nplurals=1; plural=0;",
}

_current: gettext.NullTranslations = gettext.NullTranslations()
_current_code = SOURCE
_listeners: list[Callable[[str], None]] = []


# ------------------------------------------------------------------ marking and translating


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it where it is shown)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (itself when the catalogue lacks it; an empty text
    stays empty: gettext would give the catalogue's header for it)."""
    return _current.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the current language."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    return _current.pgettext(context, message) if message else message


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def join_names(parts: list[str]) -> str:
    """ "Kenji", "Kenji and Mira", "Kenji, Mira and Tomas", in the current language."""
    if len(parts) <= 1:
        return "".join(parts)
    # Translators: between the names of a list but the last two ("Kenji, Mira and Tomas")
    head = _(", ").join(parts[:-1])
    # Translators: the last two of a list of names
    return _("{first} and {last}").format(first=head, last=parts[-1])


class PseudoTranslation(gettext.NullTranslations):
    """A stand-in language for tests: every translated text reads ``‹source›``, so a test can
    tell text that went through the catalogues from text that did not."""

    def gettext(self, message: str) -> str:
        return f"‹{message}›"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"‹{singular if n == 1 else plural}›"

    def pgettext(self, context: str, message: str) -> str:
        return f"‹{message}›"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"‹{singular if n == 1 else plural}›"


def use_pseudo() -> None:
    """Switch to :class:`PseudoTranslation` (tests only; ``set_language`` switches back)."""
    global _current, _current_code
    _current, _current_code = PseudoTranslation(), "pseudo"
    for listener in list(_listeners):
        listener("pseudo")


class Notice(str):
    """A message for the player made before its language is known (or shown after the language
    may have changed): the string itself is the English (the terminal, logs); :meth:`said`
    words it in the current language. ``msgid`` is marked with ``N_`` where it is made; an
    argument that is itself a Notice is worded too."""

    msgid: str
    args: dict[str, object]

    def __new__(cls, msgid: str, **args: object) -> Notice:
        notice = super().__new__(cls, msgid.format(**args))
        notice.msgid, notice.args = msgid, args
        return notice

    def said(self) -> str:
        args = {k: v.said() if isinstance(v, Notice) else v for k, v in self.args.items()}
        return _(self.msgid).format(**args)


def said(text: str) -> str:
    """``text`` as the player reads it now (a :class:`Notice` worded in the current language)."""
    return text.said() if isinstance(text, Notice) else text


# ------------------------------------------------------------------ the current language


def current() -> gettext.NullTranslations:
    """The current language's translation object (``gettext``, ``ngettext``, ``pgettext``), to
    hand to code that words for the player but takes its translation as an argument."""
    return _current


def language() -> str:
    """The code of the current language (a key of :data:`LANGUAGES`)."""
    return _current_code


def set_language(code: str) -> None:
    """Make ``code`` the current language (an unknown code means English) and tell every
    listener (the client's caches of rendered text)."""
    global _current, _current_code
    code = code if code in LANGUAGES else SOURCE
    if code == _current_code:
        return
    _current, _current_code = translation(code), code
    for listener in list(_listeners):
        listener(code)


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every change of language."""
    if listener not in _listeners:
        _listeners.append(listener)


def is_cjk(code: str | None = None) -> bool:
    return (code or _current_code) in CJK


def supported(tag: str) -> str | None:
    """The code of ours that a locale tag means (``de_DE.UTF-8`` -> ``de``, ``zh_CN`` ->
    ``zh_Hans``, ``ja`` -> ``ja``), or None."""
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not tag or tag in ("C", "POSIX"):
        return None
    if tag in LANGUAGES:
        return tag
    base = tag.split("_")[0].lower()
    if base == "zh":  # Simplified Chinese is the catalogue there is, for every Chinese locale
        return "zh_Hans"
    return base if base in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, by the variables gettext reads (``LANGUAGE``, a list
    separated by colons, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``): the first one that is set
    and names a language of ours; English otherwise."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        for tag in value.split(":"):
            code = supported(tag)
            if code:
                return code
    return SOURCE


# ------------------------------------------------------------------ catalogues


@cache
def translation(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``, compiled in memory from its ``.po`` on first use; English
    (and an unknown code) is the source text itself."""
    if code not in LANGUAGES or code == SOURCE:
        return gettext.NullTranslations()
    path = PO_DIR / f"{code}.po"
    return gettext.GNUTranslations(io.BytesIO(compile_po(read_po(path.read_text("utf-8")))))


def po_path(code: str) -> Path:
    return PO_DIR / f"{code}.po"


class Entry:
    """One message of a ``.po`` file: context, id, plural id, translations, comments, flags."""

    __slots__ = ("context", "msgid", "plural", "strings", "comments", "refs", "flags")

    def __init__(
        self,
        msgid: str,
        *,
        context: str | None = None,
        plural: str | None = None,
        strings: list[str] | None = None,
        comments: list[str] | None = None,
        refs: list[str] | None = None,
        flags: list[str] | None = None,
    ) -> None:
        self.context = context
        self.msgid = msgid
        self.plural = plural
        self.strings = strings if strings is not None else []
        self.comments = comments or []  # "#." lines: for translators, from the code
        self.refs = refs or []  # "#:" lines: the files the message is used in
        self.flags = flags or []  # "#," lines: fuzzy, python-brace-format

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    out, i, body = [], 0, text[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def read_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file, the header (msgid "") first. Obsolete entries (``#~``)
    are left out. ``ValueError`` names the line of anything else it cannot read."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    refs: list[str] = []
    flags: list[str] = []
    last: str | None = None

    def finish() -> None:
        nonlocal fields, comments, refs, flags, last
        if "msgid" in fields:
            strings = [
                fields[k] for k in sorted(fields, key=_plural_index) if k.startswith("msgstr")
            ]
            entries.append(
                Entry(
                    fields["msgid"],
                    context=fields.get("msgctxt"),
                    plural=fields.get("msgid_plural"),
                    strings=strings,
                    comments=comments,
                    refs=refs,
                    flags=flags,
                )
            )
        fields, comments, refs, flags, last = {}, [], [], [], None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        try:
            if not line:
                finish()
            elif line.startswith("#~"):
                continue
            elif line.startswith("#"):
                if "msgid" in fields and last is not None and not line.startswith("#~"):
                    finish()
                if line.startswith("#."):
                    comments.append(line[2:].strip())
                elif line.startswith("#:"):
                    refs.extend(line[2:].split())
                elif line.startswith("#,"):
                    flags.extend(f.strip() for f in line[2:].split(","))
            elif line.startswith('"'):
                if last is None:
                    raise ValueError("a string that continues nothing")
                fields[last] += _unquote(line)
            else:
                keyword, _space, rest = line.partition(" ")
                if keyword in ("msgctxt", "msgid") and "msgid" in fields:
                    finish()
                if not (
                    keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr")
                    or (keyword.startswith("msgstr[") and keyword.endswith("]"))
                ):
                    raise ValueError(f"unknown keyword {keyword!r}")
                fields[keyword] = _unquote(rest)
                last = keyword
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
    finish()
    return entries


def _plural_index(key: str) -> int:
    return int(key[7:-1]) if key.startswith("msgstr[") else 0


def compile_po(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes of ``entries`` (what ``msgfmt`` writes): untranslated and fuzzy
    entries are left out, so the English shows for them; the header is always kept."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        header = entry.msgid == "" and entry.context is None
        if not header and (entry.fuzzy or not entry.translated):
            continue
        key = entry.msgid if entry.plural is None else entry.msgid + "\0" + entry.plural
        if entry.context is not None:
            key = entry.context + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(entry.strings).encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    count = len(keys)
    start = 7 * 4 + 16 * count  # header, then the two offset tables
    offsets_ids, offsets_strs, position = [], [], start
    for k in keys:
        offsets_ids += [len(k), position]
        position += len(k) + 1
    for k in keys:
        offsets_strs += [len(pairs[k]), position]
        position += len(pairs[k]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    tables = struct.pack(f"<{4 * count}I", *offsets_ids, *offsets_strs)
    return header + tables + ids + strs


__all__ = [
    "CJK",
    "LANGUAGES",
    "N_",
    "Notice",
    "PLURAL_FORMS",
    "SOURCE",
    "_",
    "current",
    "join_names",
    "language",
    "ngettext",
    "npgettext",
    "on_change",
    "pgettext",
    "said",
    "set_language",
    "supported",
    "system_language",
    "translation",
    "use_pseudo",
]
