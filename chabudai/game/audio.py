"""Sound: effects at the player's volume and one looping menu tune; silent without a device.

Without a sound card the audio libraries complain on the console at length; the mixer is opened
with those complaints silenced and the player is told once, in one line, that sound is off.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from chabudai.game import assets

MUSIC_SHARE = 0.45  # the loop sits under the effects


class Audio:
    def __init__(self, volume: float = 0.7) -> None:
        self._volume = volume
        self.enabled = False
        self.looping: str | None = None
        self._loop_channel: pygame.mixer.Channel | None = None
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init()
            self.enabled = True
        except pygame.error:
            self.enabled = False  # no audio device: the game plays on silently
            print("chabudai: no sound device found; playing without sound", file=sys.stderr)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = value
        if self._loop_channel is not None:
            self._loop_channel.set_volume(value * MUSIC_SHARE)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if not self.enabled:
            return None
        try:
            return assets.sound(name)
        except assets.AssetError:
            return None  # a missing sound file never stops the game

    def play(self, name: str, volume: float = 1.0) -> None:
        if self._volume <= 0:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self._volume * volume)
            sound.play()

    def loop(self, name: str | None) -> None:
        """Keep ``name`` looping (None: silence); a no-op if it is already the loop."""
        if name == self.looping:
            return
        if self._loop_channel is not None:
            self._loop_channel.fadeout(400)
            self._loop_channel = None
        self.looping = name
        if name is None:
            return
        sound = self._sound(name)
        if sound is not None:
            self._loop_channel = sound.play(loops=-1, fade_ms=600)
            if self._loop_channel is not None:
                self._loop_channel.set_volume(self._volume * MUSIC_SHARE)


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr meanwhile (ALSA's messages)."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real stderr (tests capture it): nothing
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
