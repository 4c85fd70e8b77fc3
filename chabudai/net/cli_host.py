"""``chabudai host``: a headless table server for the home network.

It opens one table, advertises it by zeroconf, prints where it listens and runs until Ctrl-C (or
SIGTERM), logging joins, leaves and game ends. Players sit in the open seats; the first to sit is
the host player. The table runs itself, game after game (docs/PROTOCOL.md section 8): a game
starts when every seat is filled and every player is ready; after it the results stay up for
``--results-time`` seconds (or until every player is ready again), then the table is back in its
lobby with the seats of leavers and fill-in bots open. Each table is saved after every move;
``--resume`` restores the saved tables and players reconnect to their seats.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

from chabudai import engines
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS
from chabudai.engines.options import parse_option_strings
from chabudai.net.addresses import LanAddress, machine_addresses
from chabudai.net.discovery import Discovery
from chabudai.net.host import Host, HostConfig
from chabudai.net.protocol import DEFAULT_PORT, SERVICE_TYPE
from chabudai.net.table import Table
from chabudai.net.usage import UsageError
from chabudai.paths import data_dir as default_data_dir

log = logging.getLogger("chabudai.net")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help=f"the game: {', '.join(engines.names())}")
    parser.add_argument("--name", default="Chabudai table", help="the table's name on the network")
    parser.add_argument("--seats", type=int, help="number of seats (default: the game's minimum)")
    parser.add_argument("--bots", type=int, default=0, help="bots in the last seats (default 0)")
    parser.add_argument(
        "--level", default=DEFAULT_LEVEL, help=f"bot level ({', '.join(LEVELS)}); also stand-ins"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (each game's options are listed below)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}, 0 = any)"
    )
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default all)")
    parser.add_argument(
        "--data-dir",
        type=Path,
        help=f"where tables are saved and replays kept (default {default_data_dir()})",
    )
    parser.add_argument("--resume", action="store_true", help="restore the saved tables")
    parser.add_argument(
        "--grace", type=float, default=30.0, help="seconds a dropped player's seat waits for them"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="seconds a bot waits before moving"
    )
    parser.add_argument(
        "--results-time",
        type=float,
        default=15.0,
        metavar="S",
        help="seconds the results stay up before the table is back in its lobby (default 15)",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=600.0,
        metavar="S",
        help="give up a game nobody has been connected to for this long (default 600)",
    )
    parser.add_argument("--no-advertise", action="store_true", help="no zeroconf advert")
    parser.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="IPv4 address of an interface for zeroconf (repeatable; default all)",
    )
    parser.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)
    parser.add_argument("--quiet", action="store_true", help="log warnings only")
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = options_epilog()


def options_epilog() -> str:
    """Every game's options, in the words the setup screen uses (engines/options.py)."""
    lines = ["game options (--option NAME=VALUE):"]
    for name in engines.names():
        lines.append(f"  {name}:")
        for option in engines.get(name).options:
            lines += ["    " + line for line in option.describe(74).splitlines()]
    return "\n".join(lines)


def make_table(args: argparse.Namespace) -> Table:
    """The table described by the command line; UsageError for a bad value."""
    if not args.game:
        raise UsageError(f"--game is required (one of: {', '.join(engines.names())})")
    try:
        engine = engines.get(args.game)
        seats = engine.check_players(args.seats if args.seats is not None else engine.min_players)
        options = parse_option_strings(engine.options, args.option)
        table = Table(
            game=engine.name,
            name=args.name,
            seats=seats,
            options=options,
            auto_start=True,
            bot_level=args.level,
            grace=args.grace,
            bot_delay=args.bot_delay,
            results_time=args.results_time,
            abandon_after=args.abandon_after,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not 0 <= args.bots < seats:
        raise UsageError(f"--bots must be 0 to {seats - 1}: at least one seat is for a player")
    for seat in range(seats - args.bots, seats):
        table.add_bot_seat(seat, args.level)
    return table


def check_arguments(args: argparse.Namespace) -> None:
    if not 0 <= args.port < 65536:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    times = {
        "--grace": args.grace,
        "--bot-delay": args.bot_delay,
        "--results-time": args.results_time,
        "--abandon-after": args.abandon_after,
    }
    for flag, value in times.items():
        if not 0 <= value <= 86400:  # also refuses nan and inf
            raise UsageError(f"{flag} must be 0 to 86400 seconds, not {value:g}")
    if args.level not in LEVELS:
        raise UsageError(f"unknown bot level {args.level!r}; levels: {', '.join(LEVELS)}")


def run(args: argparse.Namespace) -> int:
    check_arguments(args)
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )
    data_dir = args.data_dir or default_data_dir()
    host = Host(HostConfig(), data_dir=data_dir)
    if args.resume:
        for problem in host.resume():
            print(f"warning: {problem}", file=sys.stderr)
        if host.tables and args.game:
            print(
                "resuming the saved table(s); --game and the table options are not used",
                file=sys.stderr,
            )
    if not host.tables:
        if args.resume:
            print(f"no saved tables in {data_dir}; opening a new one", file=sys.stderr)
        host.add_table(make_table(args))
    return asyncio.run(serve(host, args))


async def serve(host: Host, args: argparse.Namespace) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # Installed before anything is advertised, so a signal always ends in zeroconf goodbyes.
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        address = await host.start(args.bind, args.port)
    except OSError as error:
        print(f"cannot listen on {args.bind}:{args.port}: {error}", file=sys.stderr)
        return 1
    discovery = (
        None
        if args.no_advertise
        else Discovery(interfaces=args.interface or None, service_type=args.service_type)
    )
    try:
        everywhere = args.bind in ("", "0.0.0.0")
        lan = machine_addresses() if everywhere and not args.interface else []
        chosen = args.interface if everywhere else [address[0]]
        for table in host.tables.values():
            title = f"{table.name} ({table.engine.title}, {len(table.seats)} seats)"
            for line in address_lines(title, lan, chosen, address[1]):
                say(line)
        if discovery is not None:
            host.listeners.append(lambda table: discovery.watch(table.tid, table.txt()))
            shown = discovery.advert_addresses(args.bind)
            adverts = [
                discovery.advertise(table.tid, table.name, table.txt(), address[1], shown)
                for table in host.tables.values()
            ]
            if all(await asyncio.gather(*adverts)):
                say("advertised on the local network; Ctrl-C to stop")
        else:
            say("not advertised (--no-advertise); Ctrl-C to stop")
        await stop.wait()
        say("stopping")
    finally:
        if discovery is not None:
            await discovery.close()
        await host.close()
    return 0


def address_lines(title: str, lan: list[LanAddress], chosen: list[str], port: int) -> list[str]:
    """Where friends connect: ``"<title> at <address>:<port> (<network>)"``, then ``"also at"``
    lines, best first — each LAN address with the network it is on
    (:func:`chabudai.net.addresses.lan_addresses`), or the addresses of ``--bind`` or
    ``--interface``."""
    if chosen:
        places = [f"{a}:{port}" for a in chosen]
    elif any(a.kind != "virtual" for a in lan):  # no friend reaches a Docker or VM bridge
        places = [f"{a.address}:{port} ({a.label})" for a in lan if a.kind != "virtual"]
    else:
        places = [f"127.0.0.1:{port} (no network found: only this machine can join)"]
    return [f"{title} at {places[0]}"] + [f"  also at {place}" for place in places[1:]]


def say(line: str) -> None:
    """Print a status line; a closed stdout (a service manager, a pipe) must not stop the host."""
    with contextlib.suppress(OSError, ValueError):
        print(line, flush=True)
