"""Settings file handling, the tween system and the no-display exit."""

import json
import os
import subprocess
import sys

import pygame
import pytest

from chabudai.game import settings as sm
from chabudai.game.tween import Tween, Tweens, back_out, ease_out, flip_squash, linear


def test_settings_round_trip(tmp_path):
    path = tmp_path / "chabudai" / "settings.json"
    sm.save(sm.Settings(name="Aiko", volume=0.3, animation_speed=2.0, fullscreen=True), path)
    loaded, message = sm.load(path)
    assert message is None
    assert loaded == sm.Settings(name="Aiko", volume=0.3, animation_speed=2.0, fullscreen=True)


def test_missing_settings_file_gives_defaults_quietly(tmp_path):
    assert sm.load(tmp_path / "none.json") == (sm.Settings(), None)


@pytest.mark.parametrize(
    "content", ["{not json", "[1, 2]", json.dumps({"volume": "loud"}), json.dumps({"colour": 1})]
)
def test_corrupt_settings_are_kept_as_bad_copy_and_defaults_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    loaded, message = sm.load(path)
    assert loaded == sm.Settings()
    assert message and "damaged" in message and "settings.json.bad" in message
    assert (tmp_path / "settings.json.bad").read_text() == content
    assert path.read_text() == content  # not overwritten by loading


def test_settings_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert sm.config_path() == tmp_path / "chabudai" / "settings.json"


def test_hand_edited_values_are_clamped():
    s = sm.Settings(
        name="  a   very long name indeed, longer than twenty ", volume=5, animation_speed=0
    ).clean()
    assert len(s.name) <= sm.NAME_LIMIT and s.volume == 1.0 and s.animation_speed == 0.25


def test_easings_start_at_zero_and_end_at_one():
    for ease in (linear, ease_out, back_out):
        assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
        assert ease(1.0) == pytest.approx(1.0)
    assert max(back_out(t / 100) for t in range(101)) > 1.0  # overshoots
    assert flip_squash(0) == pytest.approx(1) and flip_squash(0.5) == pytest.approx(0, abs=1e-9)


def test_rect_tween_lands_exactly_and_calls_back():
    rect = pygame.FRect(0, 0, 10, 10)
    done = []
    tweens = Tweens()
    tweens.move(rect, (100, 50, 20, 20), 0.5, on_done=lambda: done.append(True))
    tweens.update(0.25)
    assert 0 < rect.x < 100 and tweens.busy
    tweens.update(0.3)
    assert tuple(rect) == (100, 50, 20, 20) and done == [True] and not tweens.busy


def test_a_new_tween_on_the_same_target_replaces_the_old():
    rect = pygame.FRect(0, 0, 10, 10)
    tweens = Tweens()
    tweens.move(rect, (100, 0, 10, 10), 1.0)
    tweens.move(rect, (0, 200, 10, 10), 1.0)
    assert len(tweens) == 1
    tweens.finish()
    assert tuple(rect) == (0, 200, 10, 10)


def test_delay_and_speed():
    class Box:
        value = 0.0

    box = Box()
    tweens = Tweens()
    tweens.speed = 2.0
    tweens.add(Tween(box, 10.0, 1.0, ease=linear, delay=1.0, attr="value"))
    tweens.update(0.5)  # 1.0 s of tween time: the delay just ran out
    assert box.value == 0.0
    tweens.update(0.25)
    assert box.value == pytest.approx(5.0)


def test_no_display_exits_2_and_names_the_headless_host(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    if not sys.platform.startswith("linux"):
        pytest.skip("display detection by environment is Linux-only")
    proc = subprocess.run(
        [sys.executable, "-m", "chabudai.tools.cli"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "chabudai host" in proc.stderr
    assert "Traceback" not in proc.stderr
