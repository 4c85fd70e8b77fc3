"""The table kit's pure layout functions: the seat ring, fans and hit testing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chabudai.game.tables.kit import geometry, seats
from chabudai.game.tables.kit.geometry import Place, fan, hit_point, inside, overlaps, row, topmost


def clockwise_angle(spot) -> float:
    """Angle of a badge around the table centre, growing clockwise from the bottom."""
    import math

    x, y, w, h = spot.badge
    dx = x + w / 2 - seats.TABLE_CENTRE[0]
    dy = y + h / 2 - seats.TABLE_CENTRE[1]
    # screen y grows downwards: bottom is +90 degrees; clockwise on screen = increasing atan2
    return (math.degrees(math.atan2(dy, dx)) - 90) % 360


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_ring_puts_you_at_the_bottom_and_the_others_clockwise_in_play_order(players):
    for me in [*range(players), None]:
        ring = seats.seat_ring(players, me)
        bottom = 0 if me is None else me
        assert [spot.seat for spot in ring] == list(range(players))
        assert ring[bottom].position == 0 and ring[bottom].side == "bottom"
        order = seats.play_order(players, me)
        assert order[0] == bottom and sorted(order) == list(range(players))
        for position, seat in enumerate(order):
            assert ring[seat].position == position
        angles = [clockwise_angle(ring[seat]) for seat in order]
        assert angles == sorted(angles), angles  # the next player sits on your left, and so on


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_ring_spots_are_on_screen_and_apart(players):
    ring = seats.seat_ring(players, 0)
    areas = []
    for spot in ring:
        assert inside(spot.badge) and inside(spot.hand), spot
        assert inside((*spot.anchor, 1, 1)), spot
        areas += [(spot.seat, spot.badge), (spot.seat, spot.hand)]
    for seat_a, a in areas:
        for seat_b, b in areas:
            if seat_a != seat_b:
                assert not overlaps(a, b), (seat_a, a, seat_b, b)


def test_seat_ring_sides_for_three_and_eight():
    assert [s.side for s in seats.seat_ring(3, 0)] == ["bottom", "top", "top"]
    ring = seats.seat_ring(8, 5)
    assert [ring[(5 + i) % 8].side for i in range(8)] == [
        "bottom", "left", "left", "top", "top", "top", "right", "right",
    ]  # fmt: skip


def test_seat_ring_rejects_impossible_tables():
    with pytest.raises(ValueError, match="1 to 8"):
        seats.seat_ring(9, 0)
    with pytest.raises(ValueError, match="1 to 8"):
        seats.seat_ring(0, 0)


def test_anchors_lie_between_each_seat_and_the_centre():
    ring = seats.seat_ring(8, 0)
    cx, cy = seats.TABLE_CENTRE
    for spot in ring[1:]:
        bx, by, bw, bh = spot.badge
        badge_distance = abs(bx + bw / 2 - cx) + abs(by + bh / 2 - cy)
        anchor_distance = abs(spot.anchor[0] - cx) + abs(spot.anchor[1] - cy)
        assert anchor_distance < badge_distance


@given(st.integers(0, 30), st.floats(20, 200), st.floats(50, 1200), st.floats(1, 150))
def test_fan_fits_the_budget_or_keeps_a_visible_step(count, width, budget, spacing):
    step = fan(count, width, budget, spacing)
    if count <= 1:
        assert step == 0
        return
    assert 4.0 <= step <= max(4.0, spacing)
    if step > 4.0:
        assert width + step * (count - 1) <= budget + 1e-6


def test_row_is_centred():
    xs = row(3, 50, 60, 640)
    assert xs == [555.0, 615.0, 675.0]  # 170 px wide, centred on 640
    assert row(0, 50, 60, 640) == []


def test_topmost_and_hit_point_find_the_visible_part_of_fanned_cards():
    places = [Place(i, (100 + 30 * i, 100, 80, 120), True, "hand") for i in range(5)]
    assert topmost(places, (150, 150)).card == 1  # card 1 covers card 0 there
    assert topmost(places, (5, 5)) is None
    for place in places:
        x, y = hit_point(places, place)
        assert topmost(places, (x, y)).key == place.key
    covered = Place(9, (130, 100, 20, 20), True, "hand")
    with pytest.raises(ValueError, match="covered"):
        hit_point([covered, *places], covered)


def test_place_key_defaults_to_the_card_and_backs_have_their_own():
    assert Place(7, (0, 0, 1, 1), True, "hand").key == 7
    back = Place(None, (0, 0, 1, 1), False, "hand", 2, key=("back", 2, 0))
    assert back.key == ("back", 2, 0) and back.card is None
    assert geometry.center((10, 10, 20, 40)) == (20, 30)


def test_badge_status_line_fits_beside_the_card_count(live_pygame):
    """A long note first squeezes to 14 px, then replaces a status that only says who sits
    there; the turn is never pushed out."""
    from chabudai.game import theme
    from chabudai.game.tables.kit.overlays import fit_status

    assert fit_status("Hard bot", "", 100) == ("Hard bot", 15)
    assert fit_status("Hard bot", "dealer", 200) == ("Hard bot  ·  dealer", 15)
    line, size = fit_status("Normal bot", "dealer · sits out · +10 x1", 150)
    assert (line, size) in (("dealer · sits out · +10 x1", 15), ("dealer · sits out · +10 x1", 14))
    assert theme.text_size(line, size)[0] <= 150 or size == 14
    assert fit_status("thinking..", "dealer · sits out · +10 x1", 150, droppable=False) == (
        "thinking..",
        15,
    )
