"""Shared checks for table views: feed a table a whole seeded game as the host would.

``play_through`` plays random legal games on the engine; the table is fed only the events each
seat may see (as the host sends them) and, before it settles on each new view, its own
event-built model must already match that view (``comparable`` picks what must match), so the
table never needs to jump. After each settle every sprite sits exactly where the layout puts it.
"""

from __future__ import annotations

import copy
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game.tables import TableContext, make_table
from chabudai.tools.screenshot import host_legal


def record_texts(monkeypatch) -> list[tuple[str, Any]]:
    """From now on every text drawn (``theme.draw_text``), as ``(text, rect)`` in draw order."""
    from chabudai.game import theme

    texts: list[tuple[str, Any]] = []
    original = theme.draw_text

    def record(target, text, pos, size=20, *args, **kwargs):
        rect = original(target, text, pos, size, *args, **kwargs)
        texts.append((text, rect.copy()))
        return rect

    monkeypatch.setattr(theme, "draw_text", record)
    return texts


def drain(table, comparable: Callable[[dict], Any] | None = None) -> None:
    """Run the table's queue without waiting for animations; check each settle."""
    while table.queue:
        kind, payload = table.queue.popleft()
        if kind == "event":
            table.animate(payload)
            table.banner = table.panel = None
        elif kind == "settle":
            view, legal = payload
            if comparable is not None and not view.get("over"):
                assert comparable(table.model) == comparable(view)
            table.settle(view, legal)
        else:
            table.result = payload
    table.tweens.finish()
    table.banner = table.panel = None
    table.hold = 0


def assert_sprites_in_place(table) -> None:
    """Every sprite sits exactly where the layout puts its card, showing the side it should."""
    places = {place.key: place for place in table.places()}
    assert set(table.stage.sprites) == set(places)
    for key, place in places.items():
        sprite = table.stage[key]
        # FRects hold 32-bit floats; a plain tolerance (pytest.approx per card made this check
        # the slow part of a game)
        assert all(abs(a - b) <= 1e-3 for a, b in zip(sprite.rect, place.rect, strict=True)), (
            key,
            tuple(sprite.rect),
            place.rect,
        )
        assert sprite.shows_face == place.face_up, key


def play_through(
    game: str,
    players: int,
    seed: int,
    seat: int | None,
    comparable: Callable[[dict], Any],
    options: dict[str, Any] | None = None,
    max_moves: int | None = None,
):
    """Play one seeded random game through a table seen by ``seat``; returns the table."""
    engine = engines.get(game)
    state = engine.new_game(players, seed, options)
    table = make_table(game, TableContext(seat=seat, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))
    drain(table, comparable)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over and (max_moves is None or moves < max_moves):
        mover = state.to_move[0]
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        table.apply_update(
            events_for(events, seat), copy.deepcopy(state.view(seat)), host_legal(state, seat)
        )
        drain(table, comparable)
        assert_sprites_in_place(table)
        moves += 1
    if state.is_over:
        table.game_over(state.result())
        drain(table, comparable)
        assert table.finished
    return table


def lan_game(
    tmp_path,
    game: str,
    players: int | None = None,
    bots: int = 0,
    options: tuple[str, ...] = (),
    seeds: tuple[int, ...] = (11, 12),
    speed: str = "40",
    timeout: float = 150.0,
    level: str | None = None,
    client_args: dict[int, list[str]] | None = None,
) -> list[str]:
    """A ``chabudai host`` table on loopback and one autoplay client process per seed
    (``client_args``: more arguments for the client of a seed, e.g. its language).

    The host seats ``bots`` bots; the clients take the other seats and play the game to its
    end by clicks. ``level``: the bot level of the host's bots and of the clients' deciding bots
    (e.g. ``random`` for a short game). Returns each client's printed line; they must all have
    seen the same scores.
    """
    command = [sys.executable, "-m", "chabudai.tools.cli", "host", "--game", game, "--bind", "127.0.0.1",
               "--port", "0", "--no-advertise", "--data-dir", str(tmp_path / "host"), "--quiet"]  # fmt: skip
    if players is not None:
        command += ["--seats", str(players)]
    if bots:
        command += ["--bots", str(bots)]
    for option in options:
        command += ["--option", option]
    levels = ["--level", level] if level else []
    command += levels
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = host.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert match, (
            f"host did not report its address: {line!r} "
            f"{host.stderr.read() if host.poll() is not None else ''}"
        )
        address = f"127.0.0.1:{match.group(1)}"
        clients = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "chabudai.tools.cli",
                    "autoplay",
                    "--join",
                    address,
                    "--seed",
                    str(seed),
                    "--speed",
                    speed,
                    "--timeout",
                    str(timeout - 10),
                    "--name",
                    f"lan-{seed}",
                    "--replays-dir",
                    str(tmp_path / f"client-{seed}"),  # each client keeps the game (issue 30)
                    *levels,
                    *(client_args or {}).get(seed, []),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )  # fmt: skip
            for seed in seeds
        ]
        outputs = []
        deadline = time.monotonic() + timeout
        for client in clients:
            out, err = client.communicate(timeout=max(1, deadline - time.monotonic()))
            assert client.returncode == 0, err
            outputs.append(out)
        scores = [re.search(r"scores (\[[^\]]*\])", out).group(1) for out in outputs]
        assert len(set(scores)) == 1, scores  # every client saw the same game end
        return outputs
    finally:
        host.terminate()
        host.wait(timeout=15)


def rules_legal(view: dict[str, Any]):
    """The host's ``legal`` list for a hand-made ``view``: the test plays the host, working the
    moves out with the rules (the table itself never does)."""
    from chabudai.game.tables.kit.legal import LegalMoves

    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in view.get("to_move", []):
        return LegalMoves()
    if view["game"] == "nar":  # the Nar tests make small views by hand: the rules of
        from chabudai.engines.nar.cards import legal_cards

        if view.get("phase") == "announce":
            return LegalMoves([{"declare": True}, {"declare": False}])
        return LegalMoves({"play": c} for c in legal_cards(list(view["hand"]), view.get("lead")))
    state = engines.get(view["game"]).from_view(view, random.Random(0))
    return LegalMoves(state.legal_moves(seat))
