"""The ``chabudai`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``add_arguments(parser)`` and ``run(args) -> int`` and is imported
only when its subcommand is used, so ``chabudai host`` never imports pygame. With no subcommand
the client starts (``chabudai.game.app``). Before any of them runs, files left in the folders
older versions used are moved to this system's own (``chabudai.paths.migrate``).

``--lang CODE`` (one of :data:`chabudai.i18n.LANGUAGES`) makes the client, ``screenshot`` and
``autoplay`` speak that language for the run, whatever the settings say (the command line itself
stays English).
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


def language_code(code: str | None) -> str | None:
    """``code`` if it names a language of ours (None stays None); else :class:`UsageError`
    listing the codes."""
    from chabudai.i18n import LANGUAGES

    if code is None or code in LANGUAGES:
        return code
    known = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
    raise UsageError(f"unknown language {code!r}: choose one of {known}")


def add_language_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang CODE``: the language ``what`` speaks for this run (checked by
    :func:`language_code` when the command runs, so the error lists the codes)."""
    from chabudai.i18n import LANGUAGES

    parser.add_argument(
        "--lang",
        metavar="CODE",
        default=None,
        help=f"the language {what} in: {', '.join(LANGUAGES)} (default: English)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chabudai",
        description="Koi-Koi, Nanatoridori, Nar and Nimalia: solo against bots or on your network.",
    )
    parser.add_argument("--version", action="version", version=f"chabudai {__version__}")
    from chabudai.i18n import LANGUAGES

    parser.add_argument(
        "--lang",
        dest="client_lang",
        metavar="CODE",
        default=None,
        help=f"the client (or the command) speaks this language for this run, whatever the "
        f"settings say ({', '.join(LANGUAGES)})",
    )
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
        try:
            language = language_code(args.client_lang)
        except UsageError as error:
            parser.error(str(error))  # prints usage and the message, exits 2
        client = import_if_present("chabudai.game.app")
        if client is None:
            parser.print_help()
            return 0
        return run_client(client, language)
    if args.client_lang and getattr(args, "lang", "") is None:  # chabudai --lang de screenshot
        args.lang = args.client_lang
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


def run_client(client: ModuleType, language: str | None) -> int:
    """Start the client, in ``language`` for this run if one is given (the saved setting is
    left as it is)."""
    return int(client.main(language=language) or 0)


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
