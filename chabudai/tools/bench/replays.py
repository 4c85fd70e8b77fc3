"""Replay figures (issue 30): History's open time with 1,000 kept games, its scrolling frame
times, the viewer's step back at move 400, and replay file sizes per game at its largest seat
count. Part of ``bench client``; ``bench replays`` runs only these.

The games are random legal games from fixed seeds, kept in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

LARGEST = (("koikoi", 2), ("nanatoridori", 6), ("nar", 8), ("nimalia", 4))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="games kept in History")


def played(game: str, players: int, seed: int):
    from chabudai import engines

    state = engines.get(game).new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def kept(state, you: int | None = 0):
    from chabudai.replays.file import Replay, SeatInfo

    seats = [SeatInfo("Bench")] + [
        SeatInfo(f"Normal bot {i + 1}", "bot", "normal") for i in range(1, state.players)
    ]
    return Replay.from_state(state, seats, you=you)


def file_sizes() -> dict:
    from chabudai.replays import file

    sizes = {}
    for game, players in LARGEST:
        state = played(game, players, 1)
        sizes[f"{game}_{players}"] = {
            "moves": len(state.moves),
            "bytes": len(file.encode(kept(state))),
        }
    return sizes


def fill(folder: Path, games: int) -> None:
    """``games`` replay files and their index (one of each game, copied under new dates)."""
    from chabudai.replays import file
    from chabudai.replays.store import ReplayStore

    store = ReplayStore(folder, limit=games)
    originals = [kept(played(g, p, 2)) for g, p in LARGEST]
    for n in range(games):
        replay = originals[n % len(originals)]
        replay.ended = (
            f"2026-{1 + n // 100 % 12:02d}-{1 + n % 28:02d}T{n % 24:02d}:{n % 60:02d}:00Z"
        )
        file.write(folder / f"{n:05d}{file.SUFFIX}", replay)
    store.entries()  # writes the index once, as the client keeps it


def history_figures(games: int) -> dict:
    from chabudai.game.app import App
    from chabudai.game.scenes.history import HistoryScene
    from chabudai.game.settings import Settings

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fill(folder, games)
        app = App(
            settings=Settings(volume=0.0), save_settings=False, offline=True, replays_dir=folder
        )
        try:
            from chabudai.replays.store import ReplayStore

            app.replays = ReplayStore(folder)  # nothing read yet: the index is read on opening
            started = time.perf_counter()
            scene = app.push(HistoryScene(app))
            app.draw()
            opened = time.perf_counter() - started
            frames = []
            scene.target = scene.max_scroll
            for _ in range(120):  # a long glide from the top to the bottom of the list
                t0 = time.perf_counter()
                app.step(1 / 60)
                app.draw()
                frames.append(time.perf_counter() - t0)
        finally:
            app.close()
    return {
        "games": games,
        "open_ms": round(opened * 1000, 1),
        "scroll_frame_p50_ms": round(statistics.median(frames) * 1000, 2),
        "scroll_frame_max_ms": round(max(frames) * 1000, 2),
    }


def step_back_figures() -> dict:
    from chabudai.game.app import App
    from chabudai.game.scenes.viewer import ViewerScene
    from chabudai.game.settings import Settings
    from chabudai.replays.player import ReplayPlayer

    state = played("nanatoridori", 6, 1)
    assert len(state.moves) > 420, "the bench game is too short"
    replay = kept(state)
    player = ReplayPlayer(replay)
    player.snapshot(430, 0)
    times = []
    for index in range(400, 380, -1):
        t0 = time.perf_counter()
        player.snapshot(index, 0)
        times.append(time.perf_counter() - t0)
    app = App(settings=Settings(volume=0.0), save_settings=False, offline=True)
    try:
        viewer = app.push(ViewerScene(app, replay, seat=0))
        viewer.go(430)
        app.draw()
        shown = []
        for index in range(400, 380, -1):
            t0 = time.perf_counter()
            viewer.go(index)
            app.draw()
            shown.append(time.perf_counter() - t0)
    finally:
        app.close()
    return {
        "game": f"nanatoridori, 6 seats, {len(state.moves)} moves",
        "replay_state_ms": round(statistics.median(times) * 1000, 2),
        "viewer_step_and_draw_ms": round(statistics.median(shown) * 1000, 2),
        "viewer_step_and_draw_max_ms": round(max(shown) * 1000, 2),
    }


def figures(games: int = 1000) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return {
        "history_1000_games": history_figures(games),
        "step_back_at_move_400": step_back_figures(),
        "file_sizes": file_sizes(),
    }


def run(args: argparse.Namespace) -> dict:
    return figures(args.games)
