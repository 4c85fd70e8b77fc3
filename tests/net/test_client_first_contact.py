"""Issue 31, item 4 at the connection level: a first connection that fails ends at once with the
reason in words (no reconnecting, no raw errno text); ``chabudai join`` says it once."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

from chabudai.net.client import Client

from .helpers import LOOPBACK, free_port


def notices(port: int, **options) -> list[dict]:
    async def scenario() -> list[dict]:
        got: list[dict] = []
        client = Client(LOOPBACK, port, name="Aki", on_message=got.append, **options)
        await asyncio.wait_for(client.start(), 10)
        return [m for m in got if m["t"] == "connection"]

    return asyncio.run(scenario())


def test_nothing_listening_ends_at_once_in_words():
    port = free_port()
    got = notices(port)
    assert [m["state"] for m in got] == ["connecting", "closed"]
    assert got[-1]["cause"] == "unreachable"
    assert got[-1]["reason"] == (
        f"No table answers at {LOOPBACK}:{port}: is the host running, on this network, "
        f"and is port {port} open?"
    )


def test_a_listener_that_never_answers_ends_after_the_connect_timeout():
    with socket.socket() as silent:
        silent.bind((LOOPBACK, 0))
        silent.listen()
        got = notices(silent.getsockname()[1], connect_timeout=0.3)
    assert [m["state"] for m in got] == ["connecting", "closed"]
    assert got[-1]["cause"] == "unreachable" and "no table answered" in got[-1]["reason"]


def test_chabudai_join_says_it_once():
    port = free_port()
    run = subprocess.run(
        [sys.executable, "-m", "chabudai.tools.cli", "join", f"{LOOPBACK}:{port}", "--bot"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 1
    output = run.stdout + run.stderr
    assert output.count("No table answers at") == 1, output
    assert "Errno" not in output
