"""Client speed: start-up time, the CPU an idle title screen costs, table frame times.

All run in software (``SDL_VIDEODRIVER=dummy`` unless a driver is set). Start-up is measured in
fresh processes, from launch to the first drawn title frame. The idle title runs the real app loop
(at the title's own frame rate) in a fresh process and reports the CPU it used over a few seconds
as a share of one core; the idle tables do the same for a solo table of each game (at its
largest seat count) waiting for the player's move. Two frame benchmarks time update + draw + flip of each frame: the Koi-Koi
table filled with 100 card sprites that keep flying (with shadows and flips), and the Nar table
with 8 seats fed a seeded game move by move, timed while its tricks animate (cards flying to the
seats, crowns, fool discs, cards set aside). The replay figures (History's open time with 1,000
games, the viewer's step back at move 400, file sizes) come from ``bench replays``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from chabudai.tools.bench import replays

STARTUP_SNIPPET = """
import time, os
t0 = float(os.environ["CHABUDAI_BENCH_T0"])
from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
app = App(settings=Settings(), save_settings=False, offline=True)
app.push(TitleScene(app))
app.step(1 / 60)
print(time.time() - t0)
app.close()
"""


IDLE_SNIPPET = """
import time
from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
app = App(settings=Settings(), save_settings=False, offline=True)
app.push(TitleScene(app))
app.run(seconds=1.0)  # warm the caches
frames, cpu, wall = app.frame, time.process_time(), time.perf_counter()
app.run(seconds=float({seconds!r}))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(cpu, wall, app.frame - frames)
app.close()
"""


IDLE_TABLE_SNIPPET = """
import time
from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.tools.autoplay import drive, start_solo
app = App(settings=Settings(name="Bench", volume=0.0), save_settings=False)
app.deal_seed = 1
app.push(TitleScene(app))
start_solo(app, {game!r}, {{}}, None, {players!r})
def waiting(app):
    scene = app.scene
    view = getattr(scene, "view", None)
    return scene.name == "table" and view is not None and view.acting() and not view.tweens.busy
assert drive(app, waiting, None, 60.0), "the table never waited for the player"
app.run(seconds=1.0)  # warm the caches, let the last pop-ups fade
frames, cpu, wall = app.frame, time.process_time(), time.perf_counter()
app.run(seconds=float({seconds!r}))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(cpu, wall, app.frame - frames)
app.close()
"""

# The tables measured waiting for the player's move (game, seats): each game at its largest table.
IDLE_TABLES = (("koikoi", 2), ("nanatoridori", 6), ("nar", 8), ("nimalia", 4))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--starts", type=int, default=3, help="start-up runs (median reported)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle title measured")
    parser.add_argument("--frames", type=int, default=300, help="frames to time on the table")
    parser.add_argument("--cards", type=int, default=100, help="cards moving at once")
    parser.add_argument(
        "--nar-frames", type=int, default=600, help="animating frames to time on the Nar table"
    )


def startup_seconds(runs: int) -> list[float]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    times = []
    for _ in range(runs):
        env["CHABUDAI_BENCH_T0"] = repr(time.time())
        out = subprocess.run(
            [sys.executable, "-c", STARTUP_SNIPPET],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        times.append(float(out.strip().splitlines()[-1]))
    return times


def idle_title(seconds: float) -> dict:
    """CPU used by the title screen left alone for ``seconds`` (real loop, fresh process)."""
    return idle_figures(IDLE_SNIPPET.format(seconds=seconds))


def idle_table(game: str, players: int, seconds: float) -> dict:
    """CPU used by a solo table waiting for the player's move for ``seconds`` (the real client
    and its embedded host with bots, in a fresh process; the bots wait for the player too)."""
    return idle_figures(IDLE_TABLE_SNIPPET.format(game=game, players=players, seconds=seconds))


def idle_figures(snippet: str) -> dict:
    """Run ``snippet`` (it prints CPU seconds, wall seconds and frames) in a fresh process."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    out = subprocess.run(
        [sys.executable, "-c", snippet],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cpu, wall, frames = out.strip().splitlines()[-1].split()
    cpu_s, wall_s = float(cpu), float(wall)
    return {
        "seconds": round(wall_s, 2),
        "cpu_percent_of_one_core": round(100 * cpu_s / wall_s, 1),
        "fps": round(int(frames) / wall_s, 1),
        "cpu_ms_per_frame": round(1000 * cpu_s / max(1, int(frames)), 2),
    }


