"""``chabudai screenshot --out DIR``: render every client scene to PNG, from seeded game states.

No network is used: the client runs offline and each scene is given what the network would have
delivered (a lobby, a discovery list, a Koi-Koi view built from a seeded engine game).
``--lang CODE`` renders every scene in that language (English by default).
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chabudai.net.addresses import LanAddress
from chabudai.replays.player import host_legal  # the host's legal list, as tools feed tables
from chabudai.tools import shots
from chabudai.tools.cli import add_language_argument, language_code
from chabudai.tools.usage import UsageError

STEP = 1 / 60


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=Path, help="folder for the PNG files")
    parser.add_argument("--seed", type=int, default=5, help="seed of the game states shown")
    parser.add_argument("--only", action="append", help="only the shots whose name contains this")
    add_language_argument(parser, "the scenes are drawn")


def seeded_state(
    game: str,
    seed: int,
    want: Callable[[Any], bool],
    players: int | None = None,
    options: dict[str, Any] | None = None,
    max_games: int = 400,
):
    """The first state of seeded random games of ``game`` meeting ``want`` (random legal moves;
    several seats to move — Nimalia — move in seat order)."""
    from chabudai import engines

    engine = engines.get(game)
    players = players or engine.min_players
    for number in range(max_games):
        game_seed = seed * 1000 + number
        rng = random.Random(game_seed)
        state = engine.new_game(players, game_seed, options)
        while not state.is_over:
            if want(state):
                return state
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise RuntimeError(f"no seeded {game} state matched")


def finished_state(
    game: str, seed: int, players: int | None = None, options: dict[str, Any] | None = None
):
    """A seeded game of ``game`` played to its end by random legal moves."""
    from chabudai import engines

    engine = engines.get(game)
    state = engine.new_game(players or engine.min_players, seed, options)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def koikoi_state(seed: int, want: Callable[[Any], bool], max_games: int = 400):
    """The first state of seeded random Koi-Koi games (seat 0's point of view) meeting ``want``."""
    return seeded_state("koikoi", seed, want, max_games=max_games)


def finished_koikoi(seed: int):
    """A three-deal Koi-Koi game played to its end by random moves."""
    return finished_state("koikoi", seed, 2, {"rounds": 3})


def lobby_for(game: str, name: str, seats: list[dict], status: str = "lobby", **extra: Any) -> dict:
    from chabudai import engines

    return {
        "tid": "shot",
        "name": name,
        "game": game,
        "options": engines.get(game).resolve_options(None),
        "seats": seats,
        "status": status,
        "host_seat": 0,
        **extra,
    }


def show_hint(view: Any) -> None:
    """H pressed at ``view`` (a kit table on the table scene) and the host's answer come back:
    the hard bot's hint from the seat's view, against the move the player was about to make."""
    from chabudai.engines.bots.advice import hint
    from chabudai.game.tables.kit.hint import hinter
    from chabudai.net import hints

    helper = hinter(view)
    helper.ask(view)  # (offline: the request goes nowhere; the answer is worked out here)
    seen = {k: v for k, v in view.model.items() if k not in view.carry}
    advice = hint(seen, view.me, hints.BUDGET, compare=helper.compare)
    frame = hints.answer_frame(advice, 0)
    helper.answered(view, frame["move"], frame["reason"])


SOLO_SEATS = [
    {"seat": 0, "name": "Aiko", "kind": "human", "level": None, "ready": True, "connected": True},
    {"seat": 1, "name": "", "kind": "bot", "level": "normal", "ready": True, "connected": True},
]
NAMES = ["Aiko", "Kenji", "Mira", "Tomas", "Yuki", "Lena", "Omar", "Sofia"]


def seats_for(players: int, bots: tuple[str, ...] = ("normal", "hard", "easy")) -> list[dict]:
    """Lobby seats for a shot: Aiko at seat 0, then humans and bots of each level in turn."""
    if players == 2:
        return [dict(entry) for entry in SOLO_SEATS]
    seats = []
    for seat in range(players):
        bot = seat % 2 == 1
        seats.append(
            {
                "seat": seat,
                "name": "" if bot else NAMES[seat],
                "kind": "bot" if bot else "human",
                "level": bots[(seat // 2) % len(bots)] if bot else None,
                "ready": True,
                "connected": True,
            }
        )
    return seats


class Shooter:
    """The offline client that takes the shots, speaking ``language``."""

    def __init__(self, out: Path, only: list[str] | None, language: str = "en") -> None:
        from chabudai import i18n
        from chabudai.game import theme
        from chabudai.game.app import App
        from chabudai.game.scenes.title import TitleScene
        from chabudai.game.settings import Settings

        self.out = out
        self.only = only
        self.language = language
        settings = Settings(name="Aiko", volume=0.0)
        if hasattr(settings, "language"):
            settings.language = language
        self.app = App(settings=settings, save_settings=False, offline=True)
        i18n.set_language(language)  # over whatever the settings or the system said
        theme.clear_cache()
        self.app.push(TitleScene(self.app))
        self.saved: list[Path] = []

    def wanted(self, name: str) -> bool:
        return not self.only or any(part in name for part in self.only)

    def run(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / STEP))):
            self.app.step(STEP)

    def save(self, name: str) -> None:
        import pygame

        self.app.draw()
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)

    def lobby(self, name: str, game: str, seats: list[dict], **extra: Any) -> None:
        """The lobby of a table of ``game`` that seat 0 hosts on the LAN, with ``seats``
        (``extra``: more fields of the lobby, e.g. ``table_options``)."""
        from chabudai.game.scenes.lobby import LobbyScene

        if not self.wanted(name):
            return
        self.to_title()
        session = self.app.session
        session.seat, session.is_host = 0, True
        session.hosted = ("192.168.1.20", 47474)
        session.lobby = lobby_for(game, "Kitchen table", seats, **extra)
        self.app.push(LobbyScene(self.app))
        self.run(0.1)
        self.save(name)
        self.to_title()

    def results(self, name: str, state, seats: list[dict]) -> None:
        """The results screen of the finished ``state`` as seat 0, the host, sees it."""
        from chabudai.game.scenes.results import ResultsScene

        if not self.wanted(name):
            return
        self.to_title()
        session = self.app.session
        session.seat, session.is_host = 0, True
        session.lobby = lobby_for(state.game, "Aiko's table", seats, "over")
        self.app.push(ResultsScene(self.app, state.result()))
        self.run(0.1)
        self.save(name)
        self.to_title()

    def help_shot(self, screen: str) -> None:
        """The F1 help of a menu screen."""
        import pygame

        from chabudai.game.scenes.join import JoinScene
        from chabudai.game.scenes.settings import SettingsScene
        from chabudai.game.scenes.setup import SetupScene

        name = f"{screen}-help"
        if not self.wanted(name):
            return
        app = self.app
        make = {
            "setup": lambda: SetupScene(app, "solo", "koikoi"),
            "join": lambda: JoinScene(app),
            "settings": lambda: SettingsScene(app),
        }
        if screen in make:
            app.push(make[screen]())
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
        self.run(0.1)
        self.save(name)
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
        self.to_title()

    def to_title(self) -> None:
        app = self.app
        while len(app.stack) > 1:
            app.stack.pop().leave()
        app.session.reset()

    def table(
        self,
        name: str,
        state,
        seat: int = 0,
        prepare: Callable[[Any], None] | None = None,
        seats: list[dict] | None = None,
        replayed: int = 4,
    ) -> None:
        """Show ``state`` from ``seat`` on the table scene, settled, then ``prepare`` it.

        The table gets a snapshot ``replayed`` moves earlier and the last moves as host updates,
        so it (and its move log) got there the way it does in a game.
        """
        from chabudai.game.scenes.lobby import LobbyScene
        from chabudai.game.scenes.table import TableScene

        if not self.wanted(name):
            return
        self.to_title()
        app = self.app
        session = app.session
        session.seat, session.is_host = seat, True
        view = state.view(seat)
        players = len(view.get("scores", [])) or 2
        session.lobby = lobby_for(
            view["game"], "Aiko's table", seats or seats_for(players), "playing"
        )
        session.state_id = 1
        app.push(LobbyScene(app))
        table = app.push(TableScene(app))
        from chabudai import engines
        from chabudai.engines.base import events_for

        record = state.record()
        moves = record["moves"]
        keep = max(0, len(moves) - replayed)
        earlier = engines.replay({**record, "moves": moves[:keep]})
        table.view.snapshot(earlier.view(seat), host_legal(earlier, seat))
        session.table_queue.clear()
        self.run(0.6)
        for mover, move in moves[keep:]:
            events = events_for(earlier.apply(mover, move), seat)
            table.view.apply_update(events, earlier.view(seat), host_legal(earlier, seat))
        for _ in range(600):
            self.run(STEP)
            if table.view.idle:
                break
        table.view.popups.clear()
        if prepare:
            prepare(table.view)
            self.run(0.25)
        self.save(name)

    def shoot_all(self, seed: int) -> None:

        from chabudai.game.scenes.join import JoinScene
        from chabudai.game.scenes.lobby import LobbyScene
        from chabudai.game.scenes.results import ResultsScene
        from chabudai.game.scenes.settings import SettingsScene
        from chabudai.game.scenes.setup import SetupScene

        app = self.app
        if self.wanted("title"):
            self.run(2.0)
            self.save("title")
        if self.wanted("welcome"):
            from chabudai.game.scenes.settings import NameScene

            app.push(NameScene(app))
            self.run(0.1)
            self.save("welcome-first-run")
            self.to_title()
        if self.wanted("solo"):
            app.push(SetupScene(app, "solo", "koikoi"))
            self.run(0.1)
            self.save("solo-setup")
            self.to_title()
            scene = app.push(SetupScene(app, "solo", "nimalia"))
            scene.set_seats(3)
            scene.form.focus_on(
                next(w for w in scene.form.widgets if getattr(w, "label", "").startswith("Otter"))
            )
            self.run(0.1)
            self.save("solo-setup-option-help")
            self.to_title()
        if self.wanted("host"):
            scene = app.push(SetupScene(app, "host", "nar"))
            scene.set_seats(8)
            scene.form.focus_on(scene.start_button)
            self.run(0.1)
            self.save("host-setup")
            scene.set_seats(7)  # the Fools option appears: it applies to 7 players only
            scene.form.focus_on(
                next(w for w in scene.form.widgets if getattr(w, "label", "").startswith("Fools"))
            )
            self.run(0.1)
            self.save("host-setup-seven-players")
            self.to_title()
        for screen in ("title", "setup", "join", "settings"):
            self.help_shot(screen)
        if self.wanted("join"):
            join = app.push(JoinScene(app))
            join.on_net(
                {
                    "t": "tables",
                    "tables": [
                        {
                            "tid": "a1",
                            "name": "Kitchen table",
                            "game": "koikoi",
                            "host": "192.168.1.20",
                            "port": 47123,
                            "seats": 2,
                            "open": 1,
                            "st": "lobby",
                            "reachable": True,
                        },
                        {
                            "tid": "b2",
                            "name": "Grandma's hanafuda",
                            "game": "koikoi",
                            "host": "192.168.1.31",
                            "port": 47123,
                            "seats": 2,
                            "open": 0,
                            "st": "playing",
                            "reachable": True,
                        },
                        {
                            "tid": "c3",
                            "name": "Laptop upstairs",
                            "game": "koikoi",
                            "host": "192.168.1.44",
                            "port": 47200,
                            "seats": 2,
                            "open": 1,
                            "st": "lobby",
                            "reachable": False,
                        },
                    ],
                }
            )
            self.run(0.1)
            self.save("join")
            self.to_title()
        if self.wanted("lobby"):
            app.session.seat, app.session.is_host = 0, True
            app.session.hosted = ("192.168.1.20", 47474)
            app.session.hosted_networks = [
                ("192.168.1.20", LanAddress("192.168.1.20", "wlan0", "192.168.1.0/24", "lan")),
                ("10.8.0.2", LanAddress("10.8.0.2", "wg0", "10.8.0.0/24", "vpn")),
            ]
            app.session.lobby = lobby_for(
                "koikoi",
                "Kitchen table",
                [
                    {
                        "seat": 0,
                        "name": "Aiko",
                        "kind": "human",
                        "level": None,
                        "ready": True,
                        "connected": True,
                    },
                    {
                        "seat": 1,
                        "name": "Kenji",
                        "kind": "human",
                        "level": None,
                        "ready": False,
                        "connected": True,
                    },
                ],
            )
            app.push(LobbyScene(app))
            self.run(0.1)
            self.save("lobby")
            self.to_title()
        hints_on = {"table_options": {"hints": True}}
        self.lobby("lobby-hints-on", "nimalia", seats_for(3), **hints_on)
        if self.wanted("lobby-hints-guest"):  # a guest sees the option the first player set
            app.session.seat, app.session.is_host = 1, False
            app.session.lobby = lobby_for("koikoi", "Kitchen table", SOLO_SEATS, **hints_on)
            app.push(LobbyScene(app, target=("192.168.1.20", 47474)))
            self.run(0.1)
            self.save("lobby-hints-guest")
            self.to_title()
        if self.wanted("lobby-after-game"):  # joined a headless table just as a game ended
            kenji = {"seat": 1, "name": "Kenji", "kind": "human", "level": None, "ready": True}
            app.session.lobby = lobby_for(
                "koikoi",
                "Kitchen table",
                [{**SOLO_SEATS[0], "ready": False}, {**kenji, "connected": True}],
                "over",
                auto_start=True,
            )
            app.push(LobbyScene(app, target=("192.168.1.20", 47474)))
            self.run(0.1)
            self.save("lobby-after-game")
            self.to_title()
        if self.wanted("settings"):
            app.push(SettingsScene(app))
            self.run(0.1)
            self.save("settings")
            self.to_title()

        for game in shots.GAMES:
            shots.shoot(game, self, seed)

        if self.wanted("results"):
            self.results("results", finished_koikoi(seed), SOLO_SEATS)
        if self.wanted("results-after-a-player-left"):  # Kenji left once the game was over
            kenji = {**SOLO_SEATS[1], "name": "Kenji", "kind": "human", "level": None}
            for seats in ([SOLO_SEATS[0], kenji], [SOLO_SEATS[0], {"seat": 1, "kind": "open"}]):
                table = lobby_for("koikoi", "Aiko's table", seats, "over")
                app.session.feed({"t": "lobby", "table": table}, lambda message: None)
            app.session.seat, app.session.is_host = 0, True
            app.push(ResultsScene(app, finished_koikoi(seed).result()))
            self.run(0.1)
            self.save("results-after-a-player-left")
            self.to_title()
        if self.wanted("results-play-again"):  # the same game at a table that runs itself
            app.session.seat, app.session.is_host = 0, False
            app.session.lobby = lobby_for(
                "koikoi", "Kitchen table", SOLO_SEATS, "over", auto_start=True
            )
            app.push(ResultsScene(app, finished_koikoi(seed).result()))
            self.run(0.1)
            self.save("results-play-again")
            self.to_title()
        self.replay_shots(seed)

    def replay_shots(self, seed: int) -> None:
        """History with a few kept games, and the replay viewer (a seat's view, all hands)."""
        import tempfile

        if not any(self.wanted(n) for n in ("history", "viewer", "viewer-review")):
            return
        from chabudai.game.scenes.history import HistoryScene
        from chabudai.game.scenes.viewer import ViewerScene
        from chabudai.replays.file import Replay, SeatInfo
        from chabudai.replays.store import ReplayStore

        app = self.app
        games = [("nar", 8), ("koikoi", 2), ("nimalia", 4), ("nanatoridori", 6), ("nar", 5)]
        replays = []
        for n, (game, players) in enumerate(games):
            state = finished_state(game, seed + n, players)
            seats = [SeatInfo(NAMES[0])] + [
                SeatInfo(NAMES[i], "human")
                if i % 2 == 0
                else SeatInfo(f"Normal bot {i + 1}", "bot", "normal")
                for i in range(1, players)
            ]
            replay = Replay.from_state(state, seats, you=0)
            replay.ended = f"2026-12-0{1 + n // 3}T{20 - n:02d}:15:00Z"
            replays.append(replay)
        with tempfile.TemporaryDirectory() as tmp:
            kept, app.replays = app.replays, ReplayStore(Path(tmp))
            try:
                for replay in replays:
                    app.replays.add(replay)
                app.replays.star(app.replays.entries()[1])
                if self.wanted("history"):
                    app.push(HistoryScene(app))
                    self.run(0.2)
                    self.save("history")
                    self.to_title()
                if self.wanted("viewer"):
                    viewer = app.push(ViewerScene(app, replays[0], seat=0))
                    viewer.go(viewer.player.length // 2)
                    self.run(0.3)
                    self.save("viewer-nar-8")
                    viewer.seat_choice.set_value("all")
                    viewer.watch_from("all")
                    self.run(0.3)
                    self.save("viewer-nar-8-all-hands")
                    self.to_title()
                if self.wanted("viewer-review"):
                    self.review_shots(replays[0], replays[1])
            finally:
                app.replays = kept

    def review_shots(self, long, replay) -> None:
        """The viewer's Review: running through a ``long`` game (its progress bar), then of a
        Koi-Koi game, shown at its first mistake (the better move ringed, the reason, the
        summary, the honest limit)."""
        import time

        from chabudai.engines.bots.advice_review import review
        from chabudai.game.scenes import viewer_review
        from chabudai.game.scenes.viewer import ViewerScene
        from chabudai.replays import reviews

        viewer_review.USE_PROCESSES = False  # a thread: no worker processes to start for a shot
        viewer = self.app.push(ViewerScene(self.app, long, seat=0))
        viewer.go(12)
        viewer.toggle_review()
        deadline = time.monotonic() + 5.0
        while viewer.reviewing.progress()[0] < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        self.save("viewer-review-running")
        viewer.reviewing.cancel()  # quietly: no toast to carry into the next shot
        self.to_title()
        viewer = self.app.push(ViewerScene(self.app, replay, seat=0))  # made at once, as the job
        reviews.keep(replay, review(replay.record(), 0, viewer_review.BUDGET.iterations))
        viewer.toggle_review()
        marked = viewer.reviewing.marked()
        mistakes = [d for d in marked if d.mark == "mistake"] or marked
        if mistakes:
            viewer.jump(mistakes[0].index)
        self.run(0.3)
        self.save("viewer-review-koikoi")
        self.to_title()


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    language = language_code(getattr(args, "lang", None)) or "en"
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create {args.out}: {error.strerror}") from None
    from chabudai import i18n

    spoken = i18n.language()
    shooter = Shooter(args.out, args.only, language)
    try:
        shooter.shoot_all(args.seed)
    finally:
        shooter.app.close()
        i18n.set_language(spoken)  # in a test's process, the language it had before
    for path in shooter.saved:
        print(path)
    return 0
