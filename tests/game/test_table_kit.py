"""The table kit's mechanisms, the same for every game (issue 27).

- Legal moves come only from the host: a table offered a ``legal`` list that differs from what the
  rules would give follows the list (what glows, what a click sends, what it refuses).
"""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game.app import forget_cached_assets
from chabudai.game.tables import TableContext, make_table
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain

LARGEST = {"koikoi": 2, "nanatoridori": 6, "nar": 8, "nimalia": 4}


@pytest.fixture
def screen():
    pygame.init()
    forget_cached_assets()
    yield pygame.display.set_mode((1280, 720))
    forget_cached_assets()
    pygame.display.quit()


def table_to_move(game: str, seed: int = 3, legal=None):
    """A table at seat 0 of ``game`` after a few random moves, seat 0 to move; ``legal`` replaces
    the host's list (None: the host's own). Returns the table, the moves it sent, the state."""
    engine = engines.get(game)
    rng = random.Random(seed)
    state = engine.new_game(LARGEST[game], seed)
    for moves in range(400):
        if moves >= 3 and 0 in state.to_move and len(state.legal_moves(0)) >= 2:
            break
        mover = state.to_move[0]
        state.apply(mover, rng.choice(state.legal_moves(mover)))
    assert 0 in state.to_move
    sent: list = []
    table = make_table(game, TableContext(seat=0, submit=sent.append))
    offered = host_legal(state, 0) if legal is None else legal(state.legal_moves(0))
    table.snapshot(copy.deepcopy(state.view(0)), offered)
    drain(table)
    table.panel = None
    return table, sent, state


def click_through(table, move) -> None:
    for point in table.clicks_for(move):
        table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
        table.update(1 / 60)


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_table_offers_and_sends_only_the_moves_of_the_hosts_list(screen, game):
    """Of the moves the rules allow, the host's list keeps only the last one: the table lists only
    that one, refuses another move the rules allow, and sends the one the list has."""
    table, sent, state = table_to_move(game, legal=lambda moves: moves[-1:])
    allowed = state.legal_moves(0)
    kept, other = allowed[-1], next(m for m in allowed if m != allowed[-1])
    assert table.legal_moves() == [kept]
    click_through(table, other)
    assert other not in sent
    table.awaiting = False
    table.on_nothing(None)
    click_through(table, kept)
    assert sent[-1] == kept


def test_nar_cards_glow_and_play_as_the_hosts_list_says_not_as_the_rules_would(screen):
    """R-13 makes a seat that holds the lead colour follow it; a host that (say, a house rule)
    offers an off-colour card instead is followed: that card glows and plays, the lead-colour
    cards the rules allow stay dark and are refused."""
    engine = engines.get("nar")
    rng = random.Random(4)
    for _ in range(200):
        state = engine.new_game(8, rng.randrange(1 << 20))
        for _ in range(300):
            if state.to_move == [0] and state.lead is not None and state.phase == "play":
                off = [c for c in state.hands[0] if {"play": c} not in state.legal_moves(0)]
                if off:
                    break
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_moves(mover)))
        else:
            continue
        break
    else:
        pytest.skip("no seed gives seat 0 an off-colour card")
    sent: list = []
    table = make_table("nar", TableContext(seat=0, submit=sent.append))
    house = [{"play": off[0]}]
    table.snapshot(copy.deepcopy(state.view(0)), house)
    drain(table)
    glowing = {table.layout.by_key[k].card for k in table.legal_keys()}
    assert glowing == {off[0]}
    ruled = state.legal_moves(0)[0]
    click_through(table, ruled)
    assert sent == []
    assert table.reason.text
    click_through(table, house[0])
    assert sent == house


def run_to_first_summary(game: str, speed: float, seed: int = 2):
    """Feed a seeded random game to a table (seat 0) as the host would, frame by frame at
    ``speed``, until its first round summary opens. Returns the table."""
    engine = engines.get(game)
    rng = random.Random(seed)
    state = engine.new_game(LARGEST[game], seed)
    table = make_table(game, TableContext(seat=0, submit=lambda move: None, speed=lambda: speed))
    table.snapshot(copy.deepcopy(state.view(0)), host_legal(state, 0))
    for _ in range(20000):
        if table.panel is not None:
            return table
        if table.idle and not state.is_over:
            mover = state.to_move[0]
            events = state.apply(mover, rng.choice(state.legal_moves(mover)))
            table.apply_update(
                events_for(events, 0), copy.deepcopy(state.view(0)), host_legal(state, 0)
            )
        table.update(0.25)
    raise AssertionError("no round summary opened")


