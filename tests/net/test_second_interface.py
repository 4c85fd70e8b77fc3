"""A second interface on the host (a Docker bridge) costs discovery nothing (issue 31, item 5).

Two namespaces made by this test (root only; skipped otherwise), joined by a veth pair: the host
has a ``docker0`` bridge besides its LAN interface, as a machine running Docker does, and the
player's default route leads to a gateway that never answers, so a connection to the bridge's
address hangs. Before, the bridge's address went into the advert and the browser probed the
advertised addresses one after the other: the table showed up only after that probe's 2 s
timeout. Now the advert leaves bridges out and the browser probes every address at once, so
``chabudai tables`` lists the table, at its LAN address, well within 1.8 s.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys

import pytest

from .test_crash import ROOT
from .test_netns import Lines, in_namespace, ip, stop_all, two_machines


@pytest.fixture
def host_with_docker():
    # eth0 as a machine's LAN interface is named (a name starting "veth" is a container's link)
    with two_machines("eth0") as (host_ns, player_ns, subnet):
        ip("-n", player_ns, "route", "add", "default", "via", f"{subnet}.99")  # nobody there
        ip("-n", host_ns, "link", "add", "docker0", "type", "bridge")
        ip("-n", host_ns, "addr", "add", "172.17.0.1/16", "dev", "docker0")
        ip("-n", host_ns, "link", "set", "docker0", "up")
        yield host_ns, player_ns, subnet


@pytest.mark.slow
def test_a_docker_bridge_on_the_host_does_not_slow_discovery(host_with_docker, tmp_path):
    host_ns, player_ns, subnet = host_with_docker
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    processes = []
    try:
        host = in_namespace(
            host_ns, "host", "--game", "koikoi", "--name", "Docker den", "--port", "47474",
            "--service-type", service_type, "--data-dir", str(tmp_path),
        )  # fmt: skip
        processes.append(host)
        host_out = Lines(host.stdout)
        host_out.wait_for("advertised", 20)
        listing = subprocess.run(
            ["ip", "netns", "exec", player_ns, sys.executable, "-m", "chabudai.tools.cli",
             "tables", "--timeout", "1.8", "--json", "--interface", f"{subnet}.2",
             "--service-type", service_type],
            cwd=ROOT, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    finally:
        stop_all(processes)
    assert listing.returncode == 0, listing.stderr
    tables = json.loads(listing.stdout)
    assert [(t["name"], t["host"], t["reachable"]) for t in tables] == [
        ("Docker den", f"{subnet}.1", True)
    ], (tables, host_out.text())
    assert "172.17.0.1" not in host_out.text()  # not offered to friends either
