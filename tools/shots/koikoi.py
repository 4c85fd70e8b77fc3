"""Koi-Koi table shots: your turn with a match hinted, the two-match choice, the drawn card's
choice, stop or koi-koi, an illegal click, the KOI-KOI banner, the opponent thinking, the deal
summary and the help overlay."""

from __future__ import annotations

from typing import Any

import pygame

from engines.koikoi import board_matches
from game.tables.koikoi import layout as lay
from tools.screenshot import koikoi_state


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


def thinking(s) -> bool:
    return s.turn >= 6 and s.phase == "play" and s.current == 1


def shoot(shooter: Any, seed: int) -> None:
    def hover_match(view) -> None:
        hand = view.model["hand"]
        view.hover = next((c for c in hand if board_matches(view.model["board"], c)), None)

    shooter.table("koikoi-table", koikoi_state(seed, mid_game), prepare=hover_match)

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

    def koikoi_banner(view) -> None:
        view.apply_update([{"e": "koikoi", "seat": 1, "total": 6, "calls": 1}], view.model)
        shooter.run(0.5)

    shooter.table("koikoi-koikoi-call", koikoi_state(seed, mid_game), prepare=koikoi_banner)
    shooter.table("koikoi-opponent-thinking", koikoi_state(seed, thinking))

    def deal_summary(view) -> None:
        scores = view.model["scores"]
        event = {
            "e": "deal_end",
            "deal": 1,
            "dealer": 0,
            "winner": 0,
            "how": "stop",
            "points": [7, 0],
            "yaku": [["sanko", 6], ["tan", 1]],
            "koikoi_calls": [0, 0],
            "scores": [scores[0] + 7, scores[1]],
        }
        view.apply_update([event], view.model)
        shooter.run(0.3)

    shooter.table("koikoi-deal-summary", koikoi_state(seed, mid_game), prepare=deal_summary)

    def help_overlay(view) -> None:
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))

    shooter.table("koikoi-help", koikoi_state(seed, mid_game), prepare=help_overlay)
