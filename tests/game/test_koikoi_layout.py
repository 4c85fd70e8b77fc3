"""Koi-Koi table layout as pure functions: view → card places, click → move (K-12 to K-15)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines.koikoi import board_matches
from chabudai.game.tables.koikoi import layout as lay
from tests.game.table_helpers import rules_legal

ENGINE = engines.get("koikoi")


def play_to(seed: int, steps: int):
    """A seeded random game advanced ``steps`` decisions (or to its end)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def inside_screen(rect) -> bool:
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= lay.SCREEN[0] and y + h <= lay.SCREEN[1]


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def follow_clicks(view, layout, clicks):
    """Resolve a click sequence the way the table does; returns the move it sends (or None)."""
    selected = None
    for pos in clicks:
        result = lay.resolve_click(view, layout, pos, rules_legal(view), selected)
        if result.kind == "move":
            return result.move
        if result.kind == "select":
            selected = result.key
        else:
            return None
    return None


@settings(max_examples=60)
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from([0, 1, None]))
def test_every_visible_card_is_placed_once_on_screen(seed, steps, seat):
    state = play_to(seed, steps)
    view = state.view(seat)
    layout = lay.compute(view)
    expected = set(view["board"]) | set(view["piles"][0]) | set(view["piles"][1])
    if seat is not None:
        expected |= set(view["hand"])
    if view["pending"] is not None:
        expected.add(view["pending"])
    assert set(layout.cards) == expected
    assert len(layout.order) == len(expected)
    hidden = sum(view["hand_counts"]) - (len(view["hand"]) if seat is not None else 0)
    assert len(layout.backs) == hidden
    for place in list(layout.cards.values()) + layout.backs:
        assert inside_screen(place.rect), place


@settings(max_examples=60)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_zones_do_not_overlap_each_other(seed, steps):
    view = play_to(seed, steps).view(0)
    layout = lay.compute(view)
    places = list(layout.cards.values())
    for a in places:
        for b in places:
            if a.zone != b.zone and {a.zone, b.zone} != {"board", "drawn"}:
                assert not overlaps(a.rect, b.rect), (a, b)
    # a board month group never collides with another month's group
    boards = [p for p in places if p.zone == "board"]
    for a in boards:
        for b in boards:
            if a.card // 4 != b.card // 4:
                assert not overlaps(a.rect, b.rect), (a, b)


def test_fresh_board_lays_each_month_side_by_side_in_month_order():
    view = play_to(3, 0).view(0)
    view.update(board=[44, 1, 0, 20, 5], hand=[], hand_counts=[0, 0], piles=[[], []], pending=None)
    layout = lay.compute(view)
    rects = {c: layout.cards[c].rect for c in view["board"]}
    pitch = lay.card_w(lay.BOARD_H) + lay.BOARD_GAP_X
    assert rects[0][1] == rects[1][1] and rects[1][0] - rects[0][0] == pitch  # January together
    for row in {r[1] for r in rects.values()}:
        cards = sorted((r[0], c) for c, r in rects.items() if r[1] == row)
        assert [c for _x, c in cards] == sorted(c for _x, c in cards)  # months in order
    for a in rects.values():
        for b in rects.values():
            assert a == b or not overlaps(a, b)  # every card in full view


def test_K13_new_card_takes_a_free_slot_and_the_cards_that_stay_keep_theirs():
    slots = lay.assign_slots([0, 1, 20, 44])
    assert lay.assign_slots([0, 20, 44], slots) == {c: slots[c] for c in (0, 20, 44)}
    grown = lay.assign_slots([0, 20, 44, 12], slots)  # a wisteria card played with no match
    assert {c: grown[c] for c in (0, 20, 44)} == {c: slots[c] for c in (0, 20, 44)}
    assert grown[12] not in (slots[0], slots[20], slots[44])
    # a card played onto its match has no slot of its own: it lands on the card it captures
    landing = lay.assign_slots([0, 20, 44, 12, 13], grown)
    assert 13 not in landing and landing == grown
    view = play_to(3, 0).view(0)
    view.update(board=[0, 20, 44, 12, 13], hand=[], hand_counts=[0, 0], piles=[[], []])
    view.update(slots=grown, covers={13: 12}, pending=None)
    layout = lay.compute(view)
    x, y, _w, _h = layout.cards[12].rect
    assert layout.cards[13].rect[:2] == (x + lay.LANDING_OFFSET[0], y + lay.LANDING_OFFSET[1])
    assert layout.order[-1] == 13  # drawn on top of its match


