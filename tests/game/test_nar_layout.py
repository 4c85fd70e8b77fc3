"""Nar table layout as pure functions: view → card places, click → move (R-10 to R-18)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines.nar.cards import CARD_INFO, legal_cards
from chabudai.game.tables.kit.geometry import LIFT, SCREEN, inside, overlaps
from chabudai.game.tables.kit.overlays import HELP_BUTTON
from chabudai.game.tables.nar import layout as lay
from tests.game.table_helpers import rules_legal

ENGINE = engines.get("nar")


def play_to(players: int, seed: int, steps: int, options=None):
    """A seeded random game of ``players`` advanced ``steps`` moves (or to its end)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def viewers(players: int):
    return st.sampled_from([*range(players), None])


states = st.builds(
    lambda players, seed, steps, announce: play_to(
        players, seed, steps, {"announcements": announce}
    ),
    st.integers(4, 8),
    st.integers(0, 10_000),
    st.integers(0, 120),
    st.booleans(),
)


def view_of(state, data) -> dict:
    return state.view(data.draw(viewers(state.players)))


@settings(max_examples=80)
@given(states, st.data(), st.booleans())
def test_every_card_is_placed_once_on_screen(state, data, showing_last):
    view = view_of(state, data)
    layout = lay.compute(view, showing_last)
    keys = [place.key for place in layout.places]
    assert len(keys) == len(set(keys))  # every card has its own identity, the 1s too
    counts = view["hand_counts"]
    last = view["last_trick"]
    expected = sum(counts) + len(view["trick"]) + (len(last["plays"]) if last else 0)
    assert len(layout.places) == expected
    for place in layout.places:
        assert inside(place.rect), place
    hand = [p for p in layout.places if p.zone == "hand"]
    if view["seat"] is None:
        assert hand == []  # a spectator sees no hand, only backs
    else:
        assert [p.card for p in hand] == view["hand"]
        assert all(p.face_up for p in hand)
    backs = [p for p in layout.places if p.zone == "back"]
    assert all(p.card is None and not p.face_up for p in backs)
    for seat in range(view["players"]):
        mine = view["seat"] is not None and seat == view["seat"]
        assert len([p for p in backs if p.seat == seat]) == (0 if mine else counts[seat])
    for seat, card in view["trick"]:
        place = layout.by_key[lay.trick_key(card, view["trick_no"], seat)]
        assert place.rect == layout.slots[seat] and place.face_up and place.zone == "trick"
    if last:
        for seat, card in last["plays"]:
            place = layout.by_key[lay.trick_key(card, last["trick"], seat)]
            assert place.zone == ("trick" if showing_last else "aside")
            assert place.face_up == showing_last  # set aside face down


def fixed_areas(layout: lay.Layout) -> list[tuple[str, tuple]]:
    """The table's furniture: badges, opponents' hand strips, the middle, the tab, help."""
    areas = [(f"badge{s.seat}", s.badge) for s in layout.ring]
    areas += [(f"strip{s.seat}", s.hand) for s in layout.ring if s.seat != layout.bottom]
    areas += [("pile", lay.PILE), ("lead", lay.LEAD), ("tab", lay.LAST_TAB)]
    areas += [("help", HELP_BUTTON)]
    areas += [(f"home{i}", rect) for i, rect in enumerate(lay.DISC_HOME)]
    return areas


@pytest.mark.parametrize("players", range(4, 9))
def test_seats_spots_and_furniture_do_not_overlap(players):
    """Every seat count and viewer: trick spots, badges, strips, the middle, the hand, apart."""
    hand = (lay.BOTTOM_HAND[0], lay.HAND_Y - LIFT, lay.BOTTOM_HAND[2], lay.HAND_H + LIFT)
    for me in [*range(players), None]:
        view = play_to(players, 1, 0).view(me)
        layout = lay.compute(view)
        areas = fixed_areas(layout)
        areas += [(f"slot{seat}", rect) for seat, rect in layout.slots.items()]
        areas += [("hand", hand), ("prompt", (440, lay.PROMPT_AT[1] - 14, 400, 28))]
        for name_a, a in areas:
            assert inside(a, (0, 0, *SCREEN)), name_a
            for name_b, b in areas:
                if name_a < name_b:
                    assert not overlaps(a, b), (players, me, name_a, a, name_b, b)


@settings(max_examples=60)
@given(states, st.data())
def test_cards_stay_in_their_zones(state, data):
    """No card of one zone covers another zone's card or the table's furniture."""
    view = view_of(state, data)
    layout = lay.compute(view)
    cards = [p for p in layout.places if p.zone != "aside"]
    for a in cards:
        for b in cards:
            if a.zone != b.zone or (a.zone in ("back", "trick") and a.seat != b.seat):
                assert not overlaps(a.rect, b.rect), (a, b)
    hand_area = [(n, r) for n, r in fixed_areas(layout) if not n.startswith("strip")]
    for place in cards:
        for name, rect in hand_area:
            if place.zone != "back" or name != f"strip{place.seat}":
                assert not overlaps(place.rect, rect), (place, name)


