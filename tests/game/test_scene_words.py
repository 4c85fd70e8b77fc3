"""Setup, lobby, join, history and the replay viewer speak the player's language (issue 28).

Under the pseudo language every translated text reads ``‹source›``: each screen is drawn and
every text it draws must have gone through the catalogues, but for names, game titles, numbers
and addresses. What the network and the replay files say (a failed join, a host's ``error``, a
damaged replay) is worded on the client from its code, in a catalogue of the test's own.
"""

from __future__ import annotations

import gettext
import io
import re
import socket
from types import SimpleNamespace

import pytest

from chabudai import engines, i18n
from chabudai.game import theme
from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.i18n import Entry, compile_po, said
from chabudai.net import client
from chabudai.net.addresses import LanAddress
from chabudai.replays import file
from chabudai.tools.screenshot import lobby_for, seats_for
from tests.game.table_helpers import record_texts
from tests.replays.helpers import replay_of

NAMES = {"Aiko", "Kenji", "Mira", "Tomas", "Yuki", "Lena", "Omar", "Sofia", "Kitchen table"}
TITLES = {engines.get(name).title for name in engines.names()}
PLAIN = re.compile(r"^[\d\s.:,/×x·—\-–()\[\]%+±<>←→]*$")  # numbers, addresses, dates, speeds


def untranslated(texts: list[tuple[str, object]], allowed: set[str] = frozenset()) -> list[str]:
    """The drawn texts that never went through the catalogues (names, titles, numbers aside)."""
    known = NAMES | TITLES | set(allowed)
    found, inside = [], False  # inside: a translated text wrapped over several lines
    for text, _rect in texts:
        text = str(text).strip()
        marked = inside or "‹" in text
        inside = text.rfind("‹") > text.rfind("›") or (inside and "›" not in text)
        if not text or marked or text in known or PLAIN.match(text):
            continue
        found.append(text)
    return found


@pytest.fixture(autouse=True)
def english_after():
    theme.clear_cache()
    yield
    i18n.set_language("en")
    theme.clear_cache()


@pytest.fixture
def app(tmp_path):
    app = App(
        settings=Settings(name="Aiko", volume=0.0, animation_speed=40.0),
        save_settings=False,
        offline=True,
        replays_dir=tmp_path / "replays",
    )
    app.push(TitleScene(app))
    yield app
    app.close()


def drawn(app, monkeypatch, scene, seconds: float = 0.1) -> list[tuple[str, object]]:
    """Every text ``scene`` draws in one frame, in the pseudo language."""
    i18n.use_pseudo()
    theme.clear_cache()
    texts = record_texts(monkeypatch)
    scene.update(seconds)
    scene.draw(app.screen)
    return texts


def catalogue(pairs: dict[str, str]) -> gettext.GNUTranslations:
    """A catalogue of the test's own: each source text -> its 'translation'."""
    entries = [Entry("", strings=["Content-Type: text/plain; charset=UTF-8\n"])]
    entries += [Entry(msgid, strings=[text]) for msgid, text in pairs.items()]
    return gettext.GNUTranslations(io.BytesIO(compile_po(entries)))


# ---------------------------------------------------------------------------- the screens


@pytest.mark.parametrize("mode", ["solo", "host"])
@pytest.mark.parametrize("game", engines.names())
def test_setup_of_each_game_is_translated(app, monkeypatch, game, mode):
    from chabudai.game.scenes.setup import RIGHT_X, SetupScene

    scene = app.push(SetupScene(app, mode, game))
    right = [w for w in scene.form.widgets if w.rect.x >= RIGHT_X and hasattr(w, "options")]
    if right:  # an option focused: its help is drawn too
        scene.form.focus = scene.form.widgets.index(right[0])
    scene.error = "Could not open the table"
    texts = drawn(app, monkeypatch, scene)
    scene.error = ""
    assert untranslated(texts, {"Could not open the table", "Aiko's table"}) == []
    if right:
        assert any(t.startswith("‹") and len(t) > 40 for t, _r in texts)  # the help sentence


