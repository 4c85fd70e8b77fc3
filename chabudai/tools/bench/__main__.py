"""``python -m chabudai.tools.bench NAME [--json]``: run one benchmark and print its figures.

Each benchmark is a module of this package with ``add_arguments(parser)`` and
``run(args) -> dict``; the dict is printed as text, or as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from chabudai.tools.cli import import_if_present

# benchmark -> (module, help). A benchmark whose module is not there yet is left out.
BENCHMARKS: dict[str, tuple[str, str]] = {
    "engines": (
        "chabudai.tools.bench.engines",
        "random games and apply calls per second, per engine",
    ),
    "net": (
        "chabudai.tools.bench.net",
        "discovery time, move latency to 8 peers, raw TCP round trip",
    ),
    "client": ("chabudai.tools.bench.client", "client start-up time and table frame times"),
    "replays": (
        "chabudai.tools.bench.replays",
        "History open time with 1,000 games, step back at move 400, replay file sizes",
    ),
    "bots": ("chabudai.tools.bench.bots", "playouts per second and hard-bot think time, per game"),
    "languages": (
        "chabudai.tools.bench.languages",
        "messages per catalogue, compile time, switching language on an 8-seat table",
    ),
    "advice": (
        "chabudai.tools.bench.advice",
        "hint time per game, review time of long games, how often the hard bot is marked",
    ),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chabudai.tools.bench", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True, metavar="BENCHMARK")
    for name, (module_name, help_text) in BENCHMARKS.items():
        module = import_if_present(module_name)
        if module is None:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print the figures as JSON")
        module.add_arguments(p)
        p.set_defaults(_module=module_name)
    args = parser.parse_args(argv)
    figures = importlib.import_module(args._module).run(args)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_figures(figures)
    return 0


def print_figures(figures: dict, indent: str = "") -> None:
    for key, value in figures.items():
        if isinstance(value, dict):
            print(f"{indent}{key}:")
            print_figures(value, indent + "  ")
        else:
            print(f"{indent}{key}: {value}")


if __name__ == "__main__":
    sys.exit(main())
