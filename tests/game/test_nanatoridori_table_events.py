"""The Nanatoridori table view: its event-built model equals every host view, and the player's
input (clicks, hover, drag, keys) makes the moves of rules/nanatoridori.md.

Whole seeded games are played on the engine; the table is fed only the events each seat may see
and, before it settles on each new view, its own model must already equal that view — every key
of it — with every card's sprite where the layout puts it, and no card key rebuilt.
"""

from __future__ import annotations

import pygame
import pytest

from chabudai import engines
from chabudai.engines.nanatoridori.rules import plays
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import Panel
from chabudai.game.tables.kit.stack import LookOverlay, Overlay
from chabudai.game.tables.nanatoridori import layout as lay
from chabudai.game.tables.nanatoridori.texts import help_text, result_sheet, standing
from chabudai.tools.screenshot import host_legal
from tests.engines.nanatoridori.helpers import DUEL, position
from tests.game.table_helpers import drain, play_through

ENGINE = engines.get("nanatoridori")


def whole(view):
    return view


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seat", ["first", "last", None])
def test_event_model_matches_every_view(players, seat):
    """The first 120 moves of a game (basic scoring for the first seat, advanced for the others)."""
    scoring = "basic" if seat == "first" else "advanced"
    seat = {"first": 0, "last": players - 1}.get(seat)
    table = play_through(
        "nanatoridori", players, players, seat, whole, {"scoring": scoring}, max_moves=120
    )
    assert table.resyncs == 0


@pytest.mark.parametrize("seat", [0, 1, None])
def test_whole_two_player_games_are_followed_to_their_end(seat):
    """N-T16: the standard game with two (a pass clears the trick); §8: the duel's reserve
    cards in plays and passes, eliminations (N-30), its rounds and end."""
    for two_player, seed, scoring in (
        ("standard", 0, "basic"),
        ("duel", 1, "basic"),
        ("duel", 2, "advanced"),
    ):
        options = {"scoring": scoring, "two_player": two_player}
        table = play_through("nanatoridori", 2, seed, seat, whole, options)
        assert table.resyncs == 0 and table.finished


def test_a_whole_three_player_game_is_followed_to_its_end():
    """Outs, round ends, the next deals and the game end (N-19 to N-26), advanced scoring."""
    table = play_through("nanatoridori", 3, 23, 1, whole, {"scoring": "advanced"})
    assert table.resyncs == 0 and table.finished
    assert table.model["over"] and table.model["winners"]
    assert len(table.model["history"]) >= 3


moves_sent: list = []


def table_for(state, seat):
    moves_sent.clear()
    table = make_table("nanatoridori", TableContext(seat=seat, submit=moves_sent.append))
    table.snapshot(state.view(seat), host_legal(state, seat))
    drain(table)
    return table


def mouse(table, kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    else:
        event = pygame.event.Event(kind, pos=pos, button=button)
    table.handle(event)


def press(table, key):
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))


def test_an_illegal_pick_shakes_and_says_the_rule():
    """N-T1 in words: two 5s do not beat three 2s."""
    state = position(hands=[[5, 5, 1], [2, 2, 2, 3]], current=0, area=(3, 2), owner=1)
    table = table_for(state, 0)
    key = table.layout.hand_keys[0]
    table.click(lay.hand_point(table.layout, 0))
    assert table.stage[key].shake > 0
    assert table.reason.text == "Two 5s do not beat three 2s: more cards beat fewer"
    assert not moves_sent and not table.awaiting


def test_click_hover_click_plays_the_block_and_drag_plays_it_too():
    state = position(hands=[[3, 5, 5, 5, 1], [4, 4]], current=0, area=(2, 4), owner=1)
    table = table_for(state, 0)
    first, last = lay.hand_point(table.layout, 1), lay.hand_point(table.layout, 3)
    mouse(table, pygame.MOUSEBUTTONDOWN, first)
    mouse(table, pygame.MOUSEBUTTONUP, first)
    assert table.pick.block == (1, 1) and not moves_sent
    mouse(table, pygame.MOUSEMOTION, last)
    assert table.pick.block == (1, 3)  # the pick follows the mouse along the block
    assert (
        table.lift_target(
            table.layout.hand_keys[2],
            table.layout.place(table.layout.hand_keys[2]),
            table.legal_keys(),
            None,
        )
        == 2 * lay.LIFT
    )
    mouse(table, pygame.MOUSEBUTTONDOWN, last)
    assert moves_sent == [{"play": [1, 3]}] and table.awaiting
    # a drag across two of the 5s plays them on release
    table = table_for(state, 0)
    mouse(table, pygame.MOUSEBUTTONDOWN, lay.hand_point(table.layout, 2))
    mouse(table, pygame.MOUSEMOTION, lay.hand_point(table.layout, 3))
    mouse(table, pygame.MOUSEBUTTONUP, lay.hand_point(table.layout, 3))
    assert moves_sent == [{"play": [2, 2]}]