def test_lobby_host_and_guest_are_translated(app, monkeypatch):
    from chabudai.game.scenes.lobby import LobbyScene

    session = app.session
    seats = seats_for(4)
    seats[2]["connected"] = False
    session.lobby = lobby_for("nimalia", "Kitchen table", seats, table_options={"hints": True})
    session.seat, session.is_host = 0, True
    session.hosted = ("192.168.1.20", 47474)
    session.hosted_networks = [
        ("192.168.1.20", LanAddress("192.168.1.20", "Wi-Fi", "192.168.1.0/24", "lan")),
        ("10.8.0.2", LanAddress("10.8.0.2", "wg0", "10.8.0.0/24", "vpn")),
    ]
    scene = app.push(LobbyScene(app))
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts, set()) == []
    assert any("‹Seat {number}›" in t or t.startswith("‹Seat") for t, _r in texts)

    app.pop()
    session.hosted, session.seat, session.is_host = None, 1, False
    session.lobby = lobby_for("koikoi", "Kitchen table", seats_for(2), status="over")
    scene = app.push(LobbyScene(app, target=("192.168.1.20", 47474)))
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts) == []


def test_joining_lobby_says_why_it_waits_in_words(app, monkeypatch):
    from chabudai.game.scenes.lobby import LobbyScene

    scene = app.push(LobbyScene(app, target=("192.168.1.20", 47474)))
    notice = {
        "t": "connection",
        "state": "connecting",
        "reason": "the host went quiet",
        "reason_id": "quiet",
        "args": {},
    }
    app.session.feed(notice, lambda message: None)
    scene.on_net(notice)
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts) == []
    assert any("‹the host went quiet›" in t for t, _r in texts)


def test_join_with_tables_and_an_error_is_translated(app, monkeypatch):
    from chabudai.game.scenes.join import JoinScene, reason_notice

    error = reason_notice(
        {
            "t": "connection",
            "state": "closed",
            "reason": "No table answers at 192.168.1.20:47474 …",
            "reason_id": "refused",
            "args": {"address": "192.168.1.20:47474", "port": 47474},
            "cause": "unreachable",
        }
    )
    scene = app.push(JoinScene(app, address="192.168.1.20", error=error))
    tables = [
        {"tid": f"t{n}", "name": "Kitchen table", "game": game, "host": "192.168.1.20",
         "port": 47474 + n, "seats": 4, "open": n % 3, "st": "lobby" if n % 2 else "playing",
         "reachable": n != 2}
        for n, game in enumerate(engines.names() * 2)
    ]  # fmt: skip
    scene.on_net({"t": "tables", "tables": tables})
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts) == []
    assert any(t.startswith("‹No table answers at 192.168.1.20:47474") for t, _r in texts)

    scene.address.text = "host:port:bad"
    scene.join_address()  # a bad address: said in words
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts, {"host:port:bad"}) == []  # (what was typed)
    assert said(scene.error) in [t for t, _r in texts]
    assert said(scene.error).startswith("‹bad port 'bad' in 'host:port:bad'")


def test_history_with_games_is_translated(app, monkeypatch):
    from chabudai.game.scenes.history import HistoryScene

    store = app.replays
    for seed, (game, players) in enumerate([("koikoi", 2), ("nar", 4), ("nimalia", 3)]):
        store.add(replay_of(game, players, seed=seed))
    app.replays = store
    scene = app.push(HistoryScene(app))
    broken = scene.rows[1]
    (store.folder / broken.name).write_bytes(b"CHABUDAI REPL")
    scene.select(1)
    scene.watch()  # the file no longer opens: its row and the notice say why
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts, {"Bot 1", "Bot 2", "Bot 3"}) == []
    assert "‹This replay is damaged: the file is cut short.›" in [t for t, _r in texts]

    scene.set_filter("nanatoridori")  # none of this kind
    texts = drawn(app, monkeypatch, scene)
    assert untranslated(texts) == []


