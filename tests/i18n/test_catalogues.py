"""The catalogues (issue 28): complete, no fuzzy entry, every translation keeps its source's
placeholders, up to date with the code (extracting again changes nothing), each compiles and
picks its language's plural forms; no message shows a rule id."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from chabudai import i18n
from chabudai.i18n import LANGUAGES, PLURAL_FORMS, Entry, compile_po, read_po
from chabudai.tools.i18n import catalog

CODES = [code for code in LANGUAGES if code != i18n.SOURCE]
RULE_ID = re.compile(r"\((?:[KNRM]-\d+|§\s*\d+)[^)]*\)|\b[KNRM]-\d+\b|§\s*\d+")


@pytest.fixture(scope="module")
def messages() -> list[Entry]:
    return catalog.extract()


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def entries(code: str) -> list[Entry]:
    return [e for e in read_po(catalog.po_text(code)) if e.msgid]


def test_the_template_is_up_to_date_with_the_code(messages):
    """Extracting again writes the same template: every marked string is in it, and nothing
    the code no longer marks (run ``python -m chabudai.tools.i18n update``)."""
    assert catalog.POT.read_text("utf-8") == catalog.pot_text(messages)


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_is_up_to_date_with_the_template(code, messages):
    old = catalog.po_text(code)
    assert catalog.merged_po(code, messages, old) == old


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_is_complete_and_not_fuzzy(code):
    found = catalog.problems(code)
    assert not found["untranslated"], f"{len(found['untranslated'])} untranslated in {code}.po"
    assert not found["fuzzy"], f"fuzzy in {code}.po: {found['fuzzy'][:5]}"


@pytest.mark.parametrize("code", CODES)
def test_each_translation_keeps_its_placeholders(code):
    assert not catalog.problems(code)["placeholders"]


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_compiles_with_its_plural_forms(code):
    header = read_po(catalog.po_text(code))[0]
    assert header.msgid == ""
    assert f"Plural-Forms: {PLURAL_FORMS[code]}" in header.strings[0]
    assert f"Language: {code}" in header.strings[0]
    translation = i18n.translation(code)
    assert isinstance(translation, gettext.GNUTranslations)
    for entry in entries(code):
        if entry.plural is not None:
            forms = {translation.ngettext(entry.msgid, entry.plural, n) for n in (1, 2, 5)}
            assert forms <= set(entry.strings)
        elif entry.context is None:
            assert translation.gettext(entry.msgid) == entry.strings[0]
        else:
            assert translation.pgettext(entry.context, entry.msgid) == entry.strings[0]


def test_plural_forms_are_the_languages():
    """German and Frisian have two forms, Turkish, Chinese and Japanese one."""
    assert catalog.nplurals("de") == catalog.nplurals("fy") == 2
    assert catalog.nplurals("tr") == catalog.nplurals("zh_Hans") == catalog.nplurals("ja") == 1


def test_no_message_shows_a_rule_id(messages):
    """Players read the rule in words; "(N-10)" or "§8" stays in docstrings and tests."""
    shown = [m.msgid for m in messages if RULE_ID.search(m.msgid)]
    assert not shown, shown[:5]
    for code in CODES:
        for entry in entries(code):
            assert not any(RULE_ID.search(text) for text in entry.strings), (code, entry.msgid)


def test_a_po_file_reads_back_as_it_was_written():
    written = catalog.write_po(
        [
            catalog.header("de"),
            Entry("Play", strings=["Spielen"], refs=["chabudai/game/x.py"]),
            Entry("{n} card", plural="{n} cards", strings=["{n} Karte", "{n} Karten"]),
            Entry("Play", context="button", strings=["Los"], comments=["a button"]),
            Entry('Two\nlines "quoted" \\ and a tab\t', strings=["Zwei\nZeilen\t"]),
        ],
        "test",
    )
    again = read_po(written)
    assert catalog.write_po(again, "test") == written
    translation = gettext.GNUTranslations(__import__("io").BytesIO(compile_po(again)))
    assert translation.gettext("Play") == "Spielen"
    assert translation.pgettext("button", "Play") == "Los"
    assert translation.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    assert translation.ngettext("{n} card", "{n} cards", 4) == "{n} Karten"
    assert translation.gettext('Two\nlines "quoted" \\ and a tab\t') == "Zwei\nZeilen\t"


def test_untranslated_and_fuzzy_entries_fall_back_to_english():
    data = compile_po(
        [
            catalog.header("de"),
            Entry("Play", strings=[""]),
            Entry("Leave", strings=["Verlassen"], flags=["fuzzy"]),
            Entry("Back", strings=["Zurück"]),
        ]
    )
    translation = gettext.GNUTranslations(__import__("io").BytesIO(data))
    assert translation.gettext("Play") == "Play"
    assert translation.gettext("Leave") == "Leave"
    assert translation.gettext("Back") == "Zurück"


def test_a_damaged_po_file_names_its_line():
    with pytest.raises(ValueError, match="line 2"):
        read_po('msgid "a"\nmsgstr oops\n')


def test_the_extractor_finds_every_kind_of_call(tmp_path: Path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text(
        "from chabudai.i18n import N_, _, ngettext, pgettext\n"
        "A = N_('Marked only')\n"
        "def f(tr, n, name):\n"
        "    # Translators: a button\n"
        "    x = _('Play')\n"
        "    y = ngettext('{n} card', '{n} cards', n).format(n=n)\n"
        "    z = pgettext('nar colour', 'red')\n"
        "    w = tr.gettext('{name} plays').format(name=name)\n"
        "    v = _(name)  # not a literal: not extracted\n"
        "    return x, y, z, w, v\n",
        encoding="utf-8",
    )
    found = {(m.context, m.msgid): m for m in catalog.extract(package)}
    assert set(found) == {
        (None, "Marked only"),
        (None, "Play"),
        (None, "{n} card"),
        ("nar colour", "red"),
        (None, "{name} plays"),
    }
    assert found[(None, "{n} card")].plural == "{n} cards"
    assert found[(None, "Play")].comments == ["Translators: a button"]
    assert found[(None, "{name} plays")].flags == ["python-brace-format"]
    assert found[(None, "Play")].refs == ["pkg/mod.py"]


def test_placeholders_are_named_fields_only():
    assert catalog.placeholders("{name} has {n:+d} and {{braces}}") == {"name", "n"}


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fy:nl", "LANG": "nl_NL.UTF-8"}, "fy"),
        ({"LANGUAGE": "nl:ja_JP"}, "ja"),
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "de_DE"}, "tr"),
        ({"LC_MESSAGES": "zh_CN.UTF-8"}, "zh_Hans"),
        ({"LANG": "zh_TW.UTF-8"}, "zh_Hans"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_language_comes_from_the_system(environ, code):
    assert i18n.system_language(environ) == code


def test_switching_language_translates_at_once_and_tells_listeners():
    heard: list[str] = []
    i18n.on_change(heard.append)
    try:
        for code in CODES:
            i18n.set_language(code)
            assert i18n.language() == code
            assert i18n._("Play") == i18n.translation(code).gettext("Play")
        i18n.set_language("xx")  # an unknown code is English
        assert i18n.language() == "en"
        assert heard == [*CODES, "en"]
    finally:
        i18n._listeners.remove(heard.append)


def test_names_are_joined_in_the_language():
    assert i18n.join_names(["Kenji"]) == "Kenji"
    assert i18n.join_names(["Kenji", "Mira"]) == "Kenji and Mira"
    assert i18n.join_names(["Kenji", "Mira", "Tomas"]) == "Kenji, Mira and Tomas"


def test_an_empty_text_stays_empty_in_every_language():
    """gettext gives the catalogue's header for "": a widget without a label shows nothing."""
    for code in CODES:
        i18n.set_language(code)
        assert i18n._("") == ""
        assert i18n.pgettext("button", "") == ""
