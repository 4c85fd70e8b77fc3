"""``chabudai join HOST:PORT --bot``: a headless bot that takes a seat at a table.

It sits in the first open seat, says ready and plays ``--games`` games (default 1; 0 = until
Ctrl-C), reconnecting with its seat token if the connection drops. ``HOST`` alone uses the
default port. ``--find`` picks the first table discovered by zeroconf instead of an address.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from typing import Any

from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS
from chabudai.net.botplayer import BotPlayer
from chabudai.net.client import parse_address
from chabudai.net.protocol import DEFAULT_PORT, SERVICE_TYPE
from chabudai.net.usage import UsageError

log = logging.getLogger("chabudai.net")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", metavar="HOST:PORT", help="the table's host")
    parser.add_argument("--bot", action="store_true", help="play with a bot (required headless)")
    parser.add_argument("--level", default=DEFAULT_LEVEL, help=f"bot level ({', '.join(LEVELS)})")
    parser.add_argument("--name", help="the name shown at the table (default: '<Level> bot')")
    parser.add_argument(
        "--games", type=int, default=1, help="games to play (default 1, 0 = endless)"
    )
    parser.add_argument("--table", help="table id, when the host holds several tables")
    parser.add_argument("--seed", type=int, help="the bot's random seed")
    parser.add_argument(
        "--delay", type=float, default=0.0, help="seconds to wait before each move (default 0)"
    )
    parser.add_argument(
        "--keepalive",
        type=float,
        default=5.0,
        help="seconds between pings; three silent intervals count as a lost connection",
    )
    parser.add_argument(
        "--find", action="store_true", help="join the first table found by zeroconf"
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds to look with --find")
    parser.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="zeroconf interface for --find",
    )
    parser.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)
    parser.add_argument("--quiet", action="store_true", help="log warnings only")


def run(args: argparse.Namespace) -> int:
    if not args.bot:
        raise UsageError("headless joining needs --bot; run `chabudai` without arguments to play")
    if args.level not in LEVELS:
        raise UsageError(f"unknown bot level {args.level!r}; levels: {', '.join(LEVELS)}")
    if args.games < 0:
        raise UsageError("--games must not be negative")
    if args.delay < 0 or not 0.1 <= args.keepalive <= 60:
        raise UsageError("--delay must not be negative; --keepalive must be 0.1 to 60 seconds")
    if (args.address is None) == (not args.find):
        raise UsageError("give either HOST:PORT or --find")
    address = None
    if args.address is not None:
        try:
            address = parse_address(args.address, DEFAULT_PORT)
        except ValueError as error:
            raise UsageError(str(error)) from None
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )
    return asyncio.run(play(args, address))


def again(reason: str) -> str:
    """ " (again, after: …)" when a connection attempt follows a failed one."""
    return f" (again, after: {reason})" if reason else ""


def game_over_text(result: dict[str, Any], seat: int | None) -> str:
    """ "seat 1 scored 6, seat 2 scored 0; this bot won" — seats counted from 1 as players do."""
    scores = result.get("scores") or []
    winners = result.get("winners") or []
    parts = ", ".join(f"seat {i + 1} scored {score}" for i, score in enumerate(scores))
    if not winners:
        verdict = "nobody won"
    elif len(winners) == len(scores) > 1:
        verdict = "a draw"
    elif seat is not None and seat in winners:
        verdict = "this bot won" if len(winners) == 1 else "this bot shares the win"
    else:
        seats = " and ".join(f"seat {w + 1}" for w in winners)
        verdict = f"{seats} won"
    return f"{parts}; {verdict}"


async def find_table(args: argparse.Namespace) -> tuple[str, int, str, str] | None:
    """The first open table found: host, port, table id and its name."""
    from chabudai.net.cli_tables import discover

    deadline = asyncio.get_running_loop().time() + args.timeout
    while asyncio.get_running_loop().time() < deadline:
        tables = await discover(1.5, args.interface or None, args.service_type)
        usable = [t for t in tables if t["reachable"] and t["st"] == "lobby" and t["open"] > 0]
        if usable:
            first = usable[0]
            return first["host"], first["port"], first["tid"], first.get("name") or "a table"
    return None


async def play(args: argparse.Namespace, address: tuple[str, int] | None) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    table = args.table
    if address is None:
        found = await find_table(args)
        if found is None:
            print(f"no open table found in {args.timeout:g} s", file=sys.stderr)
            return 1
        address, table = (found[0], found[1]), found[2]
        print(f"found table {found[3]!r} at {address[0]}:{address[1]}", flush=True)
    name = args.name or f"{args.level.capitalize()} bot"
    closed_reason: list[str] = []

    seen: dict[str, Any] = {"seat": None}

    def watch(message: dict) -> None:
        """One plain sentence on the console for what matters to a person watching the bot."""
        kind = message["t"]
        if kind == "connection":
            state, reason = message["state"], message["reason"]
            if state == "connecting":
                log.info("connecting to %s:%d%s", address[0], address[1], again(reason))
            elif state == "connected":
                log.info("connected to %s", reason)
            elif state == "lost":
                log.info("lost the connection (%s); trying again", reason or "no reason given")
            elif state == "closed":
                closed_reason.append(reason)
                if not message.get("cause"):  # one that ends the run is printed once, at the end
                    log.info("disconnected: %s", reason)
        elif kind == "welcome" and message["seat"] not in (None, seen["seat"]):
            seen["seat"] = message["seat"]
            log.info("%s took seat %d", name, message["seat"] + 1)
        elif kind == "game_over":
            log.info("game over: %s", game_over_text(message["result"], seen["seat"]))
        elif kind == "error":
            log.warning("the host refused: %s", message["message"])

    player = BotPlayer(
        address[0], address[1], name=name, level=args.level, seed=args.seed, games=args.games,
        table=table, on_message=watch, delay=args.delay, keepalive=args.keepalive,
    )  # fmt: skip
    player.start()
    stopper = loop.create_task(stop.wait())
    finisher = loop.create_task(player.done.wait())
    await asyncio.wait({stopper, finisher}, return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    finisher.cancel()
    finished = args.games and player.games_seen >= args.games
    if stop.is_set() or finished:
        player.client.send({"t": "leave"})
        await asyncio.sleep(0.1)
    await player.close()
    if finished or stop.is_set():
        return 0
    print(f"disconnected: {closed_reason[-1] if closed_reason else 'closed'}", file=sys.stderr)
    return 1