def test_viewer_and_its_review_panel_are_translated(app, monkeypatch):
    from chabudai.game.scenes.viewer import ViewerScene

    viewer = app.push(ViewerScene(app, replay_of("koikoi", 2, seed=3), seat=0))
    viewer.jump(3)
    monkeypatch.setattr(type(viewer.view), "draw", lambda self, canvas: None)  # (the table's own)
    texts = drawn(app, monkeypatch, viewer)
    assert untranslated(texts, {"Bot 1"}) == []

    review = SimpleNamespace(
        seat=0,
        summary={"decisions": 12, "mistakes": 1, "inaccuracies": 2, "points_lost": 1.5},
        unit="points",
        decisions=[],
        marked=lambda *marks: [],
    )
    viewer.reviewing.review, viewer.reviewing.shown = review, True
    texts = drawn(app, monkeypatch, viewer)
    assert untranslated(texts, {"Bot 1"}) == []
    words = [t for t, _r in texts]
    assert any("‹An estimate from samples" in t for t in words)  # the honest limit


# ---------------------------------------------------------------------------- worded from codes


def test_a_join_failure_is_worded_from_its_code(monkeypatch):
    """A refused connection, as the client reports it, reads in the player's language."""
    from chabudai.game.scenes.join import error_notice, reason_notice

    refused = client.REASONS["refused"]
    busy = client.ERROR_WORDS["busy"]
    monkeypatch.setattr(
        i18n,
        "_current",
        catalogue(
            {
                refused: "Kein Tisch antwortet unter {address} (Port {port}).",
                busy: "Der Host hat zu viele Verbindungen.",
                client.REASONS["refused_by_host"]: "{address} hat sofort aufgelegt ({refusal})",
            }
        ),
    )
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    reason_id, args = client.unreachable("127.0.0.1", port, ConnectionRefusedError())
    notice = {"t": "connection", "state": "closed", "reason": client.english(reason_id, args),
              "reason_id": reason_id, "args": args, "cause": "unreachable"}  # fmt: skip
    words = reason_notice(notice)
    assert said(words) == f"Kein Tisch antwortet unter 127.0.0.1:{port} (Port {port})."
    assert str(words).startswith("No table answers at")  # the English stays for logs

    assert said(error_notice({"t": "error", "code": "busy", "message": "too many"})) == (
        "Der Host hat zu viele Verbindungen."
    )
    closed = {"t": "connection", "state": "closed", "reason": "…", "reason_id": "refused_by_host",
              "args": {"address": "h:1", "refusal": {"code": "busy", "message": "full"}}}  # fmt: skip
    assert (
        said(reason_notice(closed))
        == "h:1 hat sofort aufgelegt (Der Host hat zu viele Verbindungen.)"
    )
    # a code this client does not know (a newer host): its English
    assert said(error_notice({"t": "error", "code": "new_thing", "message": "a new thing"})) == (
        "a new thing"
    )


def test_a_replay_file_error_is_worded_from_its_message(monkeypatch):
    with pytest.raises(file.ReplayError) as caught:
        file.decode(b"CHABUDAI REPL")
    error = caught.value
    assert str(error) == "This replay is damaged: the file is cut short."
    monkeypatch.setattr(
        i18n, "_current", catalogue({error.notice.msgid: "Diese Aufzeichnung ist abgeschnitten."})
    )
    assert error.message == "Diese Aufzeichnung ist abgeschnitten."

    with pytest.raises(file.ReplayError) as caught:
        file.decode(b"x" * (file.MAX_FILE + 1))
    big = caught.value
    monkeypatch.setattr(
        i18n, "_current", catalogue({big.notice.msgid: "Zu groß: {size} KB (höchstens {most} KB)."})
    )
    assert big.message == f"Zu groß: {(file.MAX_FILE + 1) // 1024} KB (höchstens 2048 KB)."
