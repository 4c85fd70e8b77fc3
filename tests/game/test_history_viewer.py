"""History and the replay viewer (issue 30), headless: a thousand games listed and filtered,
star, export, a dropped file added; the viewer steps both ways through every game at its
largest seat count showing what the watched seat saw, with the keys and the progress bar."""

from __future__ import annotations

import time

import pygame
import pytest

from chabudai import engines
from chabudai.game.app import App
from chabudai.game.scenes.history import HistoryScene
from chabudai.game.scenes.title import TitleScene
from chabudai.game.scenes.viewer import BAR, ViewerScene
from chabudai.game.settings import Settings
from chabudai.replays import file
from chabudai.replays.store import INDEX, ReplayStore
from chabudai.tools.autoplay import Autoplayer, drive, start_solo
from tests.replays.helpers import replay_of

GAMES = [("koikoi", 2), ("nanatoridori", 6), ("nar", 8), ("nimalia", 4)]


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "replays"


@pytest.fixture
def app(folder):
    app = App(
        settings=Settings(name="Aiko", volume=0.0, animation_speed=3.0),
        save_settings=False,
        offline=True,
        replays_dir=folder,
    )
    app.push(TitleScene(app))
    yield app
    app.close()


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def thousand(folder) -> ReplayStore:
    """A thousand kept games (a few distinct ones copied under new names: fast to make)."""
    folder.mkdir(parents=True)
    store = ReplayStore(folder)
    for n, (game, players) in enumerate(GAMES * 2):
        store.add(replay_of(game, players, seed=n))
    originals = [store.open(entry) for entry in store.entries()]
    for n in range(1000 - len(originals)):
        replay = originals[n % len(originals)]
        replay.ended = f"2025-{1 + n // 90:02d}-{1 + n % 28:02d}T{n % 24:02d}:00:00Z"
        file.write(folder / f"copy{n:04d}{file.SUFFIX}", replay)
    (folder / INDEX).unlink()  # rebuilt once from the files, as after a crash
    assert len(ReplayStore(folder).entries()) == 1000
    return store


def test_history_lists_a_thousand_games_newest_first_and_filters_by_game(app, folder):
    thousand(folder)
    started = time.perf_counter()
    app.scene.history()
    app.draw()
    opened = time.perf_counter() - started
    history = app.scene
    assert isinstance(history, HistoryScene) and len(history.rows) == 1000
    assert opened < 3.0  # well under a second on a quiet machine; bench client prints it
    dates = [e.ended for e in history.rows]
    assert dates == sorted(dates, reverse=True)
    history.filter.shift(3)  # All games → Koi-Koi → Nanatoridori → Nar
    assert history.rows and {e.game for e in history.rows} == {"nar"}
    history.filter.set_value(None)
    history.set_filter(None)
    key(app, pygame.K_END)
    assert history.selected == 999 and history.target == history.max_scroll
    app.step(1 / 60)
    assert 0 < history.scroll < history.target  # glides there
    for _ in range(90):
        app.step(1 / 60)
    assert history.scroll == history.target
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN)
    assert history.selected == 1


def test_star_export_and_a_dropped_file(app, folder, tmp_path):
    store = ReplayStore(folder)
    store.add(replay_of("nar", 6))
    app.scene.history()
    history = app.scene
    history.export_to = tmp_path
    key(app, pygame.K_s)
    assert ReplayStore(folder).entries()[0].starred
    key(app, pygame.K_e)
    (exported,) = tmp_path.glob(f"chabudai-nar-*{file.SUFFIX}")
    assert file.read(exported).moves == store.open(store.entries()[0]).moves
    sent = tmp_path / f"friend{file.SUFFIX}"
    file.write(sent, replay_of("nimalia", 3))
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(sent)))
    assert isinstance(app.scene, ViewerScene) and app.scene.replay.game == "nimalia"
    key(app, pygame.K_ESCAPE)
    assert app.scene is history and [e.game for e in history.rows].count("nimalia") == 1
    bad = tmp_path / f"bad{file.SUFFIX}"
    bad.write_bytes(sent.read_bytes()[:60])
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert app.scene is history and "cut short" in app.toasts[-1][0]


