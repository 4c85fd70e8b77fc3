"""The replay viewer's Review (issue 32), headless: it runs in the background while the viewer
keeps stepping, is kept in the replay file and the store so a second open does not run it again,
is cancelled by Esc, marks decisions on the progress bar, jumps between marked moves (N / P) and
rings the bot's better move on the table with its reason; a damaged review is ignored."""

from __future__ import annotations

import time

import pygame
import pytest

from chabudai.engines.bots.advice_review import review as review_of
from chabudai.engines.bots.common import move_key
from chabudai.game.app import App
from chabudai.game.scenes import viewer_review
from chabudai.game.scenes.title import TitleScene
from chabudai.game.scenes.viewer import BAR, MARK_COLOURS, ViewerScene
from chabudai.game.scenes.viewer_review import LIMIT
from chabudai.game.settings import Settings
from chabudai.replays import file, reviews
from chabudai.replays.store import ReplayStore
from tests.replays.helpers import replay_of

SEED = 1  # a one-deal Koi-Koi game of random moves whose seat 0 makes marked moves of each kind


@pytest.fixture(autouse=True)
def threads(monkeypatch):
    monkeypatch.setattr(viewer_review, "USE_PROCESSES", False)


@pytest.fixture
def app(tmp_path):
    app = App(
        settings=Settings(name="Aiko", volume=0.0, animation_speed=3.0),
        save_settings=False,
        offline=True,
        replays_dir=tmp_path / "replays",
    )
    app.push(TitleScene(app))
    yield app
    app.close()


@pytest.fixture
def kept(tmp_path):
    store = ReplayStore(tmp_path / "replays")
    entry = store.add(replay_of("koikoi", 2, seed=SEED))
    return store, entry


