"""Issue 28: two clients in two languages at one LAN table, each sees the game in its own.

A ``chabudai host`` table on loopback (not advertised: zeroconf stays off, and the clients'
Join screens browse on loopback only) and two ``chabudai autoplay --join`` processes, one in
German and one in Japanese, play one whole game of Koi-Koi to its end by clicks. Each writes
every text it drew (``--texts``); the German one must have drawn the German catalogue's words
and no Japanese, the Japanese one kana and kanji, the Japanese catalogue's words and no German.

The texts looked for are messages every such game shows (the lobby, the table's buttons and
labels, the summary, the results); they are looked up in the catalogues, so the test holds for
whatever the translators wrote. A catalogue that translates none of them yet skips the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chabudai import i18n
from tests.game.table_helpers import lan_game

LANGS = ("de", "ja")
# Messages each client of a LAN Koi-Koi game draws, whatever the deal and whoever joins first
# (seen in runs): the lobby's Leave button, the table's buttons and labels, a deal's summary and
# the results screen. ("Joining…", "open seat", "Take a seat" and "not ready" are drawn for a
# frame or two only, or not at all, as the timing goes.)
ALWAYS_DRAWN = (
    "Leave",
    "Dealer",
    "to play",
    "Scores (S)",
    "Hint (H)",
    "Yaku (Y)",
    "Total",
    "click to continue",
    "Play again",
)
CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
WHITESPACE = re.compile(r"\s+")


def squeeze(text: str) -> str:
    """``text`` without white space: a translation wrapped over lines (CJK breaks anywhere,
    without a space) is still found in the texts drawn."""
    return WHITESPACE.sub("", text)


def translations(code: str, msgid: str) -> set[str]:
    """Every translation of ``msgid`` (under any context) in the ``code`` catalogue that says
    something other than the English: what a client in ``code`` draws for it."""
    contexts = {e.context for e in i18n.read_po(i18n.po_path(code).read_text("utf-8"))
                if e.msgid == msgid and e.plural is None}  # fmt: skip
    catalogue = i18n.translation(code)
    words = {
        catalogue.gettext(msgid) if context is None else catalogue.pgettext(context, msgid)
        for context in contexts
    }
    return {word for word in words if word and word != msgid}


def catalogue_words(code: str) -> dict[str, str]:
    """msgid -> translation of the ``code`` catalogue's translated messages without
    placeholders or context, of four letters or more, that differ from the English."""
    catalogue = i18n.translation(code)
    words = {}
    for entry in i18n.read_po(i18n.po_path(code).read_text("utf-8")):
        if (
            entry.msgid
            and entry.plural is None
            and entry.context is None
            and "{" not in entry.msgid
        ):
            word = catalogue.gettext(entry.msgid)
            if word != entry.msgid and len(squeeze(word)) >= 4:
                words[entry.msgid] = word
    return words


def expected() -> dict[str, dict[str, set[str]]]:
    """code -> msgid -> its translations, for the ALWAYS_DRAWN messages the catalogue has."""
    return {code: {m: t for m in ALWAYS_DRAWN if (t := translations(code, m))} for code in LANGS}


def play(tmp_path: Path) -> dict[str, list[str]]:
    """The LAN game: one host, one client per language; code -> the texts that client drew."""
    seeds = {"de": 11, "ja": 12}
    lan_game(
        tmp_path,
        "koikoi",
        options=("rounds=3",),
        seeds=tuple(seeds.values()),
        timeout=240.0,
        client_args={
            seed: ["--lang", code, "--texts", str(tmp_path / f"{code}.txt")]
            for code, seed in seeds.items()
        },
    )  # both clients played to the end and saw the same scores
    return {code: (tmp_path / f"{code}.txt").read_text("utf-8").splitlines() for code in LANGS}


@pytest.mark.slow
def test_a_german_and_a_japanese_client_each_read_the_game_in_their_own_language(tmp_path):
    wanted = expected()
    missing = [code for code in LANGS if not wanted[code]]
    if missing:
        pytest.skip(
            f"the {', '.join(missing)} catalogue(s) translate none of the messages every "
            f"Koi-Koi game shows yet ({', '.join(ALWAYS_DRAWN)})"
        )
    drawn = play(tmp_path)
    seen = {code: squeeze("".join(lines)) for code, lines in drawn.items()}
    lines = {code: {line.strip() for line in drawn[code]} for code in LANGS}
    other = {"de": "ja", "ja": "de"}

    for code in LANGS:
        for msgid, words in wanted[code].items():
            # the client speaking the language drew the translation ...
            assert any(squeeze(word) in seen[code] for word in words), (code, msgid, words)
            # ... and not the English, which the catalogue translates
            assert msgid not in lines[code], (code, msgid)
            # the other client, in its own language, did not draw this one's words
            theirs = translations(other[code], msgid) | {msgid}
            for word in words - theirs:
                assert squeeze(word) not in seen[other[code]], (other[code], msgid, word)

    # German: the German catalogue's words, and not one kana or kanji
    german = catalogue_words("de")
    found = [w for w in german.values() if squeeze(w) in seen["de"]]
    assert len(found) >= min(10, len(german) // 2), found
    assert not [line for line in drawn["de"] if CJK.search(line)]
    # nor did the Japanese client draw German: none of the German catalogue's longer words
    # that are neither English (a source text) nor the Japanese catalogue's own
    japanese = catalogue_words("ja")
    english = {squeeze(e.msgid) for e in i18n.read_po(i18n.po_path("de").read_text("utf-8"))}
    german_only = [w for m, w in german.items()
                   if japanese.get(m) != w and len(squeeze(w)) >= 6 and squeeze(w) not in english]  # fmt: skip
    assert not [w for w in german_only if squeeze(w) in seen["ja"]]
    # Japanese: kana and kanji on many texts, the Japanese catalogue's words
    assert sum(1 for line in drawn["ja"] if CJK.search(line)) >= 10
    found = [w for w in japanese.values() if squeeze(w) in seen["ja"]]
    assert len(found) >= min(10, len(japanese) // 2), found
