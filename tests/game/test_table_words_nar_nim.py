"""Issue 28: every word the Nar and Nimalia tables draw goes through the catalogues.

Under the stand-in language of :func:`chabudai.i18n.use_pseudo` every translated text reads
``‹source›``: an eight-seat Nar table and a four-seat Nimalia table are played through (the
announcement, pop-ups, the last trick, the help, the score sheet, the round summaries, the
zooms, the game end), every text drawn is recorded, and a text without the marks — other than
names, numbers and punctuation — is a string that never went through the catalogues. The
results sheets are held to the same. No rule id ("(R-", "(M-", "§") is drawn either.
"""

from __future__ import annotations

import copy
import random
import re

import pygame
import pytest

from chabudai import engines, i18n
from chabudai.engines.base import events_for
from chabudai.game import theme
from chabudai.game.app import forget_cached_assets
from chabudai.game.tables import TableContext, make_table, result_sheet
from chabudai.game.tables.nar import texts as nar_texts
from chabudai.game.tables.nimalia import texts as nim_texts
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain, record_texts

NAMES = ["Aiko", "Kenji", "Mira", "Omar", "Tomas", "Yuki", "Lena", "Piet"]
PUNCTUATION = re.compile(r"[\d\s+\-−–·:/,.()*×x%…'‹›?!]*")
RULE_ID = re.compile(r"\((?:R|M|N|K)-|§|\b[RMNK]-\d")


def name_of(seat: int | None) -> str:
    return NAMES[seat] if seat is not None else ""


@pytest.fixture
def pseudo():
    """The stand-in language on a live (dummy) display; English again afterwards."""
    pygame.init()
    forget_cached_assets()
    theme.clear_cache()
    i18n.use_pseudo()
    yield pygame.display.set_mode((1280, 720))
    i18n.set_language("en")
    theme.clear_cache()
    forget_cached_assets()


def only_names(text: str) -> bool:
    """A text of names, numbers and punctuation only (or a single letter: a key, an initial)."""
    rest = text
    for name in sorted(NAMES, key=len, reverse=True):
        rest = rest.replace(name, "")
    return bool(PUNCTUATION.fullmatch(rest)) or bool(re.fullmatch(r"[A-Z]\d?", text.strip()))


def untranslated(texts: list[str]) -> list[str]:
    """The texts drawn without passing through the catalogues. A wrapped message is drawn a
    line at a time: its first line opens ‹ and its last closes ›, the lines between carry
    neither, so a line counts as translated while a message is open."""
    bad, open_marks = [], 0
    for text in texts:
        opens, closes = text.count("‹"), text.count("›")
        if not (opens or closes or open_marks > 0 or only_names(text)):
            bad.append(text)
        open_marks = max(0, open_marks + opens - closes)
    return bad


class Screens:
    """Everything a table drew, screen by screen (a screen: one ``draw``)."""

    def __init__(self, monkeypatch, table, surface) -> None:
        self.recorded = record_texts(monkeypatch)
        self.table, self.surface = table, surface
        self.screens: dict[str, list[str]] = {}
        self.banners: list[str] = []

    def draw(self, what: str) -> None:
        self.recorded.clear()
        self.table.draw(self.surface)
        drawn = self.screens.setdefault(what, [])
        drawn.extend(text for text, _rect in self.recorded)
        banner = self.table.banner  # its title is drawn scaled, not through draw_text
        if banner is not None:
            drawn.append(banner.text)
            self.banners.append(banner.text)

    def key(self, key: int, what: str) -> None:
        """Press ``key``, draw what it opened, close it again."""
        self.table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        self.table.update(0.05)
        self.draw(what)
        self.table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))

    def play_out(self, what: str, dt: float = 0.15, frames: int = 400) -> None:
        """Run the table's queue frame by frame, drawing each frame; a panel (a round summary)
        is drawn once all its rows are in, then clicked away."""
        for _frame in range(frames):
            self.table.update(dt)
            panel = self.table.panel
            if panel is not None:
                for _wait in range(40):  # the summary counts in row by row
                    self.table.update(0.25)
                self.draw("round summary")
                click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1)
                self.table.handle(click)
                continue
            self.draw(what)
            if self.table.idle:
                return

    def check(self) -> None:
        assert self.screens
        for what, texts in self.screens.items():
            assert texts, what
            assert not untranslated(texts), (what, untranslated(texts))
            assert not [t for t in texts if RULE_ID.search(t)], what


def check_sheet(sheet) -> None:
    """A results sheet: its headings, notes and footer all translated."""
    assert "‹" in sheet.round_label and "‹" in sheet.total_label
    for label, _cells, note in sheet.rows:
        assert not untranslated([label, note]), (label, note)
    if sheet.footer:
        assert "‹" in sheet.footer and not RULE_ID.search(sheet.footer)


def seated(game: str, state, seat: int):
    ctx = TableContext(seat=seat, submit=lambda move: None, name_of=name_of, speed=lambda: 4.0)
    table = make_table(game, ctx)
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))
    return table


def feed(table, state, seat: int, mover: int, move) -> list[dict]:
    events = state.apply(mover, move)
    table.apply_update(
        events_for(events, seat), copy.deepcopy(state.view(seat)), host_legal(state, seat)
    )
    return events