def key(app, name: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def open_viewer(app, store, entry) -> ViewerScene:
    replay = store.open(entry)
    return app.push(ViewerScene(app, replay, save=lambda r: store.save(entry.name, r)))


def finish(app, viewer: ViewerScene, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while viewer.reviewing.running:
        assert time.monotonic() < deadline, "the review did not finish"
        app.step(1 / 30)
        time.sleep(0.01)


def reviewed(app, kept) -> ViewerScene:
    store, entry = kept
    viewer = open_viewer(app, store, entry)
    key(app, pygame.K_r)
    finish(app, viewer)
    app.draw()
    return viewer


def test_review_runs_in_the_background_while_the_viewer_steps_and_runs_once(app, kept):
    store, entry = kept
    viewer = open_viewer(app, store, entry)
    assert viewer.review_button.label == "Review"
    key(app, pygame.K_r)
    assert viewer.reviewing.running and viewer.review_button.label == "Cancel review"
    for _ in range(3):
        key(app, pygame.K_RIGHT)  # the viewer keeps stepping while the bot thinks
    app.step(1 / 30)
    app.draw()
    assert viewer.index == 3
    finish(app, viewer)
    assert viewer.reviewing.runs == 1 and viewer.reviewing.shown
    assert viewer.review_button.label == "Hide review"
    expected = review_of(store.open(entry).record(), 0, viewer_review.BUDGET.iterations)
    got = viewer.reviewing.review
    assert [(d.index, d.mark) for d in got.decisions] == [
        (d.index, d.mark) for d in expected.decisions
    ]
    # kept: in the file (History's store rewrote it) and in the index
    assert "0" in file.read(store.path(entry)).reviews
    assert ReplayStore(store.folder).entries()[0].reviewed == [0]
    app.pop()
    again = open_viewer(app, store, entry)
    key(app, pygame.K_r)
    assert not again.reviewing.running and again.reviewing.shown  # read, not thought again
    assert again.reviewing.runs == 0
    assert again.reviewing.review.summary == got.summary


def test_esc_cancels_a_running_review_and_stays_in_the_viewer(app, kept):
    store, entry = kept
    viewer = open_viewer(app, store, entry)
    key(app, pygame.K_r)
    job = viewer.reviewing.job
    key(app, pygame.K_ESCAPE)
    assert app.scene is viewer and not viewer.reviewing.running and not viewer.reviewing.shown
    assert "Review cancelled." in app.toast_texts() and viewer.review_button.label == "Review"
    job.thread.join(10)
    assert not job.thread.is_alive() and job.result() is None
    assert file.read(store.path(entry)).reviews == {}  # nothing kept
    key(app, pygame.K_r)  # the button again also cancels
    assert viewer.reviewing.running
    viewer.review_button.activate()
    assert not viewer.reviewing.running


def test_marked_decisions_are_drawn_on_the_bar_in_their_colours(app, kept):
    viewer = reviewed(app, kept)
    marked = viewer.reviewing.marked()
    assert {d.mark for d in marked} == {"inaccuracy", "mistake"}
    surface = app.screen
    viewer.draw(surface)
    for decision in marked:
        x = BAR.x + round(BAR.w * decision.index / viewer.player.length)
        assert tuple(surface.get_at((x, BAR.y - 8)))[:3] == MARK_COLOURS[decision.mark]
    unmarked = [d for d in viewer.reviewing.review.decisions if d.mark == "fine"]
    x = BAR.x + round(BAR.w * unmarked[0].index / viewer.player.length)
    assert tuple(surface.get_at((x, BAR.y - 8)))[:3] not in MARK_COLOURS.values()


def test_n_and_p_jump_between_marked_moves(app, kept):
    viewer = reviewed(app, kept)
    indices = [d.index for d in viewer.reviewing.marked()]
    assert len(indices) >= 2
    seen = []
    for _ in indices:
        key(app, pygame.K_n)
        seen.append(viewer.index)
    assert seen == indices
    key(app, pygame.K_n)  # past the last one: stays
    assert viewer.index == indices[-1]
    key(app, pygame.K_p)
    assert viewer.index == indices[-2]
    viewer.previous_button.activate()
    viewer.next_button.activate()
    assert viewer.index == indices[-2]


def test_a_marked_move_shows_the_better_move_on_the_table_with_its_reason(app, kept):
    viewer = reviewed(app, kept)
    key(app, pygame.K_n)
    decision = viewer.shown_decision()
    assert decision is not None and decision.mark != "fine"
    assert move_key(decision.best) != move_key(decision.played)
    viewer.draw(pygame.Surface((1280, 720)))
    assert viewer.marker.points == [
        (int(x), int(y)) for x, y in viewer.view.clicks_for(decision.best)
    ]
    assert viewer.marker.points
    reason = viewer.marker.reason
    assert reason.startswith("Playing") and "over playing" in reason and "points" in reason
    assert "(" not in reason.split(":")[0] or "K-" not in reason  # words, no rule ids
    assert viewer.reviewing.loss_text(decision).startswith("About ")
    summary = viewer.reviewing.summary_text()
    assert "decisions" in summary and "mistake" in summary and "lost" in summary
    assert "could not see" in LIMIT and "never marked" in LIMIT
    key(app, pygame.K_RIGHT)  # the move after the decision: nothing ringed
    viewer.draw(pygame.Surface((1280, 720)))
    assert viewer.shown_decision() is None and viewer.marker_for is None


def test_a_review_from_all_hands_is_of_the_replays_own_seat(app, kept):
    store, entry = kept
    viewer = app.push(ViewerScene(app, store.open(entry), seat=None))
    viewer.watch_from("all")
    assert viewer.seat is None
    key(app, pygame.K_r)
    assert viewer.seat == 0 and viewer.reviewing.job.seat == 0
    key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize(
    "damage",
    [
        "not a map",
        {"iterations": "many", "samples": 48, "decisions": []},
        {"iterations": 200, "samples": 48, "decisions": [{"index": 0}]},
        "wrong move",
    ],
)
def test_a_damaged_review_is_ignored_and_the_replay_still_opens(app, kept, damage):
    store, entry = kept
    replay = store.open(entry)
    if damage == "wrong move":
        good = review_of(replay.record(), 0, 30, 8)
        reviews.keep(replay, good)
        replay.reviews["0"]["decisions"][0]["best"] = {"kind": "nothing"}
    else:
        replay.reviews = {"0": damage}
    store.save(entry, replay)
    opened = store.open(entry)  # still opens
    assert reviews.from_field(opened, 0) is None
    viewer = app.push(ViewerScene(app, opened))
    app.draw()
    key(app, pygame.K_r)
    assert viewer.reviewing.running  # thought about afresh
    key(app, pygame.K_ESCAPE)


def test_leaving_the_viewer_cancels_its_review(app, kept):
    store, entry = kept
    viewer = open_viewer(app, store, entry)
    key(app, pygame.K_r)
    job = viewer.reviewing.job
    app.pop()
    assert app.scene is not viewer and job.stop.is_set()
    job.thread.join(10)
    assert not job.thread.is_alive() and file.read(store.path(entry)).reviews == {}


def test_a_dropped_file_kept_in_history_keeps_its_review_there(app, tmp_path):
    path = tmp_path / f"dropped{file.SUFFIX}"
    file.write(path, replay_of("koikoi", 2, seed=SEED))
    assert app.open_replay(path, keep=True)
    viewer = app.scene
    key(app, pygame.K_r)
    finish(app, viewer)
    entry = app.replays.entries()[0]
    assert entry.reviewed == [0] and "0" in app.replays.open(entry).reviews
    assert file.read(path).reviews == {}  # the player's own file is not changed


@pytest.mark.slow
def test_in_worker_processes_the_review_is_the_one_a_thread_makes(monkeypatch):
    """The bot worker processes (as the table hint uses them): one task per decision."""
    from chabudai.net import workers

    replay = replay_of("koikoi", 2, seed=SEED)
    monkeypatch.setattr(viewer_review, "USE_PROCESSES", True)
    job = viewer_review.ReviewJob(replay.record(), 0)
    try:
        assert len(job.futures) == job.total > 0 and job.thread is None
        deadline = time.monotonic() + 120
        while not job.finished():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        found = job.result()
    finally:
        workers.shutdown_pool()
    expected = review_of(replay.record(), 0, viewer_review.BUDGET.iterations)
    assert found.to_dict() == expected.to_dict()
