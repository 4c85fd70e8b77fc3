"""Issue 28: the Language choice (Settings and the first-run screen), the system's language by
default, the choice saved and restored, a switch that shows at once (a table beneath Settings
too), and the menu screens, first run, help and results drawn with no untranslated text."""

from __future__ import annotations

import gettext
import json
import re

import pygame
import pytest

from chabudai import __version__, engines, i18n
from chabudai.game import theme
from chabudai.game.app import App, start
from chabudai.game.settings import Settings, load, save
from chabudai.tools.screenshot import SOLO_SEATS, host_legal, lobby_for
from tests.game.table_helpers import record_texts

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test leaves the process in English, with no text rendered in another language."""
    theme.clear_cache()
    yield
    i18n.set_language("en")
    theme.clear_cache()


@pytest.fixture
def locale(monkeypatch):
    """Set the locale variables: ``locale(LANG="de_DE.UTF-8")`` (the others unset)."""

    def setting(**values: str) -> None:
        for name in LOCALE_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return setting


@pytest.fixture
def pseudo_german(monkeypatch):
    """German is the pseudo language (every translated text reads ‹source›): a switch to it
    shows which texts went through the catalogues and which were worked out before."""
    real = i18n.translation

    def translation(code: str) -> gettext.NullTranslations:
        return i18n.PseudoTranslation() if code == "de" else real(code)

    monkeypatch.setattr(i18n, "translation", translation)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drawn(texts: list) -> list[str]:
    return [text for text, _rect in texts]


def untranslated(texts: list[str], allowed: set[str]) -> list[str]:
    """The drawn texts that never went through the catalogues under the pseudo language: not
    marked ‹…› nor inside a marked text wrapped over lines, not a name, a number or a sign."""
    found, depth = [], 0
    for text in texts:
        marked = "‹" in text or "›" in text
        plain = text.replace("\u00a0", " ").strip().rstrip("|")
        if not (
            marked
            or depth > 0
            or plain in allowed
            or not re.search(r"[^\W\d_]", plain)  # digits and signs only
            or re.fullmatch(r"[\d.]+x", plain)  # an animation speed, 1.5x
        ):
            found.append(text)
        depth = max(0, depth + text.count("‹") - text.count("›"))
    return found


def allowed_words(app: App) -> set[str]:
    """Names and numbers that are not translated: game titles, the player's name, the version."""
    titles = {engines.get(name).title for name in engines.names()}
    version = {f"v{__version__}", f"Chabudai {__version__}", "Chabudai", "<", ">"}
    return titles | version | {app.settings.name, "Aiko"}


# ---------------------------------------------------------------------- the language at start


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANGUAGE": "de:en", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANGUAGE": "eo:tr", "LANG": "en_US.UTF-8"}, "tr"),  # the first known one of a list
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
        ({"LC_MESSAGES": "fy_NL.UTF-8", "LANG": "de_DE.UTF-8"}, "fy"),
        ({"LANG": "zh_CN.UTF-8"}, "zh_Hans"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),  # a language we do not have: English
        ({}, "en"),
    ],
)
def test_with_no_language_chosen_the_systems_is_used(locale, variables, expected):
    locale(**variables)
    app = App(settings=Settings(volume=0.0), save_settings=False, offline=True)
    try:
        assert app.settings.language == ""
        assert i18n.language() == expected
    finally:
        app.close()


def test_a_chosen_language_wins_over_the_system(locale, tmp_path):
    locale(LANG="de_DE.UTF-8")
    path = tmp_path / "settings.json"
    save(Settings(name="Aiko", language="fy"), path)
    app = App(settings_path=path, offline=True)
    try:
        assert i18n.language() == "fy"
    finally:
        app.close()


