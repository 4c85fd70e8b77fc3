"""The client at a table that runs itself (``chabudai host``), game after game.

The results screen offers Play again / Leave (no Rematch: there is no host player to ask) and
stays while the table reopens its lobby; Play again takes the player to the lobby, ready, and
the next game starts. Someone who joins just after a game sees the lobby, not its results, and
sits down once the table is open again. A game the table gives up takes its watchers back to the
lobby.
"""

from __future__ import annotations

import re
import subprocess
import sys

from chabudai import engines
from chabudai.engines.base import plain_copy
from chabudai.game.scenes.lobby import LobbyScene
from chabudai.tools.autoplay import Autoplayer, drive, start_join
from tests.net.helpers import quiet_seed


def labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.form.widgets]


def button(scene, label: str):
    return next(w for w in scene.form.widgets if getattr(w, "label", "") == label)


def test_play_again_at_a_headless_table(app, tmp_path):
    host = subprocess.Popen(
        [sys.executable, "-m", "chabudai.tools.cli", "host", "--game", "koikoi", "--bots", "1",
         "--results-time", "1", "--bind", "127.0.0.1", "--port", "0", "--no-advertise",
         "--data-dir", str(tmp_path / "host"), "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        match = re.search(r"127\.0\.0\.1:(\d+)", host.stdout.readline())
        assert match, host.stderr.read() if host.poll() is not None else "no address"
        start_join(app, f"127.0.0.1:{match.group(1)}")

        def seated(a) -> bool:  # the lobby that shows us in our seat (it follows welcome)
            return a.session.seat is not None and (a.session.lobby or {}).get("you") is not None

        assert drive(app, seated, None, 20)
        lobby = app.scene
        assert lobby.note() == "The game starts when everyone is ready."
        assert "Start" in labels(lobby)  # the first to sit may start early, with bots
        lobby.toggle_ready()  # but a ready is enough: every seat is taken
        assert drive(app, lambda a: a.scene.name == "results", Autoplayer(None, 3), 90)
        results = app.scene
        assert labels(results) == ["Play again", "Leave", "Watch again"]  # the game is kept
        first_game = app.session.state_id
        # the table reopens its lobby after its results time; the results stay for the reader
        assert drive(app, lambda a: a.session.status == "lobby", None, 10)
        assert not drive(app, lambda a: a.scene is not results, None, 0.5)
        button(results, "Play again").activate()
        assert [scene.name for scene in app.stack] == ["title", "join", "lobby"]
        assert drive(app, lambda a: a.scene.name == "table", None, 10)  # the bot seat stayed
        assert app.session.state_id > first_game
    finally:
        host.terminate()
        host.wait(timeout=15)


def feed(app, *items) -> None:
    for item in items:
        app.session.feed(item, app.send)


SEATS = [
    {"seat": 0, "name": "Ben", "kind": "human", "level": None, "ready": False, "connected": True,
     "standin": False},
    {"seat": 1, "name": "Normal bot 2", "kind": "bot", "level": "normal", "ready": False,
     "connected": True, "standin": False},
]  # fmt: skip


def lobby(status: str, seats=SEATS, **extra) -> dict:
    table = {"tid": "5f2c0a9e1b7d", "name": "Den", "game": "koikoi", "options": {},
             "option_specs": [], "seats": seats, "status": status, "host_seat": 0,
             "state_id": 9, "auto_start": True, "min_players": 2, "max_players": 2,
             "levels": ["random", "easy", "normal", "hard"], "you": None, **extra}  # fmt: skip
    return {"t": "lobby", "table": table}


def test_joining_just_after_a_game_shows_the_lobby_not_its_results(app, monkeypatch):
    sent: list[dict] = []
    monkeypatch.setattr(app, "send", sent.append)
    app.push(LobbyScene(app, target=("127.0.0.1", 47474)))
    view = {"game": "koikoi", "seat": None, "over": True, "to_move": [], "scores": [7, 0]}
    feed(
        app,
        {"t": "welcome", "v": 1, "seat": None, "token": "t", "table": "5f2c0a9e1b7d",
         "host_seat": False},
        lobby("over"),
        {"t": "snapshot", "state_id": 9, "view": view, "legal": []},
        {"t": "game_over", "result": {"scores": [7, 0], "winners": [0], "rounds": []},
         "record": {}},
    )  # fmt: skip
    drive(app, lambda a: False, None, 0.2)
    assert app.scene.name == "lobby" and not app.session.table_queue
    assert app.scene.note() == "A game has just ended: the seats open again in a moment."
    assert "Take a seat" not in labels(app.scene) and sent == []
    opened = [SEATS[0], {**SEATS[1], "kind": "open", "name": "", "level": None}]
    feed(app, lobby("lobby", opened))
    drive(app, lambda a: False, None, 0.2)
    assert sent == [{"t": "sit", "seat": None}]  # it sits as soon as the table is open


def test_a_given_up_game_takes_its_watchers_back_to_the_lobby(app):
    app.push(LobbyScene(app, target=("127.0.0.1", 47474), spectate=True))
    view = plain_copy(engines.get("koikoi").new_game(2, quiet_seed()).view(None))
    feed(app, lobby("playing"), {"t": "snapshot", "state_id": 3, "view": view, "legal": []})
    assert drive(app, lambda a: a.scene.name == "table", None, 5)
    feed(app, lobby("lobby"))
    assert drive(app, lambda a: a.scene.name == "lobby", None, 5)
