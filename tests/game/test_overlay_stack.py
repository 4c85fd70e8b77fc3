"""Issue 27, one overlay stack: Koi-Koi's stop / koi-koi dialog (K-21), Nimalia's zooms, the
table scene's Leave question and the toasts live on the table's one overlay stack. Each opens
on top, takes the input (the layer beneath gets none), Esc closes the top one (or, for the
Koi-Koi choice, never answers it) and what the player needs beneath stays visible."""

import pygame
import pytest

from chabudai import engines
from chabudai.game.scenes.lobby import LobbyScene
from chabudai.game.scenes.table import LeaveOverlay, TableScene
from chabudai.game.tables.kit.geometry import center
from chabudai.game.tables.kit.stack import HelpOverlay, ScoreSheetOverlay, ToastOverlay
from chabudai.game.tables.koikoi import layout as koikoi_lay
from chabudai.game.tables.koikoi.view import DecisionOverlay
from chabudai.game.tables.nar.view import AnnounceOverlay
from chabudai.game.tables.nimalia.view import ObjectiveZoom, ReserveZoom
from chabudai.tools.screenshot import (
    host_legal,
    koikoi_state,
    lobby_for,
    seats_for,
    seeded_state,
)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def open_scene(app, game: str, players: int, state=None) -> TableScene:
    """A table scene at ``state`` (a new seeded game by default), seat 0, moves recorded in
    ``app.sent``."""
    app.session.seat, app.session.is_host = 0, True
    app.session.lobby = lobby_for(game, "t", seats_for(players), "playing")
    app.push(LobbyScene(app))
    scene = app.push(TableScene(app))
    app.sent = []
    app.send = app.sent.append
    state = state if state is not None else engines.get(game).new_game(players, 5)
    scene.view.snapshot(state.view(0), host_legal(state, 0))
    for _ in range(600):  # (a new game's deal plays out first)
        scene.update(1 / 60)
        if scene.view.idle:
            break
    return scene


def my_turn(game: str, players: int):
    """A seeded state of ``game`` where seat 0 plays a card now."""
    return seeded_state(game, 5, lambda s: s.to_move == [0] and s.legal_moves(0), players)


def moves(app) -> list:
    return [message["move"] for message in app.sent if message.get("t") == "move"]


@pytest.fixture
def deciding(offline_app):
    """A Koi-Koi table where seat 0 made yaku and must choose: stop or koi-koi (K-21)."""
    state = koikoi_state(5, lambda s: s.phase == "decide" and s.current == 0)
    return open_scene(offline_app, "koikoi", 2, state)


# ---------------------------------------------------------------------- Koi-Koi's choice