def test_old_settings_files_without_a_language_still_load(tmp_path):
    path = tmp_path / "settings.json"
    old = {"name": "Aiko", "volume": 0.3, "animation_speed": 2.0, "fullscreen": False,
           "replay_limit": 500}  # fmt: skip
    path.write_text(json.dumps(old))
    loaded, message = load(path)
    assert message is None
    assert loaded == Settings(name="Aiko", volume=0.3, animation_speed=2.0, replay_limit=500)
    assert loaded.language == ""


@pytest.mark.parametrize("value", ["xx", "EN", "de_DE", 7, None, ""])
def test_a_language_that_is_not_ours_is_forgotten(tmp_path, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"name": "Aiko", "language": value}))
    loaded, message = load(path)
    assert message is None and loaded.language == ""
    assert Settings(language="tr").clean().language == "tr"


def test_a_damaged_settings_file_is_said_in_the_players_language(tmp_path, locale):
    locale(LANG="C.UTF-8")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"colour": 1}))
    app = App(settings_path=path, offline=True)
    try:
        (toast,) = app.toast_texts()
        assert "damaged" in toast and "settings.json.bad" in toast and "colour" in toast
        i18n.use_pseudo()  # worded when shown, not when the file was read (before the language)
        (toast,) = app.toast_texts()
        assert toast.startswith("‹The settings file") and "‹unknown settings: {names}›" not in toast
        assert "settings.json.bad" in toast
    finally:
        app.close()


# ---------------------------------------------------------------------- choosing


def language_choice(scene):
    from chabudai.game import ui

    return next(w for w in scene.form.widgets if isinstance(w, ui.Choice) and w.label == "Language")


def test_the_choice_lists_each_language_in_its_own_name(offline_app):
    from chabudai.game.scenes.settings import SettingsScene

    scene = offline_app.push(SettingsScene(offline_app))
    choice = language_choice(scene)
    names = [name for _code, name in choice.options]
    assert names == ["English", "Deutsch", "Türkçe", "中文（简体）", "Frysk", "日本語"]
    assert choice.value == i18n.language() == "en"


def test_first_run_preselects_the_systems_language_and_the_choice_is_saved_and_restored(
    tmp_path, locale
):
    locale(LANG="tr_TR.UTF-8")
    path = tmp_path / "settings.json"
    app = App(settings_path=path, offline=True)
    try:
        assert app.first_run
        start(app)
        welcome = app.scene
        assert welcome.name == "welcome"
        choice = language_choice(welcome)
        assert choice.value == "tr" and i18n.language() == "tr"
        choice.shift(-1)  # Türkçe -> Deutsch, as the Left arrow does
        assert i18n.language() == "de" and app.settings.language == "de"
        assert load(path)[0].language == "de"  # saved at once
        app.handle(key(pygame.K_RETURN))  # the name field has the focus: Enter plays
        assert [s.name for s in app.stack] == ["title"]
    finally:
        app.close()
    i18n.set_language("en")
    again = App(settings_path=path, offline=True)  # the system says Turkish; the choice wins
    try:
        assert not again.first_run and i18n.language() == "de"
    finally:
        again.close()


def test_the_first_run_screen_reads_in_the_new_language_on_the_next_frame(
    tmp_path, locale, monkeypatch, pseudo_german
):
    locale(LANG="en_GB.UTF-8")
    app = App(settings_path=tmp_path / "settings.json", offline=True)
    try:
        start(app)
        app.step(1 / 60)
        texts = record_texts(monkeypatch)
        app.step(1 / 60)
        assert "What should the other players call you?" in drawn(texts)
        welcome = app.scene
        welcome.form.focus_on(language_choice(welcome))
        app.handle(key(pygame.K_RIGHT))  # English -> Deutsch
        assert i18n.language() == "de"
        texts.clear()
        app.step(1 / 60)
        assert "‹What should the other players call you?›" in drawn(texts)
        assert untranslated(drawn(texts), allowed_words(app) | {"Deutsch"}) == []
    finally:
        app.close()


