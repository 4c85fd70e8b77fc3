"""The Nimalia table layout as pure functions: places on screen, the ghost's verdict and points,
and clicks that give exactly the move the layout shows (M-11, M-15 to M-19, M-26).

Seeded random games (hypothesis picks the seed, the player count and how far to play) give the
views; the engine is the judge of every placement.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines.nimalia import FIRST_ANCHOR, grid_from_view, score_objective
from chabudai.engines.nimalia.geometry import place
from chabudai.engines.nimalia.objectives import COLOURS, SCHEDULE
from chabudai.game.tables.kit.geometry import inside, overlaps
from chabudai.game.tables.nimalia import layout as lay
from tests.game.table_helpers import rules_legal

ENGINE = engines.get("nimalia")


def played(players: int, seed: int, moves: int):
    """A seeded game after ``moves`` random moves (seats in turn, as the host takes them)."""
    state = ENGINE.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def chooser(state):
    """A seat that must place now (the game is not over)."""
    return state.to_move[0]


games = st.tuples(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=58),
)


def simulate(view, layout, clicks, selected, rot):
    """Feed clicks through ``resolve_click`` as the table does: selections and turns change the
    held card, a move ends it. Returns the last click's result."""
    result = None
    for pos in clicks:
        result = lay.resolve_click(view, layout, pos, selected, rot, rules_legal(view))
        if result.kind == "select" and isinstance(result.key, tuple):
            rot = (rot + result.key[1]) % 4
        elif result.kind == "select":
            if result.key != selected:
                selected, rot = result.key, 0
            layout = lay.compute(view, selected, rot)
    return result


