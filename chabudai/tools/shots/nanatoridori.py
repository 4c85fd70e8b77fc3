"""Nanatoridori table shots: choosing a set, an illegal pick, the insertion picker with its
preview, a drawn card, the duel with reserves, the round end with a penguin lost, the advanced
summary, 3 and 6 seats, the discard pile, the help overlay and a set nothing in your hand beats
(you must pass)."""

from __future__ import annotations

import copy
from typing import Any

import pygame

from chabudai.engines.base import events_for
from chabudai.engines.nanatoridori.rules import plays
from chabudai.game.tables.nanatoridori import layout as lay
from chabudai.game.tables.nanatoridori import picking
from chabudai.tools.screenshot import host_legal, seats_for, seeded_state

GAME = "nanatoridori"


def choosing(s) -> bool:
    """Your turn against a set, with a legal play of two cards or more."""
    if s.phase != "play" or s.current != 0 or s.area is None or len(s.discard) < 6:
        return False
    return any(k >= 2 for _, k, _ in plays(s.hands[0], s.area, s.reserves[0] if s.duel else ()))


def taking(s) -> bool:
    """You beat a set and may take it where it joins cards of its value."""
    return (
        s.phase == "place"
        and s.current == 0
        and s.pending_kind == "take"
        and s.pending[0] in s.hands[0]
        and len(s.discard) >= 4
    )


def nothing_beats(s) -> bool:
    """Your turn against a set nothing in your hand beats: you must pass (N-10)."""
    return (
        s.phase == "play"
        and s.current == 0
        and s.area is not None
        and len(s.discard) >= 4
        and all("pass" in m for m in s.legal_moves(0))
    )


def drawing(s) -> bool:
    return s.phase == "place" and s.current == 0 and s.pending_kind == "draw" and s.round >= 1


def mid_game(s) -> bool:
    known = sum(t > 0 for tags in s.tags[1:] for t in tags)
    drawn = sum(t < 0 for tags in s.tags[1:] for t in tags)
    return (
        s.phase == "play"
        and s.current != 0
        and s.area is not None
        and known >= 2
        and drawn >= 1
        and len(s.discard) >= 8
    )


def duel_turn(s) -> bool:
    return (
        s.phase == "play"
        and s.current == 0
        and s.area is not None
        and len(s.reserves[0]) == 2
        and len(s.reserves[1]) >= 1
        and any(x for _, _, x in plays(s.hands[0], s.area, s.reserves[0]))
    )


def ending(s) -> bool:
    """One play from the end of a round: the player to move can go out and leave one seat."""
    if s.phase != "play" or s.round < 1:
        return False
    left = s.out.count(False)
    return left == 2 and any(
        k == len(s.hands[s.current]) for _, k, _ in plays(s.hands[s.current], s.area)
    )


def ending_move(s) -> dict[str, Any]:
    hand = s.hands[s.current]
    start, length, _ = next(p for p in plays(hand, s.area) if p[1] == len(hand))
    return {"play": [start, length]}


def motion(view, pos) -> None:
    view.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def shoot(shooter: Any, seed: int) -> None:
    four = seats_for(4)

    def pick_a_set(view) -> None:
        model = view.model
        reserve = view.my_reserve()
        start, length, _ = max(
            plays(model["hand"], (model["area"]["count"], model["area"]["value"]), reserve),
            key=lambda p: p[1],
        )
        view.click(lay.hand_point(view.layout, start))
        motion(view, lay.hand_point(view.layout, start + length - 1))
        shooter.run(0.3)

    state = seeded_state(GAME, seed, choosing, players=4)
    shooter.table("nanatoridori-choose-set", state, seats=four, prepare=pick_a_set)

    def illegal(view) -> None:
        model = view.model
        hand = model["hand"]
        legal = lay.legal_hand(model, view.legal)
        bad = next((i for i in range(len(hand)) if i not in legal), None)
        if bad is not None:
            view.click(lay.hand_point(view.layout, bad))
        shooter.run(0.12)

    shooter.table("nanatoridori-illegal-pick", state, seats=four, prepare=illegal)

    def preview(view) -> None:
        model = view.model
        hand, cards = model["hand"], model["pending"]["cards"]
        gaps = range(len(hand) + 1)
        best = max(gaps, key=lambda g: picking.joined_run(hand, g, cards)[1] - g)
        motion(view, lay.center(view.layout.gaps[best]))
        shooter.run(0.3)

    shooter.table(
        "nanatoridori-insert-preview",
        seeded_state(GAME, seed, taking, players=3),
        seats=seats_for(3),
        prepare=preview,
    )
    shooter.table(
        "nanatoridori-drawn-card", seeded_state(GAME, seed, drawing, players=4), seats=four
    )
    shooter.table(
        "nanatoridori-3-seats", seeded_state(GAME, seed, mid_game, players=3), seats=seats_for(3)
    )
    shooter.table(
        "nanatoridori-6-seats", seeded_state(GAME, seed, mid_game, players=6), seats=seats_for(6)
    )
    shooter.table("nanatoridori-2-players", seeded_state(GAME, seed, drawing, players=2))
    duel = seeded_state(
        GAME,
        seed,
        duel_turn,
        players=2,
        options={"two_player": "duel"},
    )

    def duel_pick(view) -> None:
        model = view.model
        area = (model["area"]["count"], model["area"]["value"])
        start, length, extra = next(
            p for p in plays(model["hand"], area, view.my_reserve()) if p[2]
        )
        value = model["hand"][start]
        slot = model["reserves"][0].index(value)
        view.click(lay.center(view.layout.place(view.layout.reserve_keys[0][slot]).rect))
        view.click(lay.hand_point(view.layout, start))
        motion(view, lay.hand_point(view.layout, start + length - 1))
        shooter.run(0.3)

    shooter.table("nanatoridori-duel-reserves", duel, prepare=duel_pick)

    def round_end(state):
        def prepare(view) -> None:
            final = copy.deepcopy(state)
            events = final.apply(final.current, ending_move(final))
            view.apply_update(events_for(events, 0), final.view(0), host_legal(final, 0))
            for _ in range(600):
                shooter.run(1 / 60)
                if view.panel is not None:
                    break
            shooter.run(0.9)

        return prepare

    lost = seeded_state(GAME, seed, ending, players=4)
    shooter.table("nanatoridori-round-end-penguin", lost, seats=four, prepare=round_end(lost))
    advanced = seeded_state(
        GAME, seed, lambda s: ending(s) and s.round >= 2, players=5, options={"scoring": "advanced"}
    )
    shooter.table(
        "nanatoridori-advanced-summary",
        advanced,
        seats=seats_for(5),
        prepare=round_end(advanced),
    )

    def discard_panel(view) -> None:
        view.click(lay.center(view.layout.discard_pile))

    shooter.table("nanatoridori-discard-pile", state, seats=four, prepare=discard_panel)

    def help_overlay(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

    shooter.table("nanatoridori-help", state, seats=four, prepare=help_overlay)
    if shooter.wanted("nanatoridori-nothing-beats"):
        stuck = seeded_state(GAME, seed, nothing_beats, players=4)
        shooter.table("nanatoridori-nothing-beats", stuck, seats=four)