def open_table(app, game: str = "koikoi"):
    from chabudai.game.scenes.lobby import LobbyScene
    from chabudai.game.scenes.table import TableScene

    session = app.session
    session.seat, session.is_host = 0, True
    session.lobby = lobby_for(game, "Kitchen table", [dict(s) for s in SOLO_SEATS], "playing")
    app.push(LobbyScene(app))
    scene = app.push(TableScene(app))
    state = engines.get(game).new_game(2, 5)
    scene.view.snapshot(state.view(0), host_legal(state, 0))
    return scene


def test_settings_over_a_table_switch_the_language_at_once(offline_app, monkeypatch, pseudo_german):
    """Settings opens from the table's Leave question; the table reads in the new language as
    soon as Settings closes, with no restart."""
    app = offline_app
    table = open_table(app)
    for _frame in range(3):
        app.step(1 / 60)
    texts = record_texts(monkeypatch)
    app.handle(key(pygame.K_ESCAPE))  # the Leave question
    app.step(1 / 60)
    assert "Leave the table?" in drawn(texts)
    assert not any("‹" in t for t in drawn(texts))
    settings_button = table.confirm.form.widgets[2]
    assert settings_button.label == "Settings"
    settings_button.activate()
    assert app.scene.name == "settings" and table.confirm is None
    assert app.scene.music is None  # the table's quiet, not the menu tune
    settings = app.scene
    settings.form.focus_on(language_choice(settings))
    app.handle(key(pygame.K_RIGHT))  # English -> Deutsch
    assert i18n.language() == "de" and app.settings.language == "de"
    texts.clear()
    app.step(1 / 60)  # Settings itself reads in German on the next frame
    assert "‹Animation speed›" in drawn(texts) and "‹Settings›" in drawn(texts)
    assert untranslated(drawn(texts), allowed_words(app) | {"Deutsch"}) == []
    app.handle(key(pygame.K_ESCAPE))  # back to the table
    assert app.scene is table
    texts.clear()
    app.step(1 / 60)
    assert any("‹" in t for t in drawn(texts)), drawn(texts)  # the table's words, in German
    app.handle(key(pygame.K_ESCAPE))
    texts.clear()
    app.step(1 / 60)
    assert any("‹Leave the table?›" in t for t in drawn(texts))
    assert {"‹Leave›", "‹Stay›", "‹Settings›"} <= set(drawn(texts))


def test_every_scene_on_the_stack_hears_of_the_change(offline_app):
    from chabudai.game.scenes.settings import SettingsScene

    heard = []
    for scene in offline_app.stack:
        monkey = scene.language_changed
        scene.language_changed = lambda monkey=monkey, scene=scene: (heard.append(scene), monkey())
    offline_app.push(SettingsScene(offline_app))
    below = list(offline_app.stack[:-1])
    offline_app.set_language("ja")
    assert heard == below and i18n.language() == "ja"
    assert offline_app.settings.language == "ja"
    offline_app.set_language("")  # back to following the system
    assert offline_app.settings.language == "" and i18n.language() == i18n.system_language()


# ---------------------------------------------------------------------- no untranslated text


def test_the_title_reads_fully_in_the_language(offline_app, monkeypatch):
    app = offline_app
    i18n.use_pseudo()
    theme.clear_cache()
    texts = record_texts(monkeypatch)
    app.step(1 / 30)
    words = drawn(texts)
    assert "‹four card games around one low table›" in words and "‹Solo›" in words
    assert "‹Playing as {name}›".replace("{name}", "Aiko") in words
    assert untranslated(words, allowed_words(app)) == []
    title = app.scene
    title.form.focus_on(title.tiles[0][0])  # a game's tile: its summary shows
    texts.clear()
    app.step(1 / 30)
    assert untranslated(drawn(texts), allowed_words(app)) == []


