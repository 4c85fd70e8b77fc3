"""Issue 28: every text the Koi-Koi and the Nanatoridori tables draw goes through the catalogues.

Under :func:`chabudai.i18n.use_pseudo` every translated text reads ``‹source›``; a table played
some moves in, with its help, its yaku sheet, the score sheet, a round (deal) summary, the
stop / koi-koi dialog and the results sheet open, must draw no text without the marks — only
names, numbers, punctuation and card ranks may go untranslated."""

from __future__ import annotations

import copy
import random
import re
from functools import partial

import pygame
import pytest

from chabudai import engines, i18n
from chabudai.engines.base import events_for
from chabudai.game import theme
from chabudai.game.app import forget_cached_assets
from chabudai.game.tables import TableContext, make_table, result_sheet
from chabudai.game.tables.kit import overlays
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.overlays import ScoreSheet
from chabudai.game.tables.kit.stack import ScoreSheetOverlay
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain, record_texts

NAMES = ["Tester", "Normal bot 2", "Alexandrina", "Normal bot 4", "Normal bot 5", "Hard bot 6"]


@pytest.fixture
def screen():
    pygame.init()
    forget_cached_assets()
    yield pygame.display.set_mode((1280, 720))
    forget_cached_assets()


TRANSLATED: list[str] = []  # every text the pseudo language gave out (a line may be a piece)


