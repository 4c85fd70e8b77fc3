"""Small table-kit pieces: the lifted hit area, quarter-turned faces, drawing all sprites but
some (a table's cached layer), plated pop-ups and where the refusal reason shows."""

import pygame
import pytest

from chabudai.game import assets
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit.geometry import LIFT, Place, lifted_hit
from chabudai.game.tables.kit.overlays import Popup
from chabudai.game.tables.kit.sprites import CardStage, turned
from chabudai.game.tween import Tweens
from chabudai.tools.screenshot import host_legal

pytestmark = pytest.mark.usefixtures("live_pygame")


def test_lifted_hit_adds_the_rise_strip_only_in_lifting_zones():
    hand = Place(3, (10, 100, 50, 80), True, "hand")
    board = Place(4, (10, 100, 50, 80), True, "board")
    assert lifted_hit(hand) == (10, 100 - LIFT, 50, 80 + LIFT)
    assert lifted_hit(board) == board.rect
    assert lifted_hit(board, ("board",)) == (10, 100 - LIFT, 50, 80 + LIFT)


def test_turned_faces_are_rotated_clockwise_and_cached():
    face = assets.card_image("nar", "G2", height=80)  # portrait: a quarter turn lies it down
    once = turned(face, ("nar", "G2", 80), 1)
    assert once.get_size() == (face.get_height(), face.get_width())
    assert turned(face, ("nar", "G2", 80), 5) is once  # cached, by quarter turns
    assert turned(face, ("nar", "G2", 80), 0) is face
    # clockwise: the face's top-left pixel ends at the top-right
    assert once.get_at((once.get_width() - 1, 0)) == face.get_at((0, 0))


def test_stage_draws_every_sprite_but_the_skipped_ones():
    stage = CardStage("nimalia", Tweens(), (40,))
    places = [Place(1, (0, 0, 40, 40), True, "a"), Place(2, (100, 0, 40, 40), True, "a")]
    stage.arrange(places, (0, 0, 40, 40), duration=0)
    surface = pygame.Surface((200, 60))
    surface.fill((0, 0, 0))
    stage.draw(surface, skip={1})
    assert surface.get_at((20, 20))[:3] == (0, 0, 0)
    assert surface.get_at((120, 20))[:3] != (0, 0, 0)


def test_a_plated_popup_darkens_behind_its_text():
    plain, plated = pygame.Surface((200, 80)), pygame.Surface((200, 80))
    for surface, plate in ((plain, False), (plated, True)):
        surface.fill((250, 250, 250))
        Popup("+3", (60, 20), size=30, plate=plate).draw(surface)
    assert plain.get_at((52, 22))[:3] == (250, 250, 250)
    assert plated.get_at((52, 22))[:3] != (250, 250, 250)


def test_the_reason_line_shows_where_the_table_says():
    from chabudai import engines

    table = make_table("nimalia", TableContext(seat=0, submit=lambda move: None))
    table.snapshot(
        engines.get("nimalia").new_game(2, 1).view(0),
        host_legal(engines.get("nimalia").new_game(2, 1), 0),
    )
    table.banner = None
    quiet, told = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    table.draw(quiet)
    table.say("Not here")
    table.draw(told)
    changed = [
        (x, y)
        for x in range(0, 1280, 8)
        for y in range(0, 720, 4)
        if quiet.get_at((x, y)) != told.get_at((x, y))
    ]
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    assert abs(centre[0] - table.reason_centre[0]) < 10
    assert abs(centre[1] - table.reason_centre[1]) < 6