def test_k21_the_stop_or_koikoi_dialog_is_the_top_of_the_stack_and_leaves_the_board_plain(
    deciding,
):
    view = deciding.view
    top = view.overlays.top
    assert isinstance(top, DecisionOverlay) and not top.dims and not top.esc_closes
    screen = pygame.Surface((1280, 720))
    view.draw(screen)
    with_dialog = screen.copy()
    view.sync_overlays = lambda: None  # the same table without the dialog
    view.overlays.remove(top)
    view.draw(screen)
    board = [p for p in view.places_now if p.zone == "board"]
    assert board
    for place in board:  # every board card shows exactly as without the dialog
        x, y, w, h = (round(v) for v in place.rect)
        for point in ((x + 3, y + 3), (x + w // 2, y + h // 2), (x + w - 4, y + h - 4)):
            assert with_dialog.get_at(point) == screen.get_at(point), (place.key, point)
    dialog = pygame.Rect(koikoi_lay.DIALOG)
    assert with_dialog.get_at(dialog.move(8, 8).topleft) != screen.get_at(
        dialog.move(8, 8).topleft
    )  # (the dialog is drawn where it should be)


def test_k21_the_dialog_takes_the_input_and_the_cards_beneath_get_none(deciding):
    app, view = deciding.app, deciding.view
    board = view.model["board"]
    app.handle(click(center(view.place_of(board[0]).rect)))
    assert moves(app) == [] and view.selected is None
    assert "choose" in view.reason.text.lower()  # the click is not lost without a word
    app.handle(key(pygame.K_RIGHT))  # the keys move the dialog's focus, not the cards'
    assert not view.keys_used and moves(app) == []
    app.handle(click(center(koikoi_lay.DECISION_BUTTONS["stop"])))
    assert moves(app) == [{"call": "stop"}]
    deciding.update(0.0)
    assert view.overlays.find(DecisionOverlay) is None  # answered: the dialog goes


def test_k21_esc_never_answers_the_choice_it_offers_to_leave_and_stay_comes_back(deciding):
    app, view = deciding.app, deciding.view
    app.handle(key(pygame.K_F1))  # help opens on top of the dialog; Esc closes the help first
    assert isinstance(view.overlays.top, HelpOverlay)
    app.handle(key(pygame.K_ESCAPE))
    assert isinstance(view.overlays.top, DecisionOverlay)
    app.handle(key(pygame.K_ESCAPE))  # the dialog stays; the Leave question comes on top
    assert isinstance(view.overlays.top, LeaveOverlay) and deciding.confirm is not None
    assert view.overlays.find(DecisionOverlay) is not None and moves(app) == []
    app.handle(key(pygame.K_ESCAPE))  # Esc on the question: stay
    assert deciding.confirm is None and isinstance(view.overlays.top, DecisionOverlay)
    app.handle(key(pygame.K_RETURN))  # Enter answers with the focused button (Stop)
    assert len(moves(app)) == 1 and moves(app)[0]["call"] in ("stop", "koikoi")


def test_k21_no_dialog_while_the_choice_is_not_the_players(offline_app):
    state = koikoi_state(5, lambda s: s.phase == "decide" and s.current == 1)
    scene = open_scene(offline_app, "koikoi", 2, state)
    assert scene.view.overlays.find(DecisionOverlay) is None


# ---------------------------------------------------------------------- Nar's announcement


def test_nar_the_announcement_is_a_dialog_on_top_esc_never_answers_it(offline_app):
    def announcing(s) -> bool:
        return 0 in s.to_move and s.view(0).get("phase") == "announce"

    state = seeded_state("nar", 5, announcing, 5, {"announcements": True})
    scene = open_scene(offline_app, "nar", 5, state)
    view = scene.view
    dialog = view.overlays.top
    assert isinstance(dialog, AnnounceOverlay) and not dialog.dims and not dialog.esc_closes
    mine = next(p for p in view.places_now if p.zone == "hand" and p.seat == view.me)
    offline_app.handle(click(view.point_of(mine.key)))  # a card beneath: not played
    assert moves(offline_app) == [] and "go out" in view.reason.text
    offline_app.handle(key(pygame.K_ESCAPE))  # not an answer: the Leave question comes
    assert scene.confirm is not None and view.overlays.find(AnnounceOverlay) is dialog
    offline_app.handle(key(pygame.K_n))  # the question takes it: no answer yet
    assert moves(offline_app) == []
    offline_app.handle(key(pygame.K_ESCAPE))  # stay
    assert view.overlays.top is dialog
    offline_app.handle(key(pygame.K_n))
    assert moves(offline_app) == [{"declare": False}]
    scene.update(0.0)
    assert view.overlays.find(AnnounceOverlay) is None


# ---------------------------------------------------------------------- Nimalia's zooms


def test_nimalia_zoom_is_the_top_of_the_stack_and_the_table_beneath_gets_no_input(offline_app):
    scene = open_scene(offline_app, "nimalia", 3)
    view = scene.view
    offline_app.handle(key(pygame.K_z))
    zoom = view.overlays.top
    assert isinstance(zoom, ReserveZoom) and view.zoom_seat == zoom.seat != view.me
    offline_app.handle(key(pygame.K_z))  # Z steps on to the next reserve
    assert isinstance(view.overlays.top, ReserveZoom) and view.overlays.top.seat != zoom.seat
    chosen = view.selected
    offline_app.handle(key(pygame.K_2))  # a hand key closes the zoom and picks no card
    assert view.overlays.top is None and view.selected == chosen
    offline_app.handle(key(pygame.K_o))
    pinned = view.overlays.top
    assert isinstance(pinned, ObjectiveZoom) and view.zoom_objective == 0 and not pinned.dims
    offline_app.handle(key(pygame.K_s))  # the score sheet opens over the zoom
    assert isinstance(view.overlays.top, ScoreSheetOverlay)
    offline_app.handle(key(pygame.K_ESCAPE))  # Esc closes the top one only
    assert view.overlays.top is pinned
    offline_app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))  # no card turns
    assert view.rot == 0 and view.overlays.top is pinned
    offline_app.handle(key(pygame.K_ESCAPE))
    assert view.overlays.top is None and scene.confirm is None


def test_nimalia_a_click_on_an_objective_pins_it_and_a_click_puts_it_away_unused(offline_app):
    from chabudai.game.tables.nimalia import layout as nim_lay

    scene = open_scene(offline_app, "nimalia", 2)
    view = scene.view
    spot = next(
        (x, y) for x in range(0, 1280, 8) for y in range(0, 720, 8) if nim_lay.objective_at((x, y))
    )
    offline_app.handle(click(spot))
    assert isinstance(view.overlays.top, ObjectiveZoom)
    board = center(view.layout.mine.area)
    offline_app.handle(click(board))  # the click closes the zoom; it places nothing
    assert view.overlays.top is None and moves(offline_app) == []
    screen = pygame.Surface((1280, 720))
    view.zoom_objective = 1
    view.draw(screen)  # drawn by the stack
    assert view.overlays.top.index == 1


