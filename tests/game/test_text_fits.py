"""Text boxes fit at 8 seats: every text a table, a panel or the results sheet draws lies in
its box and never over another (issue 27, "text that fits"). Each check records the rectangles
of the texts drawn (``theme.draw_text``) and compares them, so it holds whatever helper drew."""

from __future__ import annotations

import copy
import random
from itertools import combinations

import pygame
import pytest

from chabudai import engines
from chabudai.game.app import forget_cached_assets
from chabudai.game.scenes.results import ResultsScene
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.nar import layout as nar_layout
from chabudai.game.tables.nar import panels as nar_panels
from chabudai.game.tables.nimalia import layout as nimalia_layout
from chabudai.tools.screenshot import lobby_for
from tests.game.table_helpers import drain, record_texts

# Long names, as a table of bots of one level gets them ("Normal bot 3"), and a long human one.
NAMES = ["Tester", "Normal bot 2", "Normal bot 3", "Alexandrina", "Normal bot 5",
         "Normal bot 6", "Normal bot 7", "Normal bot 8"]  # fmt: skip


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    forget_cached_assets()
    yield pygame.display.set_mode((1280, 720))
    forget_cached_assets()
    pygame.display.quit()


@pytest.fixture
def drawn(monkeypatch):
    """The texts drawn from now on: ``(text, rect)`` each."""
    return record_texts(monkeypatch)


