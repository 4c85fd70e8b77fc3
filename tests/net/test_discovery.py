"""Zeroconf discovery on loopback (bound to 127.0.0.1, a unique service type per run):
advertise, browse, TXT content, an update when a seat fills, removal on shutdown, the goodbye
of a ``chabudai host`` process stopped by SIGTERM, and an advert that follows a headless table
through a game and back to its lobby."""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
import subprocess
import sys

import pytest

from chabudai.net.discovery import Browser, Discovery
from chabudai.net.protocol import PROTOCOL_VERSION

from .helpers import (
    LOOPBACK,
    RawPeer,
    free_port,
    lobby_where,
    play_to_the_end,
    seated,
    start_host,
)
from .test_crash import ROOT


def unique_type() -> str:
    return f"_cb{secrets.token_hex(5)}._tcp.local."


class Seen:
    def __init__(self) -> None:
        self.lists: list[list[dict]] = []
        self.changed = asyncio.Event()

    def __call__(self, tables: list[dict]) -> None:
        self.lists.append(tables)
        self.changed.set()

    async def until(self, predicate, timeout: float = 8.0) -> list[dict]:
        async def wait() -> list[dict]:
            while not (self.lists and predicate(self.lists[-1])):
                self.changed.clear()
                await self.changed.wait()
            return self.lists[-1]

        return await asyncio.wait_for(wait(), timeout)


def test_advertise_browse_update_and_goodbye_on_loopback():
    service_type = unique_type()

    async def scenario():
        host, table, port = await start_host(name="Kitchen table", auto_start=False)
        advertiser = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        host.listeners.append(lambda t: advertiser.watch(t.tid, t.txt()))
        addresses = advertiser.advert_addresses(LOOPBACK)
        assert await advertiser.advertise(table.tid, table.name, table.txt(), port, addresses)
        looker = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        seen = Seen()
        browser = Browser(looker, seen)
        await browser.start()
        try:
            found = await seen.until(lambda tables: len(tables) == 1)
            peer = await RawPeer.open(port)
            await peer.hello("Aki")
            peer.send({"t": "sit"})
            updated = await seen.until(lambda tables: tables and tables[0]["open"] == 1)
            await advertiser.close()  # goodbyes, awaited
            gone = await seen.until(lambda tables: tables == [], timeout=5)
            await peer.close()
        finally:
            await browser.stop()
            await looker.close()
            await advertiser.close()
            await host.close()
        return found, updated, gone, table, port

    found, updated, gone, table, port = asyncio.run(scenario())
    assert found == [
        {
            "tid": table.tid,
            "name": "Kitchen table",
            "game": "koikoi",
            "seats": 2,
            "open": 2,
            "st": "lobby",
            "v": PROTOCOL_VERSION,
            "host": LOOPBACK,
            "port": port,
            "reachable": True,
        }
    ]
    assert updated[0]["open"] == 1 and updated[0]["tid"] == table.tid
    assert gone == []


def test_a_table_that_stops_answering_is_marked_unreachable():
    """A crashed host sends no goodbye: the browser's TCP re-check notices."""
    service_type = unique_type()

    async def scenario():
        host, table, port = await start_host()
        advertiser = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        await advertiser.advertise(table.tid, table.name, table.txt(), port, [LOOPBACK])
        looker = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        seen = Seen()
        browser = Browser(looker, seen, probe_timeout=0.5, recheck=0.2)
        await browser.start()
        try:
            alive = await seen.until(lambda tables: len(tables) == 1)
            await host.close()  # the advert stays, nobody answers
            dead = await seen.until(lambda tables: tables and not tables[0]["reachable"])
        finally:
            await browser.stop()
            await looker.close()
            await advertiser.close()
        return alive, dead

    alive, dead = asyncio.run(scenario())
    assert alive[0]["reachable"] is True
    assert dead[0]["reachable"] is False and dead[0]["tid"] == alive[0]["tid"]


