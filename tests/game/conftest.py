"""Client test fixtures: ``app``, a headless client at its title screen (fast animations, no
sound, settings in the test's folder); ``offline_app``, one at its title screen that never opens
a socket or saves settings (normal animation speed)."""

import pygame
import pytest

from chabudai.game.app import App, forget_cached_assets
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings


@pytest.fixture
def app(tmp_path):
    app = App(
        settings=Settings(name="Navi", animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "s.json",
    )
    app.push(TitleScene(app))
    yield app
    app.close()


@pytest.fixture
def offline_app():
    app = App(settings=Settings(name="Aiko", volume=0.0), save_settings=False, offline=True)
    app.push(TitleScene(app))
    yield app
    app.close()


@pytest.fixture
def live_pygame():
    """For tables drawn without an App: an App closed by an earlier test quit pygame, and the
    fonts and images cached then are dead, so start pygame afresh and forget them."""
    pygame.init()
    forget_cached_assets()
