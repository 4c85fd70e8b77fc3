"""What a first-time player reads (issue 27 items 7, 8, 9 and 11): the Nanatoridori prompt when
nothing beats the set, the Nimalia preview's bracket in words, no network words while a solo
game starts, counted words in the right number, score pop-ups clear of the points they add to."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game import theme
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import text
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.game.tables.koikoi import layout as koikoi_layout
from chabudai.game.tables.nanatoridori import layout as nana_layout
from chabudai.game.tables.nimalia import layout as nimalia_layout
from tests.game.table_helpers import drain, record_texts


@pytest.fixture
def said(monkeypatch):
    """The texts drawn from now on: ``(text, rect)`` each."""
    return record_texts(monkeypatch)


def first_state(game: str, players: int, want, games: int = 300):
    engine = engines.get(game)
    for number in range(games):
        rng = random.Random(number)
        state = engine.new_game(players, number)
        while not state.is_over:
            if want(state):
                return state
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError("no such state")


def seated(game: str, state, seat: int = 0):
    table = make_table(game, TableContext(seat=seat, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(seat)), state.legal_moves(seat))  # as the host
    drain(table)
    return table


def test_N_10_nothing_beats_the_set_says_you_must_pass_and_draw(offline_app, said):
    """Item 7: "Beat two 6s with a glowing set, or pass" when no set of yours beats them."""

    def stuck(s) -> bool:
        view = s.view(0)
        return (
            s.to_move == [0]
            and view.get("phase") == "play"
            and view.get("area") is not None
            and view.get("pile")
            and not nana_layout.legal_hand(view, LegalMoves(s.legal_moves(0)))
        )

    table = seated("nanatoridori", first_state("nanatoridori", 4, stuck))
    table.draw_controls(offline_app.screen)
    prompt = next(t for t, _ in said if "beat" in t.lower())
    assert "Nothing you hold beats" in prompt and "must pass and draw a card" in prompt, said
    assert "glowing" not in prompt


def test_M_26_the_preview_says_what_the_bracket_is(offline_app, said):
    """Item 8: "Scored this round: Green 12 (−3)" left the bracket unexplained."""
    state = first_state(
        "nimalia", 3, lambda s: s.round == 2 and s.turn == 2 and all(p is None for p in s.pending)
    )
    table = seated("nimalia", state)
    table.selected = table.model["hand"][0]
    helds = [
        nimalia_layout.ghost(table.model, table.selected, 0, (row, col), table.legal)
        for row in range(nimalia_layout.FRAME)
        for col in range(nimalia_layout.FRAME)
    ]
    held = next(h for h in helds if h.legal and h.preview)
    table.draw_verdict(offline_app.screen, held)
    line = next(t for t, _ in said if "this round" in t)
    assert line.startswith("Placed here, this round scores")
    assert any(w in line for w in ("more)", "less)", "no change)")), line
    assert "(+" not in line and "(-" not in line and "(±" not in line


def test_a_solo_start_shows_no_network_words(offline_app, said):
    """Item 9: solo flashed "Joining… / connecting" before "Shuffling the cards…"."""
    from chabudai.game.scenes.lobby import LobbyScene

    session = offline_app.session
    session.lobby = None
    session.connection = "connecting"
    scene = LobbyScene(offline_app, auto_start=True)
    scene.draw(offline_app.screen)
    words = " ".join(t for t, _ in said).lower()
    assert "shuffling the cards" in words
    assert "joining" not in words and "connect" not in words


def test_counted_words_are_singular_for_one():
    """Item 11: "1 cards discarded"."""
    assert text.counted(1, "card") == "1 card" and text.counted(0, "card") == "0 cards"
    assert text.counted(2, "penguin") == "2 penguins"


def test_the_discard_panel_counts_one_card_in_the_singular(offline_app, said):
    from chabudai.game.tables.nanatoridori import panels

    view = {"discard": [3], "hand": [], "players": 4, "seat": 0}
    panels.draw_discard(offline_app.screen, pygame.Rect(200, 200, 880, 280), view)
    assert any(t.startswith("1 card discarded") for t, _ in said), said


def rise_path(popup) -> pygame.Rect:
    """Where a pop-up's text passes while it rises and fades."""
    start = popup.rect()
    life = popup.alpha / 150  # Popup.step: fades 150 a second, rises 28 px a second
    return start.union(start.move(0, -round(28 * life)))


def test_a_deal_won_pops_its_points_clear_of_the_name_box(offline_app):
    """Item 11: the "+5" pop-up rose over the name box's points."""
    engine = engines.get("koikoi")
    for number in range(200):
        state = engine.new_game(2, number)
        rng = random.Random(number)
        table = seated("koikoi", state)
        found = None
        while not state.is_over and found is None:
            seat = state.to_move[0]
            events = state.apply(seat, rng.choice(state.legal_moves(seat)))
            table.apply_update(events_for(events, 0), copy.deepcopy(state.view(0)))
            ends = [e for e in events if e["e"] == "deal_end" and e["winner"] is not None]
            if ends:
                found = ends[0]
            else:
                drain(table)
        if found is not None:
            break
    while table.queue and not any(p.text.startswith("+") for p in table.popups):
        kind, payload = table.queue.popleft()
        if kind == "event":
            table.animate(payload)
        elif kind == "settle":
            table.settle(payload)
    pops = [p for p in table.popups if p.text.startswith("+")]
    assert pops
    for box in koikoi_layout.NAME_BOXES.values():
        assert not any(rise_path(p).colliderect(box) for p in pops)


def test_nanatoridori_badge_pop_ups_rise_clear_of_every_badge(offline_app):
    """Item 11: a "pass" pop-up covered a bot's cards count."""
    state = engines.get("nanatoridori").new_game(6, 2)
    table = seated("nanatoridori", state)
    for seat in range(6):
        table.badge_popup(seat, "eliminated", theme.WARN)
    badges = [pygame.Rect(spot.badge) for spot in table.layout.ring]
    assert len(table.popups) == 6
    for popup in table.popups:
        path = rise_path(popup)
        assert not any(path.colliderect(badge) for badge in badges), popup.pos
        assert 0 <= path.left and path.right <= 1280


def test_the_score_tracks_numbers_stay_clear_of_its_pawns(offline_app, monkeypatch):
    """Item 3: Nimalia's track showed its 0 under the pawns standing on it."""
    from chabudai.game.tables.nimalia import art

    drawn = record_texts(monkeypatch)
    art.draw_track(offline_app.screen, [0, 0, 3, 12], ["Normal bot", "Hard bot", "Aiko", "Mira"])
    numbers = [rect for words, rect in drawn if words.isdigit()]
    pawns = [rect.inflate(14, 8) for words, rect in drawn if not words.isdigit()]
    assert numbers and len(pawns) == 4
    assert not any(n.inflate(-2, -4).colliderect(p) for n in numbers for p in pawns)
