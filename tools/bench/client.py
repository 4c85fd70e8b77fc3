"""Client speed: start-up time, the CPU an idle title screen costs, table frame times.

All run in software (``SDL_VIDEODRIVER=dummy`` unless a driver is set). Start-up is measured in
fresh processes, from launch to the first drawn title frame. The idle title runs the real app loop
(at the title's own frame rate) in a fresh process and reports the CPU it used over a few seconds
as a share of one core. The frame benchmark fills the Koi-Koi table with 100 card sprites that keep
flying (with shadows and flips) and times update + draw + flip of each frame.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

STARTUP_SNIPPET = """
import time, os
t0 = float(os.environ["CHABUDAI_BENCH_T0"])
from game.app import App
from game.scenes.title import TitleScene
from game.settings import Settings
app = App(settings=Settings(), save_settings=False, offline=True)
app.push(TitleScene(app))
app.step(1 / 60)
print(time.time() - t0)
app.close()
"""


IDLE_SNIPPET = """
import time
from game.app import App
from game.scenes.title import TitleScene
from game.settings import Settings
app = App(settings=Settings(), save_settings=False, offline=True)
app.push(TitleScene(app))
app.run(seconds=1.0)  # warm the caches
frames, cpu, wall = app.frame, time.process_time(), time.perf_counter()
app.run(seconds=float({seconds!r}))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(cpu, wall, app.frame - frames)
app.close()
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--starts", type=int, default=3, help="start-up runs (median reported)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle title measured")
    parser.add_argument("--frames", type=int, default=300, help="frames to time on the table")
    parser.add_argument("--cards", type=int, default=100, help="cards moving at once")


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
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    out = subprocess.run(
        [sys.executable, "-c", IDLE_SNIPPET.format(seconds=seconds)],
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

    import engines
    from game.app import App
    from game.settings import Settings
    from game.tables import TableContext, make_table
    from game.tables.koikoi import layout as lay
    from game.tween import back_out, ease_out

    app = App(settings=Settings(), save_settings=False, offline=True)
    try:
        rng = random.Random(1)
        state = engines.get("koikoi").new_game(2, 1)
        table = make_table("koikoi", TableContext(seat=0, submit=lambda move: None))
        table.snapshot(state.view(0))
        table.tweens.finish()
        table.hold = 0.0
        table.stage.clear()
        sprites = [
            table.stage.spawn(
                ("bench", i), i % 48, (rng.uniform(0, 1200), rng.uniform(0, 600), 78, 124), True
            )
            for i in range(cards)
        ]

        def fly(sprite) -> None:
            height = rng.choice((lay.PILE_H, lay.BOARD_H, lay.HAND_H))
            target = (rng.uniform(0, 1180), rng.uniform(0, 580), lay.card_w(height), height)

            def again(s=sprite) -> None:
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

        for sprite in sprites:
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
        f"table_{args.cards}_moving_cards": {
            "frames": len(frames),
            "p50_ms": round(percentile(frames, 0.5) * 1000, 2),
            "p99_ms": round(percentile(frames, 0.99) * 1000, 2),
            "fps_at_p50": round(1 / percentile(frames, 0.5), 1),
            "driver": os.environ.get("SDL_VIDEODRIVER", ""),
        },
    }
