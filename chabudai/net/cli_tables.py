"""``chabudai tables``: list the tables advertised on the local network (zeroconf)."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from chabudai.net.discovery import Browser, Discovery
from chabudai.net.protocol import SERVICE_TYPE
from chabudai.net.usage import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to listen (default 3)")
    parser.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="IPv4 address of an interface to browse on (repeatable; default all)",
    )
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    if not 0 < args.timeout <= 600:
        raise UsageError("--timeout must be more than 0 and at most 600 seconds")
    tables = asyncio.run(discover(args.timeout, args.interface or None, args.service_type))
    if args.json:
        print(json.dumps(tables))
        return 0
    if not tables:
        print(f"no tables found in {args.timeout:g} s (multicast blocked? use HOST:PORT directly)")
        return 0
    for t in tables:
        state = "" if t["reachable"] else "  (not answering)"
        print(
            f"{t['name']:<24} {t['game']:<13} {t['open']}/{t['seats']} seats open  {t['st']:<8}"
            f" {t['host']}:{t['port']}{state}"
        )
    return 0


async def discover(
    timeout: float, interfaces: list[str] | None = None, service_type: str = SERVICE_TYPE
) -> list[dict[str, Any]]:
    """Browse for ``timeout`` seconds and return the tables found."""
    found: list[dict[str, Any]] = []
    discovery = Discovery(interfaces=interfaces, service_type=service_type)
    browser = Browser(discovery, lambda tables: found.__setitem__(slice(None), tables))
    await browser.start()
    try:
        await asyncio.sleep(timeout)
    finally:
        await browser.stop()
        await discovery.close()
    return found