# ---------------------------------------------------------------------- the Leave question


def test_the_leave_question_is_the_top_of_the_stack_and_takes_every_input(offline_app):
    scene = open_scene(offline_app, "nar", 4, my_turn("nar", 4))
    view = scene.view
    offline_app.handle(key(pygame.K_ESCAPE))
    assert isinstance(view.overlays.top, LeaveOverlay) and scene.confirm is view.overlays.top
    for pressed in (pygame.K_F1, pygame.K_s, pygame.K_l):  # the table's own keys wait too
        offline_app.handle(key(pressed))
        assert view.overlays.top is scene.confirm, pressed
    legal = view.legal_moves()
    offline_app.handle(click(view.clicks_for(legal[0])[0]))  # a card beneath: nothing plays
    assert moves(offline_app) == [] and scene.confirm is not None
    offline_app.handle(key(pygame.K_ESCAPE))  # Esc: stay
    assert scene.confirm is None and offline_app.scene is scene
    offline_app.handle(key(pygame.K_ESCAPE))
    offline_app.handle(key(pygame.K_RETURN))  # the focus is on Stay
    assert scene.confirm is None and offline_app.scene is scene
    offline_app.handle(key(pygame.K_ESCAPE))
    offline_app.handle(click((550, 407)))  # Leave
    assert scene not in offline_app.stack


def test_the_leave_question_goes_over_a_summary_and_esc_closes_only_it(offline_app):
    from chabudai.game.tables.kit import Panel

    scene = open_scene(offline_app, "nanatoridori", 3)
    view = scene.view
    view.panel = Panel("Round 1", lambda surface, rect: None)
    offline_app.handle(key(pygame.K_ESCAPE))  # the summary closes first
    assert view.panel is None and scene.confirm is None
    view.panel = Panel("Round 1", lambda surface, rect: None)
    scene.ask_leave()
    offline_app.handle(key(pygame.K_ESCAPE))
    assert scene.confirm is None and view.panel is not None


# ---------------------------------------------------------------------- toasts


def test_toasts_are_drawn_over_the_stack_and_let_input_and_esc_pass(offline_app, monkeypatch):
    from tests.game.table_helpers import record_texts

    scene = open_scene(offline_app, "nar", 4, my_turn("nar", 4))
    view = scene.view
    assert any(isinstance(o, ToastOverlay) for o in view.overlays.items)
    assert view.overlays.top is None and not view.overlay_open  # a toast covers nothing
    offline_app.toast("Connection lost: reconnecting…")
    offline_app.handle(key(pygame.K_F1))
    texts = record_texts(monkeypatch)
    offline_app.draw()
    drawn = [text for text, _rect in texts]
    assert drawn.count("Connection lost: reconnecting…") == 1  # by the stack, not twice
    assert drawn.index("Connection lost: reconnecting…") > drawn.index(view.help_title)
    offline_app.handle(key(pygame.K_ESCAPE))  # Esc closes the help, not the toast
    assert not view.show_help and offline_app.toasts
    legal = view.legal_moves()
    offline_app.handle(click(view.clicks_for(legal[0])[0]))  # the click reaches the table
    assert moves(offline_app) == [legal[0]]


@pytest.mark.parametrize("speed", [0.5, 1.0, 3.0])
def test_a_toast_stays_its_real_seconds_at_every_animation_speed(offline_app, speed):
    scene = open_scene(offline_app, "nar", 4)
    offline_app.settings.animation_speed = speed
    offline_app.toast("The host refused that seat.", 4.0)
    for _ in range(70):  # 3.5 real seconds
        offline_app.step(0.05)
    assert offline_app.toast_texts() == ["The host refused that seat."]
    for _ in range(12):
        offline_app.step(0.05)
    assert offline_app.toast_texts() == [] and offline_app.scene is scene


def test_a_refusal_shows_as_a_sentence_starting_with_a_capital():
    from chabudai.game.tables.kit.message import MessageSlot
    from chabudai.game.tables.nanatoridori import picking

    slot = MessageSlot()
    slot.say(picking.beat_reason(1, 1, {"count": 1, "value": 6}))
    assert slot.line("Your turn") == (
        "A 1 does not beat a 6: with as many cards, the higher value wins",
        True,
    )


@pytest.mark.parametrize(
    ("reason", "shown"),
    [
        (
            "the card must cover at least one occupied space of your reserve (M-17)",
            "The card must cover at least one occupied space of your reserve",
        ),
        ("play 3 cards, not 2 (N-13, N-15, N-29)", "Play 3 cards, not 2"),
        ("Wait for your turn.", "Wait for your turn."),
    ],
)
def test_a_reason_from_the_engine_shows_without_its_rule_id(reason, shown):
    from chabudai.game.tables.kit.message import MessageSlot

    slot = MessageSlot()
    slot.say(reason)
    assert slot.text == shown