def test_a_right_click_drops_the_pick_and_dark_cards_cannot_be_played():
    state = position(hands=[[3, 5, 5, 1], [4, 4]], current=0, area=(2, 4), owner=1)
    table = table_for(state, 0)
    mouse(table, pygame.MOUSEBUTTONDOWN, lay.hand_point(table.layout, 1))
    assert table.pick.block is not None
    mouse(table, pygame.MOUSEBUTTONDOWN, (640, 400), button=3)
    assert table.pick.block is None
    dark = [table.dimmed(table.stage[k]) for k in table.layout.hand_keys]
    assert dark == [True, False, False, True]  # N-T2: only the 55 beats 44


def test_keys_pick_a_set_and_play_it():
    state = position(hands=[[3, 5, 5, 1], [4, 4]], current=0, area=(2, 4), owner=1)
    table = table_for(state, 0)
    press(table, pygame.K_TAB)  # the focus moves over the glowing cards: the second 5
    assert table.keyboard_focus() == table.layout.hand_keys[2]
    press(table, pygame.K_RETURN)  # pick it
    assert table.pick.block == (2, 1)
    press(table, pygame.K_LEFT)  # the pick follows the focus to the first 5
    assert table.pick.block == (1, 2)
    press(table, pygame.K_RETURN)
    assert moves_sent == [{"play": [1, 2]}]


def test_placing_opens_the_gaps_previews_and_inserts():
    """N-T4: after 111 beats 77, hovering gap 3 previews 777; the click inserts there."""
    state = position(hands=[[7, 3, 1, 1, 1, 7], [2, 2], [4]], current=0, area=(2, 7), owner=1)
    state.apply(0, {"play": [2, 3]})
    table = table_for(state, 0)
    zone = lay.center(table.layout.gaps[3])
    mouse(table, pygame.MOUSEMOTION, zone)
    assert table.gap == 3 and len(table.layout.preview) == 3
    assert table.layout.hand_keys[2] in table.legal_keys()  # the 7 already there glows too
    ghosts = [p for p in table.layout.places if p.zone == "preview"]
    assert len(ghosts) == 2
    mouse(table, pygame.MOUSEBUTTONDOWN, zone)
    assert moves_sent == [{"insert": 3}]
    table = table_for(state, 0)
    press(table, pygame.K_TAB)
    press(table, pygame.K_LEFT)
    assert table.gap == 0  # the keys walk the gaps, previewing each
    assert table.layout.preview
    table.click(lay.center(lay.ACTION_BUTTON))
    assert moves_sent == [{"discard": True}]


def test_a_duel_reserve_card_joins_by_clicking_it():
    """N-T14: hand [2,5,5,7], reserve {3,5} against 44: 55 plus the reserve 5."""
    state = position(
        hands=[[2, 5, 5, 7], [1, 1, 3]],
        reserves=[[3, 5], [6, 6]],
        current=0,
        area=(2, 4),
        owner=1,
        options=DUEL,
    )
    table = table_for(state, 0)
    five = table.layout.reserve_keys[0][1]
    table.click(lay.center(table.layout.place(five).rect))
    assert table.pick.reserve == (1,)
    place = table.layout.place(five)
    assert table.lift_target(five, place, table.legal_keys(), None) > 0
    for pos in table.clicks_for({"play": [1, 2], "reserve": 1})[1:]:
        mouse(table, pygame.MOUSEMOTION, pos)
        table.click(pos)
    assert moves_sent == [{"play": [1, 2], "reserve": 1}]


@pytest.mark.usefixtures("app")  # drawing needs a live display and fonts
def test_the_discard_pile_opens_by_value():
    state = position(hands=[[1, 1, 2], [3]], current=0, area=(2, 7), owner=1, pile=[])
    table = table_for(state, 0)
    table.click(lay.center(table.layout.discard_pile))
    look = table.overlays.find(LookOverlay)
    assert look is not None and look.panel.title == "The discard pile"
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # the panel draws the pile's counts
    mouse(table, pygame.MOUSEBUTTONDOWN, (10, 10))
    assert not table.overlay_open


