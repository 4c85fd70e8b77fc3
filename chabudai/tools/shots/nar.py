"""Nar table shots: your turn at 4, 6 and 8 seats, a trick under way, an illegal click, the fool
disc flying and just landed, the last trick shown, the announcement choice, the round summary,
the game end, a spectator's view, the help overlay (and a toast over it), the score sheet during
play, the move log scrolled back, a greyscale copy (the four colours must be told apart by their
symbols alone), the setup and lobby for eight seats, a solo game starting, and the results (6 seats; 8 bots of one
level; a long game of 12 rounds or more)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from chabudai.engines.base import events_for
from chabudai.engines.nar.cards import CARD_INFO
from chabudai.game.scenes.join import LOST_NOTICE
from chabudai.game.tables.nar import layout as lay
from chabudai.tools.screenshot import (
    STEP,
    finished_state,
    host_legal,
    seats_for,
    seeded_state,
    show_hint,
)

ANNOUNCE = {"announcements": True}


def your_turn(trick: int, fools: int = 0):
    """Seat 0 to play with ``trick`` cards already down and ``fools`` seats sitting out."""

    def want(s) -> bool:
        return (
            s.phase == "play"
            and s.current == 0
            and len(s.trick) == trick
            and len(s.fools) == fools
            and s.round >= 2
            and s.trick_no >= 3
        )

    return want


def must_follow(s) -> bool:
    """Seat 0 must follow the lead colour and holds an off-colour card (for an illegal click)."""
    if s.phase != "play" or s.current != 0 or s.lead is None or len(s.trick) < 2:
        return False
    colours = {CARD_INFO[c][0] for c in s.hands[0]}
    return s.lead in colours and len(colours - {s.lead, ""}) >= 1


def next_move_has(kind: str):
    """A state whose next random move (the same one the shot plays) brings event ``kind``."""

    def want(s) -> bool:
        if s.phase != "play" or len(s.trick) != len(s.active) - 1:
            return False
        probe = s.clone()
        mover = probe.to_move[0]
        move = random.Random(probe.seed).choice(probe.legal_moves(mover))
        return any(e["e"] == kind for e in probe.apply(mover, move))

    return want


def play_next(shooter, view, state, seat: int, seconds: float) -> None:
    """Feed the table the next random move (as the host would) and run ``seconds``."""
    mover = state.to_move[0]
    move = random.Random(state.seed).choice(state.legal_moves(mover))
    events = events_for(state.apply(mover, move), seat)
    view.apply_update(events, state.view(seat), host_legal(state, seat))
    shooter.run(seconds)


def save_grey(shooter, name: str) -> None:
    """A greyscale copy of the frame just saved."""
    if not shooter.wanted(name):
        return
    path = shooter.out / f"{name}.png"
    pygame.image.save(pygame.transform.grayscale(shooter.app.screen), str(path))
    shooter.saved.append(path)


def shoot(shooter: Any, seed: int) -> None:
    six = seeded_state("nar", seed, your_turn(3, 1), players=6)
    shooter.table("nar-table", six, seats=seats_for(6))
    save_grey(shooter, "nar-table-greyscale")
    four = seeded_state("nar", seed, your_turn(2, 1), players=4)
    shooter.table("nar-4-seats", four, seats=seats_for(4))
    shooter.table("nar-hint", four, seats=seats_for(4), prepare=show_hint)
    eight = seeded_state("nar", seed, your_turn(4, 2), players=8)
    shooter.table("nar-8-seats", eight, seats=seats_for(8))
    save_grey(shooter, "nar-8-seats-greyscale")

    def thinking(s) -> bool:
        return s.phase == "play" and s.current == 3 and len(s.trick) >= 3 and s.round >= 2

    shooter.table(
        "nar-trick-under-way", seeded_state("nar", seed, thinking, players=7), seats=seats_for(7)
    )

    def illegal(view) -> None:
        hand = view.model["hand"]
        card = next(c for c in hand if CARD_INFO[c][0] not in ("", view.model["lead"]))
        view.click(lay.hit_point(view.layout, card))
        shooter.run(0.15)

    shooter.table(
        "nar-illegal-click",
        seeded_state("nar", seed, must_follow, players=5),
        prepare=illegal,
        seats=seats_for(5),
    )

    fool_next = next_move_has("fool")
    ending = seeded_state("nar", seed, lambda s: s.fools and fool_next(s), players=8)

    def disc_flying(view) -> None:  # (the table runs 0.25 s more after this)
        play_next(shooter, view, ending.clone(), 0, 0.36 + 0.85 + 0.3)

    shooter.table("nar-fool-disc-flying", ending, prepare=disc_flying, seats=seats_for(8))

    def disc_landed(view) -> None:
        play_next(shooter, view, ending.clone(), 0, 0.36 + 0.85 + 0.55)

    shooter.table("nar-fool-disc-landed", ending, prepare=disc_landed, seats=seats_for(8))

    def last_trick(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))

    shooter.table("nar-last-trick", eight, prepare=last_trick, seats=seats_for(8))

    def announce(s) -> bool:
        return s.phase == "announce" and s.current == 0 and any(s.declared[1:])

    shooter.table(
        "nar-announcement",
        seeded_state("nar", seed, announce, players=6, options=ANNOUNCE),
        seats=seats_for(6),
        replayed=3,
    )
    round_end = seeded_state("nar", seed, next_move_has("round_end"), players=6)

    def summary(view) -> None:
        play_next(shooter, view, round_end.clone(), 0, 0.36 + 0.85 + 1.0 + 0.3 + 0.6 + 6 * 0.45)

    shooter.table("nar-round-summary", round_end, prepare=summary, seats=seats_for(6))
    game_end = seeded_state("nar", seed, next_move_has("game_end"), players=5)

    def finale(view) -> None:
        play_next(shooter, view, game_end.clone(), 0, 0.36 + 0.85 + 1.0 + 0.3)
        view.panel = None  # past the round summary: the game-end banner
        for _ in range(round(0.8 / STEP)):
            shooter.app.step(STEP)

    shooter.table("nar-game-end", game_end, prepare=finale, seats=seats_for(5))
    shooter.table("nar-spectator", six, seat=None, seats=seats_for(6))

    def help_overlay(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

    shooter.table("nar-help", six, prepare=help_overlay, seats=seats_for(6))

    def toast_over_help(view) -> None:  # a toast lies over the whole overlay stack
        help_overlay(view)
        shooter.app.toast(LOST_NOTICE)  # the app's own toast, in the language shown

    shooter.table("nar-toast-over-help", six, prepare=toast_over_help, seats=seats_for(6))

    def score_sheet(view) -> None:  # during play: the rounds so far (S or its button)
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0))

    shooter.table("nar-score-sheet", eight, prepare=score_sheet, seats=seats_for(8), replayed=12)

    def log_back(view) -> None:  # the move log scrolled back over the game
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))

    shooter.table("nar-move-log-scrolled", eight, prepare=log_back, seats=seats_for(8), replayed=12)
    setup_and_lobby(shooter)
    results(shooter, seed)


def setup_and_lobby(shooter: Any) -> None:
    from chabudai.game.scenes.setup import SetupScene

    app = shooter.app
    if shooter.wanted("nar-solo-setup"):
        shooter.to_title()
        scene = app.push(SetupScene(app, "solo", "nar"))
        scene.set_seats(8)
        scene.levels.update({2: "easy", 3: "hard", 5: "random", 6: "hard"})
        scene.options["announcements"] = True
        scene.build()
        shooter.run(0.1)
        shooter.save("nar-solo-setup")
        shooter.to_title()
    if shooter.wanted("solo-starting"):  # a solo game on its way: no network words
        from chabudai.game.scenes.lobby import LobbyScene

        shooter.to_title()
        app.session.lobby = None
        app.session.connection = "connecting"
        app.push(LobbyScene(app, auto_start=True))
        shooter.save("solo-starting")
        shooter.to_title()
    seats = seats_for(8)
    seats[3].update(kind="open", name="", ready=False)
    seats[4]["ready"] = False
    shooter.lobby("nar-lobby", "nar", seats)


def results(shooter: Any, seed: int) -> None:
    if shooter.wanted("nar-results"):
        shooter.results("nar-results", finished_state("nar", seed, 6, ANNOUNCE), seats_for(6))
    if shooter.wanted("nar-results-8-normal-bots"):  # solo against seven bots of one level
        bots = seats_for(8, bots=("normal",))
        for entry in bots[1:]:
            entry.update(kind="bot", name="", level="normal")
        finished = finished_state("nar", seed, 8)
        shooter.results("nar-results-8-normal-bots", finished, bots)
    if shooter.wanted("nar-results-long-game"):  # a 4-player game of 12 rounds or more
        shooter.results("nar-results-long-game", long_game(seed, 4, 12), seats_for(4))


def long_game(seed: int, players: int, rounds: int):
    """The first seeded random game of ``players`` that lasts ``rounds`` rounds (or the
    longest of 400)."""
    longest = None
    for number in range(400):
        state = finished_state("nar", seed * 1000 + number, players)
        if longest is None or len(state.history) > len(longest.history):
            longest = state
        if len(state.history) >= rounds:
            break
    return longest
