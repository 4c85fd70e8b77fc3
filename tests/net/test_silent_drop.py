"""A seated player whose link goes silent is found gone within seconds (docs/PROTOCOL.md §3).

The host turns on TCP keepalive and ``TCP_USER_TIMEOUT`` on every accepted socket, so the
kernel gives up on a peer that answers nothing after ``link_timeout`` (5 s), and the seat's
grace time (``--grace``) starts then, not at the 60 s idle timeout. A peer whose link works is
never taken for gone, however long its program stays quiet: its kernel answers the probes.

The end-to-end test builds two network namespaces joined by a veth pair (root only; skipped
otherwise), runs ``chabudai host --grace 10`` in one and a bot player in the other, takes the
player's link down mid-game and measures the time from the drop to the stand-in bot.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time

import pytest

from chabudai.net.host import HostConfig, watch_link

from .helpers import RawPeer, lobby_where, quiet_seed, seated, start_host
from .test_netns import Lines, in_namespace, ip, stop_all, two_machines


def test_every_accepted_socket_has_keepalive_and_a_user_timeout():
    async def scenario():
        host, table, port = await start_host(HostConfig(link_timeout=5.0))
        peer = await RawPeer.open(port)
        await peer.hello("Aki")
        (conn,) = host.connections
        sock = conn.writer.get_extra_info("socket")
        got = {
            "keepalive": sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE),
            "idle": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE),
            "interval": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL),
            "count": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT),
            "user_timeout": sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT),
        }
        await peer.close()
        await host.close()
        return got

    if not hasattr(socket, "TCP_USER_TIMEOUT"):
        pytest.skip("this platform has no TCP_USER_TIMEOUT")
    got = asyncio.run(scenario())
    assert got == {"keepalive": 1, "idle": 1, "interval": 1, "count": 4, "user_timeout": 5000}


def test_watch_link_leaves_non_tcp_sockets_alone():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        assert watch_link(sock, 5.0) == {}
    assert watch_link(None, 5.0) == {}


def test_a_quiet_player_whose_link_works_keeps_the_seat():
    """Silent for three link timeouts (no ping at all): still seated and connected."""

    async def scenario():
        host, table, port = await start_host(HostConfig(link_timeout=1.0), grace=0.1)
        aki = await seated(port, "Aki")
        await asyncio.sleep(3.0)
        aki.send({"t": "ping"})
        pong = await aki.expect("pong")
        aki.send({"t": "sync"})
        lobby = await lobby_where(aki, lambda t: True)
        await aki.close()
        await host.close()
        return pong, lobby

    pong, lobby = asyncio.run(scenario())
    assert pong == {"t": "pong"}
    assert lobby["you"] == 0 and lobby["seats"][0]["connected"] is True


@pytest.fixture
def veth_pair():
    """Two namespaces, ``host`` and ``player``, joined by one veth pair ``veth0``."""
    with two_machines("veth0") as machines:
        yield machines


GRACE = 10.0


@pytest.mark.slow
def test_a_silent_drop_brings_the_stand_in_grace_seconds_later(veth_pair, tmp_path, capsys):
    host_ns, player_ns, subnet = veth_pair
    processes: list[subprocess.Popen] = []
    try:
        host = in_namespace(
            host_ns, "host", "--game", "koikoi", "--option", "rounds=12", "--bots", "1",
            "--grace", str(GRACE), "--no-advertise", "--bind", f"{subnet}.1", "--port", "47474",
            "--data-dir", str(tmp_path),
        )  # fmt: skip
        processes.append(host)
        host_out = Lines(host.stdout)
        host_out.wait_for("not advertised", 15)
        player = in_namespace(
            player_ns, "join", f"{subnet}.1:47474", "--bot", "--delay", "0.3", "--seed",
            str(quiet_seed()), "--name", "Aki",
        )  # fmt: skip
        processes.append(player)
        host_out.wait_for("game 1 of Koi-Koi starts", 20)
        time.sleep(1.0)
        ip("-n", player_ns, "link", "set", "veth0", "down")  # Aki's Wi-Fi is gone
        dropped_at = time.monotonic()
        host_out.wait_for("Aki dropped from seat 0", 30)
        noticed = time.monotonic() - dropped_at
        host_out.wait_for("bot stands in for Aki", GRACE + 10)
        stand_in = time.monotonic() - dropped_at
    finally:
        stop_all(processes)
    with capsys.disabled():
        print(f"\nsilent drop: noticed after {noticed:.1f} s, stand-in after {stand_in:.1f} s")
    assert "game over" not in host_out.text()  # the drop came mid-game
    assert noticed <= 8.0, host_out.text()
    assert GRACE <= stand_in <= GRACE + 8.0, host_out.text()
