"""Scene navigation by synthesized input: the paths a player takes through the client."""

import secrets
import time

import pygame

from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.net.bridge import NetBridge
from chabudai.tools.autoplay import Autoplayer, drive


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frames(app, n=3):
    for _ in range(n):
        app.step(1 / 60)


def names(app):
    return [scene.name for scene in app.stack]


def test_title_solo_table_results_and_back_to_title(app):
    frames(app)
    key(pygame.K_RETURN)  # the focus starts on Solo
    frames(app)
    assert names(app) == ["title", "setup"]
    key(pygame.K_ESCAPE)  # Esc goes back
    frames(app)
    assert names(app) == ["title"]
    key(pygame.K_RETURN)
    frames(app)
    setup = app.scene
    assert setup.game == "koikoi"
    click(setup.start_button.rect.center)
    assert drive(app, lambda a: a.scene.name == "table", None, 20), names(app)
    assert names(app) == ["title", "lobby", "table"]
    key(pygame.K_ESCAPE)  # Esc at the table asks first
    frames(app)
    assert app.scene.confirm is not None
    key(pygame.K_ESCAPE)  # and Esc again stays
    frames(app)
    assert app.scene.confirm is None and names(app) == ["title", "lobby", "table"]
    assert drive(app, lambda a: a.scene.name == "results", Autoplayer(None, 5), 60), names(app)
    results = app.scene
    assert results.result["winners"]
    # Rematch (Enter on the focused first button): a new game at the same table
    first_record = app.session.record
    key(pygame.K_RETURN)
    assert drive(app, lambda a: a.scene.name == "table", None, 20), names(app)
    assert names(app) == ["title", "lobby", "table"]
    assert drive(app, lambda a: a.scene.name == "results", Autoplayer(None, 6), 60), names(app)
    assert app.session.record != first_record
    # keyboard: Tab from Rematch to Title, Enter
    key(pygame.K_TAB)
    key(pygame.K_RETURN)
    frames(app)
    assert names(app) == ["title"]


def test_games_without_a_table_are_listed_but_cannot_start(app, monkeypatch):
    from chabudai.game import tables

    monkeypatch.delitem(tables.TABLES, "nar")  # as before its table existed
    frames(app)
    nar_tile = next(button for button, name in app.scene.tiles if name == "nar")
    click(nar_tile.rect.center)
    frames(app)
    setup = app.scene
    assert setup.game == "nar" and not setup.start_button.enabled
    assert "coming soon" in setup.start_button.note
    click(setup.start_button.rect.center)
    frames(app)
    assert names(app) == ["title", "setup"]


def test_setup_form_is_built_from_the_engine_options(app):
    from chabudai import engines

    frames(app)
    app.scene.solo("koikoi")
    labels = {w.label for w in app.scene.form.widgets if hasattr(w, "label")}
    for option in engines.get("koikoi").options:
        assert option.to_dict()["label"] in labels
    # Right arrow on the focused "Game" choice switches the game and rebuilds the form
    key(pygame.K_RIGHT)
    frames(app)
    assert app.scene.game != "koikoi"


def test_title_join_finds_a_loopback_table_and_sits_in_its_lobby(tmp_path):
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    host = NetBridge(bind="127.0.0.1", service_type=service_type)
    host.start()
    app = App(
        settings=Settings(name="Joiner", animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "s.json",
        net_bind="127.0.0.1",
        net_service_type=service_type,
    )
    app.push(TitleScene(app))
    try:
        host.host_table(
            game="koikoi", name="Loopback table", seats=2, options={}, bots=[None, None],
            player_name="Hostess", advertise=True, bind="127.0.0.1", port=0,
        )  # fmt: skip
        frames(app)
        click(app.scene.buttons["Join"].rect.center)
        frames(app)
        assert names(app) == ["title", "join"]

        def listed(a):
            return any(
                t.get("name") == "Loopback table" and t.get("reachable") for t in a.scene.tables
            )

        assert drive(app, listed, None, 15), app.scene.tables
        row = next(button for button, table in app.scene.rows if table["name"] == "Loopback table")
        click(row.rect.center)
        frames(app)
        assert names(app) == ["title", "join", "lobby"]

        def seated(a):
            seats = (a.session.lobby or {}).get("seats", [])
            return a.session.seat == 1 and any(s.get("name") == "Joiner" for s in seats)

        assert drive(app, seated, None, 10), app.session.lobby
        # Esc leaves the table and returns to the title
        key(pygame.K_ESCAPE)
        frames(app)
        assert names(app) == ["title"]
    finally:
        app.close()
        started = time.monotonic()
        host.stop()
        assert time.monotonic() - started < 15


def test_settings_by_keyboard_are_saved(app, tmp_path):
    import json

    frames(app)
    click(app.scene.buttons["Settings"].rect.center)
    frames(app)
    assert names(app) == ["title", "settings"]
    for _ in range(4):
        key(pygame.K_BACKSPACE)  # the name field has the focus
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Kenji"))
    key(pygame.K_DOWN)  # the language (left as it is)
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # volume 0 % -> 10 %
    key(pygame.K_ESCAPE)  # back saves too
    frames(app)
    assert names(app) == ["title"]
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["name"] == "Kenji" and saved["volume"] == 0.1 and saved["language"] == ""
    assert app.settings.name == "Kenji"