def test_an_eight_seat_nar_table_draws_only_translated_words(pseudo, monkeypatch):
    engine = engines.get("nar")
    state = engine.new_game(8, 21, {"announcements": True})
    table = seated("nar", state, 0)
    screens = Screens(monkeypatch, table, pseudo)
    screens.play_out("the deal")
    rng = random.Random(21)
    moves = rounds = 0
    peeked = False
    while not state.is_over:
        mover = state.to_move[0]
        if mover == 0 and state.phase == "announce":
            screens.draw("the announcement")
        move = rng.choice(state.legal_moves(mover))
        events = feed(table, state, 0, mover, move)
        moves += 1
        ends_round = any(e["e"] == "round_end" for e in events)
        if moves <= 40 or ends_round and rounds < 2 or state.is_over:
            screens.play_out("the table")  # pop-ups, the trick resolving, the summary
        else:
            drain(table)
        rounds += ends_round
        if not peeked and table.model.get("last_trick") and not table.showing_last:
            screens.key(pygame.K_l, "the last trick")
            screens.key(pygame.K_F1, "the help")
            screens.key(pygame.K_s, "the score sheet")
            peeked = True
        # a card that may not be played now: its refusal in words
        mine = state.to_move[:1] == [0] and state.phase == "play"
        if mover != 0 and mine and moves < 200:
            hand = [p for p in table.layout.places if p.zone == "hand"]
            illegal = [p for p in hand if p.key not in table.legal_keys()]
            if illegal:
                x, y, w, _h = illegal[0].rect
                click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 5, y + 40), button=1)
                table.handle(click)
                table.update(0.05)
                screens.draw("a refused card")
    table.game_over(state.result())
    screens.play_out("the game end")
    screens.key(pygame.K_s, "the final score sheet")
    assert {"the announcement", "the last trick", "the help", "round summary"} <= set(
        screens.screens
    )
    assert any("win" in banner for banner in screens.banners), screens.banners
    screens.check()
    check_sheet(result_sheet("nar", state.result(), name_of))


def test_nar_words_follow_the_language_and_glue_no_english():
    """Names are listed in the language, "is"/"are" are whole messages, colours have their
    context, and the help page is joined from its translated parts."""
    i18n.use_pseudo()
    try:
        assert nar_texts.names([0, 1, 2], name_of) == "‹Aiko‹, ›Kenji and Mira›"
        rounds = [{"points": [-81, 3, 4], "scored_plus10": [False] * 3}]
        low = nar_texts.end_reason([-81, 3, 4], [0, 0, 0], rounds, name_of)
        assert low.startswith("‹") and " is " in low and "are" not in low
        assert nar_texts.colour_name("R") == "‹red›"
        assert nar_texts.help_text().count("‹") == 3
    finally:
        i18n.set_language("en")
    assert nar_texts.names([0, 1, 2], name_of) == "Aiko, Kenji and Mira"
    assert nar_texts.help_text().startswith(nar_texts.HELP_TEXT)


def test_a_four_seat_nimalia_table_draws_only_translated_words(pseudo, monkeypatch):
    engine = engines.get("nimalia")
    state = engine.new_game(4, 23)
    table = seated("nimalia", state, 0)
    screens = Screens(monkeypatch, table, pseudo)
    screens.play_out("the deal")
    screens.draw("your turn")
    rng = random.Random(23)
    moves = 0
    while not state.is_over:
        mover = rng.choice(state.to_move)
        feed(table, state, 0, mover, rng.choice(state.legal_moves(mover)))
        moves += 1
        screens.play_out("the table", dt=0.2)
        if moves == 6:
            screens.key(pygame.K_z, "a reserve up close")
            screens.key(pygame.K_o, "an objective up close")
            screens.key(pygame.K_F1, "the help")
            screens.key(pygame.K_s, "the score sheet")
            table.hover_objective = 1  # an objective under the mouse
            screens.draw("an objective under the mouse")
            table.hover_objective = None
            if table.acting():  # a ghost where it may not go: the reason in words
                table.anchor = (0, 0)
                screens.draw("a ghost that may not go there")
                table.anchor = None
    table.game_over(state.result())
    screens.play_out("the game end")
    assert "round summary" in screens.screens
    assert any("Round 2" in banner for banner in screens.banners), screens.banners
    assert any("win" in banner for banner in screens.banners), screens.banners
    screens.check()
    check_sheet(result_sheet("nimalia", state.result(), name_of))


def test_nimalia_words_follow_the_language():
    i18n.use_pseudo()
    try:
        assert nim_texts.colour_name("blue") == "‹Blue›"
        assert nim_texts.objective_text(5).startswith("‹") and nim_texts.objective_name(5)[0] == "‹"
        tied = nim_texts.tiebreak_note([40, 40], [0], [6, 5], name_of)
        assert tied.startswith("‹Tied at 40 points: Aiko wins")
        assert nim_texts.help_text().count("‹") == 3
    finally:
        i18n.set_language("en")
    assert nim_texts.tiebreak_note([40, 40], [0], [6, 5], name_of) == (
        "Tied at 40 points: Aiko wins the tie-break with 6 spaces of one animal against 5."
    )
