"""Nimalia shots: choosing with a legal and an illegal ghost (turned), waiting for the others,
the passing direction and the reveal, a zoomed objective and reserve, a round being scored, the
game's end and its results, the help, 2, 3 and 4 seats; the solo and host setup and a lobby."""

from __future__ import annotations

import random
from typing import Any

import pygame

from chabudai.engines.base import events_for
from chabudai.game.tables.nimalia import layout as lay
from chabudai.tools.screenshot import host_legal, seeded_state


def state_for(seed: int, players: int, want) -> Any:
    return seeded_state("nimalia", seed, want, players=players)


def choosing(players: int, round_number: int = 3):
    """Seat 0 to choose mid-game, with every other seat still thinking."""

    def want(s) -> bool:
        return s.round == round_number and s.turn == 2 and all(p is None for p in s.pending)

    return want


def at_turn(seed: int, players: int, round_number: int, turn: int, placing: tuple[int, ...]):
    """The start of ``turn`` of ``round_number``, then the seats ``placing`` place (seeded)."""

    def want(s) -> bool:
        return s.round == round_number and s.turn == turn and all(p is None for p in s.pending)

    state = state_for(seed, players, want)
    rng = random.Random(seed)
    for seat in placing:
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def point_at(view, anchor: tuple[int, int]) -> None:
    """Move the mouse over ``anchor`` of your reserve (the ghost follows)."""
    pos = view.layout.mine.centre_of(anchor)
    view.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def legal_spot(view) -> tuple[int, int]:
    """A legal anchor away from the middle where the held card scores a change, if any."""
    model = view.model
    best = None
    for row in range(lay.FRAME):
        for col in range(lay.FRAME):
            held = lay.ghost(model, view.selected, view.rot, (row, col), view.legal)
            if held.legal:
                gain = sum(p.after - p.before for p in held.preview)
                if best is None or gain > best[0]:
                    best = (gain, (row, col))
    return best[1]


def illegal_spot(view) -> tuple[int, int]:
    grid = lay.reserve_grid(view.model, view.me)
    top, bottom, left, right = lay.bounding_box(grid)
    return (max(0, top - 2), min(lay.FRAME - 2, right + 2))


def finish_move(shooter, state, seat: int, seconds: float) -> None:
    """Seat 0 places a legal move; the table shows the host's update for ``seconds``."""
    view = shooter.app.scene.view
    move = state.legal_moves(seat)[len(state.legal_moves(seat)) // 2]
    events = state.apply(seat, move)
    view.apply_update(events_for(events, seat), state.view(seat), host_legal(state, seat))
    shooter.run(seconds)


def shoot(shooter: Any, seed: int) -> None:
    four = state_for(seed, 4, choosing(4))

    def legal(view) -> None:
        view.turn_card(1)
        point_at(view, legal_spot(view))

    shooter.table("nimalia-choose-legal-4p", four, prepare=legal, replayed=4)

    def illegal(view) -> None:
        view.turn_card(1)
        view.turn_card(1)
        point_at(view, illegal_spot(view))

    shooter.table("nimalia-choose-illegal-4p", four, prepare=illegal, replayed=4)

    two = state_for(seed, 2, choosing(2, 4))
    shooter.table("nimalia-choose-2p", two, prepare=legal, replayed=2)
    three = state_for(seed, 3, choosing(3, 2))
    shooter.table("nimalia-choose-3p", three, prepare=legal, replayed=3)

    waiting = at_turn(seed, 4, 2, 2, (0, 2))
    shooter.table("nimalia-waiting-4p", waiting, replayed=2)

    def passing(state):
        def prepare(view) -> None:
            finish_move(shooter, state, 0, 1.45)

        return prepare

    reveal = at_turn(seed, 4, 2, 1, (1, 2, 3))
    shooter.table("nimalia-reveal-pass-4p", reveal, prepare=passing(reveal), replayed=3)

    def objective(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0))
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0))

    shooter.table("nimalia-objective-zoom", four, prepare=objective, replayed=4)

    def zoom(view) -> None:
        seat = view.layout.order[1]
        view.handle(
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN, pos=lay.center(view.layout.boards[seat].area), button=1
            )
        )

    late = state_for(seed, 3, choosing(3, 5))
    shooter.table("nimalia-reserve-zoom-3p", late, prepare=zoom, replayed=3)

    def scoring(state):
        def prepare(view) -> None:
            finish_move(shooter, state, 0, 1.1 + 2.0 + 0.9)

        return prepare

    scored = at_turn(seed, 4, 4, 3, (1, 2, 3))
    shooter.table("nimalia-round-scoring-4p", scored, prepare=scoring(scored), replayed=3)

    def ending(state):
        def prepare(view) -> None:
            finish_move(shooter, state, 0, 1.1 + 3 * 2.0 + 1.2)

        return prepare

    end = at_turn(seed, 2, 5, 3, (1,))
    shooter.table("nimalia-game-end-2p", end, prepare=ending(end), replayed=1)

    def help_overlay(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

    shooter.table("nimalia-help", four, prepare=help_overlay, replayed=4)

    if shooter.wanted("nimalia-setup"):
        setup_shots(shooter)
    if shooter.wanted("nimalia-lobby"):
        lobby_shot(shooter)
    if shooter.wanted("nimalia-results"):
        results_shot(shooter, end)


def setup_shots(shooter) -> None:
    from chabudai.game.scenes.setup import SetupScene

    app = shooter.app
    shooter.to_title()
    scene = app.push(SetupScene(app, "solo", "nimalia"))
    scene.set_seats(4)
    for seat, level in zip((1, 2, 3), ("easy", "normal", "hard"), strict=True):
        scene.levels[seat] = level
    scene.options["goals_level"] = "difficult"
    scene.build()
    shooter.run(0.1)
    shooter.save("nimalia-setup-solo-4p")
    shooter.to_title()
    scene = app.push(SetupScene(app, "host", "nimalia"))
    scene.set_seats(3)
    shooter.run(0.1)
    shooter.save("nimalia-setup-host-3p")
    shooter.to_title()


def lobby_shot(shooter) -> None:
    from chabudai.tools.screenshot import seats_for

    seats = seats_for(4)
    seats[2]["ready"] = False
    shooter.lobby("nimalia-lobby-4p", "nimalia", seats)


def results_shot(shooter, state) -> None:
    """The results of the game ``state`` finished by random moves."""
    from chabudai.tools.screenshot import seats_for

    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    shooter.results("nimalia-results-2p", state, seats_for(state.players))