def test_settings_and_first_run_read_fully_in_the_language(offline_app, monkeypatch):
    from chabudai.game.scenes.settings import NameScene, SettingsScene

    app = offline_app
    for make in (SettingsScene, NameScene):
        i18n.set_language("en")
        scene = app.push(make(app))
        i18n.use_pseudo()  # made in English, drawn after the switch
        for changed in app.stack:
            changed.language_changed()
        theme.clear_cache()
        texts = record_texts(monkeypatch)
        app.step(1 / 60)
        assert untranslated(drawn(texts), allowed_words(app)) == [], make
        assert any("‹" in t for t in drawn(texts))
        app.stack.remove(scene)


def test_the_bot_and_seat_names_are_translated():
    from chabudai.game.session import Session

    session = Session()
    seats = [
        {"seat": 0, "name": "Aiko", "kind": "human"},
        {"seat": 1, "name": "", "kind": "bot", "level": "hard"},
        {"seat": 2, "name": "", "kind": "bot", "level": "normal"},
        {"seat": 3, "name": "", "kind": "bot", "level": "normal"},
        {"seat": 4, "name": "", "kind": "open"},
    ]
    session.feed({"t": "lobby", "table": {"status": "lobby", "seats": seats}}, lambda m: None)
    names = [session.seat_name(s) for s in range(5)] + [session.seat_name(None)]
    assert names == ["Aiko", "Hard bot", "Normal bot 3", "Normal bot 4", "Seat 5", "Spectator"]
    i18n.use_pseudo()
    names = [session.seat_name(s) for s in range(5)] + [session.seat_name(None)]
    assert names == ["Aiko", "‹Hard bot›", "‹Normal bot 3›", "‹Normal bot 4›", "‹Seat 5›",
                     "‹Spectator›"]  # fmt: skip


def test_results_read_fully_in_the_language(offline_app, monkeypatch):
    from chabudai.game.scenes.results import ResultsScene

    app = offline_app
    session = app.session
    session.seat, session.is_host = 0, False
    session.lobby = lobby_for("koikoi", "Kitchen table", [dict(s) for s in SOLO_SEATS], "over")
    state = engines.get("koikoi").new_game(2, 5, {"rounds": 1})
    result = {**state.result(), "winners": [1]}
    scene = app.push(ResultsScene(app, result))
    i18n.use_pseudo()
    scene.language_changed()
    theme.clear_cache()
    texts = record_texts(monkeypatch)
    app.step(1 / 60)
    words = drawn(texts)
    assert "‹{names} wins›".replace("{names}", "‹Normal bot›") in words, words
    assert "‹{name} (you)›".replace("{name}", "Aiko") in words
    assert untranslated(words, allowed_words(app)) == []


@pytest.mark.parametrize("screen", ["title", "settings", "welcome", "results"])
def test_the_help_of_each_screen_reads_fully_in_the_language(offline_app, monkeypatch, screen):
    from chabudai.game.scenes.help import screen_help

    i18n.use_pseudo()
    title, text = screen_help(screen)
    assert title.startswith("‹") and text.startswith("‹")
    assert text.endswith("›")  # the keys paragraph after the text, translated too
    app = offline_app
    scene = app.scene
    scene.name = screen  # (the help is chosen by the scene's name)
    scene.help_open = True
    theme.clear_cache()
    texts = record_texts(monkeypatch)
    app.draw()
    words = drawn(texts)
    help_start = next(i for i, w in enumerate(words) if title in w)  # (draw_help translates)
    assert untranslated(words[help_start:], allowed_words(app)) == []


def test_every_help_text_is_a_message_of_the_catalogues():
    """The help texts are whole marked messages (extracted), not English glued at run time."""
    from pathlib import Path

    from chabudai.game.scenes import help
    from chabudai.tools.i18n.catalog import extract_file

    found = {e.msgid for _line, e in extract_file(Path(help.__file__), "help.py")}
    for title, text, _keys in help.SCREEN_HELP.values():
        assert title in found and text in found
    assert help.KEYS in found