# ---------------------------------------------------------------------- places


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seat", [0, 1, None])
def test_every_place_and_panel_is_on_screen_and_apart(players, seat):
    state = played(players, 11, 40)
    view = state.view(seat)
    layout = lay.compute(view, (view.get("hand") or [None])[0], 1)
    for p in layout.places:
        assert inside(p.rect), p
    areas = [lay.BADGE, *lay.OBJECTIVES, lay.TRACK, lay.MY_AREA, *lay.PANELS[players - 1]]
    for i, a in enumerate(areas):
        assert inside(a)
        for b in areas[i + 1 :]:
            assert not overlaps(a, b), (a, b)
    hands = [p for p in layout.places if p.zone == "hand"]
    for p in hands:
        for button in (lay.ROTATE_LEFT, lay.ROTATE_RIGHT):
            assert not overlaps(p.rect, button)
    assert sorted(layout.boards) == list(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reserve_cards_sit_on_their_grid_in_placement_order(players):
    state = played(players, 5, 45)
    view = state.view(0)
    layout = lay.compute(view)
    for seat, board in layout.boards.items():
        cards = [p for p in layout.places if p.zone == "reserve" and p.seat == seat]
        assert [p.card for p in cards] == [c for c, *_ in view["placements"][seat]]
        for p, (_card, rot, row, col) in zip(cards, view["placements"][seat], strict=True):
            assert p.rect == board.rect(row, col) and p.rot == rot
            assert inside(p.rect, board.area)  # the window holds the whole reserve (M-19)


def test_anchor_under_the_centre_of_each_block_is_that_anchor():
    view = played(3, 2, 20).view(0)
    for board in lay.boards(view).values():
        for row in range(board.top, board.top + board.size - 1):
            for col in range(board.left, board.left + board.size - 1):
                assert board.anchor_at(board.centre_of((row, col))) == (row, col)


def test_a_hidden_placement_shows_as_a_back_in_its_seat_slot():
    state = ENGINE.new_game(3, 8)
    state.apply(1, state.legal_moves(1)[0])
    for seat in (0, 2, None):
        layout = lay.compute(state.view(seat))
        placed = [p for p in layout.places if p.zone == "placed"]
        assert [(p.seat, p.face_up, p.card) for p in placed] == [(1, False, None)]
    mine = lay.compute(state.view(1))
    assert not [p for p in mine.places if p.zone == "placed"]
    assert [p.zone for p in mine.places if p.card == state.pending[1][0]] == ["pending"]


# ---------------------------------------------------------------------- the ghost


@settings(max_examples=25, deadline=None)
@given(games)
def test_ghost_is_legal_exactly_when_the_engine_allows_the_move(game):
    """Every card, every rotation (M-15), every anchor of the frame: legal = the engine's legal
    moves, and an illegal ghost carries the engine's reason in words (M-16, M-17, M-19)."""
    state = played(*game)
    if state.is_over:
        return
    seat = chooser(state)
    view = state.view(seat)
    legal = {tuple(m.values()) for m in state.legal_moves(seat)}
    for card in view["hand"]:
        for rot in range(4):
            for row in range(lay.FRAME - 1):
                for col in range(lay.FRAME - 1):
                    held = lay.ghost(view, card, rot, (row, col), rules_legal(view))
                    assert held.legal == ((card, rot, held.row, held.col) in legal)
                    if not held.legal:
                        said = state.check(seat, held.move)  # M-17, M-19
                        assert said.id in ("nimalia.must_cover", "nimalia.too_big")
                        assert held.problem and not re.search(r"\b[A-Z]-\d", held.problem)


def test_first_card_ghost_goes_to_the_first_anchor_wherever_you_point():
    state = ENGINE.new_game(2, 4)
    view = state.view(0)
    card = view["hand"][0]
    for anchor in ((0, 0), (7, 2), FIRST_ANCHOR):
        held = lay.ghost(view, card, 3, anchor, rules_legal(view))
        assert held.legal and (held.row, held.col) == FIRST_ANCHOR
        assert held.move in state.legal_moves(0)


@settings(max_examples=20, deadline=None)
@given(games)
def test_ghost_points_are_this_rounds_objectives_on_the_trial_reserve(game):
    """M-26: the preview lists this round's colours in scoring order, with the engine's points
    before and after the card (comparisons against the others' revealed reserves, M-28)."""
    state = played(*game)
    if state.is_over:
        return
    seat = chooser(state)
    view = state.view(seat)
    move = random.Random(game[1]).choice(state.legal_moves(seat))
    held = lay.ghost(view, move["card"], move["rot"], (move["row"], move["col"]), rules_legal(view))
    assert [p.colour for p in held.preview] == list(SCHEDULE[view["round"]])
    by_colour = dict(zip(COLOURS, view["objectives"], strict=True))
    reserves = [grid_from_view(r) for r in view["reserves"]]
    trial = dict(reserves[seat])
    place(trial, move["card"], move["rot"], move["row"], move["col"])
    for p in held.preview:
        assert p.objective == by_colour[p.colour]
        assert p.before == score_objective(p.objective, reserves, view["options"])[seat]
        after = score_objective(p.objective, [*reserves[:seat], trial, *reserves[seat + 1 :]])
        assert p.after == after[seat]


def test_default_anchor_is_legal():
    for seed in range(5):
        state = played(4, seed, 30)
        seat = chooser(state)
        view = state.view(seat)
        held = lay.ghost(
            view, view["hand"][0], 0, lay.default_anchor(view, rules_legal(view)), rules_legal(view)
        )
        assert held.legal


# ---------------------------------------------------------------------- clicks


@settings(max_examples=25, deadline=None)
@given(games, st.integers(min_value=0, max_value=3), st.booleans())
def test_clicks_for_a_move_make_that_move(game, rot, preselect):
    """Whatever card is held and however it is turned, the layout's clicks give the move."""
    state = played(*game)
    if state.is_over:
        return
    seat = chooser(state)
    view = state.view(seat)
    rng = random.Random(game[1])
    selected = rng.choice(view["hand"]) if preselect else None
    layout = lay.compute(view, selected, rot)
    moves = state.legal_moves(seat)
    for move in rng.sample(moves, min(12, len(moves))):
        clicks = lay.clicks_for(view, layout, move, selected, rot)
        result = simulate(view, layout, clicks, selected, rot)
        assert result.kind == "move" and result.move == move


def test_a_click_on_an_illegal_spot_says_the_rule():
    state = played(2, 3, 10)
    view = state.view(0)
    card = view["hand"][0]
    layout = lay.compute(view, card, 0)
    result = lay.resolve_click(
        view, layout, layout.mine.centre_of((0, 0)), card, 0, rules_legal(view)
    )
    assert result.kind == "illegal" and result.key == card
    assert "must cover" in result.reason or "must fit" in result.reason  # (M-17, M-19)
    assert "M-1" not in result.reason


def test_waiting_or_watching_players_cannot_place():
    state = ENGINE.new_game(2, 9)
    state.apply(0, state.legal_moves(0)[0])
    view = state.view(0)
    layout = lay.compute(view)
    card = view["hand"][0]
    hand_place = layout.place_of(card)
    result = lay.resolve_click(
        view, layout, lay.center(hand_place.rect), None, 0, rules_legal(view)
    )
    assert result.kind == "illegal" and "waiting" in result.reason
    on_grid = lay.resolve_click(
        view, layout, layout.mine.centre_of(FIRST_ANCHOR), None, 0, rules_legal(view)
    )
    assert on_grid.kind == "none"
    watcher = state.view(None)
    assert not [p for p in lay.compute(watcher).places if p.zone == "hand" and p.face_up]
    assert lay.waiting_reason(watcher) == "You are watching this table."


def test_turn_buttons_turn_only_while_choosing():
    state = ENGINE.new_game(3, 1)
    view = state.view(0)
    layout = lay.compute(view, view["hand"][0], 0)
    for button, step in ((lay.ROTATE_LEFT, -1), (lay.ROTATE_RIGHT, 1)):
        result = lay.resolve_click(
            view, layout, lay.center(button), view["hand"][0], 0, rules_legal(view)
        )
        assert result.kind == "select" and result.key == ("rotate", step)
    state.apply(0, state.legal_moves(0)[0])
    after = state.view(0)
    assert (
        lay.resolve_click(
            after, lay.compute(after), lay.center(lay.ROTATE_LEFT), None, 0, rules_legal(after)
        ).kind
        == "none"
    )
