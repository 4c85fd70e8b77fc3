"""``--lang``: the client, ``chabudai screenshot`` and ``chabudai autoplay`` speak a language of
the catalogues for one run; an unknown code is a usage error that lists the codes (issue 28)."""

from __future__ import annotations

import gettext

import pytest

from chabudai import i18n
from chabudai.tools import autoplay, screenshot
from chabudai.tools.cli import build_parser, main


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    "argv",
    [
        ["screenshot", "--out", "shots", "--lang", "klingon"],
        ["autoplay", "--lang", "xx"],
        ["--lang", "xx"],
    ],
)
def test_an_unknown_language_is_a_usage_error_listing_the_codes(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "usage:" in error and "unknown language" in error
    assert all(code in error for code in i18n.LANGUAGES) and "日本語" in error


def test_the_lang_before_a_command_is_the_commands(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(screenshot, "run", lambda args: seen.append(args.lang) or 0)
    assert main(["--lang", "fy", "screenshot", "--out", str(tmp_path)]) == 0
    assert main(["--lang", "fy", "screenshot", "--out", str(tmp_path), "--lang", "tr"]) == 0
    assert seen == ["fy", "tr"]


def test_screenshot_draws_every_scene_in_the_language_asked(monkeypatch, tmp_path):
    spoken = []
    monkeypatch.setattr(
        screenshot.Shooter, "save", lambda self, name: spoken.append((name, i18n.language()))
    )
    args = build_parser().parse_args(
        ["screenshot", "--out", str(tmp_path), "--only", "title", "--lang", "zh_Hans"]
    )
    assert screenshot.run(args) == 0
    assert spoken and all(code == "zh_Hans" for _name, code in spoken)
    assert i18n.language() == "en"  # the process's language again afterwards


def test_autoplay_writes_what_the_player_read_in_the_language_asked(monkeypatch, tmp_path):
    """German is played by the stand-in language here (every translated text reads ‹…›), so
    the test needs no catalogue: the client at ``--lang de`` draws through it."""
    monkeypatch.setattr(
        i18n,
        "translation",
        lambda code: i18n.PseudoTranslation() if code == "de" else gettext.NullTranslations(),
    )
    texts = tmp_path / "texts.txt"
    argv = ["autoplay", "--seed", "4", "--speed", "40", "--timeout", "60", "--option",
            "rounds=1", "--lang", "de", "--texts", str(texts)]  # fmt: skip
    outcome = autoplay.play(build_parser().parse_args(argv))
    assert outcome["result"]["winners"]
    lines = texts.read_text("utf-8").splitlines()
    assert len(lines) == len(set(lines)) > 20  # each text once
    assert any("autoplay-4" in line for line in lines)  # the name at its seat
    assert any(line.startswith("‹") for line in lines)  # drawn through the catalogue
    assert i18n.language() == "en"


def test_autoplay_joining_a_table_on_this_machine_keeps_zeroconf_on_loopback():
    assert autoplay.is_loopback("127.0.0.1:4000") and autoplay.is_loopback("localhost:1")
    assert autoplay.is_loopback("[::1]:4000")
    assert not autoplay.is_loopback("192.168.1.20:47474")