def test_host_process_sends_goodbye_on_sigterm_and_tables_command_lists_it(tmp_path):
    service_type = unique_type()
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable, "-m", "chabudai.tools.cli", "host", "--game", "koikoi", "--name", "Den",
            "--port", str(port), "--bind", LOOPBACK, "--interface", LOOPBACK,
            "--service-type", service_type, "--data-dir", str(tmp_path),
        ],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    async def scenario():
        looker = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        seen = Seen()
        browser = Browser(looker, seen)
        await browser.start()
        try:
            found = await seen.until(lambda tables: len(tables) == 1, timeout=15)
            listing = await asyncio.to_thread(
                subprocess.run,
                [
                    sys.executable, "-m", "chabudai.tools.cli", "tables", "--timeout", "2.5", "--json",
                    "--interface", LOOPBACK, "--service-type", service_type,
                ],
                cwd=ROOT, capture_output=True, text=True, timeout=30,
            )  # fmt: skip
            process.send_signal(signal.SIGTERM)
            gone = await seen.until(lambda tables: tables == [], timeout=5)
        finally:
            await browser.stop()
            await looker.close()
        return found, listing, gone

    try:
        found, listing, gone = asyncio.run(scenario())
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)
    assert found[0]["name"] == "Den" and found[0]["port"] == port and found[0]["reachable"]
    assert '"name": "Den"' in listing.stdout, listing
    assert gone == []
    assert process.returncode == 0


@pytest.mark.slow
def test_advert_and_tables_command_follow_a_headless_table_game_after_game(tmp_path):
    """``chabudai host``: TXT ``open``/``st`` follow the table within a second of each change —
    a seat taken, the game started, the table back in its lobby after the results time, a seat
    freed — as the Join list's browser and ``chabudai tables`` see them."""
    service_type = unique_type()
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable, "-m", "chabudai.tools.cli", "host", "--game", "koikoi", "--name", "Den",
            "--bots", "1", "--results-time", "1", "--port", str(port), "--bind", LOOPBACK,
            "--interface", LOOPBACK, "--service-type", service_type, "--data-dir", str(tmp_path),
            "--quiet",
        ],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def tables_command() -> dict:
        listing = subprocess.run(
            [
                sys.executable, "-m", "chabudai.tools.cli", "tables", "--timeout", "2.5", "--json",
                "--interface", LOOPBACK, "--service-type", service_type,
            ],
            cwd=ROOT, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert listing.returncode == 0, listing.stderr
        (table,) = json.loads(listing.stdout)
        return table

    async def scenario():
        loop = asyncio.get_running_loop()
        looker = Discovery(interfaces=[LOOPBACK], service_type=service_type)
        seen = Seen()
        browser = Browser(looker, seen)
        await browser.start()
        lags = {}

        async def follows(name: str, since: float, **txt) -> None:
            def fits(tables: list[dict]) -> bool:
                return len(tables) == 1 and all(tables[0][k] == v for k, v in txt.items())

            try:
                await seen.until(fits, timeout=5)
            except TimeoutError:
                raise AssertionError(f"never saw {name}: {seen.lists[-3:]}") from None
            lags[name] = loop.time() - since

        try:
            await seen.until(lambda tables: len(tables) == 1, timeout=15)
            assert seen.lists[-1][0]["open"] == 1 and seen.lists[-1][0]["st"] == "lobby"
            peer = await seated(port, "Aki")
            await follows("seat taken", loop.time(), open=0, st="lobby")
            peer.send({"t": "ready", "ready": True})
            await peer.expect("snapshot")
            await follows("game started", loop.time(), st="playing")
            listed_playing = await asyncio.to_thread(tables_command)
            await play_to_the_end({0: peer})
            ended = loop.time()
            back = await lobby_where(peer, lambda t: t["status"] == "lobby")
            results_shown = loop.time() - ended
            await follows("back in the lobby", loop.time(), open=0, st="lobby")
            listed_back = await asyncio.to_thread(tables_command)
            peer.send({"t": "leave"})
            await peer.closed_after_error(None)
            await follows("seat freed", loop.time(), open=1, st="lobby")
            listed_open = await asyncio.to_thread(tables_command)
            process.send_signal(signal.SIGTERM)
            await seen.until(lambda tables: tables == [], timeout=5)
        finally:
            await browser.stop()
            await looker.close()
        return lags, results_shown, back, listed_playing, listed_back, listed_open

    try:
        lags, results_shown, back, playing, listed_back, listed_open = asyncio.run(scenario())
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)
    assert all(lag < 1.0 for lag in lags.values()), lags
    assert 0.8 <= results_shown < 2.5, results_shown
    assert [s["kind"] for s in back["seats"]] == ["human", "bot"]
    assert (playing["st"], playing["open"]) == ("playing", 0)
    assert (listed_back["st"], listed_back["open"]) == ("lobby", 0)
    assert (listed_open["st"], listed_open["open"]) == ("lobby", 1)