@pytest.mark.parametrize("speed", [1.0, 4.0])
@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_round_summary_waits_for_a_click_at_every_speed(screen, game, speed):
    """Item 1 of issue 27: a summary that says "click to continue" stays until clicked, however
    fast the animations run; the click closes it and the game goes on."""
    table = run_to_first_summary(game, speed)
    panel = table.panel
    for frame in range(240):  # a minute
        table.update(0.25)
        if frame % 40 == 0:
            table.draw(screen)
    assert table.panel is panel
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1))
    assert table.panel is None


# ---------------------------------------------------------------------- the one message slot


def test_the_message_slot_shows_one_message_and_a_new_prompt_replaces_an_old_reason():
    from chabudai.game.tables.kit.message import MessageSlot

    slot = MessageSlot()
    assert slot.line("Your turn: play a card") == ("Your turn: play a card", False)
    slot.say("Not there: that spot is taken")
    assert slot.line("Your turn: play a card") == ("Not there: that spot is taken", True)
    assert slot.line("Your turn: play a card") == ("Not there: that spot is taken", True)
    assert slot.line("Two cards match: click the one to take") == (
        "Two cards match: click the one to take",
        False,
    )
    assert not slot.live  # gone for good, not just hidden
    slot.say("Wait for your turn.")
    slot.step(3.0)  # and it fades by itself after a few seconds of real time
    assert slot.line("Two cards match: click the one to take")[1] is False


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_new_action_clears_the_old_reason(screen, game):
    """Item 6 of issue 27: a refusal's reason goes at once when the player clicks or presses a
    key again; while it shows, nothing else shows in its place."""
    table, sent, state = table_to_move(game, legal=lambda moves: moves[-1:])
    allowed = state.legal_moves(0)
    click_through(table, next(m for m in allowed if m != allowed[-1]))
    assert table.reason.live
    table.draw(screen)
    assert table.reason.live  # shown (in the prompt's place or on its own)
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1))
    assert not table.reason.live
    table.rejected("The host refused that move.")
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert not table.reason.live


# ---------------------------------------------------------------------- idle means idle


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_table_waiting_for_the_player_stops_drawing_until_something_changes(screen, game):
    table, _sent, _state = table_to_move(game)
    for _ in range(5 * 60):  # five seconds of frames: the glow pulses a while, then rests
        table.update(1 / 60)
        if table.needs_redraw():
            table.draw(screen)
    assert table.still and not table.needs_redraw()
    table.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 600), rel=(1, 0), buttons=(0,) * 3)
    )
    assert table.needs_redraw()


def test_a_click_during_an_animation_says_wait(screen):
    table, sent, state = table_to_move("nar")
    move = table.legal_moves()[0]
    table.hold = 1.0  # the table is still showing the last move
    click_through(table, move)
    assert sent == [] and table.reason.text.startswith("Wait")


# ---------------------------------------------------------------------- one overlay stack


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_overlays_stack_esc_closes_the_top_one_and_input_goes_to_it(screen, game):
    from chabudai.game.tables.kit.overlays import Panel
    from chabudai.game.tables.kit.stack import Overlay

    class Sheet(Overlay):  # a new overlay, as the documented interface has it
        def __init__(self) -> None:
            super().__init__()
            self.keys: list[int] = []

        def handle(self, event) -> bool:
            if event.type == pygame.KEYDOWN:
                self.keys.append(event.key)
                return True
            return False

    table, sent, _state = table_to_move(game)
    table.panel = Panel("Round 1", lambda surface, rect: None)
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    assert table.show_help and table.panel is not None
    assert table.close_overlay()  # Esc: the help goes, the summary beneath stays
    assert not table.show_help and table.panel is not None
    sheet = table.overlays.push(Sheet())
    for move in table.legal_moves()[:1]:
        click_through(table, move)  # a click on a card goes to the sheet, not to the table
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert sheet.keys == [pygame.K_DOWN] and sent == []
    table.draw(screen)
    assert table.close_overlay() and table.overlays.top is not sheet
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1))
    assert table.panel is None and not table.overlay_open
    assert not table.close_overlay()  # nothing left: Esc may offer to leave
