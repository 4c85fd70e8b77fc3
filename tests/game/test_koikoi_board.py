"""The Koi-Koi board stays put and shows both cards of a two-match choice in full (K-13, K-15).

Whole seeded games are fed to the table event by event as the host sends them; after every event
each board card that stayed on the board is exactly where it was, and the board cards that hold a
slot never overlap.
"""

import copy
import random

import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.engines.koikoi import board_matches
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit.geometry import overlaps
from chabudai.game.tables.koikoi import layout as lay
from chabudai.tools.screenshot import host_legal

ENGINE = engines.get("koikoi")
MIN_VISIBLE = 70  # px of each matching card a player must see (and can click)


def board_rects(table) -> dict[int, tuple]:
    return {c: p.rect for c, p in table.layout.cards.items() if p.zone == "board"}


def feed_event_by_event(table, state, seat, rng, check) -> None:
    """Play ``state`` to its end; ``check(before, after, event)`` after each animated event."""
    while not state.is_over:
        mover = state.to_move[0]
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        table.apply_update(
            events_for(events, seat), copy.deepcopy(state.view(seat)), host_legal(state, seat)
        )
        while table.queue:
            before = board_rects(table)
            kind, payload = table.queue.popleft()
            if kind == "event":
                table.animate(payload)
            elif kind == "settle":
                table.settle(*payload)
            else:
                table.result = payload
            table.banner = table.panel = None
            if table.layout is not None:
                check(before, board_rects(table), payload if kind == "event" else {"e": kind})
        table.tweens.finish()
        table.hold = 0


@pytest.mark.parametrize("seat", [0, None])
@pytest.mark.parametrize("seed", range(6))
def test_board_cards_that_stay_keep_their_place_over_whole_games(seat, seed):
    state = ENGINE.new_game(2, seed, {"rounds": 3})
    table = make_table("koikoi", TableContext(seat=seat, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))

    def check(before, after, event):
        if event.get("e") != "deal":  # a new deal lays out a new board
            for card in before.keys() & after.keys():
                assert after[card] == before[card], (event, card)
        slotted = [c for c in after if c in table.layout.slots]
        for a in slotted:
            for b in slotted:
                assert a == b or not overlaps(after[a], after[b]), (event, a, b)

    feed_event_by_event(table, state, seat, random.Random(seed), check)


def choices(seeds=range(300)):
    """Seeded views where the player must pick one of two matching board cards."""
    for seed in seeds:
        rng = random.Random(seed)
        state = ENGINE.new_game(2, seed)
        while not state.is_over:
            seat = state.to_move[0]
            if state.phase == "draw_choice" or (
                state.phase == "play"
                and any(len(board_matches(state.board, c)) == 2 for c in state.hands[seat])
            ):
                yield state.view(seat)
                break
            state.apply(seat, rng.choice(state.legal_moves(seat)))


def test_K13_K15_both_matching_board_cards_are_in_full_view_and_clickable():
    seen = 0
    for view in choices():
        layout = lay.compute(view)
        if view["phase"] == "draw_choice":
            pairs = [view["pending_targets"]]
        else:
            pairs = [board_matches(view["board"], c) for c in view["hand"]]
        for pair in (p for p in pairs if len(p) == 2):
            seen += 1
            for target in pair:
                rect = layout.cards[target].rect
                later = layout.order[layout.order.index(target) + 1 :]
                covering = [c for c in later if overlaps(layout.cards[c].rect, rect)]
                assert covering == [] or all(layout.cards[c].zone == "drawn" for c in covering)
                assert rect[2] >= MIN_VISIBLE
                x, y = lay.hit_point(layout, target)
                assert lay.card_at(layout, (x, y)) == target
                # the whole card answers a click, edge to edge
                for px in (rect[0] + 2, rect[0] + rect[2] - 2):
                    assert lay.card_at(layout, (px, rect[1] + rect[3] / 2)) == target
            a, b = (layout.cards[t].rect for t in pair)
            assert not overlaps(a, b)
    assert seen >= 20


def test_pile_labels_change_only_once_the_captured_cards_have_landed():
    state = ENGINE.new_game(2, 4)
    rng = random.Random(4)
    table = make_table("koikoi", TableContext(seat=0, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(0)), host_legal(state, 0))
    table.tweens.finish()
    table.update(0.0)
    while True:  # the first move that captures
        mover = state.to_move[0]
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        if any(e["e"] == "capture" for e in events):
            break
        table.apply_update(
            events_for(events, 0), copy.deepcopy(state.view(0)), host_legal(state, 0)
        )
        while table.queue or table.tweens.busy or table.hold > 0:
            table.update(0.05)
    before = list(table.labels)
    table.apply_update(events_for(events, 0), copy.deepcopy(state.view(0)), host_legal(state, 0))
    for _ in range(200):  # play the events until the capture flies
        table.update(1 / 60)
        if table.piles_moving():
            break
    assert table.piles_moving()
    assert table.labels == before and table.layout.labels != before
    while table.piles_moving():
        table.update(1 / 60)
    assert table.labels == table.layout.labels
