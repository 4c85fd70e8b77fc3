"""The client side: gap detection (a missed update triggers ``sync``), address parsing, and the
headless paths never importing pygame or the client package."""

from __future__ import annotations

import subprocess
import sys

import pytest

from chabudai.net.client import Client, parse_address

from .test_crash import ROOT


def update(state_id: int) -> dict:
    return {"t": "update", "state_id": state_id, "events": [], "view": {"n": state_id}, "legal": []}


def snapshot(state_id: int) -> dict:
    return {"t": "snapshot", "state_id": state_id, "view": {"n": state_id}, "legal": []}


def test_a_gap_in_state_numbers_asks_for_a_snapshot_and_drops_updates_until_it_comes():
    delivered: list[dict] = []
    sent: list[dict] = []
    client = Client("127.0.0.1", 1, name="x", on_message=delivered.append)
    client.send = lambda message: sent.append(message) or True  # type: ignore[method-assign]
    for message in (
        snapshot(5), update(6), update(6),  # a duplicate is dropped
        update(8),  # 7 is missing: sync, drop
        update(9),  # still waiting for the snapshot: drop
        snapshot(9), update(10),
    ):  # fmt: skip
        client._receive(message)
    assert [(m["t"], m["state_id"]) for m in delivered] == [
        ("snapshot", 5), ("update", 6), ("snapshot", 9), ("update", 10),
    ]  # fmt: skip
    assert sent == [{"t": "sync"}]
    assert client.state_id == 10


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("192.168.1.5:47474", ("192.168.1.5", 47474)),
        ("kitchen.local:5000", ("kitchen.local", 5000)),
        ("kitchen.local", ("kitchen.local", 47474)),
        ("[fe80::1]:9000", ("fe80::1", 9000)),
    ],
)
def test_parse_address(text, expected):
    assert parse_address(text, 47474) == expected


@pytest.mark.parametrize("text", ["host:", "host:0", "host:99999", "host:http", ":80"])
def test_parse_address_refuses(text):
    with pytest.raises(ValueError):
        parse_address(text, None)


def test_headless_modules_do_not_import_pygame_or_the_client():
    code = (
        "import sys, chabudai.net.cli_host, chabudai.net.cli_join, chabudai.net.cli_tables\n"
        "import chabudai.net.bridge, chabudai.net.botplayer\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('chabudai.game')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)
