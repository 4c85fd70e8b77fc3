"""Issue 31, item 4: joining tells the truth, on loopback.

A first connection that fails (nothing listens; something takes the connection and never
answers; the connection attempt itself times out, as behind a firewall) says so in words and
goes back to Join with the address kept: no "Joining…" for ever, no stacking toasts, no raw
"[Errno 111]". A connection that worked and then dropped reconnects with one notice. A host
restarted without ``--resume`` no longer knows the seat token: the client says the table was
restarted and goes back to Join.
"""

from __future__ import annotations

import json
import socket
import time

import pytest

from chabudai.game.scenes.join import JoinScene
from chabudai.tools.autoplay import drive

from .lan_helpers import HostThread, join_by_address, lan_app, texts_on_screen, unused_port


def back_at_join(app) -> bool:
    return isinstance(app.scene, JoinScene) and bool(app.scene.error)


def seated(app) -> bool:
    session = app.session
    return session.seat is not None and (session.lobby or {}).get("you") is not None


def record_toasts(app) -> list[str]:
    """Every toast the app shows from now on (they fade after a few seconds)."""
    shown: list[str] = []
    show = app.toast

    def toast(text: str, seconds: float = 4.0) -> None:
        shown.append(text)
        show(text, seconds)

    app.toast = toast
    return shown


def check_back_at_join(app, address: str, words: str) -> None:
    join = app.scene
    assert [s.name for s in app.stack] == ["title", "join"]
    assert join.address.text == address  # kept, to correct or try again
    assert words in join.error, join.error
    shown = texts_on_screen(app)
    assert "Errno" not in shown and "Connect call failed" not in shown
    assert not any("reconnecting" in t[0] for t in app.toasts)


def test_nothing_listening(tmp_path):
    port = unused_port()
    app = lan_app(tmp_path)
    toasts = record_toasts(app)
    try:
        join_by_address(app, f"127.0.0.1:{port}")
        started = time.monotonic()
        assert drive(app, back_at_join, None, 5)
        assert time.monotonic() - started < 2
        check_back_at_join(
            app,
            f"127.0.0.1:{port}",
            f"No table answers at 127.0.0.1:{port}: is the host running, on this network, "
            f"and is port {port} open?",
        )
        assert not drive(app, lambda a: a.scene.name != "join", None, 1.0)
        assert toasts == []  # the Join screen says it, once
    finally:
        app.close()


def test_a_listener_that_never_answers(tmp_path):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # the kernel takes the connection; nothing ever answers the hello
        port = silent.getsockname()[1]
        app = lan_app(tmp_path)
        try:
            join_by_address(app, f"127.0.0.1:{port}")
            assert drive(app, back_at_join, None, 10)
            check_back_at_join(app, f"127.0.0.1:{port}", "no table answered")
        finally:
            app.close()


def test_a_connection_attempt_that_times_out(tmp_path):
    """A full accept queue drops SYNs as a firewall does: the connect itself times out."""
    with socket.socket() as full:
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        port = full.getsockname()[1]
        fillers = []
        try:
            for _ in range(4):  # fill the queue (backlog 0 holds one or two)
                filler = socket.socket()
                filler.setblocking(False)
                filler.connect_ex(("127.0.0.1", port))
                fillers.append(filler)
            time.sleep(0.2)
            probe = socket.socket()
            probe.settimeout(0.5)
            try:
                probe.connect(("127.0.0.1", port))
                pytest.skip("this kernel does not drop SYNs on a full accept queue")
            except TimeoutError:
                pass
            finally:
                probe.close()
            app = lan_app(tmp_path)
            try:
                join_by_address(app, f"127.0.0.1:{port}")
                assert drive(app, back_at_join, None, 10)
                check_back_at_join(
                    app, f"127.0.0.1:{port}", f"a firewall may be blocking port {port}"
                )
            finally:
                app.close()
        finally:
            for filler in fillers:
                filler.close()


def test_a_host_restarted_without_resume_sends_the_player_back_to_join(tmp_path):
    hosting = HostThread()
    port = hosting.open(bot_seat=1, grace=30)
    app = lan_app(tmp_path)
    try:
        join_by_address(app, f"127.0.0.1:{port}")
        assert drive(app, seated, None, 10)
        app.scene.toggle_ready()
        assert drive(app, lambda a: a.scene.name == "table", None, 10)
        hosting.close()  # the host stops; its table and tokens are gone
        assert drive(app, lambda a: app.session.connection != "connected", None, 5)
        hosting.open(port=port, bot_seat=1)  # started again without --resume
        assert drive(app, back_at_join, None, 15)
        check_back_at_join(
            app, f"127.0.0.1:{port}", "was restarted or gave your seat away: join it again"
        )
        assert json.loads((tmp_path / "seats.json").read_text())["seats"] == []
        join = app.scene
        join.join_address()  # joining again works at once: a fresh seat
        assert drive(app, seated, None, 10)
    finally:
        app.close()
        hosting.stop()


def test_a_drop_after_a_working_connection_reconnects_with_one_notice(tmp_path):
    hosting = HostThread()
    port = hosting.open(bot_seat=1, grace=30)
    app = lan_app(tmp_path)
    toasts = record_toasts(app)
    try:
        join_by_address(app, f"127.0.0.1:{port}")
        assert drive(app, seated, None, 10)
        table = hosting.table
        saved = hosting.call(_save(hosting))
        hosting.close()
        time.sleep(0.1)
        drive(app, lambda a: False, None, 2.5)  # several reconnect attempts fail meanwhile
        hosting.call(_reopen(hosting, saved, port))
        assert drive(app, lambda a: seated(a) and a.session.connection == "connected", None, 10)
        lost = [t for t in toasts if t.startswith("Connection lost")]
        assert len(lost) == 1, toasts
        assert app.scene.name == "lobby" and app.session.seat == 0
        assert table is not hosting.table  # a new host process' table, the same seat
    finally:
        app.close()
        hosting.stop()


async def _save(hosting: HostThread) -> dict:
    return hosting.table.to_save()


async def _reopen(hosting: HostThread, saved: dict, port: int) -> None:
    """A host restarted with ``--resume``: the same table, tokens and all."""
    from chabudai.net.host import Host, HostConfig
    from chabudai.net.table import Table

    table = Table.from_save(saved)
    host = Host(HostConfig())
    host.add_table(table)
    await host.start("127.0.0.1", port)
    hosting.host, hosting.table = host, table
