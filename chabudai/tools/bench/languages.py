"""Languages: the messages per catalogue, the CJK font subsets' sizes, how long a catalogue
takes to compile on first use, and how long a switch of language takes on a table in progress
(``App.set_language`` and the next frame drawn, first time and again), per language.

Each measurement of a switch runs in a fresh process, so the first switch pays for compiling
the catalogue and for the fonts, as a player's would.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from chabudai import i18n
from chabudai.i18n import LANGUAGES, SOURCE, read_po

SWITCH_SNIPPET = """
import time
from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.tools.autoplay import drive, start_solo
app = App(settings=Settings(name="Bench", volume=0.0), save_settings=False)
app.deal_seed = 1
app.push(TitleScene(app))
start_solo(app, "nar", {{}}, None, 8)
drive(app, lambda app: app.scene.name == "table" and app.scene.view.acting(), None, 60.0)
app.step(1 / 60)
times = []
for code in ({code!r}, "en", {code!r}):
    start = time.perf_counter()
    app.set_language(code)
    app.step(1 / 60)
    times.append(time.perf_counter() - start)
print(times[0], times[2])
app.close()
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per language")


def compile_ms(code: str) -> float:
    i18n.translation.cache_clear()
    start = time.perf_counter()
    i18n.translation(code)
    return (time.perf_counter() - start) * 1000


def switch_ms(code: str, runs: int) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    first, again = [], []
    for _run in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", SWITCH_SNIPPET.format(code=code)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout.split()
        first.append(float(out[-2]) * 1000)
        again.append(float(out[-1]) * 1000)
    return {
        "first switch, median ms": round(statistics.median(first), 1),
        "switch again, median ms": round(statistics.median(again), 1),
    }


def run(args: argparse.Namespace) -> dict:
    from chabudai.game import assets

    figures: dict = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        entries = [e for e in read_po(i18n.po_path(code).read_text("utf-8")) if e.msgid]
        figures[code] = {
            "messages": len(entries),
            "with plural forms": sum(e.plural is not None for e in entries),
            "compile ms": round(compile_ms(code), 1),
            **switch_ms(code, args.runs),
        }
    fonts = {}
    for name in ("NotoSansSC-Regular.otf", "NotoSansJP-Regular.otf"):
        fonts[name] = f"{assets.path('fonts', name).stat().st_size / 1024:.1f} KiB"
    figures["CJK font subsets"] = fonts
    return figures
