"""``chabudai screenshot --out DIR``: render every client scene to PNG, from seeded game states.

No network is used: the client runs offline and each scene is given what the network would have
delivered (a lobby, a discovery list, a Koi-Koi view built from a seeded engine game).
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.usage import UsageError

STEP = 1 / 60


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=Path, help="folder for the PNG files")
    parser.add_argument("--seed", type=int, default=5, help="seed of the game states shown")
    parser.add_argument("--only", action="append", help="only the shots whose name contains this")


def koikoi_state(seed: int, want: Callable[[Any], bool], max_games: int = 400):
    """The first state of seeded random Koi-Koi games (seat 0's point of view) meeting ``want``."""
    import engines

    engine = engines.get("koikoi")
    for game in range(max_games):
        rng = random.Random(seed * 1000 + game)
        state = engine.new_game(2, seed * 1000 + game)
        while not state.is_over:
            if want(state):
                return state
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise RuntimeError("no seeded Koi-Koi state matched")


def finished_koikoi(seed: int):
    """A three-deal Koi-Koi game played to its end by random moves."""
    import engines

    final = engines.get("koikoi").new_game(2, seed, {"rounds": 3})
    rng = random.Random(seed)
    while not final.is_over:
        seat = final.to_move[0]
        final.apply(seat, rng.choice(final.legal_moves(seat)))
    return final


def lobby_for(game: str, name: str, seats: list[dict], status: str = "lobby", **extra: Any) -> dict:
    import engines

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


SOLO_SEATS = [
    {"seat": 0, "name": "Aiko", "kind": "human", "level": None, "ready": True, "connected": True},
    {"seat": 1, "name": "", "kind": "bot", "level": "normal", "ready": True, "connected": True},
]


class Shooter:
    def __init__(self, out: Path, only: list[str] | None) -> None:
        from game.app import App
        from game.scenes.title import TitleScene
        from game.settings import Settings

        self.out = out
        self.only = only
        self.app = App(
            settings=Settings(name="Aiko", volume=0.0), save_settings=False, offline=True
        )
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

    def to_title(self) -> None:
        app = self.app
        while len(app.stack) > 1:
            app.stack.pop().leave()
        app.session.reset()

    def table(
        self, name: str, state, seat: int = 0, prepare: Callable[[Any], None] | None = None
    ) -> None:
        """Show ``state`` from ``seat`` on the table scene, settled, then ``prepare`` it."""
        from game.scenes.lobby import LobbyScene
        from game.scenes.table import TableScene

        if not self.wanted(name):
            return
        self.to_title()
        app = self.app
        session = app.session
        session.seat, session.is_host = seat, True
        session.lobby = lobby_for("koikoi", "Aiko's table", SOLO_SEATS, "playing")
        session.state_id = 1
        app.push(LobbyScene(app))
        table = app.push(TableScene(app))
        # Snapshot a few moves earlier, then play the last moves as host updates, so the
        # table (and its move log) got there the way it does in a game.
        import engines
        from engines.base import events_for

        record = state.record()
        moves = record["moves"]
        keep = max(0, len(moves) - 4)
        earlier = engines.replay({**record, "moves": moves[:keep]})
        table.view.snapshot(earlier.view(seat))
        session.table_queue.clear()
        self.run(0.6)
        for mover, move in moves[keep:]:
            events = events_for(earlier.apply(mover, move), seat)
            table.view.apply_update(events, earlier.view(seat))
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
        import pygame

        from game.scenes.join import JoinScene
        from game.scenes.lobby import LobbyScene
        from game.scenes.results import ResultsScene
        from game.scenes.settings import SettingsScene
        from game.scenes.setup import SetupScene

        app = self.app
        if self.wanted("title"):
            self.run(2.0)
            self.save("title")
        if self.wanted("solo"):
            app.push(SetupScene(app, "solo", "koikoi"))
            self.run(0.1)
            self.save("solo-setup")
            self.to_title()
        if self.wanted("host"):
            scene = app.push(SetupScene(app, "host", "nar"))
            scene.set_seats(8)
            scene.form.focus_on(scene.start_button)
            self.run(0.1)
            self.save("host-setup-coming-soon")
            self.to_title()
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

        def mid_game(s) -> bool:
            return (
                s.turn >= 9
                and s.phase == "play"
                and s.current == 0
                and len(s.piles[0]) >= 8
                and len(s.piles[1]) >= 4
            )

        def hover_match(view) -> None:
            from engines.koikoi import board_matches

            hand = view.model["hand"]
            view.hover = next((c for c in hand if board_matches(view.model["board"], c)), None)

        self.table("koikoi-table", koikoi_state(seed, mid_game), prepare=hover_match)

        def two_match(s) -> bool:
            from engines.koikoi import board_matches

            return (
                s.phase == "play"
                and s.current == 0
                and any(len(board_matches(s.board, c)) == 2 for c in s.hands[0])
            )

        def select_double(view) -> None:
            from engines.koikoi import board_matches

            card = next(
                c for c in view.model["hand"] if len(board_matches(view.model["board"], c)) == 2
            )
            from game.tables.koikoi import layout as lay

            view.click(lay.hit_point(view.layout, card))
            self.run(0.4)

        self.table("koikoi-choose-target", koikoi_state(seed, two_match), prepare=select_double)

        def draw_choice(s) -> bool:
            return s.phase == "draw_choice" and s.current == 0

        self.table("koikoi-drawn-card-choice", koikoi_state(seed, draw_choice))

        def decide(s) -> bool:
            return s.phase == "decide" and s.current == 0

        self.table("koikoi-stop-or-koikoi", koikoi_state(seed, decide))

        def illegal(view) -> None:
            from game.tables.koikoi import layout as lay

            card = view.model["board"][0]
            view.click(lay.hit_point(view.layout, card))
            self.run(0.15)

        self.table("koikoi-illegal-click", koikoi_state(seed, mid_game), prepare=illegal)

        def koikoi_banner(view) -> None:
            view.apply_update([{"e": "koikoi", "seat": 1, "total": 6, "calls": 1}], view.model)
            self.run(0.5)

        self.table("koikoi-koikoi-call", koikoi_state(seed, mid_game), prepare=koikoi_banner)

        def thinking(s) -> bool:
            return s.turn >= 6 and s.phase == "play" and s.current == 1

        self.table("koikoi-opponent-thinking", koikoi_state(seed, thinking))

        def deal_summary(view) -> None:
            scores = view.model["scores"]
            event = {
                "e": "deal_end",
                "deal": 1,
                "dealer": 0,
                "winner": 0,
                "how": "stop",
                "points": [7, 0],
                "yaku": [["sanko", 6], ["tan", 1]],
                "koikoi_calls": [0, 0],
                "scores": [scores[0] + 7, scores[1]],
            }
            view.apply_update([event], view.model)
            self.run(0.3)

        self.table("koikoi-deal-summary", koikoi_state(seed, mid_game), prepare=deal_summary)

        def help_overlay(view) -> None:
            view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

        self.table("koikoi-help", koikoi_state(seed, mid_game), prepare=help_overlay)

        if self.wanted("results"):
            final = finished_koikoi(seed)
            self.to_title()
            app.session.seat, app.session.is_host = 0, True
            app.session.lobby = lobby_for("koikoi", "Aiko's table", SOLO_SEATS, "over")
            app.push(ResultsScene(app, final.result()))
            self.run(0.1)
            self.save("results")
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


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create {args.out}: {error.strerror}") from None
    shooter = Shooter(args.out, args.only)
    try:
        shooter.shoot_all(args.seed)
    finally:
        shooter.app.close()
    for path in shooter.saved:
        print(path)
    return 0