def acting_views(players: int, seed: int, options=None, limit: int = 40):
    """Views of the seat to move at successive decisions of a seeded random game."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    found = 0
    while not state.is_over and found < limit:
        seat = state.to_move[0]
        yield state, state.view(seat)
        found += 1
        state.apply(seat, rng.choice(state.legal_moves(seat)))


@settings(max_examples=25)
@given(st.integers(4, 8), st.integers(0, 10_000), st.booleans())
def test_click_where_the_layout_says_gives_that_move(players, seed, announce):
    for state, view in acting_views(players, seed, {"announcements": announce}):
        layout = lay.compute(view)
        seat = view["seat"]
        for move in state.legal_moves(seat):
            clicks = lay.clicks_for(view, layout, move)
            assert len(clicks) == 1
            result = lay.resolve_click(view, layout, clicks[0], rules_legal(view))
            assert result.kind == "move" and result.move == move, (move, result)
        if view["phase"] == "play":
            legal = set(legal_cards(view["hand"], view["lead"]))
            assert {
                layout.by_key[k].card for k in lay.legal_keys(view, layout, rules_legal(view))
            } == legal
            for place in layout.places:
                if place.zone == "hand" and place.card not in legal:
                    result = lay.resolve_click(
                        view, layout, lay.hit_point(layout, place.key), rules_legal(view)
                    )
                    assert result.kind == "illegal" and "the lead colour" in result.reason
                    assert CARD_INFO[place.card][0] != view["lead"]


def hand_view(hand, lead, trick=(), players=4, seat=0, **extra):
    """A minimal Nar view of ``seat`` to move with ``hand`` and the lead colour ``lead``."""
    view = {
        "game": "nar",
        "seat": seat,
        "players": players,
        "to_move": [seat],
        "over": False,
        "phase": "play",
        "hand": list(hand),
        "hand_counts": [len(hand)] * players,
        "trick": [list(p) for p in trick],
        "trick_no": 3,
        "lead": lead,
        "fools": [],
        "active": list(range(players)),
        "last_trick": None,
        "played": [],
        "fools_per_trick": 1,
        "scores": [0] * players,
    }
    view.update(extra)
    return view


def legal_cards_shown(view) -> list[str]:
    layout = lay.compute(view)
    return sorted(layout.by_key[k].card for k in lay.legal_keys(view, layout, rules_legal(view)))


def test_r_t9_the_cards_that_glow_are_the_legal_ones():
    """R-T9: lead red, {R5, 1, B9} → R5 and 1; {1, B9, G3} → all; after a led 1 → all."""
    assert legal_cards_shown(hand_view(["R5", "B9", "1"], "R", [[1, "R7"]])) == ["1", "R5"]
    assert legal_cards_shown(hand_view(["G3", "B9", "1"], "R", [[1, "R7"]])) == ["1", "B9", "G3"]
    assert legal_cards_shown(hand_view(["B9", "1"], None, [[1, "1"]])) == ["1", "B9"]
    assert legal_cards_shown(hand_view(["R5", "B9"], None)) == ["B9", "R5"]  # the leader


def test_r_t9_a_click_off_colour_is_refused_with_the_rule():
    view = hand_view(["R5", "B9", "1"], "R", [[1, "R7"]])
    layout = lay.compute(view)
    result = lay.resolve_click(view, layout, lay.hit_point(layout, "B9"), rules_legal(view))
    assert result.kind == "illegal" and result.key == "B9"
    assert result.reason == "You hold red, the lead colour: play a red card or a 1."
    one = lay.resolve_click(
        view, layout, lay.hit_point(layout, ("1", "hand", 0)), rules_legal(view)
    )
    assert one.kind == "move" and one.move == {"play": "1"}  # a 1 is always allowed


def test_refusals_say_why():
    base = hand_view(["R5", "B9"], "R", [[1, "R7"]])
    layout = lay.compute(base)
    point = lay.hit_point(layout, "R5")
    waiting = {**base, "to_move": [2]}
    assert (
        lay.resolve_click(waiting, layout, point, rules_legal(waiting)).reason
        == "Wait for your turn."
    )
    fool = {**base, "to_move": [2], "fools": [0]}
    assert (
        "you sit out this trick" in lay.resolve_click(fool, layout, point, rules_legal(fool)).reason
    )
    over = {**base, "over": True, "to_move": []}
    assert lay.resolve_click(over, layout, point, rules_legal(over)).reason == "The game is over."
    announcing = {**base, "phase": "announce", "lead": None, "trick": []}
    assert "go out" in lay.resolve_click(announcing, layout, point, rules_legal(announcing)).reason
    assert (
        lay.resolve_click(base, layout, (640, 300), rules_legal(base)).kind == "none"
    )  # the middle


def test_hand_is_sorted_by_colour_then_value_and_each_one_has_its_key():
    state = play_to(8, 4, 0)
    view = state.view(0)
    view["hand"] = ["G3", "G12", "R2", "Y20", "B2", "B15", "1", "1"]
    hand = [p for p in lay.compute(view).places if p.zone == "hand"]
    assert [p.key for p in hand] == [
        "G3", "G12", "R2", "Y20", "B2", "B15", ("1", "hand", 0), ("1", "hand", 1),
    ]  # fmt: skip
    xs = [p.rect[0] for p in hand]
    assert xs == sorted(xs)


@pytest.mark.parametrize(
    ("players", "plays", "lead", "winner"),
    [
        (4, [(0, "R10"), (1, "R13"), (2, "R3"), (3, "B9")], "R", 1),  # R-T1
        (4, [(0, "G8"), (1, "G12"), (2, "1"), (3, "G5")], "G", 1),  # R-T2
        (4, [(0, "1"), (1, "1"), (2, "B7"), (3, "G3")], "B", 2),  # R-T4
        (4, [(1, "1"), (2, "1"), (3, "1")], None, 1),  # R-T5: all 1s, the leader
        (8, [(0, "R12"), (1, "1"), (3, "B2"), (4, "R7"), (6, "R20"), (7, "R9")], "R", 6),  # R-T8
    ],
)
def test_the_crown_sits_on_the_winning_card_so_far(players, plays, lead, winner):
    """R-15, R-18: the card that wins the trick so far is the one marked."""
    view = hand_view([], lead, plays, players=players)
    assert lay.winning_seat(view) == winner
    assert lay.winning_seat({**view, "trick": plays[:1]}) == plays[0][0]
    assert lay.winning_seat({**view, "trick": []}) is None


@pytest.mark.parametrize(("players", "fools_at_7", "discs"), [(4, 2, 1), (6, 2, 1), (7, 2, 2),
                                                              (7, 1, 1), (8, 2, 2)])  # fmt: skip
def test_discs_lie_in_the_middle_or_on_their_fools_spots(players, fools_at_7, discs):
    """R-2, R-7, R-17: one disc per Fool of a trick; held discs on the Fools' trick spots."""
    state = ENGINE.new_game(players, 5, {"fools_at_7": fools_at_7})
    view = state.view(0)
    layout = lay.compute(view)
    assert layout.discs == list(lay.DISC_HOME[:discs])  # a round starts with no Fool
    view["fools"] = [2, 3][:discs]
    layout = lay.compute(view)
    for rect, seat in zip(layout.discs, view["fools"], strict=True):
        x, y, w, h = layout.slots[seat]
        assert rect[0] + rect[2] / 2 == pytest.approx(x + w / 2)
        assert rect[1] + rect[3] / 2 == pytest.approx(y + h / 2)


