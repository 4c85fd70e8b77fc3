"""Host path: title → Host → lobby (advertised on loopback) → a player joins → Start → game over."""

import secrets
import subprocess
import sys

from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.replays.store import ReplayStore
from chabudai.tools.autoplay import Autoplayer, drive


def test_host_a_table_a_player_joins_and_the_game_ends(tmp_path):
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    app = App(
        settings=Settings(name="Hostess", animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "s.json",
        net_bind="127.0.0.1",
        net_service_type=service_type,
    )
    app.host_bind = "127.0.0.1"
    app.push(TitleScene(app))
    guest = None
    try:
        app.scene.host()
        setup = app.scene
        assert setup.mode == "host" and setup.bots() == [None, None]  # seat 2 open for a player
        setup.name_field.text = "Test host table"
        setup.start()
        assert app.scene.name == "lobby"
        assert drive(app, lambda a: a.session.hosted and a.session.is_host, None, 10)
        host, port = app.session.hosted
        guest = subprocess.Popen(
            [sys.executable, "-m", "chabudai.tools.cli", "autoplay", "--join", f"{host}:{port}", "--seed", "8",
             "--speed", "40", "--timeout", "90", "--name", "Guest",
             "--replays-dir", str(tmp_path / "guest")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip

        def guest_ready(a):
            seats = (a.session.lobby or {}).get("seats", [])
            return any(s.get("name") == "Guest" and s.get("ready") for s in seats)

        assert drive(app, guest_ready, None, 30), app.session.lobby
        lobby = app.scene
        start = next(w for w in lobby.form.widgets if getattr(w, "label", "") == "Start")
        start.activate()
        assert drive(app, lambda a: a.scene.name == "results", Autoplayer(None, 8), 90)
        out, err = guest.communicate(timeout=60)
        assert guest.returncode == 0, err
        assert str(app.scene.result["scores"]) in out  # both ends saw the same result
        # both clients keep the game for History (issue 30): the host's and the guest's
        (mine,) = app.replays.entries()
        (theirs,) = ReplayStore(tmp_path / "guest").entries()
        assert mine.names == theirs.names == ["Hostess", "Guest"]
        assert (mine.you, theirs.you) == (0, 1) and mine.scores == theirs.scores
        assert app.replays.open(mine).moves == ReplayStore(tmp_path / "guest").open(theirs).moves
    finally:
        if guest is not None and guest.poll() is None:
            guest.kill()
        app.close()
