"""Menu screens: F1 help on every screen, Esc closes overlays before anything else, the idle title
redraws only what moves and its drifting cards never pass over text."""

import pygame
import pytest

from chabudai.game.app import App
from chabudai.tools.screenshot import host_legal


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def menu_scenes(app):
    from chabudai.game.scenes.join import JoinScene
    from chabudai.game.scenes.lobby import LobbyScene
    from chabudai.game.scenes.settings import SettingsScene
    from chabudai.game.scenes.setup import SetupScene

    return {
        "title": lambda: app.scene,
        "setup": lambda: app.push(SetupScene(app, "solo", "koikoi")),
        "join": lambda: app.push(JoinScene(app)),
        "lobby": lambda: app.push(LobbyScene(app)),
        "settings": lambda: app.push(SettingsScene(app)),
    }


@pytest.mark.parametrize("screen", ["title", "setup", "join", "lobby", "settings"])
def test_F1_opens_the_screens_own_help_and_any_key_closes_it(offline_app, screen):
    app = offline_app
    scene = menu_scenes(app)[screen]()
    app.step(1 / 60)
    app.handle(key(pygame.K_F1))
    assert scene.help_open
    title, text = scene.screen_help()
    assert title and len(text) > 80
    app.step(1 / 60)  # the help is drawn over the screen
    stack = list(app.stack)
    app.handle(key(pygame.K_ESCAPE))  # Esc closes the help first, the screen stays
    assert not scene.help_open and app.stack == stack
    app.handle(key(pygame.K_F1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert not scene.help_open and app.stack == stack


def test_title_esc_picks_quit_then_leaves(offline_app):
    app = offline_app
    title = app.scene
    app.handle(key(pygame.K_ESCAPE))
    assert app.running and title.form.focused is title.buttons["Quit"]
    app.handle(key(pygame.K_ESCAPE))
    assert not app.running


def test_title_footer_names_F1_and_Esc():
    from chabudai.game.scenes.title import FOOTER

    assert "F1" in FOOTER and "Esc" in FOOTER


def test_drifting_cards_never_pass_over_text_or_controls(offline_app):
    app = offline_app
    title = app.scene
    app.draw()
    areas = title.text_areas + [title.drawn[-1][1]]  # the menu's texts and controls, the logo
    assert len(areas) > 10
    for _ in range(60 * 30):  # a minute at the title's 30 frames per second
        title.update(1 / 30)
        for drifter in title.drifters:
            rect = drifter.rect()
            hit = [a for a in areas if rect.colliderect(a)]
            assert not hit, (rect, hit)


def test_idle_title_redraws_only_what_moves_and_matches_a_full_draw(offline_app):
    app = offline_app
    title = app.scene
    app.step(1 / 30)
    app.step(1 / 30)
    updated = []
    real_update = pygame.display.update
    pygame.display.update = lambda rects=None: updated.append(rects)
    try:
        for _ in range(30):
            app.step(1 / 30)
    finally:
        pygame.display.update = real_update
    assert len(updated) >= 20  # (a frame where nothing moved a pixel updates nothing)
    area = sum(r.w * r.h for rects in updated for r in rects) / len(updated)
    assert area < 0.12 * 1280 * 720  # a small part of the screen each frame
    full = app.screen.copy()
    title.draw(full)  # what a full redraw shows now
    assert pygame.image.tobytes(full, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_names_stay_after_a_player_leaves_the_finished_table():
    from chabudai.game.session import Session

    session = Session()
    seats = [
        {"seat": 0, "name": "Aiko", "kind": "human", "ready": True},
        {"seat": 1, "name": "Kenji", "kind": "human", "ready": True},
    ]
    session.feed({"t": "lobby", "table": {"status": "over", "seats": seats}}, lambda m: None)
    assert session.seat_name(1) == "Kenji"
    seats[1] = {"seat": 1, "name": "", "kind": "open", "ready": False}  # Kenji left
    session.feed({"t": "lobby", "table": {"status": "over", "seats": seats}}, lambda m: None)
    assert session.seat_name(1) == "Kenji"  # the log, banners and results keep the name
    seats[1] = {"seat": 1, "name": "Mira", "kind": "human", "ready": False}
    session.feed({"t": "lobby", "table": {"status": "lobby", "seats": seats}}, lambda m: None)
    assert session.seat_name(1) == "Mira"


def test_first_run_asks_for_the_name_and_saves_it(tmp_path):
    from chabudai.game.app import start
    from chabudai.game.settings import load

    path = tmp_path / "settings.json"
    app = App(settings_path=path, offline=True)
    try:
        assert app.first_run
        start(app)
        assert [s.name for s in app.stack] == ["title", "welcome"]
        field = app.scene.field
        field.edit("")
        field.type("Kenji")
        assert load(path)[0].name == "Kenji"  # saved as it is typed
        app.handle(key(pygame.K_RETURN))
        assert [s.name for s in app.stack] == ["title"]
    finally:
        app.close()
    again = App(settings_path=path, offline=True)
    try:
        assert not again.first_run and again.settings.name == "Kenji"
    finally:
        again.close()


def test_settings_save_the_name_on_every_change_not_only_on_done(offline_app, tmp_path):
    app = offline_app
    from chabudai.game.scenes.settings import SettingsScene
    from chabudai.game.settings import load

    path = tmp_path / "s.json"
    app.settings_path, app.save_settings = path, True
    scene = app.push(SettingsScene(app))
    scene.name_field.edit("Mira")
    assert load(path)[0].name == "Mira" and app.scene is scene


def test_no_sound_card_gives_one_quiet_line_not_alsa_noise():
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", ALSA_CARD="nosuch")
    code = (
        "from chabudai.game.app import App\nfrom chabudai.game.settings import Settings\n"
        "app = App(settings=Settings(), save_settings=False, offline=True)\n"
        "print(app.audio.enabled)\napp.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert "ALSA" not in done.stderr and len(lines) <= 1, lines
    if done.stdout.strip() == "False":  # no device: the player is told once
        assert lines == ["chabudai: no sound device found; playing without sound"]


def test_setup_shows_option_words_and_hides_options_that_do_not_apply(offline_app):
    app = offline_app
    from chabudai.game import ui
    from chabudai.game.scenes.setup import SetupScene

    scene = app.push(SetupScene(app, "solo", "nar"))
    labels = lambda: [w.label for w in scene.form.widgets if isinstance(w, ui.Choice)]  # noqa: E731
    scene.set_seats(4)
    assert "Fools with 7 players" not in labels()
    scene.set_seats(7)
    assert "Fools with 7 players" in labels()
    fools = next(w for w in scene.form.widgets if getattr(w, "label", "") == "Fools with 7 players")
    assert fools.text == "two Fools"
    scene.set_game("nimalia")
    otters = next(w for w in scene.form.widgets if getattr(w, "label", "").startswith("Otter"))
    assert otters.text == "per otter"
    scene.form.focus_on(otters)
    app.step(1 / 60)  # the focused option's help is drawn under the Rules column


def test_no_text_smaller_than_14_px_on_any_screen(offline_app, monkeypatch):
    """Draw every menu screen and the Koi-Koi table with its overlays; record every text size."""
    app = offline_app
    from chabudai import engines
    from chabudai.game import theme
    from chabudai.game.scenes.join import JoinScene
    from chabudai.game.scenes.lobby import LobbyScene
    from chabudai.game.scenes.results import ResultsScene
    from chabudai.game.scenes.settings import NameScene, SettingsScene
    from chabudai.game.scenes.setup import SetupScene
    from chabudai.game.scenes.table import TableScene
    from chabudai.tools.screenshot import SOLO_SEATS, lobby_for

    sizes = {}
    render = theme.render_text

    def spy(text, size, color=theme.CREAM, role="text"):
        sizes.setdefault(size, text)
        return render(text, size, color, role)

    monkeypatch.setattr(theme, "render_text", spy)
    session = app.session
    session.seat, session.is_host, session.hosted = 0, True, ("192.168.1.20", 47474)
    session.lobby = lobby_for("koikoi", "Kitchen table", SOLO_SEATS, "playing")
    table = {"name": "Kitchen", "game": "koikoi", "host": "192.168.1.20", "port": 47474,
             "seats": 2, "open": 1, "st": "lobby", "reachable": True}  # fmt: skip
    state = engines.get("koikoi").new_game(2, 5, {"rounds": 3})
    for make in (
        lambda: SetupScene(app, "host", "nimalia"),
        lambda: JoinScene(app),
        lambda: LobbyScene(app),
        lambda: SettingsScene(app),
        lambda: NameScene(app),
        lambda: ResultsScene(app, state.result()),
    ):
        scene = app.push(make())
        scene.on_net({"t": "tables", "tables": [table]})
        app.step(1 / 60)
        app.handle(key(pygame.K_F1))
        app.step(1 / 60)
        app.handle(key(pygame.K_F1))
    scene = app.push(TableScene(app))
    scene.view.snapshot(state.view(0), host_legal(state, 0))
    for k in (None, pygame.K_y, pygame.K_y, pygame.K_F1):
        if k is not None:
            app.handle(key(k))
        app.step(1 / 60)
    assert min(sizes) >= 14, {s: t for s, t in sizes.items() if s < 14}
