"""Golden replays: saves, events, views and legal moves stay byte for byte what was recorded.

``tools/golden.py`` records one digest per seeded game of every configuration; engine speed-ups
must not change any of them. The suite replays the first game(s) of each configuration (the
long random games of Nanatoridori at 3+ seats and of Nar over fixed rounds only for a few player
counts); ``python -m chabudai.tools.golden check`` replays all of them (about 4,600 games).
"""

from __future__ import annotations

import pytest

from chabudai.tools import golden

RECORDED = golden.load()
SLOW_CHECKED = {"nanatoridori/3", "nar/4/game_length=fixed_rounds"}


def _checked(config: golden.Config) -> int:
    """Games replayed here: configurations recorded with fewer games have longer ones."""
    if config.games >= 150:
        return 2
    if config.games >= 30:
        return 1
    return 1 if config.key in SLOW_CHECKED else 0


CASES = [(c, _checked(c)) for c in golden.CONFIGS if _checked(c)]


def test_every_configuration_is_recorded():
    for config in golden.CONFIGS:
        assert len(RECORDED.get(config.key, [])) == config.games, config.key


@pytest.mark.parametrize(("config", "games"), CASES, ids=[c.key for c, _ in CASES])
def test_replays_match_the_recorded_digests(config, games):
    for seed in range(games):
        assert golden.game_digest(config, seed) == RECORDED[config.key][seed], seed


def test_a_changed_event_changes_the_digest(monkeypatch):
    """The digest sees the events: a play event with its keys reordered no longer matches."""
    from chabudai.engines.koikoi.state import KoiKoiState

    config = golden.CONFIGS[0]
    original = KoiKoiState._step

    def reordered(self, seat, move, events):
        first = len(events) if events is not None else 0
        original(self, seat, move, events)
        if events is not None:
            events[first:] = [{k: e[k] for k in reversed(list(e))} for e in events[first:]]

    monkeypatch.setattr(KoiKoiState, "_step", reordered)
    assert golden.game_digest(config, 0) != RECORDED[config.key][0]