@settings(max_examples=80)
@given(st.integers(0, 10_000), st.integers(0, 45))
def test_clicking_where_the_layout_says_makes_that_move(seed, steps):
    state = play_to(seed, steps)
    if state.is_over:
        return
    seat = state.to_move[0]
    view = state.view(seat)
    layout = lay.compute(view)
    for move in state.legal_moves(seat):
        clicks = lay.clicks_for(view, layout, move)
        if "call" in move:
            assert clicks == [lay.center(lay.DECISION_BUTTONS[move["call"]])]
            continue
        assert follow_clicks(view, layout, clicks) == move
        state.clone().apply(seat, move)  # and the engine accepts it


def test_K13_two_matches_first_click_selects_then_target_takes():
    for seed in range(400):
        state = play_to(seed, 0)
        hand = state.hands[state.current]
        card = next((c for c in hand if len(board_matches(state.board, c)) == 2), None)
        if card is not None:
            break
    else:
        pytest.skip("no seeded deal with a double match")
    view = state.view(state.current)
    layout = lay.compute(view)
    first = lay.resolve_click(view, layout, lay.hit_point(layout, card), rules_legal(view))
    assert first.kind == "select" and first.key == card
    assert lay.legal_cards(view, rules_legal(view), card) >= set(board_matches(state.board, card))
    targets = board_matches(state.board, card)
    second = lay.resolve_click(
        view, layout, lay.hit_point(layout, targets[1]), rules_legal(view), selected=card
    )
    assert second.move == {"play": card, "take": targets[1]}
    other = next((b for b in state.board if b // 4 != card // 4), None)
    if other is not None:
        wrong = lay.resolve_click(
            view, layout, lay.hit_point(layout, other), rules_legal(view), selected=card
        )
        assert wrong.kind == "illegal" and "glowing" in wrong.reason


def test_illegal_clicks_explain_themselves():
    state = play_to(11, 0)
    mover = state.current
    waiting = 1 - mover
    view = state.view(waiting)
    layout = lay.compute(view)
    card = view["hand"][0]
    result = lay.resolve_click(view, layout, lay.hit_point(layout, card), rules_legal(view))
    assert result.kind == "illegal" and "turn" in result.reason
    view = state.view(mover)
    layout = lay.compute(view)
    board_card = view["board"][0]
    result = lay.resolve_click(view, layout, lay.hit_point(layout, board_card), rules_legal(view))
    assert result.kind == "illegal" and "hand" in result.reason
    spectator = state.view(None)
    layout = lay.compute(spectator)
    result = lay.resolve_click(
        spectator, layout, lay.hit_point(layout, spectator["board"][0]), rules_legal(spectator)
    )
    assert result.kind == "illegal" and "watching" in result.reason


def test_K15_drawn_card_choice_takes_the_clicked_target():
    for seed in range(600):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, seed)
        while not state.is_over and state.phase != "draw_choice":
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
        if state.phase == "draw_choice":
            break
    else:
        pytest.skip("no draw choice in the seeded games")
    view = state.view(state.current)
    layout = lay.compute(view)
    assert layout.cards[view["pending"]].zone == "drawn"
    for target in view["pending_targets"]:
        move = follow_clicks(view, layout, [lay.hit_point(layout, target)])
        assert move == {"take": target}
    hand_card = view["hand"][0] if view["hand"] else None
    if hand_card is not None:
        result = lay.resolve_click(
            view, layout, lay.hit_point(layout, hand_card), rules_legal(view)
        )
        assert result.kind == "illegal"


def test_pile_labels_show_yaku_progress():
    view = play_to(2, 0).view(0)
    view.update(board=[], hand=[], hand_counts=[0, 0], piles=[[0, 8, 2], []])
    layout = lay.compute(view)
    texts = [text for _pos, text, _done, _size in layout.labels]
    assert "Brights 2/3" in texts and "Plains 1/10" in texts
    view["piles"] = [[0, 8, 44], []]
    labels = {text: done for _pos, text, done, _size in lay.compute(view).labels}
    assert labels["Brights 3"] is True