def test_a_file_that_no_longer_opens_says_why_on_its_row(app, folder):
    store = ReplayStore(folder)
    entry = store.add(replay_of("koikoi"))
    store.path(entry).write_bytes(b"CHABUDAI REPLAY\n\x78\x9cgarbage")
    app.scene.history()
    history = app.scene
    history.watch()
    assert app.scene is history and "damaged" in history.problems[entry.name]
    app.draw()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_viewer_steps_both_ways_showing_what_the_seat_saw(app, game, players):
    replay = replay_of(game, players, seed=3)
    viewer = app.push(ViewerScene(app, replay, seat=1))
    player = viewer.player

    def shows(index: int) -> None:
        view, legal = player.snapshot(index, 1)
        model = viewer.view.model
        assert {k: model[k] for k in view} == view, index
        assert viewer.view.legal_moves() == legal

    steps = min(player.length, 40)
    for index in range(1, steps + 1):
        key(app, pygame.K_RIGHT)
        for _ in range(400):
            if viewer.view.idle:
                break
            viewer.update(1 / 30)
            if getattr(viewer.view, "panel", None) is not None:
                viewer.view.close_overlay()
        assert viewer.index == index
        shows(index)
    for index in range(steps - 1, max(-1, steps - 8), -1):
        key(app, pygame.K_LEFT)
        assert viewer.index == index
        shows(index)
    key(app, pygame.K_END)
    assert viewer.index == player.length
    shows(player.length)
    key(app, pygame.K_HOME)
    assert viewer.index == 0
    key(app, pygame.K_PAGEDOWN)
    assert viewer.index == (player.round_starts + [player.length])[1]
    key(app, pygame.K_PAGEUP)
    assert viewer.index == 0
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(BAR.centerx, BAR.centery), button=1))
    assert abs(viewer.index - player.length / 2) <= 1
    shows(viewer.index)
    app.draw()


def test_play_pause_all_hands_and_escape(app):
    replay = replay_of("nar", 8, seed=4)
    replay.you = None  # kept by a headless host: no seat of ours, so every hand is shown
    viewer = app.push(ViewerScene(app, replay))
    assert viewer.seat is None and viewer.seat_choice.text == "All hands"
    key(app, pygame.K_SPACE)
    assert viewer.playing
    for _ in range(30 * 8):
        viewer.update(1 / 30)
    assert viewer.index > 3
    key(app, pygame.K_SPACE)
    paused_at = viewer.index
    for _ in range(30):
        viewer.update(1 / 30)
    assert not viewer.playing and viewer.index == paused_at
    key(app, pygame.K_v)
    assert viewer.seat == 0 and viewer.index == paused_at
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "title"


def test_watch_again_from_the_results_of_a_solo_game(folder):
    app = App(settings=Settings(name="Aiko", volume=0.0), save_settings=False, replays_dir=folder)
    app.settings.animation_speed = 40
    try:
        app.push(TitleScene(app))
        start_solo(app, "koikoi", {"rounds": 1}, "random", 2)
        assert drive(app, lambda a: a.scene.name == "results", Autoplayer("random", 2), 90)
        watch = next(w for w in app.scene.form.widgets if w.label == "Watch again")
        watch.activate()
        viewer = app.scene
        assert isinstance(viewer, ViewerScene) and viewer.seat == 0
        assert viewer.replay.record() == app.session.record
    finally:
        app.close()


def test_every_game_has_a_viewer():
    assert {g for g, _ in GAMES} == set(engines.names())


def test_a_step_back_leaves_the_move_log_as_it_was_at_that_move(app):
    viewer = app.push(ViewerScene(app, replay_of("nar", 6, seed=2), seat=2))

    def run_show():
        for _ in range(600):
            if viewer.view.idle:
                return
            viewer.update(1 / 10)
            viewer.view.close_overlay()

    for _ in range(14):
        key(app, pygame.K_RIGHT)
        run_show()
    at_14 = list(viewer.view.log.lines)
    for _ in range(6):
        key(app, pygame.K_RIGHT)
        run_show()
    assert viewer.view.log.lines != at_14
    for _ in range(6):
        key(app, pygame.K_LEFT)
    assert viewer.index == 14
    lines = viewer.view.log.lines
    assert lines and lines == at_14[-len(lines) :]  # its last lines, and nothing from later


def test_the_settings_choose_how_many_games_history_keeps(app, folder):
    from chabudai.game.scenes.settings import SettingsScene

    app.replays.add(replay_of("koikoi"))
    scene = app.push(SettingsScene(app))
    scene.set_replay_limit(100)
    assert app.settings.replay_limit == 100 and app.replays.limit == 100
    assert len(ReplayStore(folder).entries()) == 1


def test_chabudai_replay_file_opens_the_viewer_without_adding_it(app, folder, tmp_path):
    """``chabudai replay FILE`` (``app.main(replay_file=…)`` calls ``open_replay``)."""
    path = tmp_path / f"shared{file.SUFFIX}"
    file.write(path, replay_of("nanatoridori", 4))
    assert app.open_replay(path)
    assert isinstance(app.scene, ViewerScene) and app.scene.replay.players == 4
    assert ReplayStore(folder).entries() == []
    key(app, pygame.K_ESCAPE)
    assert not app.open_replay(tmp_path / "missing.chabudai-replay")
    assert app.scene.name == "title" and "There is no file" in app.toasts[-1][0]
