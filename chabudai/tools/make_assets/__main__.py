"""python -m chabudai.tools.make_assets [--out DIR] [--games a,b] [--no-sounds] [--sheet PATH.png]
[--objectives all|CODE,...]

``--objectives`` writes only Nimalia's objective cards and their back, in the languages named
(``all``: every language; English to its usual place, the others to cards/nimalia/<code>/): run
it after the catalogues change."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from chabudai.tools.make_assets import build, sheet

    ap = argparse.ArgumentParser(prog="python -m chabudai.tools.make_assets", description=__doc__)
    ap.add_argument(
        "--out",
        type=Path,
        default=build.DEFAULT_OUT,
        help="asset folder (default: the package's chabudai/assets/)",
    )
    ap.add_argument(
        "--games",
        default="",
        help="comma-separated games to (re)draw; default all, plus tables, icons and sounds",
    )
    ap.add_argument("--no-sounds", action="store_true", help="skip the WAV files")
    ap.add_argument(
        "--sheet", type=Path, help="write contact sheets <stem>-<game>.png instead of assets"
    )
    ap.add_argument(
        "--objectives",
        metavar="LANGS",
        help="write only Nimalia's objective cards, in these languages (comma-separated codes, "
        "or 'all')",
    )
    args = ap.parse_args(argv)
    objectives = None
    if args.objectives:
        from chabudai.i18n import LANGUAGES

        objectives = (
            list(LANGUAGES)
            if args.objectives == "all"
            else [c for c in args.objectives.split(",") if c]
        )
        for code in objectives:
            if code not in LANGUAGES:
                ap.error(f"unknown language {code!r}; choose from {', '.join(LANGUAGES)}, all")
    games = [g for g in args.games.split(",") if g] or None
    for g in games or []:
        if g not in build.GAMES:
            ap.error(f"unknown game {g!r}; choose from {', '.join(build.GAMES)}")
    pygame.init()
    t0 = time.perf_counter()
    if objectives is not None:
        paths = build.build_objectives(args.out, objectives)
    elif args.sheet:
        paths = sheet.write_sheets(args.sheet, games)
    else:
        paths = build.build_all(args.out, games, with_sounds=not args.no_sounds)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} files, {size / 1e6:.2f} MB in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