@pytest.mark.usefixtures("app")
def test_the_discard_look_is_on_the_overlay_stack_takes_input_and_esc_closes_only_it():
    """N-7: the look at the discard pile takes the clicks while open (a hand card is not
    picked), the table's events wait, a round summary goes on top of it, and Esc closes the
    top one only."""
    state = position(hands=[[1, 1, 2], [3]], current=0, area=(2, 7), owner=1, pile=[])
    table = table_for(state, 0)
    beneath = table.overlays.push(Overlay())
    beneath.modal = False
    table.click(lay.center(table.layout.discard_pile))
    assert table.overlay_open and table.blocked and table.panel is None
    card = table.layout.hand_keys[0]
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=table.point_of(card)))
    assert table.pick.anchor is None and table.overlays.find(LookOverlay) is None
    table.click(lay.center(table.layout.discard_pile))
    table.panel = Panel("Round 1", lambda surface, rect: None)
    assert table.overlays.find(LookOverlay) is not None and table.panel.title == "Round 1"
    assert table.close_overlay() and table.panel is None
    assert table.close_overlay() and table.overlays.items == [beneath]


def ending_state(players: int, options: dict | None = None):
    """A seeded state one play from the end of a round (the mover can go out, leaving one)."""
    import random

    for seed in range(200):
        state = ENGINE.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            hand = state.hands[state.current]
            outs = [p for p in plays(hand, state.area) if p[1] == len(hand)]
            if state.phase == "play" and state.out.count(False) == 2 and outs:
                return state, {"play": [outs[0][0], outs[0][1]]}
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError("no round end found")


@pytest.mark.usefixtures("app")  # drawing needs a live display and fonts
@pytest.mark.parametrize("scoring", ["basic", "advanced"])
def test_the_round_summary_shows_the_order_and_the_penguin_or_the_points(scoring):
    from chabudai.engines.base import events_for

    state, move = ending_state(3, {"scoring": scoring})
    table = table_for(state, 0)
    events = state.apply(state.current, move)
    table.apply_update(events_for(events, 0), state.view(0), host_legal(state, 0))
    round_end = next(e for e in events if e["e"] == "round_end")
    while table.panel is None:
        table.step_queue()
        table.hold = 0
        table.banner = None
    assert table.panel.title == f"Round {round_end['round']}"
    order = standing({k: v for k, v in round_end.items() if k != "e"}, 3)
    assert order[-1] == (round_end["loser"], "last")
    assert [s for s, _ in order[:-1]] == round_end["finish"]
    table.draw(pygame.Surface((1280, 720)))
    table.update(0.8)
    assert 0 < table.fall <= 1  # the lost penguin slides off (basic) while the panel shows


def test_result_sheets_list_penguins_or_points_per_round():
    def name(seat):
        return f"P{seat}"

    basic = {
        "scores": [0, 2, 1],
        "winners": [1, 2],
        "rounds": [
            {"round": 1, "finish": [1, 2], "loser": 0, "how": "last", "penguins": [1, 2, 2]},
            {"round": 2, "finish": [1, 0], "loser": 2, "how": "last", "penguins": [1, 2, 1]},
            {"round": 3, "finish": [2, 1], "loser": 0, "how": "last", "penguins": [0, 2, 1]},
        ],
    }
    sheet = result_sheet(basic, name)
    assert sheet.rows[0] == ("1", ["1 (−1)", "2", "2"], "P1 out first")
    assert sheet.totals == ["0", "2", "1"] and sheet.total_label == "Penguins left"
    assert "P0 lost both penguins" in sheet.footer
    advanced = {
        "scores": [10, 12, 6],
        "winners": [0, 1],
        "rounds": [
            {"round": 1, "finish": [1, 0], "loser": 2, "how": "last", "points": [2, 4, 0],
             "totals": [2, 4, 0]},
        ],
    }  # fmt: skip
    sheet = result_sheet(advanced, name)
    assert sheet.rows[0] == ("1", ["+2", "+4", "0"], "")
    assert sheet.totals == ["10", "12", "6"] and "P0 and P1 win" in sheet.footer


def test_help_covers_the_scoring_in_play_and_the_duel():
    duel = help_text({"scoring": "advanced", "advanced_win": "all_at_10"}, duel=True)
    assert "Duel" in duel and "everyone at 10 or more wins" in duel
    basic = help_text({"scoring": "basic"}, duel=False)
    assert "penguin" in basic and "Duel" not in basic and "draw the top card" in basic
