"""Golden bot choices: easy, normal and hard (fixed iterations) decide as recorded.

``tools/golden_bots.py`` records one digest per seeded game of the bots' choices and of seeded
playouts; speed-ups of bots and engines must not change them. The suite replays the first game
of each configuration; ``python -m chabudai.tools.golden_bots check`` replays all of them.
"""

from __future__ import annotations

import pytest

from chabudai.tools import golden_bots

RECORDED = golden_bots.load()


def test_every_configuration_is_recorded():
    for config in golden_bots.CONFIGS:
        assert len(RECORDED.get(config.key, [])) == config.games, config.key


@pytest.mark.parametrize("config", golden_bots.CONFIGS, ids=lambda c: c.key)
def test_first_game_matches_the_recorded_digest(config):
    assert golden_bots.game_digest(config, 0) == RECORDED[config.key][0]


def test_a_changed_choice_changes_the_digest(monkeypatch):
    """The digest really covers the hard bot's move: a bot that picks differently is caught."""
    config = golden_bots.CONFIGS[0]
    from chabudai.engines.bots.hard import HardBot

    monkeypatch.setattr(HardBot, "choose", lambda self, engine, view, legal: legal[-1])
    assert golden_bots.game_digest(config, 0) != RECORDED[config.key][0]
