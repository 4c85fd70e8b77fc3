"""The engines' words come from the catalogues (issue 28): every message of
``engines/describe.py`` and of the hint words (``engines/bots/advice_text.py``) is worded by the
translation it is given, whole sentences with named placeholders; without one it is English."""

from __future__ import annotations

import gettext
import io
import random
import re

import pytest

from chabudai import engines, i18n
from chabudai.engines import describe
from chabudai.engines.bots import advice_text
from chabudai.engines.describe import Said, describe_event, describe_move, render
from chabudai.engines.koikoi.cards import CARD_NAMES, CARDS, MONTH_PLANTS
from chabudai.engines.koikoi.progress import progress
from chabudai.engines.koikoi.yaku import yaku_table
from chabudai.i18n import Entry, PseudoTranslation, compile_po
from tests.engines.test_describe import REASON_SAMPLES

RULE_ID = re.compile(r"\b[A-Z]-\d")
NAMES = ("Kenji", "Mira", "Tomas", "Aiko")


def name_of(seat: int) -> str:
    return NAMES[seat % len(NAMES)]


class Recording(PseudoTranslation):
    """The pseudo language, remembering every message it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.update((singular, plural))
        return super().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add(message)
        return super().pgettext(context, message)


def _samples() -> dict[str, list[Said]]:
    """Every message id with arguments: from seeded games, the reason samples and a few
    made by hand (events random play does not reach)."""
    found: dict[str, list[Said]] = {}

    def add(said: Said) -> None:
        bucket = found.setdefault(said.id, [])
        if len(bucket) < 4:
            bucket.append(said)

    for name in engines.names():
        engine = engines.get(name)
        for players in sorted({engine.min_players, engine.max_players}):
            options = {"announcements": True} if name == "nar" else {}
            state = engine.new_game(players, 3, options) if options else engine.new_game(players, 3)
            rng = random.Random(3)
            for _step in range(150):
                if state.is_over:
                    break
                for seat in list(state.to_move):
                    moves = state.legal_moves(seat)
                    for move in moves[:6]:
                        add(describe_move(state, seat, move))
                    for event in state.apply(seat, rng.choice(moves)):
                        add(describe_event(event, name))
    for said_id, args in REASON_SAMPLES.items():
        add(Said(said_id, args))
    extra = [
        Said("koikoi.redeal", {"why": "month", "board": []}),
        Said("koikoi.redeal", {"why": "pairs", "board": []}),
        Said("koikoi.redeal", {"why": "hands", "board": []}),
        Said("koikoi.hand_bonus", {"seat": 0, "kind": "teshi", "cards": [0, 1, 2, 3]}),
        Said("koikoi.captured", {"seat": 1, "card": 4, "cards": [4, 7, 2]}),
        Said("nimalia.objective", {"round": 1, "colour": "blue", "objective": 5, "points": [3, 5]}),
        Said("nimalia.game_end", {"winners": [0, 1]}),
        Said("nimalia.game_end", {"winners": [1]}),
        Said("nar.fool", {"seats": [2, 0], "released": []}),
        Said("nar.fool", {"seats": [], "released": []}),
        Said("nar.declared", {"seat": 0, "declare": True}),
        Said("nar.declared", {"seat": 1, "declare": False}),
        Said(
            "nanatoridori.played", {"seat": 0, "count": 2, "value": 5, "reserve": 1, "beat": [1, 7]}
        ),
        Said("nanatoridori.kept", {"seat": 0, "gap": 2, "kind": "draw", "cards": None}),
        Said("nanatoridori.out", {"seat": 1, "place": 2}),
        Said("move", {"seat": 0, "move": "x"}),
        Said("koikoi.called", {"seat": 0, "total": 5, "calls": 1}),
        Said("koikoi.choosing", {"seat": 1, "card": 40, "targets": [41, 42]}),
        Said("koikoi.deal", {"deal": 2, "dealer": 1}),
        Said("koikoi.hand", {"seat": 0, "cards": list(range(8))}),
        Said("koikoi.play_take", {"seat": 0, "card": 32, "take": 34}),
        Said("koikoi.play_take", {"seat": 1, "card": 43, "take": 45}),
        Said("koikoi.take", {"seat": 1, "card": 2}),
        Said("nanatoridori.eliminated", {"seat": 2}),
        Said("nanatoridori.pass_reserve", {"seat": 0, "card": 7}),
        Said("event", {"e": "new_kind"}),
    ]
    for said in extra:
        add(said)
    return found


SAMPLES = _samples()


def _segments(text: str) -> list[str]:
    """The own text of every ‹…› segment (nested segments left as \\0), and the text outside
    any segment last."""
    own: list[list[str]] = [[]]
    done: list[str] = []
    for char in text:
        if char == "‹":
            own[-1].append("\0")
            own.append([])
        elif char == "›":
            assert len(own) > 1, text
            done.append("".join(own.pop()))
        else:
            own[-1].append(char)
    assert len(own) == 1, text
    return [*done, "".join(own[0])]


PLAIN_VALUE = re.compile(r"^(\0|[\d\s+\-×.,/:]|" + "|".join(NAMES) + r"|Seat|[A-Z]?\d+)*$")


CODES = {"bad_move", "event"}  # their argument is a code quoted as it is (a move, a kind)


def _from_catalogue(segment: str, asked: set[str], code: bool = False) -> bool:
    """Whether ``segment`` is one of the ``asked`` messages with its placeholders filled by
    names, numbers or other segments (anything, for a ``code``)."""
    for message in asked:
        pieces = re.split(r"\{[a-z_]+\}", message)
        pattern = "(.*?)".join(re.escape(p) for p in pieces)
        match = re.fullmatch(pattern, segment, re.S)
        if match and (code or all(PLAIN_VALUE.match(g) for g in match.groups())):
            return True
    return False


def test_every_message_id_has_a_sample():
    assert set(SAMPLES) == describe.MESSAGE_IDS


@pytest.mark.parametrize("said_id", sorted(describe.MESSAGE_IDS))
def test_every_message_is_worded_from_the_catalogues(said_id):
    for said in SAMPLES[said_id]:
        for me in (None, 0, 1):
            tr = Recording()
            text = render(said, name_of, me, tr=tr)
            *segments, outside = _segments(text)
            assert outside.strip("\0 ") == "", text  # one message holds it all
            for segment in segments:
                assert _from_catalogue(segment, tr.asked, said_id in CODES), (said, segment)


@pytest.mark.parametrize("said_id", sorted(describe.MESSAGE_IDS))
def test_english_without_a_translation(said_id):
    for said in SAMPLES[said_id]:
        for me in (None, 0):
            text = render(said, name_of, me)
            assert text == render(said, name_of, me, tr=gettext.NullTranslations())
            assert text and "‹" not in text and "{" not in text, text
            assert not RULE_ID.search(text), text


def _german() -> gettext.GNUTranslations:
    entries = [
        Entry(
            "",
            strings=[
                "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: "
                "nplurals=2; plural=(n != 1);\n"
            ],
        ),
        Entry("You play the {card}.", strings=["Du spielst {card}."]),
        Entry("{name} plays the {card}.", strings=["{name} spielt {card}."]),
        Entry("{card} ({month})", strings=["{card} (Monat {month})"]),
        Entry("Crane and sun", strings=["Kranich und Sonne"]),
        Entry("{name} plays {card}.", strings=["{name} spielt {card}."]),
        Entry("{colour} {value}", strings=["{colour} {value}"]),
        Entry("red", context="nar colour", strings=["Rot"]),
        Entry("{name} is out in place {place}", strings=["{name} ist als {place}. raus"]),
        Entry("Seat {n}", strings=["Platz {n}"]),
        Entry("Fool: {names}", strings=["Narr: {names}"]),
        Entry("{first} and {last}", strings=["{first} und {last}"]),
        Entry("you", context="in a list", strings=["du"]),
        Entry(
            "{name} got {n} card",
            plural="{name} got {n} cards",
            strings=["{name} bekam {n} Karte", "{name} bekam {n} Karten"],
        ),
        Entry("{move} is the only move.", strings=["{move} ist der einzige Zug."]),
        Entry("Stopping", strings=["Aufhören"]),
    ]
    return gettext.GNUTranslations(io.BytesIO(compile_po(entries)))


def test_a_catalogue_words_the_messages():
    de = _german()
    play = Said("koikoi.play", {"seat": 0, "card": 0})
    assert render(play, name_of, me=0, tr=de) == "Du spielst Kranich und Sonne (Monat 1)."
    assert render(play, name_of, me=1, tr=de) == "Kenji spielt Kranich und Sonne (Monat 1)."
    assert render(play, name_of, me=1) == "Kenji plays the Crane and sun (1)."
    nar = Said("nar.play", {"seat": 2, "card": "R7", "colour": "R", "value": 7})
    assert render(nar, tr=de) == "Platz 2 spielt Rot 7."
    out = Said("nanatoridori.out", {"seat": 1, "place": 2})
    assert render(out, name_of, tr=de) == "Mira ist als 2. raus"
    fool = Said("nar.fool", {"seats": [2, 0], "released": []})
    assert render(fool, name_of, me=0, tr=de) == "Narr: Tomas und du"
    hand = Said("koikoi.hand", {"seat": 1, "cards": [1, 2]})
    assert render(hand, name_of, tr=de) == "Mira bekam 2 Karten"
    assert render(Said("koikoi.hand", {"seat": 1, "cards": [1]}), name_of, tr=de) == (
        "Mira bekam 1 Karte"
    )
    only = {
        "id": "advice.only",
        "args": {
            "game": "koikoi",
            "move": {"id": "koikoi.stop", "args": {"seat": 0}},
            "points": 1.0,
            "unit": "points",
            "horizon": "round",
        },
    }
    assert advice_text.render(only, tr=de) == "Aufhören ist der einzige Zug."
    assert advice_text.render(only) == "Stopping is the only move."


def test_words_follow_the_current_language():
    from chabudai.game import words

    play = Said("koikoi.play", {"seat": 0, "card": 0})
    try:
        i18n.use_pseudo()
        assert words.say(play, name_of, me=0).startswith("‹You play the")
        hint = {
            "id": "advice.only",
            "args": {
                "game": "koikoi",
                "move": {"id": "koikoi.stop", "args": {"seat": 0}},
                "points": 1.0,
                "unit": "points",
                "horizon": "round",
            },
        }
        assert words.advice(hint) == "‹‹Stopping› is the only move.›"
        frame = {"reason": "Stopping is the only move.", **advice_text.to_wire(hint)}
        assert words.hint_reason(frame) == "‹‹Stopping› is the only move.›"
    finally:
        i18n.set_language("en")
    assert words.say(play, name_of, me=0) == "You play the Crane and sun (1)."


ADVICE_ARGS = {"gain": 1.2, "stderr": 0.3, "points": 2.0, "unit": "points"}


@pytest.mark.parametrize("said_id", sorted(advice_text.MESSAGE_IDS))
def test_every_advice_is_worded_from_the_catalogues(said_id):
    moves = [s for ids in sorted(advice_text.PHRASE_IDS) for s in SAMPLES[ids][:1]]
    for game, horizon in (("koikoi", "round"), ("nar", "round"), ("nimalia", "game")):
        for move in moves:
            for versus in ("yours", "next"):
                other = moves[0]
                args = {"game": game, "horizon": horizon, "versus": versus, **ADVICE_ARGS}
                args |= {"move": describe_said(move), "other": describe_said(other)}
                for unit in ("points", "penguins"):
                    tr = Recording()
                    text = advice_text.render({"id": said_id, "args": {**args, "unit": unit}}, tr)
                    *segments, outside = _segments(text)
                    assert outside.strip("\0 ") == "", text
                    for segment in segments:
                        assert _from_catalogue(segment, tr.asked), (segment, text)
                    english = advice_text.render({"id": said_id, "args": {**args, "unit": unit}})
                    assert english[0].isupper() and english.endswith("."), english
                    wire = advice_text.to_wire({"id": said_id, "args": args})
                    assert not any(isinstance(v, float) for v in wire["args"].values())
                    back = {"id": wire["reason_id"], "args": advice_text.from_wire(wire["args"])}
                    assert advice_text.render(back) == advice_text.render(
                        {"id": said_id, "args": args}
                    )


def describe_said(said: Said) -> dict:
    return {"id": said.id, "args": said.args}


def test_koikoi_card_names_are_whole_messages():
    assert len(CARD_NAMES) == len(CARDS) == 48
    for card in CARDS:
        if card.type == "plain" and card.flag != "lightning":
            assert card.title.startswith(card.plant), card
        else:
            assert card.title == card.name, card
    assert len(MONTH_PLANTS) == 12


def test_yaku_sheet_and_progress_words_in_the_language_given():
    tr = Recording()
    table = yaku_table("nintendo", True)
    for row in table.rows:
        text = row.points_text(tr)
        assert text.isdigit() or text.startswith("‹"), text
    assert table.rows[4].points_text() in ("5", "5 +1 per further Animal")
    for line in progress([0, 8, 28, 20, 24, 36], "nintendo"):
        assert line.text(tr).startswith("‹"), line
        assert not line.text().startswith("‹")
