"""The ``chabudai`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``add_arguments(parser)`` and ``run(args) -> int`` and is imported
only when its subcommand is used, so ``chabudai host`` never imports pygame. With no subcommand
the client starts (``chabudai.game.app``). Before any of them runs, files left in the folders
older versions used are moved to this system's own (``chabudai.paths.migrate``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from chabudai import __version__, paths
from chabudai.tools.usage import UsageError

# subcommand -> (module, one-line help). A subcommand whose module is not there yet is left out.
COMMANDS: dict[str, tuple[str, str]] = {
    "host": ("chabudai.net.cli_host", "run a headless table server on this machine"),
    "tables": ("chabudai.net.cli_tables", "list the tables discovered on the network"),
    "join": ("chabudai.net.cli_join", "take a seat at a table with a headless bot"),
    "sim": ("chabudai.tools.sim", "play bot-vs-bot games and print wins, draws and mean points"),
    "tournament": (
        "chabudai.tools.tournament",
        "bots against bots over many seeded games, with win rates",
    ),
    "replay": (
        "chabudai.tools.replay",
        "watch a replay file again (--check: replay it without a window)",
    ),
    "review": (
        "chabudai.tools.review",
        "the hard bot's review of one seat's decisions in a recorded game",
    ),
    "screenshot": ("chabudai.tools.screenshot", "render every client scene to PNG files"),
    "autoplay": (
        "chabudai.tools.autoplay",
        "run the real client headless with a bot at the human seat",
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chabudai",
        description="Koi-Koi, Nanatoridori, Nar and Nimalia: solo against bots or on your network.",
    )
    parser.add_argument("--version", action="version", version=f"chabudai {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = import_if_present(module_name)
        if module is None:
            continue
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub_parser)
        sub_parser.set_defaults(_module=module_name, _parser=sub_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for line in paths.migrate():
        print(f"chabudai: {line}", file=sys.stderr)
    if args.command is None:
        client = import_if_present("chabudai.game.app")
        if client is None:
            parser.print_help()
            return 0
        return int(client.main() or 0)
    try:
        return int(importlib.import_module(args._module).run(args) or 0)
    except UsageError as error:
        args._parser.error(str(error))  # prints usage and the message, exits 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, without a traceback at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def import_if_present(module_name: str) -> ModuleType | None:
    """Import ``module_name``, or None if that module itself does not exist (yet)."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise


if __name__ == "__main__":
    sys.exit(main())
