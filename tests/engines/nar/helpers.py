"""Builders and checkers for Nar tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import msgpack

from chabudai import engines
from chabudai.engines import events_for
from chabudai.engines.nar import NarState
from chabudai.engines.nar.cards import CARD_INFO, ONE, deck_cards, sort_hand

ENGINE = engines.get("nar")


def seat_of(name: str) -> int:
    """``"P1"`` → seat 0 (the rules file numbers players from 1)."""
    return int(name[1:]) - 1


def position(
    players: int,
    hands: Sequence[Iterable[str]],
    *,
    leader: int,
    fools: Sequence[int] = (),
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    plus10: Sequence[int] | None = None,
    options: dict | None = None,
    trick_no: int = 2,
) -> NarState:
    """A state at the start of a trick with exactly the given hands (other cards simply absent).

    ``leader`` leads; ``fools`` hold the discs and sit out this trick.
    """
    state = ENGINE.new_game(players, 1, options)
    assert isinstance(state, NarState)
    data = state.to_dict()
    n = players
    data.update(
        hands=[sort_hand(list(h)) for h in hands],
        dealer=(leader - 1) % n if dealer is None else dealer,
        phase="play",
        leader=leader,
        current=leader,
        active=[s for s in ((leader + i) % n for i in range(n)) if s not in fools],
        trick_no=trick_no,
        trick=[],
        lead=None,
        fools=list(fools),
        last_trick=None,
        played=[],
        voids=[""] * n,
        scores=list(scores or [0] * n),
        plus10=list(plus10 or [0] * n),
        declared=[False] * n,
        history=[],
    )
    return NarState.from_dict(data)


def play_all(state: NarState, cards: Sequence[tuple[int, str]]) -> list[dict]:
    """Play ``(seat, card)`` pairs through the checked ``apply``; returns all events."""
    events: list[dict] = []
    for seat, card in cards:
        assert state.to_move == [seat], f"expected seat {seat} to move, not {state.to_move}"
        events.extend(state.apply(seat, {"play": card}))
    return events


def random_game(players: int, seed: int, options: dict | None = None):
    """Yield ``(state, seat, move, events, hands_before)`` for every move of a random game."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    while not state.is_over:
        seat = state.to_move[0]
        move = rng.choice(state.legal_moves(seat))
        before = [list(h) for h in state.hands]
        events = state.apply(seat, move)
        yield state, seat, move, events, before


def round_cards(state: NarState) -> Counter:
    """Every card of the current round: hands, completed tricks and the current trick."""
    return Counter(
        [*(c for h in state.hands for c in h), *state.played, *(c for _, c in state.trick)]
    )


def deck_counter(state: NarState) -> Counter:
    return Counter(deck_cards(state.deck))


# --- hidden information ------------------------------------------------------------------------


def strings_in(value) -> set[str]:
    """Every string (map keys included) in a decoded msgpack value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def wire(value):
    """What a peer decodes: the value through a msgpack round trip."""
    return msgpack.unpackb(msgpack.packb(value), raw=False, strict_map_key=True)


def hidden_cards(hands: Sequence[Sequence[str]], seat: int | None) -> set[str]:
    """R-27: the coloured cards in every hand but ``seat``'s own.

    The 1s are left out: all six are alike, so seeing "1" never tells which hand holds one.
    """
    return {c for s, hand in enumerate(hands) if s != seat for c in hand if c != ONE}


def assert_no_leak(message, hidden: set[str], what: str) -> None:
    leaked = strings_in(wire(message)) & hidden
    assert not leaked, f"{what} shows hidden card(s) {sorted(leaked)}"


def check_step_for(
    seat: int | None, state: NarState, events, hands_before, played: str | None, view: bool = True
):
    """Nothing sent to ``seat`` for one move shows a card another seat still hides.

    Events up to a new deal are checked against the hands before the move (less the card just
    played); the deal and everything after it, and the view, against the hands after it.
    """
    mine = events_for(events, seat)
    cut = next((i for i, e in enumerate(mine) if e["e"] == "deal"), len(mine))
    before = hidden_cards(hands_before, seat) - {played}
    after = hidden_cards(state.hands, seat)
    assert_no_leak(mine[:cut], before, f"events for seat {seat}")
    assert_no_leak(mine[cut:], after, f"events after the deal for seat {seat}")
    if view:
        assert_no_leak(state.view(seat), after, f"view({seat})")


def known_voids_hold(state: NarState) -> None:
    """The voids a view claims are true of the real hands (R-13)."""
    for seat, hand in enumerate(state.hands):
        for colour in state.voids[seat]:
            assert all(CARD_INFO[c][0] != colour for c in hand), (seat, colour, hand)
