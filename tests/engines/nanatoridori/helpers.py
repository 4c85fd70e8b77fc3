"""Builders and checkers for Nanatoridori tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import msgpack

from chabudai import engines
from chabudai.engines import events_for
from chabudai.engines.nanatoridori import NanatoridoriState
from chabudai.engines.nanatoridori.rules import DECK, DUEL_HAND_SIZE, HAND_SIZE

ENGINE = engines.get("nanatoridori")
A, B, C, D = 0, 1, 2, 3
DUEL = {"two_player": "duel"}  # the 2-player duel (§8); 2 players play the standard rules otherwise


def position(
    *,
    hands: Sequence[Iterable[int]],
    current: int = 0,
    area: tuple[int, int] | None = None,
    owner: int | None = None,
    pile: Iterable[int] | None = None,
    reserves: Sequence[Iterable[int]] | None = None,
    out: Sequence[bool] | None = None,
    finish: Sequence[int] = (),
    penguins: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
    options: dict | None = None,
) -> NanatoridoriState:
    """A mid-round state with the given cards (``area`` is ``(count, value)``).

    Cards not placed anywhere fill the draw pile (drawn from its end), or, when ``pile`` is given,
    the discard pile, so all 63 cards stay accounted for. ``hands`` sets the number of players.
    """
    players = len(hands)
    state = ENGINE.new_game(players, 1, options)
    assert isinstance(state, NanatoridoriState)
    state.hands = [list(h) for h in hands]
    state.tags = [[0] * len(h) for h in state.hands]
    state.reserves = [list(r) for r in reserves] if reserves else [[] for _ in range(players)]
    state.area = list(area) if area is not None else None
    state.owner = owner
    state.passes = 0
    state.out = list(out) if out is not None else [False] * players
    state.finish = list(finish)
    state.current = current
    state.phase = "play"
    state.pending = []
    state.pending_kind = None
    if penguins is not None:
        state.penguins = list(penguins)
    if points is not None:
        state.points = list(points)
    used = Counter(v for h in state.hands for v in h)
    used.update(v for r in state.reserves for v in r)
    if area is not None:
        used[area[1]] += area[0]
    rest = list((Counter(DECK) - used).elements())
    random.Random(7).shuffle(rest)
    state.aside = []
    if pile is None:
        state.pile, state.discard = rest, []
    else:
        state.pile = list(pile)
        for v in state.pile:
            rest.remove(v)
        state.discard = rest
    return state


def card_count(state: NanatoridoriState) -> Counter:
    """Every card of the state, wherever it is (N-1: nine of each of 1 to 7)."""
    count = Counter()
    for hand in state.hands:
        count.update(hand)
    for reserve in state.reserves:
        count.update(reserve)
    count.update(state.pile)
    count.update(state.aside)
    count.update(state.discard)
    count.update(state.pending)
    if state.area is not None:
        count[state.area[1]] += state.area[0]
    return count


def pass_and_discard(state: NanatoridoriState, seat: int) -> list[dict]:
    """Pass (N-15) and, if a card was drawn, discard it."""
    events = state.apply(seat, {"pass": True})
    if state.phase == "place":
        events += state.apply(seat, {"discard": True})
    return events


def random_game(seed: int, players: int, options: dict) -> NanatoridoriState:
    return ENGINE.new_game(players, seed, options)


def packed(value: object) -> bytes:
    return msgpack.packb(value)


# --------------------------------------------------------------------------- leak checking


def hidden_slots(state: NanatoridoriState, seat: int | None) -> list[tuple[list[int], int]]:
    """Every ``(container, index)`` holding a card whose value ``seat`` may not know (N-33)."""
    slots: list[tuple[list[int], int]] = []
    for s, (hand, tags) in enumerate(zip(state.hands, state.tags, strict=True)):
        if s != seat:
            slots += [(hand, i) for i, t in enumerate(tags) if t <= 0]
    slots += [(state.pile, i) for i in range(len(state.pile))]
    slots += [(state.aside, i) for i in range(len(state.aside))]
    if state.pending_kind == "draw" and state.current != seat:
        slots.append((state.pending, 0))
    return slots


def revealed_by(state: NanatoridoriState, mover: int, move: dict, seat: int | None) -> set:
    """The hidden slots ``move`` legitimately shows to ``seat`` (kept fixed in the twin)."""
    keep: set[tuple[int, int]] = set()
    if "play" in move and mover != seat:
        start, length = move["play"]
        keep |= {(id(state.hands[mover]), i) for i in range(start, start + length)}
    if move.get("pass") is True and mover == seat and state.pile and not state.duel:
        keep.add((id(state.pile), len(state.pile) - 1))
    if move.get("discard") is True and state.pending_kind == "draw":
        keep.add((id(state.pending), 0))
    return keep


def hidden_twin(
    state: NanatoridoriState, seat: int | None, mover: int, move: dict, rng: random.Random
) -> tuple[NanatoridoriState, bool]:
    """A copy of ``state`` in which every card ``seat`` may not know is shuffled among its slots.

    Cards the move itself reveals to ``seat`` stay put, and later deals are shuffled the same way
    (everything not dealt to ``seat``), so ``seat`` must receive exactly the same bytes from both
    states. Returns the twin and whether any hidden value actually changed.
    """
    twin = state.clone()
    keep = revealed_by(twin, mover, move, seat)
    slots = [(c, i) for c, i in hidden_slots(twin, seat) if (id(c), i) not in keep]
    values = [c[i] for c, i in slots]
    shuffled = values[:]
    rng.shuffle(shuffled)
    for (c, i), v in zip(slots, shuffled, strict=True):
        c[i] = v
    original_deal = twin._deal

    def scrambled_deal() -> list[int]:
        deck = original_deal()
        size = DUEL_HAND_SIZE if twin.duel else HAND_SIZE
        fixed = set(range(seat * size, (seat + 1) * size)) if seat is not None else set()
        if twin.duel:
            fixed |= set(range(2 * size, 2 * size + 4))  # the public reserves (N-27)
        free = [i for i in range(len(deck)) if i not in fixed]
        moved = [deck[i] for i in free]
        rng.shuffle(moved)
        for i, v in zip(free, moved, strict=True):
            deck[i] = v
        return deck

    twin._deal = scrambled_deal  # type: ignore[method-assign]
    return twin, values != shuffled


def _eliminated(events: list[dict]) -> bool:
    return any(e["e"] == "eliminated" for e in events)


def check_no_leak(
    state: NanatoridoriState,
    mover: int,
    move: dict,
    rng: random.Random,
    seats: list[int | None] | None = None,
) -> tuple[list[dict], int]:
    """Apply ``move`` to ``state`` and, for each of ``seats`` (default: every seat and a
    spectator), to a hidden twin; assert the seat's view before and after and its events are
    byte-identical. Returns the events and how many twins really differed."""
    twins = []
    changed = 0
    for seat in [None, *range(state.players)] if seats is None else seats:
        twin, differs = hidden_twin(state, seat, mover, move, rng)
        changed += differs
        assert packed(twin.view(seat)) == packed(state.view(seat)), f"view leak to {seat}"
        twins.append((seat, twin))
    events = state.apply(mover, move)
    for seat, twin in twins:
        twin_events = twin.apply(mover, move)
        if _eliminated(events) != _eliminated(twin_events):
            continue  # N-30 legitimately shows that the next player cannot beat the set
        assert packed(events_for(twin_events, seat)) == packed(events_for(events, seat)), (
            f"event leak to {seat} on {move}"
        )
        assert packed(twin.view(seat)) == packed(state.view(seat)), f"view leak to {seat}"
    return events, changed