def frame_times(frames: int, cards: int) -> list[float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from chabudai import engines
    from chabudai.game.app import App
    from chabudai.game.settings import Settings
    from chabudai.game.tables import TableContext, make_table
    from chabudai.game.tables.kit import CardSprite
    from chabudai.game.tables.koikoi import layout as lay
    from chabudai.game.tween import back_out, ease_out
    from chabudai.tools.screenshot import host_legal

    app = App(settings=Settings(), save_settings=False, offline=True)
    try:
        rng = random.Random(1)
        state = engines.get("koikoi").new_game(2, 1)
        table = make_table("koikoi", TableContext(seat=0, submit=lambda move: None))
        table.snapshot(state.view(0), host_legal(state, 0))
        table.tweens.finish()
        table.hold = 0.0
        table.stage.clear()
        for i in range(cards):
            rect = (rng.uniform(0, 1200), rng.uniform(0, 600), 78, 124)
            table.stage.spawn(("bench", i), i % 48, rect, face=True)

        def fly(sprite: CardSprite) -> None:
            height = rng.choice((lay.PILE_H, lay.BOARD_H, lay.HAND_H))
            target = (rng.uniform(0, 1180), rng.uniform(0, 580), lay.card_w(height), height)

            def again(s: CardSprite = sprite) -> None:
                fly(s)

            sprite.moving = True
            table.tweens.move(
                sprite.rect,
                target,
                rng.uniform(0.3, 0.8),
                ease=rng.choice((ease_out, back_out)),
                on_done=again,
            )
            if rng.random() < 0.3:
                sprite.face = not sprite.face
                sprite.flip = 0.0
                table.tweens.value(sprite, "flip", 1.0, 0.4)

        for sprite in table.stage.sprites.values():
            fly(sprite)
        screen = app.screen
        times = []
        for _ in range(frames):
            started = time.perf_counter()
            table.update(1 / 60)
            table.draw(screen)
            pygame.display.flip()
            times.append(time.perf_counter() - started)
        return times
    finally:
        app.close()


def nar_frame_times(
    frames: int, players: int = 8, seed: int = 1
) -> tuple[list[float], list[float]]:
    """Frame times of the Nar table (seat 0 of ``players``) while its tricks animate: wall-clock
    seconds, and the CPU seconds of this thread (on a machine shared with other work the wall
    clock also counts the time others had the CPU).

    A seeded random game is fed to the table as the host would, one move per update; only the
    frames in which something moves (a card, a disc) or an event is shown are timed.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from chabudai import engines
    from chabudai.engines.base import events_for
    from chabudai.game.app import App
    from chabudai.game.settings import Settings
    from chabudai.game.tables import TableContext, make_table
    from chabudai.tools.screenshot import host_legal

    app = App(settings=Settings(), save_settings=False, offline=True)
    try:
        engine = engines.get("nar")
        rng = random.Random(seed)
        state = engine.new_game(players, seed)
        table = make_table("nar", TableContext(seat=0, submit=lambda move: None))
        table.snapshot(state.view(0), host_legal(state, 0))
        screen = app.screen
        times: list[float] = []
        cpu: list[float] = []
        while len(times) < frames:
            if table.idle:
                if state.is_over:
                    state = engine.new_game(players, rng.randrange(1 << 30))
                    table.snapshot(state.view(0), host_legal(state, 0))
                mover = state.to_move[0]
                events = state.apply(mover, rng.choice(state.legal_moves(mover)))
                table.apply_update(events_for(events, 0), state.view(0), host_legal(state, 0))
            table.panel = None  # round summaries wait for a click; the bench clicks at once
            started, started_cpu = time.perf_counter(), time.thread_time()
            table.update(1 / 60)
            table.draw(screen)
            pygame.display.flip()
            elapsed = time.perf_counter() - started
            used = time.thread_time() - started_cpu
            if table.tweens.busy or table.hold > 0:
                times.append(elapsed)
                cpu.append(used)
        return times, cpu
    finally:
        app.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def run(args: argparse.Namespace) -> dict:
    starts = startup_seconds(args.starts)
    idle = idle_title(args.idle)
    frames = frame_times(args.frames, args.cards)[10:]  # the first frames warm the caches
    return {
        "startup_to_title_s": {
            "median": round(statistics.median(starts), 3),
            "runs": [round(s, 3) for s in starts],
        },
        "idle_title": idle,
        **{
            f"idle_table_{game}_{players}_waiting_for_you": idle_table(game, players, args.idle)
            for game, players in IDLE_TABLES
        },
        f"table_{args.cards}_moving_cards": frame_figures(frames),
        "nar_table_8_seats_trick_animating": nar_figures(args.nar_frames),
        "replays": replays.figures(),
    }


def nar_figures(frames: int) -> dict:
    wall, cpu = nar_frame_times(frames)
    figures = frame_figures(wall[10:])  # the first frames warm the caches
    figures["cpu_p50_ms"] = round(percentile(cpu[10:], 0.5) * 1000, 2)
    figures["cpu_p99_ms"] = round(percentile(cpu[10:], 0.99) * 1000, 2)
    return figures


def frame_figures(frames: list[float]) -> dict:
    return {
        "frames": len(frames),
        "p50_ms": round(percentile(frames, 0.5) * 1000, 2),
        "p99_ms": round(percentile(frames, 0.99) * 1000, 2),
        "fps_at_p50": round(1 / percentile(frames, 0.5), 1),
        "driver": os.environ.get("SDL_VIDEODRIVER", ""),
    }
