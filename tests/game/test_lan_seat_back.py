"""Issue 31, item 1: a client that crashed or was closed gets its seat back.

The seat token is kept on disk beside the settings; a new client reading it offers "Back to your
seat at Kitchen table" on its title screen and in its Join list, and reclaims the seat (not a
watcher's place) before the table's grace time ends.
"""

from __future__ import annotations

import json
import time

from chabudai.game.scenes.join import JoinScene
from chabudai.game.scenes.title import TitleScene
from chabudai.tools.autoplay import drive
from tests.net.helpers import quiet_seed

from .lan_helpers import HostThread, join_by_address, lan_app

GRACE = 10.0


def seated(app) -> bool:
    session = app.session
    return session.seat is not None and (session.lobby or {}).get("you") is not None


def crash(app) -> None:
    """The client dies without a goodbye: its socket is reset, no ``leave`` is sent."""
    bridge = app.bridge
    client = bridge._client
    bridge._loop.call_soon_threadsafe(client._writer.transport.abort)
    app.close()


def test_a_restarted_client_gets_its_seat_back_in_the_middle_of_a_game(tmp_path):
    hosting = HostThread()
    port = hosting.open(seed=quiet_seed(), grace=GRACE, bot_delay=0.3)
    first = second = None
    try:
        first = lan_app(tmp_path)
        join_by_address(first, f"127.0.0.1:{port}")
        assert drive(first, seated, None, 10)
        saved = json.loads((tmp_path / "seats.json").read_text())["seats"]
        assert [(s["host"], s["port"], s["name"], s["seat"]) for s in saved] == [
            ("127.0.0.1", port, "Kitchen table", 0)
        ]
        assert saved[0]["token"] == first.session.token
        first.scene.toggle_ready()
        assert drive(first, lambda a: a.scene.name == "table", None, 10)  # the game is on
        crash(first)
        first = None
        deadline = time.monotonic() + 5
        while hosting.seat(0)["connected"] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not hosting.seat(0)["connected"]  # the host saw the drop; grace runs

        restarted = time.monotonic()
        second = lan_app(tmp_path)
        title = second.scene
        assert isinstance(title, TitleScene)
        offer = title.buttons["Back to your seat"]
        assert offer.label == "Back to your seat at Kitchen table"
        assert title.form.focused is offer  # Enter takes the player back
        offer.activate()
        assert drive(second, lambda a: seated(a) and a.scene.name == "table", None, GRACE)
        took = time.monotonic() - restarted
        print(f"client restart to seated: {took:.2f} s")
        assert took < GRACE
        assert second.session.seat == 0  # its own seat, not a watcher's place
        assert second.session.view is not None and second.session.view["seat"] == 0
        entry = hosting.seat(0)
        assert entry["connected"] and not entry["standin"] and entry["name"] == "Aki"
        assert [s.name for s in second.stack] == ["title", "join", "lobby", "table"]
    finally:
        for app in (first, second):
            if app is not None:
                app.close()
        hosting.stop()


def test_the_join_list_offers_the_seat_and_leaving_forgets_it(tmp_path):
    hosting = HostThread()
    port = hosting.open(grace=GRACE)
    app = None
    try:
        app = lan_app(tmp_path)
        join_by_address(app, f"127.0.0.1:{port}")
        assert drive(app, seated, None, 10)
        app.close()  # closed without leaving (the window's close button)
        app = lan_app(tmp_path)
        app.scene.join()
        join = app.scene
        assert isinstance(join, JoinScene)
        first_row, table = join.rows[0]
        assert table["name"] == "Kitchen table" and join.saved_for(table) is not None
        first_row.activate()  # "Back to your seat at Kitchen table"
        assert drive(app, seated, None, 10)
        assert app.session.seat == 0 and hosting.seat(0)["connected"]
        app.scene.leave_table()  # given up on purpose: nothing to go back to
        assert json.loads((tmp_path / "seats.json").read_text())["seats"] == []
        assert "Back to your seat" not in app.scene.buttons
    finally:
        if app is not None:
            app.close()
        hosting.stop()


def test_start_at_a_headless_table_starts_without_an_error(tmp_path):
    """Issue 31, item 5: the first player at a headless table who clicks Start got "only possible
    in the lobby" (their ready had already started the game)."""
    hosting = HostThread()
    port = hosting.open(grace=GRACE)
    app = lan_app(tmp_path)
    errors = []
    try:
        join_by_address(app, f"127.0.0.1:{port}")
        assert drive(app, seated, None, 10)
        lobby = app.scene
        start = next(w for w in lobby.form.widgets if getattr(w, "label", "") == "Start")
        poll = app.bridge.poll

        def watched_poll():
            items = poll()
            errors.extend(item for item in items if item.get("t") == "error")
            return items

        app.bridge.poll = watched_poll  # every item the app reads, whichever scene is on top
        start.activate()
        assert drive(app, lambda a: a.scene.name == "table", None, 10)
        drive(app, lambda a: False, None, 0.5)
        assert errors == []
    finally:
        app.close()
        hosting.stop()
