"""``chabudai autoplay``: the real client, headless, with a bot at the human seat.

The client runs exactly as a player would use it — title, solo setup (or join), lobby, table,
results — but every decision of the human seat is made by a bot and delivered as synthesized mouse
clicks at the positions the table's layout computes. The run ends at the results screen and
prints the result. ``--seed`` seeds the bot that plays the human seat and, in solo play, the game
itself, so a solo autoplay run is reproducible (a joined table deals with its host's seed).

``--lang CODE`` runs the client in that language (English by default); ``--texts FILE`` writes
every text the client drew, one a line, each once, in the order first drawn: what the player
read (two clients in two languages at one table, ``tests/game/test_lan_two_languages.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from chabudai.tools.cli import add_language_argument, language_code
from chabudai.tools.usage import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="koikoi", help="the game (default koikoi)")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="players at the solo table (default: the game's minimum); bots fill the others",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the game (solo) and of the bot at the human seat",
    )
    parser.add_argument(
        "--join", metavar="HOST:PORT", help="join this table instead of playing solo"
    )
    parser.add_argument("--level", default=None, help="bot level for the human seat's moves")
    parser.add_argument("--opponent", default=None, help="bot level of the solo opponents")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="game option (solo)"
    )
    parser.add_argument("--speed", type=float, default=4.0, help="animation speed (default 4)")
    parser.add_argument(
        "--timeout", type=float, default=180.0, help="give up after this many seconds"
    )
    parser.add_argument("--name", default=None, help="player name (default autoplay-SEED)")
    parser.add_argument("--screenshot", metavar="PNG", help="save the results screen here")
    parser.add_argument(
        "--replays-dir", type=Path, metavar="DIR", help="keep the game's replay in this folder"
    )
    add_language_argument(parser, "the client speaks")
    parser.add_argument(
        "--texts",
        type=Path,
        metavar="FILE",
        help="write every text the client drew to FILE (one a line, each once, in order)",
    )


class TextRecorder:
    """Every text the client draws, each once, in the order first drawn.

    All text is rendered by :func:`chabudai.game.theme.render_text` (``draw_text`` and the
    banners call it), so the recorder wraps that one function while it is installed."""

    def __init__(self) -> None:
        self.texts: dict[str, None] = {}  # an ordered set
        self._original: Any = None

    def install(self) -> None:
        from chabudai.game import theme

        if self._original is not None:
            return
        original = self._original = theme.render_text
        texts = self.texts

        def render_text(text: str, *args: Any, **kwargs: Any):
            if text not in texts and text.strip():
                texts[text] = None
            return original(text, *args, **kwargs)

        theme.render_text = render_text

    def uninstall(self) -> None:
        from chabudai.game import theme

        if self._original is not None:
            theme.render_text = self._original
            self._original = None

    def lines(self) -> list[str]:
        """The texts, one line each (a text of several lines is kept on one, ``⏎`` between)."""
        return [" ⏎ ".join(text.splitlines()) for text in self.texts]

    def write(self, path: Path) -> None:
        path.write_text("".join(f"{line}\n" for line in self.lines()), encoding="utf-8")


PANEL_CLICK = (3, 3)  # anywhere closes a summary panel; no table puts anything here


def post_click(pos: tuple[int, int]) -> None:
    import pygame

    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


class Autoplayer:
    """Drives a table scene: when the table waits for the player, a bot picks the move and its
    clicks are posted as mouse events, one click per frame."""

    def __init__(self, level: str | None, seed: int) -> None:
        from chabudai.engines.bots import DEFAULT_LEVEL, make_bot

        self.bot = make_bot(level or DEFAULT_LEVEL, seed)
        self.clicks: list[tuple[int, int]] = []
        self.moves = 0
        self.chosen: list[Any] = []  # every move decided, in order
        self.wait_frames = 0

    def tick(self, app: Any) -> None:
        from chabudai import engines

        scene = app.scene
        if scene is None or scene.name != "table":
            self.clicks.clear()
            return
        view = scene.view
        if self.clicks:
            if self.wait_frames > 0:
                self.wait_frames -= 1
                return
            post_click(self.clicks.pop(0))
            self.wait_frames = 1
            return
        if getattr(view, "panel", None) is not None:
            self.clicks = [PANEL_CLICK]  # a summary waits for a click, as for a player
            return
        if not view.idle or getattr(view, "awaiting", False):
            return
        legal = view.legal_moves()
        if not legal:
            return
        engine = engines.get(view.game)
        move = self.bot.choose(engine, view.model, legal)
        self.clicks = list(view.clicks_for(move))
        self.chosen.append(move)
        self.moves += 1


def drive(
    app: Any, until, autoplayer: Autoplayer | None, timeout: float, dt: float = 1 / 60
) -> bool:
    """Step ``app`` until ``until(app)`` is true; False on timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(dt)
        if until(app):
            return True
        if autoplayer is not None:
            autoplayer.tick(app)
        if not app.running:
            return False
        time.sleep(0.0005)
    return False


def start_solo(
    app: Any, game: str, options: dict[str, Any], opponent: str | None, players: int
) -> None:
    """Title → Solo → Start, through the scenes' own actions."""
    title = app.scene
    title.solo(game)
    setup = app.scene
    setup.set_seats(players)
    for name, value in options.items():
        setup.options[name] = value
    if opponent:
        for seat in range(1, setup.seats):
            setup.levels[seat] = opponent
    setup.build()
    setup.start()