class Recording(i18n.PseudoTranslation):
    def gettext(self, message: str) -> str:
        return self._keep(super().gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._keep(super().ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._keep(super().pgettext(context, message))

    @staticmethod
    def _keep(text: str) -> str:
        TRANSLATED.append(text)
        return text


@pytest.fixture
def pseudo():
    theme.clear_cache()
    i18n.use_pseudo()
    i18n._current = Recording()  # set_language("en") below puts English back
    TRANSLATED.clear()
    yield
    i18n.set_language("en")
    theme.clear_cache()


def untranslated(texts: list[tuple[str, pygame.Rect]]) -> list[str]:
    """The drawn texts that did not go through the catalogues (names, digits, punctuation and
    card ranks aside). A line of a wrapped text (a help page) is a piece of a translated one."""
    bad = []
    pieces = "\n".join(TRANSLATED).replace(kit_text.NBSP, " ")
    for text, _rect in texts:
        line = text.replace(kit_text.NBSP, " ").strip()
        # a line of a long wrapped text (a short one only as the end of a paragraph)
        ends = line + "\n" in pieces or line + "›" in pieces
        wrapped = line in pieces and (len(line) >= 20 or ends)
        if "‹" in text or "›" in text or wrapped:
            continue
        rest = line
        for name in sorted(NAMES, key=len, reverse=True):
            rest = rest.replace(name, "")
        if re.search(r"[^\W\d_]", rest):  # a letter left: a word nobody translated
            bad.append(text)
    return bad


def context(players: int) -> TableContext:
    return TableContext(
        seat=0, submit=lambda move: None, name_of=lambda s: NAMES[s],
        kind_of=lambda s: "human" if s in (0, 2) else "bot",
        seat_info=lambda s: {} if s in (0, 2) else {"kind": "bot", "level": "normal"},
    )  # fmt: skip


def play(game: str, players: int, seed: int, until, max_moves: int = 4000, options=None):
    """A seeded random game fed to a table seen by seat 0 until ``until(state, events)``;
    returns the table, the engine state and every event seat 0 saw."""
    engine = engines.get(game)
    state = engine.new_game(players, seed, options)
    table = make_table(game, context(players))
    table.snapshot(copy.deepcopy(state.view(0)), host_legal(state, 0))
    drain(table)
    rng = random.Random(seed)
    seen: list[dict] = []
    for _move in range(max_moves):
        if state.is_over or until(state, seen):
            break
        mover = state.to_move[0]
        events = events_for(state.apply(mover, rng.choice(state.legal_moves(mover))), 0)
        seen += events
        table.apply_update(events, copy.deepcopy(state.view(0)), host_legal(state, 0))
        drain(table)
    return table, state, seen


def draw_all(table, screen, drawn) -> None:
    """The table, then each overlay of it on its own."""
    table.draw(screen)
    table.show_help = True
    table.draw(screen)
    table.show_help = False
    if table.reference_key is not None:
        table.show_reference = True
        table.draw(screen)
        table.show_reference = False
    table.overlays.replace(ScoreSheetOverlay, ScoreSheetOverlay(ScoreSheet.of_table(table)))
    table.draw(screen)
    table.overlays.replace(ScoreSheetOverlay, None)


def test_koikoi_table_draws_only_translated_words(screen, pseudo):
    def deciding(state, seen):
        view = state.view(0)
        return view.get("phase") == "decide" and 0 in view.get("to_move", [])

    for seed in range(1, 40):  # a deal where seat 0 makes yaku: its stop / koi-koi question
        table, state, seen = play("koikoi", 2, seed, deciding)
        if table.deciding():
            break
    drawn = record_texts(pytest.MonkeyPatch())
    with pytest.MonkeyPatch.context() as patch:
        drawn = record_texts(patch)
        assert table.deciding()
        draw_all(table, screen, drawn)
        table.say("Wait for your turn.")  # a refusal's reason in the message slot
        table.draw(screen)
        # the deal summary of a deal played to its end, and a drawn deal's
        rest, state, seen = play("koikoi", 2, seed + 1, lambda state, seen: False)
        ends = [e for e in seen if e.get("e") == "deal_end"]
        assert ends
        for ev in ends[:3]:
            rest.effect_deal_end(dict(ev))
            rest.draw(screen)
        rest.effect_deal_end({"e": "deal_end", "deal": 1, "winner": None, "yaku": [],
                              "koikoi_calls": [1, 0], "scores": [0, 0]})  # fmt: skip
        rest.draw(screen)
        for kind in ("koikoi", "stop", "hand_bonus", "redeal"):
            ev = {"e": kind, "seat": 1, "points": 7, "kind": "teshi", "cards": []}
            if kind == "redeal":
                ev = next((e for e in seen if e.get("e") == "redeal"), None)
                if ev is None:
                    continue
            getattr(rest, f"effect_{kind}")(ev)
            rest.draw(screen)
            rest.banner = None
        sheet = result_sheet("koikoi", state.result(), lambda s: NAMES[s])
        overlays.draw_result_sheet(screen, sheet, NAMES[:2])
    assert drawn
    assert not untranslated(drawn), untranslated(drawn)


def test_nanatoridori_six_seats_draw_only_translated_words(screen, pseudo):
    def round_over(state, seen):
        return any(e.get("e") == "round_end" for e in seen)

    with pytest.MonkeyPatch.context() as patch:
        drawn = record_texts(patch)
        table, state, seen = play("nanatoridori", 6, 3, lambda state, seen: len(seen) > 40)
        draw_all(table, screen, drawn)
        table.show_discard()
        table.draw(screen)
        table.overlays.items.clear()
        table.say("Wait for your turn.")
        table.draw(screen)
        duel, state, seen = play(
            "nanatoridori", 2, 3, lambda state, seen: len(seen) > 30, options={"two_player": "duel"}
        )
        assert duel.model.get("duel")  # two players: the duel, with its reserve cards
        draw_all(duel, screen, drawn)
        later, state, seen = play("nanatoridori", 6, 5, round_over)
        ends = [e for e in seen if e.get("e") == "round_end"]
        assert ends
        later.show_round({k: v for k, v in ends[0].items() if k != "e"})
        later.draw(screen)
        later.panel = None
        for kind in ("pass", "out", "eliminated", "game_end"):
            ev = {"e": kind, "seat": 1, "place": 1, "winners": [1, 2]}
            getattr(later, f"effect_{kind}")(ev)
            later.draw(screen)
            later.banner = None
        for advanced in (False, True):
            if advanced:
                entry = {"round": 1, "finish": [1, 0], "loser": 2, "how": "last",
                         "points": [2, 4, 0, 2, 2, 2], "totals": [2, 4, 0, 2, 2, 2]}  # fmt: skip
                result = {"scores": [10, 12, 6, 2, 2, 2], "winners": [0, 1], "rounds": [entry]}
            else:
                entry = {"round": 1, "finish": [1, 2, 3, 4, 5], "loser": 0, "how": "last",
                         "penguins": [0, 2, 2, 2, 2, 2]}  # fmt: skip
                result = {"scores": [0, 2, 2, 2, 2, 2], "winners": [1, 2, 3, 4, 5],
                          "rounds": [entry]}  # fmt: skip
            later.show_round(entry)
            later.draw(screen)
            later.panel = None
            sheet = result_sheet("nanatoridori", result, lambda s: NAMES[s])
            overlays.draw_result_sheet(screen, sheet, NAMES)
    assert drawn
    assert not untranslated(drawn), untranslated(drawn)


def test_a_change_of_language_rewords_the_move_log(screen, pseudo):
    i18n.set_language("en")
    table, _state, seen = play("koikoi", 2, 2, lambda state, seen: len(seen) > 12)
    for event in seen:
        table.log.add(partial(table.describe, event))
    english = list(table.log.lines)
    assert english
    i18n.use_pseudo()
    i18n._current = Recording()
    table.draw(screen)
    assert table.log.lines != english and all("‹" in line for line in table.log.lines)


@pytest.mark.parametrize(
    "sentence",
    [
        "你打出一张牌，桌上同月的牌被收走。如果有两张相配，点击你要的那一张（或按回车）。",
        "手札から一枚出します。場に同じ月の札があれば取ります（二枚あれば選んでください）。「こいこい」！",
        "ちょっとまって、ショップへ行きます。",
    ],
)
def test_cjk_lines_never_start_with_closing_marks_nor_end_with_opening_ones(screen, sentence):
    """Chinese and Japanese break between any two characters, but never before 、。，）」 or a
    small kana, and never after （「."""
    pieces = [piece for _glue, piece in kit_text.tokens(sentence)]
    assert "".join(pieces) == sentence and len(pieces) > 10
    for piece in pieces:
        assert piece[0] not in theme.NO_LINE_START, piece
        assert piece[-1] not in theme.NO_LINE_END, piece
    for width in (60, 90, 140, 230):
        lines = kit_text.wrap(sentence, 18, width)
        assert "".join(lines) == sentence
        assert all(line[0] not in theme.NO_LINE_START for line in lines), lines
        assert all(line[-1] not in theme.NO_LINE_END for line in lines), lines
