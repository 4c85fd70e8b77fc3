"""Esc at any table closes what covers it first (issue 16), then offers to leave: the Nar
last trick (L) and the Nimalia zooms (O, Z) as well as the kit's help."""

import pygame
import pytest

from chabudai import engines
from chabudai.game.scenes.lobby import LobbyScene
from chabudai.game.scenes.table import TableScene
from chabudai.tools.screenshot import host_legal, lobby_for, seats_for


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def open_table(app, game: str, players: int) -> TableScene:
    app.session.seat, app.session.is_host = 0, True
    app.session.lobby = lobby_for(game, "t", seats_for(players), "playing")
    app.push(LobbyScene(app))
    scene = app.push(TableScene(app))
    scene.view.snapshot(
        engines.get(game).new_game(players, 5).view(0),
        host_legal(engines.get(game).new_game(players, 5), 0),
    )
    return scene


@pytest.mark.parametrize(
    ("game", "players", "opener", "is_open"),
    [
        ("nar", 4, pygame.K_l, lambda view: view.peek),
        ("nimalia", 2, pygame.K_o, lambda view: view.zoom_objective is not None),
        ("nimalia", 3, pygame.K_z, lambda view: view.zoom_seat is not None),
        ("nanatoridori", 3, pygame.K_F1, lambda view: view.show_help),
    ],
)
def test_esc_closes_the_tables_overlay_before_offering_to_leave(
    offline_app, game, players, opener, is_open
):
    scene = open_table(offline_app, game, players)
    offline_app.handle(key(opener))
    assert is_open(scene.view)
    offline_app.handle(key(pygame.K_ESCAPE))
    assert not is_open(scene.view) and scene.confirm is None
    offline_app.handle(key(pygame.K_ESCAPE))  # nothing open: now Esc offers to leave
    assert scene.confirm is not None and offline_app.scene is scene