def start_join(app: Any, address: str) -> None:
    """Title → Join → type the address → Join, then Ready in the lobby."""
    title = app.scene
    title.join()
    join = app.scene
    join.address.text = address
    join.join_address()
    if join.error:
        raise UsageError(join.error)


def is_loopback(address: str) -> bool:
    """Whether ``HOST:PORT`` names this machine by a loopback address (or ``localhost``)."""
    import ipaddress

    host = address.rpartition(":")[0].strip("[]") or address
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class AutoplayError(Exception):
    """The game could not be played to its end (the message says where it stopped)."""


def play(args: argparse.Namespace) -> dict[str, Any]:
    """Play one game through the real client; the result, our seat, moves and the replay record."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    language = language_code(getattr(args, "lang", None)) or "en"
    from chabudai import engines
    from chabudai.engines.options import parse_option_strings

    try:
        engine = engines.get(args.game)
        options = parse_option_strings(engine.options, args.option)
    except ValueError as error:
        raise UsageError(str(error)) from None
    from chabudai.game.settings import Settings
    from chabudai.game.tables import has_table

    if not has_table(args.game):
        raise UsageError(f"{engine.title} has no table view yet (table coming soon)")
    players = engine.min_players if args.players is None else args.players
    if not engine.min_players <= players <= engine.max_players:
        raise UsageError(
            f"{engine.title} is for {engine.min_players} to {engine.max_players} players, "
            f"not {players}"
        )
    if args.join and args.players is not None:
        raise UsageError("--players sets up a solo table; a joined table has its own seats")
    name = args.name or f"autoplay-{args.seed}"
    settings = Settings(name=name, animation_speed=args.speed, volume=0.0)
    if hasattr(settings, "language"):
        settings.language = language
    from chabudai import i18n

    recorder = TextRecorder()
    texts_file = getattr(args, "texts", None)
    if texts_file is not None:
        recorder.install()
    spoken = i18n.language()
    try:
        return play_in(args, engine, options, players, settings, language)
    finally:
        recorder.uninstall()
        i18n.set_language(spoken)  # in a test's process, the language it had before
        if texts_file is not None:
            recorder.write(texts_file)


def play_in(
    args: argparse.Namespace,
    engine: Any,
    options: dict[str, Any],
    players: int,
    settings: Any,
    language: str,
) -> dict[str, Any]:
    """:func:`play`, once the arguments are checked: the client in ``language``."""
    from chabudai import i18n
    from chabudai.game import theme
    from chabudai.game.app import App
    from chabudai.game.scenes.title import TitleScene

    net: dict[str, Any] = {}
    if args.join and is_loopback(args.join):
        # A table on this machine (the tests): the Join screen's zeroconf browser stays on
        # loopback, with a service type of its own, and sends nothing on the real interfaces.
        import secrets

        net = {
            "net_bind": "127.0.0.1",
            "net_service_type": f"_cb{secrets.token_hex(5)}._tcp.local.",
        }
    app = App(settings=settings, save_settings=False, replays_dir=args.replays_dir, **net)
    i18n.set_language(language)  # over whatever the settings or the system said
    theme.clear_cache()
    # A player's setting stops at 4x; autoplay may run the show faster (tests use 40).
    app.settings.animation_speed = max(app.settings.animation_speed, args.speed)
    app.deal_seed = args.seed
    app.push(TitleScene(app))
    autoplayer = Autoplayer(args.level, args.seed)
    started = time.monotonic()
    try:
        if args.join:
            start_join(app, args.join)

            def seated(app: Any) -> bool:
                s = app.session
                return bool(s.lobby) and s.seat is not None

            def turned_away(app: Any) -> bool:  # back at Join, the reason in words
                return app.scene.name == "join" and bool(app.scene.error)

            drive(app, lambda a: seated(a) or turned_away(a), None, 20)
            if turned_away(app):
                raise AutoplayError(app.scene.error)
            if not seated(app):
                from chabudai.game.scenes.lobby import why_no_seat

                raise AutoplayError(f"could not sit at {args.join}: {why_no_seat(app.session)}")
            app.scene.toggle_ready()
        else:
            start_solo(app, args.game, options, args.opponent, players)

        def at_results(app: Any) -> bool:
            return app.scene is not None and app.scene.name == "results"

        if not drive(app, at_results, autoplayer, args.timeout):
            where = app.scene.name if app.scene else "nothing"
            raise AutoplayError(
                f"no result after {args.timeout:.0f} s (stuck at the {where} screen)"
            )
        if args.screenshot:
            import pygame

            app.draw()
            pygame.image.save(app.screen, args.screenshot)
        if args.join:  # give the seat back now, so the next player can sit at once
            app.send({"t": "leave"})
            drive(app, lambda a: False, None, 0.1)
        return {
            "game": app.session.game or engine.name,  # a joined table plays its host's game
            "result": app.scene.result,
            "seat": app.session.seat,
            "moves": list(autoplayer.chosen),
            "record": app.session.record,
            "kept": app.session.kept,
            "seconds": time.monotonic() - started,
        }
    finally:
        app.close()


def run(args: argparse.Namespace) -> int:
    try:
        outcome = play(args)
    except AutoplayError as error:
        print(f"autoplay: {error}", file=sys.stderr)
        return 1
    result, seat = outcome["result"], outcome["seat"]
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    verdict = "won" if winners == [seat] else "drew" if seat in winners else "lost"
    print(
        f"autoplay {outcome['game']} ({len(scores)} players) seed {args.seed}: game over after {len(outcome['moves'])} "
        f"moves in {outcome['seconds']:.1f} s; scores {scores}, winners {winners}; "
        f"seat {seat} {verdict}"
    )
    return 0
