"""``chabudai replay FILE``: open a replay file in the viewer; ``--check`` replays it without a
window and prints how it ended (docs/REPLAY.md).

``--check`` exits 0 when the file replays with its engine to the result it records (a game left
unfinished: when its moves replay), else prints the reason in words and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from chabudai.replays import file
from chabudai.replays.file import Replay, ReplayError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE", help="a .chabudai-replay file")
    parser.add_argument(
        "--check",
        action="store_true",
        help="replay it without a window, print the result; exit 1 if it does not reproduce",
    )


def summary(replay: Replay) -> str:
    """One line: the game, who played, how many moves, how it ended."""
    names = ", ".join(seat.name for seat in replay.seats)
    head = f"{replay.title()} ({names}), {len(replay.moves)} moves"
    if not replay.finished or replay.result is None:
        return f"{head}: left unfinished; every move replays"
    scores = replay.result.get("scores") or []
    winners = [replay.seats[w].name for w in replay.result.get("winners") or []]
    points = ", ".join(
        f"{seat.name} {score}" for seat, score in zip(replay.seats, scores, strict=False)
    )
    return (
        f"{head}: {points}; won by {' and '.join(winners) or 'nobody'}. It replays to this result."
    )


def run(args: argparse.Namespace) -> int:
    try:
        replay = file.read(args.file)
    except ReplayError as error:
        print(f"chabudai replay: {args.file.name}: {error.message}", file=sys.stderr)
        return 1
    if args.check:
        print(summary(replay))
        return 0
    from chabudai.game.app import main as client_main

    return int(client_main(replay_file=args.file) or 0)
