"""The Nar table view: its event-built model equals every host view, tricks resolve on screen
(crown, fool discs, cards set aside), input gives moves or explained refusals, panels show the
round and the game end, and the results sheet says why the game ended."""

import copy
import random

import pygame
import pytest

from chabudai import engines
from chabudai.engines.base import Said, events_for
from chabudai.game.app import forget_cached_assets
from chabudai.game.session import Session
from chabudai.game.tables import TableContext, make_table, result_sheet
from chabudai.game.tables.kit.stack import Overlay
from chabudai.game.tables.nar import layout as lay
from chabudai.game.tables.nar.texts import end_reason
from chabudai.game.words import say
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain, play_through

ENGINE = engines.get("nar")


@pytest.fixture(scope="module")
def screen():
    """A (dummy) display: card images are converted to its format, as in the client. (An
    earlier test's App may have quit pygame: start afresh, forgetting its fonts.)"""
    pygame.init()
    forget_cached_assets()
    yield pygame.display.set_mode((1280, 720))
    forget_cached_assets()
    pygame.display.quit()


def whole_view(view):
    """Everything a view says must be rebuilt by the table from the events alone."""
    return view


ANNOUNCE = {"announcements": True}


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 1, {}), (5, 2, ANNOUNCE), (6, 3, {}), (7, 4, {**ANNOUNCE, "fools_at_7": 1}),
     (7, 7, {}), (8, 5, {}), (8, 6, ANNOUNCE)],
)  # fmt: skip
def test_event_model_matches_every_view_for_seats_and_spectator(players, seed, options):
    for seat in (0, players - 1, None):
        play_through("nar", players, seed, seat, whole_view, options, max_moves=100)


def test_a_whole_fixed_length_game_ends_on_the_results():
    table = play_through("nar", 4, 9, 2, whole_view, {"game_length": "fixed_rounds"})
    assert table.finished and table.result["winners"] and len(table.result["rounds"]) == 8
    sheet = result_sheet("nar", table.result, lambda s: f"P{s + 1}")
    assert sheet.footer.startswith("All 8 rounds played")


class Recorder:
    """A table context that records sounds and submitted moves."""

    def __init__(self) -> None:
        self.sounds: list[str] = []
        self.moves: list = []

    def context(self, seat):
        return TableContext(
            seat=seat, submit=self.moves.append, sound=self.sounds.append,
            name_of=lambda s: f"P{s + 1}" if s is not None else "Spectator",
        )  # fmt: skip


def seated(state, seat, recorder=None):
    recorder = recorder or Recorder()
    table = make_table("nar", recorder.context(seat))
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))
    drain(table)
    return table, recorder


