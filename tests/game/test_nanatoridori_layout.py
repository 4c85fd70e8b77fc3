"""The Nanatoridori table's pure layout and picker (rules/nanatoridori.md N-9 to N-15, N-28,
N-29, N-33): every seat count, and a click where the layout says gives that move — every play,
pass, duel reserve choice, discard and every insertion gap."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.game.tables.kit.geometry import Click, inside, overlaps
from chabudai.game.tables.nanatoridori import layout as lay
from chabudai.game.tables.nanatoridori import picking
from chabudai.game.tables.nanatoridori.picking import Pick
from chabudai.game.tables.nanatoridori.tracking import Tracker
from tests.engines.nanatoridori.helpers import DUEL, position
from tests.game.table_helpers import rules_legal

ENGINE = engines.get("nanatoridori")


def random_state(players: int, seed: int, steps: int, options: dict | None = None):
    """A seeded random game after up to ``steps`` moves (stopping before it ends)."""
    state = ENGINE.new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_move[0]
        trial = state.clone()
        trial.apply(seat, rng.choice(trial.legal_moves(seat)))
        if trial.is_over:
            break
        state = trial
    return state


def laid_out(view: dict, gap: int | None = None) -> tuple[lay.Layout, Tracker]:
    tracker = Tracker()
    tracker.reset(view)
    return lay.compute(view, tracker, gap), tracker


def click_through(view: dict, clicks: list[tuple[int, int]]) -> Click:
    """Make ``clicks`` as the table does: before each click the mouse moves there (a pick grows
    along its block, a gap previews), then the click resolves; ``select`` clicks update the pick."""
    layout, tracker = laid_out(view)
    pick = Pick()
    result = Click("none")
    for pos in clicks:
        if view.get("phase") == "place":
            layout = lay.compute(view, tracker, lay.gap_at(layout, pos))
        pick = lay.hover(view, layout, pick, pos)
        result = lay.resolve_click(view, layout, pos, pick, rules_legal(view))
        if result.kind == "select":
            pick = lay.select(layout, pick, result.key)
        elif result.kind != "none":
            return result
    return result


def assert_every_move_clicks(view: dict, moves: list) -> None:
    for move in moves:
        layout, _ = laid_out(view)
        result = click_through(view, lay.clicks_for(view, layout, move))
        assert result.kind == "move", (move, result)
        assert result.move == move


@pytest.mark.parametrize(
    ("players", "options"), [(2, None), (2, DUEL), (3, None), (4, None), (5, None), (6, None)]
)
def test_every_card_of_every_seat_count_is_on_screen_with_its_own_key(players, options):
    state = random_state(players, players, 40, options)
    for seat in [0, players - 1, None]:
        view = state.view(seat)
        layout, tracker = laid_out(view)
        keys = [place.key for place in layout.places]
        assert len(keys) == len(set(keys))
        for place in layout.places:
            assert inside(place.rect), place
        hands = {place.seat for place in layout.places if place.zone in ("hand", "seat", "opp")}
        assert hands == {s for s in range(players) if view["hand_counts"][s]}
        # the other seats' hands stay in their strips of the seat ring, clear of each other
        for spot in layout.ring:
            strip = [p.rect for p in layout.places if p.zone == "opp" and p.seat == spot.seat]
            for other in layout.ring:
                if other.seat != spot.seat:
                    assert not any(overlaps(rect, other.badge) for rect in strip)


def test_a_hand_shows_what_the_table_knows_of_it_n33():
    """Taken sets face up where they went in, a marked back where a drawn card went."""
    state = position(hands=[[1, 6], [3, 4, 5], [6, 6]], current=0, area=(1, 5), owner=1)
    state.apply(0, {"play": [1, 1]})  # 6 beats 5 (N-10); the 5 waits to be taken
    state.apply(0, {"insert": 0})  # A's hand: [5, 1]
    state.apply(1, {"pass": True})  # B draws
    state.apply(1, {"insert": 3})  # B's hand: [3, 4, 5, ?]
    view = state.view(2)
    layout, tracker = laid_out(view)
    a_cards = [p for p in layout.places if p.seat == 0]
    assert [(p.card, p.face_up) for p in a_cards] == [(5, True), (None, False)]
    b_cards = [p for p in layout.places if p.seat == 1]
    assert [p.face_up for p in b_cards] == [False] * 4
    assert layout.marked == {tracker.hands[1][3]}


def test_n_t1_n_t2_only_blocks_that_beat_the_set_glow_and_others_say_why():
    """N-T2: hand [3,5,5,2,5,5,5,1] against 44: the 5s glow, the 3, the 2 and the 1 do not."""
    state = position(hands=[[3, 5, 5, 2, 5, 5, 5, 1], [4, 4, 6]], current=0, area=(2, 4), owner=1)
    view = state.view(0)
    assert lay.legal_hand(view, rules_legal(view)) == {1, 2, 4, 5, 6}
    layout, _ = laid_out(view)
    refused = click_through(view, [lay.hand_point(layout, 0)])
    assert refused.kind == "illegal"
    assert refused.reason == "a 3 does not beat two 4s: more cards beat fewer"
    # a single 5 is picked, then played alone: too few cards
    single = click_through(view, [lay.hand_point(layout, 1), lay.hand_point(layout, 1)])
    assert single.kind == "illegal" and single.reason.startswith("a 5 does not beat two 4s")
    # grown along its block to two 5s it plays
    pair = click_through(view, [lay.hand_point(layout, 4), lay.hand_point(layout, 5)])
    assert pair.move == {"play": [4, 2]}
    # picked from the right end toward the left, too
    back = click_through(view, [lay.hand_point(layout, 6), lay.hand_point(layout, 4)])
    assert back.move == {"play": [4, 3]}


def test_the_refusal_words_follow_n10():
    area = {"count": 3, "value": 2}
    assert picking.beat_reason(2, 5, area) == "two 5s do not beat three 2s: more cards beat fewer"
    same = picking.beat_reason(3, 2, area)
    assert same == "three 2s do not beat three 2s: an equal set does not beat"
    lower = picking.beat_reason(3, 1, area)
    assert lower.endswith("with as many cards, the higher value wins")
    assert picking.beat_reason(3, 3, area) is None and picking.beat_reason(4, 1, area) is None
    assert picking.beat_reason(1, 1, None) is None


def test_n_t14_duel_reserve_cards_join_a_play_by_clicking_them():
    state = position(
        hands=[[2, 5, 5, 7], [1, 1, 3]],
        reserves=[[3, 5], [6, 6]],
        current=0,
        area=(2, 4),
        owner=1,
        options=DUEL,
    )
    view = state.view(0)
    layout, _ = laid_out(view)
    keys = layout.reserve_keys[0]
    five = lay.center(layout.place(keys[1]).rect)
    three = lay.center(layout.place(keys[0]).rect)
    move = click_through(view, [five, lay.hand_point(layout, 1), lay.hand_point(layout, 2)])
    assert move.move == {"play": [1, 2], "reserve": 1}
    wrong = click_through(view, [three, lay.hand_point(layout, 1), lay.hand_point(layout, 2)])
    assert wrong.kind == "illegal" and "reserve 3 cannot join a set of 5s" in wrong.reason
    # a single 5 with the reserve 5 is two cards, no more than 44 and lower: refused, with a hint
    short = click_through(view, [lay.hand_point(layout, 1), lay.hand_point(layout, 1)])
    assert short.kind == "illegal" and "add your reserve 5" in short.reason
    # the duel pass spends the clicked reserve card (N-29)
    spent = click_through(view, [three, lay.center(lay.ACTION_BUTTON)])
    assert spent.move == {"pass": True, "card": 3}
    unchosen = click_through(view, [lay.center(lay.ACTION_BUTTON)])
    assert unchosen.kind == "illegal" and "reserve card to spend" in unchosen.reason


def test_the_leader_cannot_pass_and_the_standard_pass_draws():
    lead = position(hands=[[1, 2], [3, 4], [5, 6]], current=0)
    view = lead.view(0)
    refused = click_through(view, [lay.center(lay.ACTION_BUTTON)])
    assert refused.kind == "illegal" and "You lead" in refused.reason
    follow = position(hands=[[1, 2], [3, 4], [5, 6]], current=1, area=(1, 7), owner=0)
    assert click_through(follow.view(1), [lay.center(lay.ACTION_BUTTON)]).move == {"pass": True}


def test_n_t3_n_t4_a_gap_previews_the_run_the_taken_set_joins():
    """N-T4: A's [7,3,1,1,1,7] plays 111 on 77 and keeps [7,3,7]; taken at gap 3 the 77 makes
    777 with the last 7 (the preview lights all three), at gap 0 777 with the first; N-T3's 33
    at gap 1 of [4,1,2] stays a block of two."""
    state = position(hands=[[7, 3, 1, 1, 1, 7], [2, 2], [4]], current=0, area=(2, 7), owner=1)
    state.apply(0, {"play": [2, 3]})
    view = state.view(0)
    assert view["phase"] == "place" and view["pending"]["cards"] == [7, 7]
    layout, tracker = laid_out(view, gap=3)
    assert layout.preview == {tracker.hands[0][2], *tracker.pending}
    ghosts = [p for p in layout.places if p.zone == "preview"]
    assert [p.card for p in ghosts] == [7, 7] and {p.key for p in ghosts} == set(tracker.pending)
    closed, _ = laid_out(view)
    assert not closed.preview and all(p.zone != "preview" for p in closed.places)
    assert picking.joined_run([7, 3, 7], 0, [7, 7]) == (0, 3)  # N-T4: 777 at 0-2
    assert picking.joined_run([4, 1, 2], 1, [3, 3]) == (1, 3)  # N-T3: [4,3,3,1,2]


def test_every_gap_and_discard_are_clickable_while_placing():
    state = position(hands=[[7, 3, 1, 1, 1, 7], [2, 2], [4]], current=0, area=(2, 7), owner=1)
    state.apply(0, {"play": [2, 3]})
    view = state.view(0)
    moves = state.legal_moves(0)
    assert len(moves) == 5  # gaps 0..3 and discard
    assert_every_move_clicks(view, moves)
    layout, _ = laid_out(view)
    xs = [zone[0] for zone in layout.gaps]
    assert xs == sorted(xs)
    for left, right in zip(layout.gaps, layout.gaps[1:], strict=False):
        assert left[0] + left[2] == pytest.approx(right[0])  # every point belongs to a gap


@settings(max_examples=50)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    scoring=st.sampled_from(["basic", "advanced"]),
    two_player=st.sampled_from(["standard", "duel"]),
)
def test_every_legal_move_is_made_by_the_clicks_the_layout_gives(
    players, seed, steps, scoring, two_player
):
    options = {"scoring": scoring, "two_player": two_player}
    state = random_state(players, seed, steps, options)
    mover = state.to_move[0]
    assert_every_move_clicks(state.view(mover), state.legal_moves(mover))


def test_a_waiting_seat_and_a_spectator_get_no_moves_from_clicks():
    state = position(hands=[[3, 3], [5, 5]], current=0, area=None)
    waiting = state.view(1)
    layout, _ = laid_out(waiting)
    result = click_through(waiting, [lay.hand_point(layout, 0)])
    assert result.kind == "illegal" and "Wait for your turn" in result.reason
    watching = state.view(None)
    layout, _ = laid_out(watching)
    card = next(p for p in layout.places if p.zone == "seat")
    result = lay.resolve_click(
        watching, layout, lay.center(card.rect), Pick(), rules_legal(watching)
    )
    assert result.kind == "illegal" and result.reason == "You are watching this table."


def test_passers_are_the_seats_after_the_owner_n16():
    state = position(hands=[[1], [2, 2], [3, 3], [4, 4]], current=1, area=(1, 5), owner=0)
    state.apply(1, {"pass": True})
    state.apply(1, {"discard": True})
    state.apply(2, {"pass": True})
    state.apply(2, {"discard": True})
    assert lay.passers(state.view(0)) == [1, 2]


def test_the_discard_pile_counts_by_value_and_what_you_have_not_seen():
    state = position(hands=[[1, 1, 2], [3]], current=0, area=(2, 7), owner=1, pile=[])
    view = state.view(0)
    counts = lay.value_counts(view)
    discard = view["discard"]
    for value in range(1, 8):
        assert counts["discard"][value] == discard.count(value)
    assert counts["unseen"][7] == 9 - discard.count(7) - 2
    assert counts["unseen"][1] == 9 - discard.count(1) - 2
    assert counts["unseen"][3] == 9 - discard.count(3)  # B's 3 is hidden from A
    layout, _ = laid_out(view)
    assert click_through(view, [lay.center(layout.discard_pile)]).key == lay.PILE_KEY