def overprints(texts: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """Pairs of drawn texts whose ink overlaps (their rectangles less a pixel of slack)."""
    ink = [(t, r.inflate(-2, -4)) for t, r in texts if t.strip()]
    return [(a, b) for (a, ra), (b, rb) in combinations(ink, 2) if ra.colliderect(rb)]


def results_of(offline_app, result: dict, players: int):
    session = offline_app.session
    seats = [
        {"seat": s, "name": NAMES[s] if s in (0, 3) else "", "ready": True, "connected": True,
         "kind": "human" if s in (0, 3) else "bot", "level": None if s in (0, 3) else "normal"}
        for s in range(players)
    ]  # fmt: skip
    session.seat, session.is_host = 0, True
    session.lobby = lobby_for("nar", "Test table", seats, "over")
    return ResultsScene(offline_app, result)


def nar_result(players: int, rounds: int) -> dict:
    """A Nar result of ``rounds`` rounds: seat 0 goes out each round, the others keep cards."""
    entries, scores = [], [0] * players
    for number in range(1, rounds + 1):
        points = [10] + [-(number % 5) - s for s in range(1, players)]
        scores = [a + b for a, b in zip(scores, points, strict=True)]
        entries.append(
            {"round": number, "points": points, "out": [0], "declared": [False] * players,
             "scored_plus10": [True] + [False] * (players - 1)}
        )  # fmt: skip
    plus10 = [min(rounds, 5)] + [0] * (players - 1)
    return {"scores": scores, "plus10": plus10, "rounds": entries, "winners": [0]}


def test_results_headers_at_8_players_do_not_overprint(offline_app, drawn):
    """Issue 27 item 2: "Tester (you)Normal bot 2Normal bot 3…" printed over each other."""
    scene = results_of(offline_app, nar_result(8, 5), 8)
    scene.draw_sheet(offline_app.screen)
    assert not overprints(drawn)
    assert all(rect.right <= 1280 and rect.left >= 0 for _, rect in drawn)


def test_results_of_12_rounds_end_above_the_buttons(offline_app, drawn):
    """Issue 27 item 2: after 12 rounds at 4 players "the game ends" lay under the buttons."""
    scene = results_of(offline_app, nar_result(4, 12), 4)
    scene.draw_sheet(offline_app.screen)
    buttons_top = min(pygame.Rect(w.rect).top for w in scene.form.widgets)
    assert drawn and max(rect.bottom for _, rect in drawn) < min(buttons_top, 570)
    assert not overprints(drawn)


def test_last_trick_names_at_8_players_stay_under_their_cards(screen, drawn):
    """Issue 27 item 3: the names under the last trick's cards overlapped at 5+ players."""
    engine = engines.get("nar")
    state = engine.new_game(8, 3)
    rng = random.Random(3)
    while not (state.last_trick and state.phase == "play"):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    last = state.view(0)["last_trick"]
    nar_panels.draw_last_trick(screen, last, lambda s: NAMES[s])
    panel = pygame.Rect(nar_layout.LAST_PANEL)
    assert not overprints(drawn)
    assert all(panel.contains(rect) for _, rect in drawn)


def seated_table(game: str, players: int, seed: int):
    state = engines.get(game).new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(players + 3):  # a few moves in: some have placed, some cards are gone
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    ctx = TableContext(
        seat=0, submit=lambda move: None, name_of=lambda s: NAMES[s],
        kind_of=lambda s: "human" if s in (0, 3) else "bot",
        seat_info=lambda s: {} if s in (0, 3) else {"kind": "bot", "level": "normal"},
    )  # fmt: skip
    table = make_table(game, ctx)
    table.snapshot(copy.deepcopy(state.view(0)))
    drain(table)
    return table


@pytest.mark.parametrize(("game", "players"), [("nar", 8), ("nanatoridori", 6), ("nimalia", 4)])
def test_seat_badges_at_most_seats_keep_their_texts_inside(screen, monkeypatch, game, players):
    """Every badge's texts lie inside the badge and none over another (Nimalia: none over the
    hand's backs drawn on the badge either: "0 pts" touched them, "placed" was cut)."""
    view = __import__(f"chabudai.game.tables.{game}.view", fromlist=["draw_seat_badge"])
    original = view.draw_seat_badge
    badges: list[tuple[pygame.Rect, list]] = []
    texts = record_texts(monkeypatch)

    def record(surface, rect, badge, time=0.0):
        start = len(texts)
        original(surface, rect, badge, time)
        badges.append((pygame.Rect(rect), texts[start:]))

    monkeypatch.setattr(view, "draw_seat_badge", record)
    table = seated_table(game, players, 4)
    table.draw(screen)
    assert len(badges) >= players
    icons: list[pygame.Rect] = []
    if game == "nimalia":
        for seat, board in table.layout.boards.items():
            if seat != table.bottom:
                count = table.model["hand_counts"][seat]
                icons += [pygame.Rect(r) for r in nimalia_layout.back_rects(board, count)]
                icons.append(pygame.Rect(nimalia_layout.placed_slot(board, False, count)))
    for rect, texts in badges:
        assert texts
        assert all(rect.contains(r) for _, r in texts), (rect, texts)
        assert not overprints(texts)
        for text, r in texts:
            assert not any(r.inflate(-2, -4).colliderect(icon) for icon in icons), text
            assert "…" not in text, text  # nothing cut short ("placed" was cut to "place")
    if game == "nimalia":  # the seats that have chosen say so in full
        assert any(text.endswith("placed") for _, texts in badges for text, _r in texts)


@pytest.mark.parametrize("game", ["koikoi", "nanatoridori", "nar", "nimalia"])
def test_every_tables_f1_help_fits_above_its_closing_hint(screen, drawn, game):
    """The help grew (the score sheet and the log's scroll-back): every line stays in the panel,
    above "Esc, any key or a click closes this"."""
    from chabudai.game import ui

    engine = engines.get(game)
    players = engine.max_players
    table = make_table(game, TableContext(seat=0, submit=lambda move: None))
    table.snapshot(
        engine.new_game(players, 1, {"announcements": True} if game == "nar" else None).view(0)
    )
    ui.draw_help(screen, table.help_title, table.help_text)
    hint = next(rect for words, rect in drawn if words.startswith("Esc, any key"))
    body = [rect for words, rect in drawn[1:] if not words.startswith("Esc, any key")]
    assert body and max(rect.bottom for rect in body) <= hint.top


def test_koikoi_name_boxes_hold_a_long_name(screen, drawn):
    from chabudai.game.tables.koikoi import layout as koikoi_layout

    names = ["Alexandrina Katharina von Hohenstein", "Normal bot"]
    state = engines.get("koikoi").new_game(2, 3)
    table = make_table(
        "koikoi", TableContext(seat=0, submit=lambda move: None, name_of=names.__getitem__)
    )
    table.snapshot(copy.deepcopy(state.view(0)))
    drain(table)
    drawn.clear()
    table.draw(screen)
    for box in map(pygame.Rect, koikoi_layout.NAME_BOXES.values()):
        inside = [(t, r) for t, r in drawn if box.collidepoint(r.topleft)]
        assert inside and all(box.contains(r) for _, r in inside), inside
        assert not overprints(inside)
