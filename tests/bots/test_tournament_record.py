"""``chabudai tournament --record FILE``: finished deal groups kept on disk and read back, so a
stopped run goes on and a finished one grows, with the same report as one run in one go."""

from __future__ import annotations

import argparse
import json

import pytest

from chabudai.tools import tournament
from chabudai.tools.usage import UsageError

COMMON = {"game": "koikoi", "bots": "normal,easy", "duplicate": True, "json": True, "seed": 3}


def _args(**overrides) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    tournament.add_arguments(parser)
    argv = []
    for key, value in {**COMMON, **overrides}.items():
        if value is False:
            continue
        flag = "--" + key.replace("_", "-")
        argv.extend([flag] if value is True else [flag, str(value)])
    return parser.parse_args(argv)


def _report(capsys, **overrides) -> dict:
    assert tournament.run(_args(**overrides)) == 0
    report = json.loads(capsys.readouterr().out)
    report.pop("seconds")
    return report


def _count_plays(monkeypatch) -> list[int]:
    """The indices of the games actually played from now on."""
    real_play = tournament.play
    played: list[int] = []

    def play(setup, game):
        played.append(game.index)
        return real_play(setup, game)

    monkeypatch.setattr(tournament, "play", play)
    return played


def _without_record_count(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "games_from_record"}


def test_a_run_grown_from_its_record_reports_what_one_run_would(capsys, monkeypatch, tmp_path):
    record = tmp_path / "run.jsonl"
    whole = _report(capsys, games=12)
    assert whole["games_from_record"] == 0

    first = _report(capsys, games=6, record=record)
    assert (first["games"], first["groups"], first["games_from_record"]) == (6, 3, 0)
    lines = record.read_text().splitlines()
    assert len(lines) == 1 + 3  # the header, then one line per deal group
    assert json.loads(lines[0])["bots"] == ["normal", "easy"]

    played = _count_plays(monkeypatch)
    grown = _report(capsys, games=12, record=record)
    assert played == [6, 7, 8, 9, 10, 11]  # the first three groups were read back, not played
    assert grown["games_from_record"] == 6
    assert _without_record_count(grown) == _without_record_count(whole)
    assert len(record.read_text().splitlines()) == 1 + 6

    again = _report(capsys, games=12, record=record)
    assert played == [6, 7, 8, 9, 10, 11]  # nothing left to play
    assert again["games_from_record"] == 12
    assert _without_record_count(again) == _without_record_count(whole)

    fewer = _report(capsys, games=4, record=record)
    assert (fewer["games"], fewer["groups"]) == (4, 2)  # later groups stay in the file, unused
    assert len(record.read_text().splitlines()) == 1 + 6


def test_a_stopped_run_goes_on_where_it_stopped(capsys, monkeypatch, tmp_path):
    """Ctrl-C during the fifth game: two deal groups are on disk; the next run plays the rest
    and reports what one uninterrupted run reports."""
    record = tmp_path / "run.jsonl"
    whole = _report(capsys, games=10)
    real_play = tournament.play
    calls: list[int] = []

    def stopped_play(setup, game):
        calls.append(game.index)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real_play(setup, game)

    monkeypatch.setattr(tournament, "play", stopped_play)
    stopped = _report(capsys, games=10, record=record)
    assert stopped["interrupted"] and stopped["games"] == 4
    assert len(record.read_text().splitlines()) == 1 + 2

    monkeypatch.setattr(tournament, "play", real_play)
    played = _count_plays(monkeypatch)
    resumed = _report(capsys, games=10, record=record)
    assert played == [4, 5, 6, 7, 8, 9]
    assert not resumed["interrupted"] and resumed["games_from_record"] == 4
    assert _without_record_count(resumed) == _without_record_count(whole)


def test_the_text_report_says_what_came_from_the_record(capsys, tmp_path):
    record = tmp_path / "run.jsonl"
    tournament.run(_args(games=4, record=record, json=False))
    capsys.readouterr()
    tournament.run(_args(games=6, record=record, json=False))
    out = capsys.readouterr().out
    assert "6 games (3 deal groups, duplicate)" in out
    assert "4 games read from the record, 2 played now" in out


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"seed": 4}, "first_seed: 3 there, 4 asked for"),
        ({"bots": "normal,random"}, "bots: ['normal', 'easy'] there, ['normal', 'random']"),
        ({"option": "rounds=3"}, "options:"),
        ({"iterations": 50}, "settings: {} there, {'iterations': 50} asked for"),
        ({"game": "nar", "players": 4}, "game: 'koikoi' there, 'nar' asked for"),
    ],
)
def test_a_record_of_another_tournament_is_refused(capsys, tmp_path, overrides, named):
    record = tmp_path / "run.jsonl"
    _report(capsys, games=2, record=record)
    before = record.read_bytes()
    with pytest.raises(UsageError, match="records another tournament") as error:
        tournament.run(_args(games=2, record=record, **overrides))
    assert named in str(error.value)
    assert "give --record a new file name" in str(error.value)
    assert record.read_bytes() == before


def test_a_line_cut_short_is_dropped_and_its_group_played_again(capsys, monkeypatch, tmp_path):
    record = tmp_path / "run.jsonl"
    whole = _report(capsys, games=6)
    _report(capsys, games=6, record=record)
    text = record.read_text()
    kept, last = text[: text.rstrip("\n").rfind("\n") + 1], text.rstrip("\n").rsplit("\n", 1)[1]
    record.write_text(kept + last[: len(last) // 2])  # killed while writing the last group

    played = _count_plays(monkeypatch)
    resumed = _report(capsys, games=6, record=record)
    assert played == [4, 5]
    assert _without_record_count(resumed) == _without_record_count(whole)
    assert record.read_text() == text  # the cut line was replaced by the whole group


def test_the_cut_line_warning_is_printed(capsys, tmp_path):
    record = tmp_path / "run.jsonl"
    _report(capsys, games=2, record=record)
    record.write_text(record.read_text().rstrip("\n")[:-5])
    assert tournament.run(_args(games=2, record=record)) == 0
    err = capsys.readouterr().err
    assert "warning: the last line of" in err and "will be played again" in err


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: ["not json at all"] + lines, "is not a tournament record"),
        (lambda lines: lines[:1] + ["{broken"] + lines[1:], "line 2: not a recorded deal group"),
        (lambda lines: lines[:1] + ['{"x": 1}'] + lines[1:], "line 2: not a recorded deal group"),
        (lambda lines: lines + lines[-1:], "line 4: deal group 1 twice"),
        (
            lambda lines: lines[:2] + [lines[2].replace('"normal"', '"random"')],
            "deal group 1 does not match this tournament's games",
        ),
        (
            lambda lines: lines[:2] + [lines[2].replace('"scores": [', '"scores": ["x", ')],
            "deal group 1 does not match",
        ),
    ],
)
def test_a_damaged_record_is_a_clear_error_and_is_left_as_it_is(capsys, tmp_path, damage, message):
    record = tmp_path / "run.jsonl"
    _report(capsys, games=4, record=record)
    record.write_text("\n".join(damage(record.read_text().splitlines())) + "\n")
    before = record.read_bytes()
    with pytest.raises(UsageError, match=message):
        tournament.run(_args(games=4, record=record))
    assert record.read_bytes() == before


def test_an_unwritable_record_is_a_clear_error(tmp_path):
    with pytest.raises(UsageError, match="cannot write the record"):
        tournament.run(_args(games=2, record=tmp_path / "missing" / "run.jsonl"))
