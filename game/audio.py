"""Sound effects: plays the loader's sounds at the player's volume; silent when audio is off."""

from __future__ import annotations

import pygame

from game import assets


class Audio:
    def __init__(self, volume: float = 0.7) -> None:
        self.volume = volume
        self.enabled = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.enabled = True
        except pygame.error:
            self.enabled = False  # no audio device: the game plays on silently

    def play(self, name: str, volume: float = 1.0) -> None:
        if not self.enabled or self.volume <= 0:
            return
        sound = assets.sound(name)
        if sound is None:
            return
        sound.set_volume(self.volume * volume)
        sound.play()
