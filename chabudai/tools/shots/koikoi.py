"""Koi-Koi table shots: your turn with a match hinted, the two-match choice, the drawn card's
choice, stop or koi-koi (with Esc's Leave question over it, and a click on the board beneath
it), an illegal click, the KOI-KOI banner, the opponent thinking, the deal
summaries (Cardavia, Nintendo with multipliers and under 7 without, a drawn deal after your
koi-koi call, a dealt-hand bonus), the yaku table and the help
overlay (both rulesets).

Every shot shows a state a real game reached: banners and summaries come from the engine
applying the move (never from invented events), so what the table shows always adds up.
"""

from __future__ import annotations

from typing import Any

import pygame

from chabudai.engines.base import events_for
from chabudai.engines.koikoi import board_matches
from chabudai.game.tables.koikoi import layout as lay
from chabudai.tools.screenshot import host_legal, koikoi_state, seeded_state, show_hint

NINTENDO = {"ruleset": "nintendo", "rounds": 3}


def mid_game(s) -> bool:
    return (
        s.turn >= 9
        and s.phase == "play"
        and s.current == 0
        and len(s.piles[0]) >= 8
        and len(s.piles[1]) >= 4
    )


def two_match(s) -> bool:
    return (
        s.phase == "play"
        and s.current == 0
        and any(len(board_matches(s.board, c)) == 2 for c in s.hands[0])
    )


def draw_choice(s) -> bool:
    return s.phase == "draw_choice" and s.current == 0


def decide(s) -> bool:
    return s.phase == "decide" and s.current == 0


def opponent_decides(s) -> bool:
    return s.phase == "decide" and s.current == 1 and s.turn >= 6


def thinking(s) -> bool:
    return s.turn >= 6 and s.phase == "play" and s.current == 1


def doubled_stop(s) -> bool:
    """Nintendo: your stop after the opponent's koi-koi, 7 or more points (×4, K-42)."""
    return decide(s) and s.koikoi_calls[1] > 0 and s.last_total[0] >= 7


def plain_stop(s) -> bool:
    """Nintendo: your stop under 7 points, the opponent never having called (no ×2, K-42)."""
    return decide(s) and s.koikoi_calls[1] == 0 and s.last_total[0] < 7


def drawn_move(s) -> dict | None:
    """A move that ends the deal drawn after your koi-koi call (K-33), if there is one."""
    if not s.koikoi_calls[0] or s.turn < 15:
        return None
    seat = s.to_move[0]
    for move in s.legal_moves(seat):
        probe = s.clone()
        ends = [e for e in probe.apply(seat, move) if e["e"] == "deal_end"]
        if ends and ends[0]["winner"] is None:
            return move
    return None


def play_move(shooter: Any, state, seat: int, move: dict, seconds: float):
    """The host applies ``move`` for ``seat``; the table (seat 0) animates it for ``seconds``."""

    def prepare(view) -> None:
        after = state.clone()
        events = after.apply(seat, move)
        view.apply_update(events_for(events, 0), after.view(0), host_legal(after, 0))
        shooter.run(seconds)

    return prepare


def shoot(shooter: Any, seed: int) -> None:
    def hover_match(view) -> None:
        hand = view.model["hand"]
        view.hover = next((c for c in hand if board_matches(view.model["board"], c)), None)

    shooter.table("koikoi-table", koikoi_state(seed, mid_game), prepare=hover_match)

    def hint_over_hover(view) -> None:  # H with a card lifted: the bot's move against it
        hover_match(view)
        show_hint(view)

    shooter.table("koikoi-hint", koikoi_state(seed, mid_game), prepare=hint_over_hover)

    def select_double(view) -> None:
        card = next(
            c for c in view.model["hand"] if len(board_matches(view.model["board"], c)) == 2
        )
        view.click(lay.hit_point(view.layout, card))
        shooter.run(0.4)

    shooter.table("koikoi-choose-target", koikoi_state(seed, two_match), prepare=select_double)
    shooter.table("koikoi-drawn-card-choice", koikoi_state(seed, draw_choice))
    shooter.table("koikoi-stop-or-koikoi", koikoi_state(seed, decide))

    def illegal(view) -> None:
        card = view.model["board"][0]
        view.click(lay.hit_point(view.layout, card))
        shooter.run(0.15)

    shooter.table("koikoi-illegal-click", koikoi_state(seed, mid_game), prepare=illegal)
    calling = koikoi_state(seed, opponent_decides)
    shooter.table(
        "koikoi-koikoi-call",
        calling,
        prepare=play_move(shooter, calling, 1, {"call": "koikoi"}, 0.5),
    )
    shooter.table("koikoi-opponent-thinking", koikoi_state(seed, thinking))
    stopping = koikoi_state(seed, decide)
    shooter.table(
        "koikoi-deal-summary",
        stopping,
        prepare=play_move(shooter, stopping, 0, {"call": "stop"}, 2.5),
    )
    doubled = seeded_state("koikoi", seed, doubled_stop, options=NINTENDO, max_games=2000)
    shooter.table(
        "koikoi-deal-summary-nintendo",
        doubled,
        prepare=play_move(shooter, doubled, 0, {"call": "stop"}, 2.5),
    )

    under_seven = seeded_state("koikoi", seed, plain_stop, options=NINTENDO, max_games=2000)
    shooter.table(
        "koikoi-deal-summary-nintendo-under-7",
        under_seven,
        prepare=play_move(shooter, under_seven, 0, {"call": "stop"}, 2.5),
    )
    if shooter.wanted("koikoi-drawn-deal-after-koikoi"):
        drawn = seeded_state("koikoi", seed, lambda s: drawn_move(s) is not None, max_games=2000)
        move = drawn_move(drawn)
        shooter.table(
            "koikoi-drawn-deal-after-koikoi",
            drawn,
            prepare=play_move(shooter, drawn, drawn.to_move[0], move, 3.5),
        )

    def yaku_table(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0))

    # (at the stop-or-koi-koi choice: the yaku just made is lit)
    shooter.table("koikoi-yaku-table", koikoi_state(seed, decide), prepare=yaku_table)
    shooter.table(
        "koikoi-yaku-table-nintendo",
        seeded_state("koikoi", seed, mid_game, options=NINTENDO),
        prepare=yaku_table,
    )

    def leave_question(view) -> None:  # Esc never answers the choice: it asks about leaving
        shooter.app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))

    shooter.table("koikoi-stop-or-koikoi-esc", koikoi_state(seed, decide), prepare=leave_question)

    def first_choose(view) -> None:  # a click on the board while the choice is open
        card = view.model["board"][0]
        shooter.app.handle(
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN, pos=lay.hit_point(view.layout, card), button=1
            )
        )

    shooter.table(
        "koikoi-stop-or-koikoi-board-click", koikoi_state(seed, decide), prepare=first_choose
    )

    def help_overlay(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

    shooter.table("koikoi-help", koikoi_state(seed, mid_game), prepare=help_overlay)
    shooter.table(
        "koikoi-help-nintendo",
        seeded_state("koikoi", seed, mid_game, options=NINTENDO),
        prepare=help_overlay,
    )
