"""The bots benchmark's race figures (tools/bench/bots.py)."""

from __future__ import annotations

from chabudai.engines.bots.hard import RaceFigures
from chabudai.tools.bench.bots import race_summary


def test_race_summary_averages_the_searched_decisions_only():
    races = [
        RaceFigures(candidates=4, still_in=2, decided=False, overruled=True),
        None,  # one legal move: not searched, not counted
        RaceFigures(candidates=6, still_in=1, decided=True, overruled=False),
    ]
    assert race_summary(races) == {
        "race_candidates": 5.0,
        "race_still_in": 1.5,
        "race_decided": 0.5,
        "overruled": 0.5,
    }
    assert race_summary([None, None]) == {}
