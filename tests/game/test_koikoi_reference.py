"""What the Koi-Koi table tells about yaku: the yaku table (Y), the deal summary and the help,
with the values of the table's own ruleset (K-19 to K-26 for cardavia, K-37 to K-42 nintendo)."""

import copy
import random

import pygame

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.engines.koikoi.scoring import score
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.koikoi import reference as ref
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain

ENGINE = engines.get("koikoi")


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_help_text_gives_the_tables_own_ruleset_values():
    cardavia = ref.help_text({"ruleset": "cardavia"})
    nintendo = ref.help_text({"ruleset": "nintendo"})
    assert "Three Brights 6" in cardavia and "Viewing" not in cardavia and "×2" not in cardavia
    assert "Three Brights 5" in nintendo and "Flower Viewing 5" in nintendo
    assert "Moon Viewing 5" in nintendo and "×2" in nintendo


def test_K_T7_summary_cards_of_each_yaku():
    pile = [0, 28, 40, 44, 20, 24, 36, 32, 1, 5, 9, 13, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19]
    table = ref.table_for({"ruleset": "nintendo"})
    rows = {row.id: row for row in table.rows}
    _total, yaku = score(pile, "nintendo")
    made = dict((y, p) for y, p in yaku)
    assert made == {"ame_shiko": 7, "tsukimi": 5, "inoshikacho": 6, "akatan": 6, "kasu": 2}
    assert ref.cards_of(rows["ame_shiko"], pile) == [0, 28, 40, 44]
    assert ref.cards_of(rows["tsukimi"], pile) == [28, 32]
    assert ref.cards_of(rows["inoshikacho"], pile) == [20, 24, 32, 36]  # + the further animal
    assert ref.cards_of(rows["akatan"], pile) == [1, 5, 9, 13]
    assert len(ref.cards_of(rows["kasu"], pile)) == 11  # ten Plains and the sake cup (K-3)
    applied, points = ref.stop_breakdown(table, 26, True)
    assert [m.id for m in applied] == ["seven", "koikoi"] and points == 104  # K-T7
    assert ref.stop_breakdown(ref.table_for({}), 26, True) == ([], 26)  # cardavia: none


def test_points_in_words_are_singular_for_one():
    assert ref.points_words(1) == "1 point" and ref.points_words(6) == "6 points"


def first_stop(seed, ruleset="cardavia"):
    """A seeded game up to a decision of seat 0; returns (state, stop events)."""
    for number in range(400):
        rng = random.Random(seed * 1000 + number)
        state = ENGINE.new_game(2, seed * 1000 + number, {"ruleset": ruleset})
        while not state.is_over:
            if state.phase == "decide" and state.current == 0:
                before = copy.deepcopy(state)
                return before, state.apply(0, {"call": "stop"})
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError("no stop found")


def test_deal_summary_shows_the_winners_cards_and_stays_until_clicked(offline_app):
    """(``offline_app``: drawing needs the app's display and fonts.)"""
    before, events = first_stop(3)
    table = make_table("koikoi", TableContext(seat=0, submit=lambda move: None))
    table.snapshot(before.view(0), host_legal(before, 0))
    drain(table)
    after = before.clone()
    after.apply(0, {"call": "stop"})
    table.apply_update(events_for(events, 0), after.view(0), host_legal(after, 0))
    for _ in range(60 * 12):  # twelve seconds: the summary waits for the player
        table.update(1 / 60)
    assert table.panel is not None and table.panel.seconds is None
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # the summary draws (cards, total, match score)
    assert table.close_overlay() and table.panel is None  # Esc closes it as well as a click


def test_esc_closes_help_then_the_yaku_table_then_asks_to_leave(offline_app):
    app = offline_app
    from chabudai.game.scenes.lobby import LobbyScene
    from chabudai.game.scenes.table import TableScene
    from chabudai.tools.screenshot import SOLO_SEATS, lobby_for

    app.session.seat, app.session.is_host = 0, True
    app.session.lobby = lobby_for("koikoi", "t", SOLO_SEATS, "playing")
    app.push(LobbyScene(app))
    scene = app.push(TableScene(app))
    scene.view.snapshot(ENGINE.new_game(2, 5).view(0), host_legal(ENGINE.new_game(2, 5), 0))
    view = scene.view
    app.handle(key(pygame.K_y))
    assert view.show_reference
    app.handle(key(pygame.K_F1))  # help replaces the yaku table
    assert view.show_help and not view.show_reference
    app.handle(key(pygame.K_ESCAPE))
    assert not view.show_help and scene.confirm is None
    app.handle(key(pygame.K_y))
    app.handle(key(pygame.K_ESCAPE))
    assert not view.show_reference and scene.confirm is None
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1140, 684), button=1))
    assert view.show_reference  # the Yaku button opens it too
    app.handle(key(pygame.K_ESCAPE))
    app.handle(key(pygame.K_ESCAPE))  # nothing open: now Esc offers to leave
    assert scene.confirm is not None and app.scene is scene
