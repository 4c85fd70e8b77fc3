"""Koi-Koi property tests over many seeded random games (K-1, K-13, K-36 and the contract)."""

from __future__ import annotations

import random

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines import IllegalMove, events_for
from chabudai.engines.koikoi.cards import (
    AKA,
    ANIMAL,
    AO,
    BRIGHT,
    CURTAIN,
    IDC,
    MOON,
    PLAIN,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
)
from chabudai.engines.koikoi.scoring import LADDER, card_mask, score, score_total

ENGINE = engines.get("koikoi")
OPTION_SETS = [
    {},
    {"ruleset": "nintendo"},
    {"rounds": 3},
    {"ruleset": "nintendo", "rounds": 6, "sake_cup_plain": False},
]
seeds = st.integers(min_value=0, max_value=2**63 - 1)
option_sets = st.sampled_from(OPTION_SETS)

# Keys whose integer values are counts, seats or points, never card ids.
NUMERIC_KEYS = {
    "seat", "players", "turn", "deal", "dealer", "current", "stock", "scores", "totals",
    "last_total", "koikoi_calls", "hand_counts", "points", "total", "multiplier", "calls",
    "to_move", "to", "rounds", "winner", "winners", "yaku", "options",
}  # fmt: skip


def card_ids(value, key=None) -> set[int]:
    """Every integer in a decoded message that is not under a known numeric key."""
    if key in NUMERIC_KEYS:
        return set()
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        found: set[int] = set()
        for k, v in value.items():
            found |= card_ids(v, k)
        return found
    if isinstance(value, list):
        found = set()
        for v in value:
            found |= card_ids(v, key)
        return found
    return set()


def hidden_from(state, seat) -> set[int]:
    """K-36: the stock and every hand but ``seat``'s own."""
    hidden = set(state.stock)
    for s in (0, 1):
        if s != seat:
            hidden |= set(state.hands[s])
    return hidden


