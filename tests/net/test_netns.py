"""Several machines, simulated with network namespaces (root only; skipped otherwise).

Three namespaces made by this test — a host and two clients — joined by a bridge that lives in
the host's namespace; every address is inside them and the machine's own interfaces are never
touched. The clients find the table by zeroconf alone (bound to their namespace interface), join
and play a full game; in the second game one client's link goes down for 10 s and comes back;
that client reconnects, resyncs and the game finishes. Everything made here is removed
afterwards, even on failure.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import shutil
import subprocess
import sys
import threading
import time

import pytest

from .test_crash import ROOT

OUTAGE = 10.0


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=10)


def netns_available() -> str | None:
    """None if namespaces can be used here, else the reason to skip."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root to create network namespaces"
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    probe = f"cbprobe{secrets.token_hex(3)}"
    try:
        ip("netns", "add", probe)
    except (subprocess.CalledProcessError, OSError) as error:
        return f"ip netns is unavailable: {getattr(error, 'stderr', error)}"
    ip("netns", "del", probe)
    return None


class Lines:
    """Collects a process's output lines in a thread."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.append(line)

    def wait_for(self, text: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            assert time.monotonic() < deadline, f"no {text!r} in {''.join(self.lines)[-2000:]}"
            time.sleep(0.05)

    def text(self) -> str:
        return "".join(self.lines)


def stop_all(processes: list[subprocess.Popen]) -> None:
    """End every process still running (terminate, then kill after 10 s)."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextlib.contextmanager
def two_machines(link: str = "eth0"):
    """Two namespaces, a host and a player, joined by one veth pair named ``link`` at both ends,
    in a random 10.x.y/24 (host .1, player .2); skips when namespaces cannot be made here.
    Yields ``(host_ns, player_ns, subnet)``; both namespaces are removed afterwards."""
    reason = netns_available()
    if reason:
        pytest.skip(reason)
    tag = secrets.token_hex(3)
    host_ns, player_ns = f"cbmh{tag}", f"cbmp{tag}"
    subnet = f"10.{random.randint(100, 250)}.{random.randint(0, 255)}"
    made = []
    try:
        for name in (host_ns, player_ns):
            ip("netns", "add", name)
            made.append(name)
            ip("-n", name, "link", "set", "lo", "up")
        ip("-n", player_ns, "link", "add", link, "type", "veth", "peer", "name", link,
           "netns", host_ns)  # fmt: skip
        for index, name in enumerate((host_ns, player_ns), start=1):
            ip("-n", name, "addr", "add", f"{subnet}.{index}/24", "dev", link)
            ip("-n", name, "link", "set", link, "up")
        yield host_ns, player_ns, subnet
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


@pytest.fixture
def namespaces():
    reason = netns_available()
    if reason:
        pytest.skip(reason)
    tag = secrets.token_hex(3)
    names = [f"cbh{tag}", f"cba{tag}", f"cbb{tag}"]
    subnet = f"10.{random.randint(100, 250)}.{random.randint(0, 255)}"
    made = []
    try:
        for name in names:
            ip("netns", "add", name)
            made.append(name)
            ip("-n", name, "link", "set", "lo", "up")
        host = names[0]
        ip("-n", host, "link", "add", "cbbr", "type", "bridge", "mcast_snooping", "0")
        ip("-n", host, "addr", "add", f"{subnet}.1/24", "dev", "cbbr")
        ip("-n", host, "link", "set", "cbbr", "up")
        for index, client in enumerate(names[1:], start=1):
            # made inside the client namespace, its peer sent straight to the host namespace
            ip("-n", client, "link", "add", "veth0", "type", "veth", "peer", "name", f"vp{index}",
               "netns", host)  # fmt: skip
            ip("-n", host, "link", "set", f"vp{index}", "master", "cbbr")
            ip("-n", host, "link", "set", f"vp{index}", "up")
            ip("-n", client, "addr", "add", f"{subnet}.{index + 1}/24", "dev", "veth0")
            ip("-n", client, "link", "set", "veth0", "up")
        yield names, subnet
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


def in_namespace(name: str, *command: str) -> subprocess.Popen:
    return subprocess.Popen(
        ["ip", "netns", "exec", name, sys.executable, "-m", "chabudai.tools.cli", *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.mark.slow
def test_three_namespaces_find_play_survive_a_link_outage(namespaces, tmp_path):
    (host_ns, first_ns, second_ns), subnet = namespaces
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    processes: list[subprocess.Popen] = []
    try:
        host = in_namespace(
            host_ns, "host", "--game", "koikoi", "--name", "Namespace table", "--option",
            "rounds=3", "--interface", f"{subnet}.1", "--service-type", service_type,
            "--data-dir", str(tmp_path),
        )  # fmt: skip
        processes.append(host)
        host_out = Lines(host.stdout)
        host_out.wait_for("advertised", 15)
        clients = []
        for index, name in enumerate((first_ns, second_ns), start=1):
            process = in_namespace(
                name, "join", "--find", "--bot", "--timeout", "20", "--seed", str(index),
                "--games", "2", "--delay", "0.1", "--keepalive", "1",
                "--interface", f"{subnet}.{index + 1}",
                "--service-type", service_type, "--name", f"Bot {index}",
            )  # fmt: skip
            processes.append(process)
            clients.append((process, Lines(process.stdout)))
        host_out.wait_for("game 2 of Koi-Koi starts", 60)
        time.sleep(0.1)
        ip("-n", first_ns, "link", "set", "veth0", "down")
        ended_before_outage = host_out.text().count("game over")
        time.sleep(OUTAGE)
        ip("-n", first_ns, "link", "set", "veth0", "up")
        for process, _ in clients:
            process.wait(timeout=60)
        deadline = time.monotonic() + 5
        while host_out.text().count("game over") < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop_all(processes)
    (first, first_out), (second, second_out) = clients
    assert first.returncode == 0, first_out.text()
    assert second.returncode == 0, second_out.text()
    for out in (first_out, second_out):
        assert "found table" in out.text()
        assert out.text().count("game over") == 2  # both games played to the end
    assert ended_before_outage == 1  # the link went down during the second game
    assert host_out.text().count("game over") == 2
    # the client whose link went down lost its connection, came back and resynced
    assert first_out.text().count("connected to ") >= 2, first_out.text()
    assert host.returncode == 0
