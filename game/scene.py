"""Scenes and the scene stack: title → setup / join → lobby → table → results.

A scene has ``enter``, ``handle(event)``, ``update(dt)``, ``draw(surface)``; ``on_net(item)``
receives every item the network bridge delivered this frame. Only the top scene is updated and
receives input; scenes marked ``overlay`` draw over the one beneath.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import pygame

from game.tween import Tweens

if TYPE_CHECKING:
    from game.app import App


class Scene(ABC):
    overlay = False  # draw the scene below first (dialogs)
    name = "scene"
    music: str | None = "title_loop"  # the menus share the title tune; tables are quiet

    def __init__(self, app: App) -> None:
        self.app = app
        self.tweens = Tweens()
        self.time = 0.0

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Esc: go back one scene."""
        self.app.pop()

    def on_net(self, item: dict[str, Any]) -> None:
        """A message from the host or a local network notice."""

    def update(self, dt: float) -> None:
        self.time += dt
        self.tweens.speed = self.app.settings.animation_speed
        self.tweens.update(dt)

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical 1280 x 720 surface."""