def random_game(seed: int, options: dict):
    """Yield ``(state, events)`` after the start and after every move of a random game."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed % 2**63, options)
    yield state, []
    while not state.is_over:
        seat = state.to_move[0]
        events = state.apply(seat, rng.choice(state.legal_moves(seat)))
        yield state, events


@settings(max_examples=600)
@given(seeds, option_sets)
def test_K_1_cards_conserved_and_the_mover_always_has_a_move(seed, options):
    for state, _ in random_game(seed, options):
        cards = [
            *state.hands[0],
            *state.hands[1],
            *state.board,
            *state.stock,
            *state.piles[0],
            *state.piles[1],
        ]
        if state.pending is not None:
            cards.append(state.pending)
        if not state.is_over:
            assert sorted(cards) == list(range(48))
            assert len(state.to_move) == 1 and state.legal_moves(state.to_move[0])
            assert state.legal_moves(1 - state.to_move[0]) == []
        else:
            assert state.to_move == []


def assert_no_leak(message, hidden: set[int], seat) -> None:
    decoded = msgpack.unpackb(msgpack.packb(message), raw=False)
    leaked = card_ids(decoded) & hidden
    assert not leaked, f"seat {seat} sees hidden cards {leaked} in {decoded}"


@settings(max_examples=400)
@given(seeds, option_sets)
def test_K_36_no_hidden_card_reaches_a_seat(seed, options):
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed, options)
    while True:
        for seat in (0, 1, None):
            assert_no_leak(state.view(seat), hidden_from(state, seat), seat)
        assert state.view(None)["hand"] is None
        if state.is_over:
            return
        mover = state.to_move[0]
        move = rng.choice(state.legal_moves(mover))
        before = state.clone()
        events = state.apply(mover, move)
        # Events up to the first deal end belong to the old deal: what was hidden then, less the
        # cards this move turned face up (the played and the drawn card). Events from the last
        # deal on belong to the new deal. A redeal's board (K-8) and a hand bonus (K-9) are shown
        # to both players by the rules.
        kinds = [e["e"] for e in events]
        first_end = kinds.index("deal_end") + 1 if "deal_end" in kinds else len(events)
        last_deal = max((i for i, k in enumerate(kinds) if k == "deal"), default=len(events))
        last_deal = max(last_deal, first_end)
        revealed = {move["play"], before.stock[0]} if before.phase == "play" else set()
        shown = {c for e in events if e["e"] == "hand_bonus" for c in e["cards"]}
        for seat in (0, 1, None):
            seen = events_for(events, seat)
            assert all(e["seat"] == seat for e in seen if e["e"] == "hand")
            old_hidden = hidden_from(before, seat) - revealed
            assert_no_leak({"events": events_for(events[:first_end], seat)}, old_hidden, seat)
            new_events = [e for e in events_for(events[last_deal:], seat) if e["e"] != "redeal"]
            assert_no_leak({"events": new_events}, hidden_from(state, seat) - shown, seat)


def test_the_leak_scanner_finds_a_leak():
    state = ENGINE.new_game(2, 11)
    leaky = {**state.view(0), "debug": {"peek": state.hands[1][:1]}}
    assert card_ids(msgpack.unpackb(msgpack.packb(leaky))) & hidden_from(state, 0)


@settings(max_examples=200)
@given(seeds, option_sets, st.data())
def test_illegal_moves_raise_and_leave_the_state_unchanged(seed, options, data):
    for state, _ in random_game(seed, options):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        candidates = (
            [{"play": c} for c in range(48)]
            + [{"play": c, "take": t} for c in range(0, 48, 5) for t in range(0, 48, 7)]
            + [{"take": t} for t in range(48)]
            + [{"call": "stop"}, {"call": "koikoi"}, {"call": "maybe"}, None, [], "stop", 7]
        )
        bad = [m for m in candidates if m not in legal]
        move = data.draw(st.sampled_from(bad))
        before = state.to_dict()
        try:
            state.apply(seat, move)
        except IllegalMove as error:
            assert error.reason
        else:
            raise AssertionError(f"{move!r} was accepted in phase {state.phase}")
        assert state.to_dict() == before
        try:
            state.apply(1 - seat, legal[0])
        except IllegalMove:
            pass
        else:
            raise AssertionError("a move for the seat not to move was accepted")
        assert state.to_dict() == before


def test_determinize_really_resamples_hidden_cards():
    state = ENGINE.new_game(2, 21)
    worlds = {tuple(state.determinize(0, random.Random(i)).hands[1]) for i in range(20)}
    assert len(worlds) > 1
    assert all(state.determinize(0, random.Random(i)).hands[0] == state.hands[0] for i in range(5))


@settings(max_examples=500)
@given(st.sets(st.integers(0, 47)), st.sampled_from(["cardavia", "nintendo"]), st.booleans())
def test_K_19_to_K_42_score_total_is_the_total_of_score(pile, ruleset, sake_cup_plain):
    assert score_total(pile, ruleset, sake_cup_plain) == score(pile, ruleset, sake_cup_plain)[0]


def set_score(pile, ruleset: str, sake_cup_plain: bool) -> tuple[int, list[tuple[str, int]]]:
    """K-19 to K-42 on a set of card ids, line by line: the reference the bit-mask scorer
    (:func:`score`) must agree with, yaku by yaku and in the same order."""
    cards = set(pile)
    yaku: list[tuple[str, int]] = []
    brights, rain = len(cards & BRIGHT), RAIN_MAN in cards
    bright = {5: "goko", 4: "ame_shiko" if rain else "shiko"}.get(brights)
    if brights == 3 and not rain:
        bright = "sanko"
    if bright:
        yaku.append((bright, LADDER[ruleset][bright]))
    animals, ribbons = len(cards & ANIMAL), len(cards & RIBBON)
    has_idc, has_aka, has_ao = IDC <= cards, AKA <= cards, AO <= cards
    if ruleset == "cardavia":
        yaku += [(y, p) for y, p, held in (
            ("inoshikacho", 5, has_idc), ("akatan", 6, has_aka), ("aotan", 6, has_ao),
            ("tane", animals - 4, animals >= 5), ("tan", ribbons - 4, ribbons >= 5),
        ) if held]  # fmt: skip
    else:
        yaku += [(y, 5) for y, held in (
            ("hanami", {CURTAIN, SAKE_CUP} <= cards), ("tsukimi", {MOON, SAKE_CUP} <= cards),
        ) if held]  # fmt: skip
        if has_idc:
            yaku.append(("inoshikacho", 2 + animals))
        elif animals >= 5:
            yaku.append(("tane", animals - 4))
        if has_aka and has_ao:
            yaku.append(("akatan_aotan", 4 + ribbons))
        elif has_aka or has_ao:
            yaku.append(("akatan" if has_aka else "aotan", 2 + ribbons))
        elif ribbons >= 5:
            yaku.append(("tan", ribbons - 4))
    plains = len(cards & PLAIN) + (1 if sake_cup_plain and SAKE_CUP in cards else 0)
    if plains >= 10:
        yaku.append(("kasu", plains - 9))
    return sum(p for _, p in yaku), yaku


@settings(max_examples=1500)
@given(st.sets(st.integers(0, 47)), st.sampled_from(["cardavia", "nintendo"]), st.booleans())
def test_K_19_to_K_42_the_mask_scorer_names_the_yaku_of_the_set_reference(
    pile, ruleset, sake_cup_plain
):
    assert score(pile, ruleset, sake_cup_plain) == set_score(pile, ruleset, sake_cup_plain)


def test_the_set_reference_meets_every_yaku():
    """The random piles above are many; this makes sure the reference itself names them all."""
    rng = random.Random(7)
    named = set()
    for ruleset in ("cardavia", "nintendo"):
        for _ in range(3000):
            pile = rng.sample(range(48), rng.randrange(3, 30))
            named.update(y for y, _ in set_score(pile, ruleset, True)[1])
            assert score(pile, ruleset, True) == set_score(pile, ruleset, True)
    assert named >= {"goko", "shiko", "ame_shiko", "sanko", "inoshikacho", "akatan", "aotan",
                     "akatan_aotan", "hanami", "tsukimi", "tane", "tan", "kasu"}  # fmt: skip


@settings(max_examples=150)
@given(seeds, option_sets, st.integers(0, 2**32))
def test_pile_masks_follow_the_piles_through_moves_copies_loads_and_samples(
    seed, options, rng_seed
):
    rng = random.Random(rng_seed)
    for state, _ in random_game(seed, options):
        assert state.pile_masks == [card_mask(p) for p in state.piles]
        for other in (
            state.clone(),
            ENGINE.from_dict(state.to_dict()),
            state.determinize(rng.choice([0, 1, None]), rng),
        ):
            assert other.pile_masks == [card_mask(p) for p in other.piles]
            assert other.pile_masks is not state.pile_masks
            assert vars(other).keys() == vars(state).keys()  # from_view sets every attribute
