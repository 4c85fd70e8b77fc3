"""Client test fixtures: ``app``, a headless client at its title screen (fast animations, no
sound, settings in the test's folder)."""

import pytest

from game.app import App
from game.scenes.title import TitleScene
from game.settings import Settings


@pytest.fixture
def app(tmp_path):
    app = App(
        settings=Settings(name="Navi", animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "s.json",
    )
    app.push(TitleScene(app))
    yield app
    app.close()