def test_prompt_tells_what_you_may_play():
    assert lay.prompt(hand_view(["R5"], None)) == "Your turn: you lead, play any card."
    assert lay.prompt(hand_view(["R5"], "R", [[1, "R7"]])) == "Your turn: follow red or play a 1."
    assert lay.prompt(hand_view(["G5"], "R", [[1, "R7"]])) == (
        "Your turn: you have no red, play any card."
    )
    assert lay.prompt(hand_view(["G5"], None, [[1, "1"]])).startswith("Your turn: only 1s")
    assert lay.prompt({**hand_view(["G5"], None), "fools": [0], "to_move": [1]}).startswith(
        "You are a Fool"
    )
    assert lay.prompt({**hand_view(["G5"], None), "to_move": [1]}) == ""
    announcing = {**hand_view(["G5"], None), "phase": "announce"}
    assert lay.prompt(announcing) == ""  # the dialog asks
    assert lay.prompt({**announcing, "to_move": [1]}).startswith("Announcements")
    assert lay.prompt({**hand_view(["G5"], None), "seat": None}) == "You are watching this table."


def test_announcement_buttons_make_the_declare_moves():
    view = {**hand_view(["G5"], None), "phase": "announce"}
    layout = lay.compute(view)
    for declare in (True, False):
        (point,) = lay.clicks_for(view, layout, {"declare": declare})
        assert lay.resolve_click(view, layout, point, rules_legal(view)).move == {
            "declare": declare
        }
    not_mine = {**view, "to_move": [1]}
    assert lay.resolve_click(not_mine, layout, point, rules_legal(not_mine)).kind == "none"