def advance(state, want, seed=0, limit=2000):
    """Play random legal moves until ``want(state)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if want(state):
            return state
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError("no such state")


def feed(table, state, seat, move):
    events = events_for(state.apply(state.to_move[0], move), seat)
    table.apply_update(events, copy.deepcopy(state.view(seat)), host_legal(state, seat))
    return events


def step_through(table, events_wanted: str, seconds: float = 8.0):
    """Run the table frame by frame until the event ``events_wanted`` has been animated."""
    for _ in range(round(seconds * 60)):
        head = table.queue[0] if table.queue else None
        table.update(1 / 60)
        wanted = head and head[0] == "event" and head[1]["e"] == events_wanted
        if wanted and (not table.queue or table.queue[0] is not head):
            return
    raise AssertionError(f"{events_wanted} never played")


def test_a_completed_trick_crowns_its_winner_then_discs_fly_then_cards_are_set_aside():
    """R-15, R-17, R-20 on screen: the trick stays while it resolves, then goes face down."""
    state = advance(
        ENGINE.new_game(8, 2), lambda s: s.trick_no >= 2 and len(s.trick) == len(s.active) - 1
    )
    table, recorder = seated(state, 0)
    mover = state.to_move[0]
    events = feed(table, state, 0, state.legal_moves(mover)[0])
    won = next(e for e in events if e["e"] == "trick_won")
    fools = next(e for e in events if e["e"] == "fool")["seats"]
    step_through(table, "trick_won")
    assert table.showing_last
    winner_card = next(c for s, c in won["plays"] if s == won["winner"])
    key = lay.trick_key(winner_card, won["trick"], won["winner"])
    assert table.winning_key() == key
    for seat, card in won["plays"]:  # still face up on the seats
        sprite = table.stage[lay.trick_key(card, won["trick"], seat)]
        assert sprite.face and tuple(sprite.rect) == pytest.approx(table.layout.slots[seat])
    step_through(table, "fool")
    table.tweens.finish()
    assert len(fools) == 2  # two Fools at eight seats
    for disc, seat in zip(table.discs, fools, strict=True):
        assert pygame.Rect(disc).center == pygame.Rect(lay.disc_on(table.layout.slots[seat])).center
    drain(table)
    assert not table.showing_last
    for seat, card in won["plays"]:  # set aside face down on the pile
        sprite = table.stage[lay.trick_key(card, won["trick"], seat)]
        assert not sprite.face and tuple(sprite.rect) == pytest.approx(lay.PILE)
    assert {"flick", "capture", "fool"} <= set(recorder.sounds)


def test_a_released_disc_returns_to_the_middle_before_its_next_fool():
    state = advance(
        ENGINE.new_game(5, 3),
        lambda s: s.fools and len(s.trick) == len(s.active) - 1 and s.trick_no >= 2,
    )
    table, _ = seated(state, 0)
    before = pygame.Rect(table.discs[0]).center
    feed(table, state, 0, state.legal_moves(state.to_move[0])[0])
    step_through(table, "trick_won")
    table.update(1 / 60)  # the fool event starts: the disc heads for the middle first
    seen_home = False
    for _ in range(150):
        table.update(1 / 60)
        seen_home |= pygame.Rect(table.discs[0]).center == pygame.Rect(lay.DISC_HOME[0]).center
    assert before != pygame.Rect(lay.DISC_HOME[0]).center and seen_home


def test_sitting_out_dims_the_seat_and_refuses_its_clicks():
    state = advance(ENGINE.new_game(4, 4), lambda s: 0 in s.fools and s.phase == "play")
    table, recorder = seated(state, 0)
    assert lay.sitting_out(table.model, 0)
    card = table.model["hand"][0]
    table.click(lay.hit_point(table.layout, lay.hand_key(card, 0)))
    assert "you sit out this trick" in table.reason.text and recorder.moves == []
    assert table.dimmed(table.stage[table.layout.places[-1].key])


def test_illegal_click_shakes_the_card_and_says_the_rule():
    def must_follow(s) -> bool:
        if s.phase != "play" or s.current != 0 or s.lead is None:
            return False
        colours = {c[0] for c in s.hands[0] if c != "1"}
        return s.lead in colours and len(colours) > 1

    state = advance(ENGINE.new_game(4, 6), must_follow)
    table, recorder = seated(state, 0)
    card = next(c for c in table.model["hand"] if c != "1" and c[0] != table.model["lead"])
    table.click(lay.hit_point(table.layout, card))
    assert table.stage[card].shake > 0
    assert "the lead colour" in table.reason.text and recorder.moves == []
    legal = next(iter(table.legal_keys()))
    table.click(lay.hit_point(table.layout, legal))
    assert len(recorder.moves) == 1 and "play" in recorder.moves[0]


def test_keyboard_picks_a_legal_card_and_enter_plays_it():
    state = advance(ENGINE.new_game(6, 7), lambda s: s.phase == "play" and s.current == 0)
    table, recorder = seated(state, 0)
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    focused = table.keyboard_focus()
    assert focused in table.legal_keys()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert recorder.moves == [{"play": table.layout.by_key[focused].card}]


def test_l_shows_the_last_trick_and_hovering_its_tab_too():
    state = advance(ENGINE.new_game(4, 8), lambda s: s.last_trick and s.phase == "play")
    table, _ = seated(state, 1)
    assert not table.peeking()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))
    assert table.peeking()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))
    tab = pygame.Rect(lay.LAST_TAB).center
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tab, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.peeking()


def test_the_last_trick_is_on_the_overlay_stack_takes_input_and_esc_closes_only_it():
    """L puts the last trick on the one overlay stack: while it shows, a click on a playable
    card puts it away instead of playing; Esc closes it and not what lies beneath."""
    state = advance(ENGINE.new_game(4, 8), lambda s: s.last_trick and s.phase == "play")
    table, recorder = seated(state, state.current)
    beneath = table.overlays.push(Overlay())
    beneath.modal = False
    l_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0)
    table.handle(l_key)
    assert table.peek and table.peeking() and table.overlays.top is not beneath
    card = next(iter(table.legal_keys()))
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=table.point_of(card)))
    assert recorder.moves == [] and not table.peek  # the click went to the last trick
    table.handle(l_key)
    assert table.close_overlay() and not table.peek
    assert table.overlays.items == [beneath]


@pytest.mark.parametrize(("key", "declare"), [(pygame.K_y, True), (pygame.K_n, False)])
def test_announcement_by_key_or_button(key, declare):
    state = ENGINE.new_game(5, 9, {"announcements": True})
    seat = state.to_move[0]
    table, recorder = seated(state, seat)
    assert table.announcing()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    assert recorder.moves == [{"declare": declare}]
    table.rejected("")  # the host refused: ask again, now by a click
    (point,) = table.clicks_for({"declare": not declare})
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    assert recorder.moves[-1] == {"declare": not declare}


def test_round_end_shows_the_summary_then_the_next_deal(screen):
    state = advance(
        ENGINE.new_game(6, 10),
        lambda s: s.phase == "play" and any(len(h) == 1 for h in s.hands)
        and len(s.trick) == len(s.active) - 1,
    )  # fmt: skip
    table, recorder = seated(state, 0)
    rng = random.Random(1)
    while table.model["round"] == state.round and not state.is_over:
        events = feed(table, state, 0, rng.choice(state.legal_moves(state.to_move[0])))
        if any(e["e"] == "round_end" for e in events):
            break
    step_through(table, "round_end")
    assert table.panel is not None and table.panel.title.startswith("Round ")
    for _ in range(40):  # rows appear seat by seat
        table.update(1 / 20)
        table.draw(screen)
    assert table.blocked  # the next deal waits for the summary
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1))
    assert table.panel is None
    drain(table)
    assert table.model == state.view(0)
    assert recorder.sounds.count("round_won") + recorder.sounds.count("place") >= 1


def test_every_state_draws(screen):
    """Draw the table from several viewers through a round (nothing raises)."""
    for players, options in ((4, {}), (8, {"announcements": True})):
        state = ENGINE.new_game(players, 11, options)
        tables = [seated(state, seat)[0] for seat in (0, 3, None)]
        rng = random.Random(11)
        for _ in range(40):
            seat = state.to_move[0]
            events = state.apply(seat, rng.choice(state.legal_moves(seat)))
            for table in tables:
                table.apply_update(
                    events_for(events, table.me),
                    copy.deepcopy(state.view(table.me)),
                    host_legal(state, table.me),
                )
                table.update(0.3)
                table.draw(screen)
                table.panel = None


def test_end_reason_follows_r_25_and_the_fixed_length():
    """R-T12 and option game_length: why the game ended, for the banner and the results."""
    name = {0: "P1", 1: "P2", 2: "P3", 3: "P4", 4: "P5"}.get
    rounds = [{"points": [-81, 24, -10, 24, 11], "scored_plus10": [False] * 5}]
    assert end_reason([-81, 24, -10, 24, 11], [0] * 5, rounds, name) == (
        "P1 (-81) is at -80 or below: the game ends."
    )
    six = [{"points": [0, 10, 0, 0, 0], "scored_plus10": [False, True, False, False, False]}] * 6
    assert end_reason([0, 60, 0, 0, 0], [0, 6, 0, 0, 0], six, name) == (
        "P2 went out for the sixth time."
    )
    fixed = [{"points": [-1, 1, 0, 0, 0], "scored_plus10": [False] * 5}] * 10
    assert end_reason([-10, 10, 0, 0, 0], [0] * 5, fixed, name).startswith("All 10 rounds")


def test_result_sheet_lists_rounds_by_seat_with_the_reason():
    state = ENGINE.new_game(5, 12, {"announcements": True})
    rng = random.Random(12)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    result = state.result()
    sheet = result_sheet("nar", result, lambda s: f"P{s + 1}")
    assert len(sheet.rows) == len(result["rounds"]) and len(sheet.totals) == 5
    for (label, cells, note), entry in zip(sheet.rows, result["rounds"], strict=True):
        assert label == str(entry["round"]) and len(cells) == 5
        assert [int(c.rstrip("*")) for c in cells] == entry["points"]
        assert note.startswith("out")
    assert sheet.totals == [str(s) for s in result["scores"]]
    assert any(w in sheet.footer for w in ("the game ends", "sixth time", "rounds played"))


def test_bots_of_the_same_level_are_told_apart():
    session = Session()
    session.lobby = {"seats": [
        {"seat": 0, "kind": "human", "name": "Aiko"},
        {"seat": 1, "kind": "bot", "level": "normal"},
        {"seat": 2, "kind": "bot", "level": "hard"},
        {"seat": 3, "kind": "bot", "level": "normal"},
    ]}  # fmt: skip
    names = [session.seat_name(s) for s in range(4)]
    assert names == ["Aiko", "Normal bot 2", "Hard bot", "Normal bot 4"]


def test_cached_strips_of_backs_look_like_the_cards_drawn_one_by_one(screen, monkeypatch):
    """The eight-seat table draws resting hands of backs as one image per seat (for speed)."""
    state = advance(ENGINE.new_game(8, 13), lambda s: s.trick_no >= 2 and s.phase == "play")
    table, _ = seated(state, 0)
    table.update(1 / 60)
    table.draw(screen)
    cached = screen.copy()
    backs = {p.key for p in table.layout.places if p.zone == "back"}
    assert backs and backs <= table.draw_resting(pygame.Surface((1280, 720)))
    monkeypatch.setattr(table, "draw_resting", lambda surface: set())
    table.draw(screen)
    one_by_one = screen.copy()
    for spot in table.layout.ring[1:]:
        area = pygame.Rect(spot.hand).inflate(16, 16)
        a = pygame.image.tobytes(cached.subsurface(area), "RGB")
        b = pygame.image.tobytes(one_by_one.subsurface(area), "RGB")
        # (shadows blended into the strip first differ by a few levels where they overlap)
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 16, spot.seat


def test_result_notes_name_who_went_out_and_stay_short():
    from chabudai.game.tables.nar.texts import out_note

    def entry(out, fooled=()):
        return {"out": out, "scored_plus10": [s in out and s not in fooled for s in range(5)]}

    name = {0: "Aiko", 1: "Kenji", 2: "Random bot 3", 3: "Random bot 4", 4: "Mira"}.get
    assert out_note(entry([1]), name) == "out: Kenji"
    assert out_note(entry([1, 4], fooled=[4]), name) == "out: Kenji and Mira (Fool)"
    assert out_note(entry([0, 1, 3], fooled=[1]), name) == "3 went out (1 as Fool)"


def test_the_move_log_follows_the_trick():
    state = advance(ENGINE.new_game(5, 14), lambda s: s.trick_no >= 2 and not s.trick)
    table, _ = seated(state, 0)
    rng = random.Random(14)
    plays = []
    while True:
        seat = state.to_move[0]
        move = rng.choice(state.legal_moves(seat))
        events = feed(table, state, 0, move)
        plays.append((seat, move["play"]))
        for _ in range(600):  # as the client runs it: the queue plays, the log fills
            table.update(1 / 30)
            if table.idle:
                break
        if any(e["e"] == "trick_won" for e in events):
            break
    won = next(e for e in events if e["e"] == "trick_won")
    fools = next(e for e in events if e["e"] == "fool")["seats"]
    who = ["You" if s == 0 else f"P{s + 1}" for s in range(5)]
    expected = [f"{who[s]} played {card_name(c)}" for s, c in plays]
    expected += [f"{who[won['winner']]} won trick {won['trick']}"]
    expected += [f"Fool: {who[fools[0]]}"]
    assert table.log.lines[-table.log.size :] == expected[-table.log.size :]


def card_name(card: str) -> str:
    """How the move log names a Nar card (engines/describe.py)."""
    return say(Said("nar.played", {"seat": 0, "card": card})).removeprefix("Seat 0 played ")


def test_card_names_say_colour_and_value():
    assert card_name("G12") == "green 12" and card_name("B2") == "blue 2"
    assert card_name("1") == "white 1"


def test_a_new_game_is_dealt_from_the_dealers_seat_and_a_later_snapshot_is_not():
    recorder = Recorder()
    state = ENGINE.new_game(6, 15)
    table = make_table("nar", recorder.context(0))
    table.snapshot(state.view(0), host_legal(state, 0))
    origin = table.deck_rect()
    dealer = table.layout.ring[state.dealer].badge
    assert pygame.Rect(dealer).contains(pygame.Rect(origin))
    assert table.blocked and recorder.sounds == ["shuffle"]
    assert all(sprite.moving for sprite in table.stage.sprites.values())
    later = advance(state, lambda s: s.trick_no >= 2)
    table.snapshot(later.view(0), host_legal(later, 0))
    assert not table.blocked and not any(s.moving for s in table.stage.sprites.values())
