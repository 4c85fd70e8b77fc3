"""The one clock of a table: every timed thing on it reads this clock, scaled once.

A table's frame time goes in once per frame (:meth:`TableClock.tick`) and comes out twice:

- **show time** (:attr:`TableClock.show`), scaled by the player's animation-speed setting: what
  shows the game — card flights and every other tween, the holds between events, banners,
  pop-ups, a summary's count-in;
- **real time** (:attr:`TableClock.now`), never scaled: what a player must read or what answers
  their hand — a refusal's reason, the thinking dots, the glow's pulse, a card's lift and shake.

Nothing waits on a clock that the player must dismiss: a panel that says "click to continue"
waits for the click at every speed (it only reads its age, for a count-in).
"""

from __future__ import annotations

from collections.abc import Callable


class TableClock:
    """Real and show seconds since the table opened; ``speed`` reads the animation speed."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0) -> None:
        self.speed = speed
        self.now = 0.0  # real seconds
        self.show = 0.0  # show seconds (real seconds × the animation speed)

    def tick(self, dt: float) -> float:
        """Advance by ``dt`` real seconds; returns the show seconds that passed."""
        shown = dt * max(0.0, float(self.speed()))
        self.now += dt
        self.show += shown
        return shown

    def since(self, mark: float) -> float:
        """Show seconds since the show time ``mark`` (a panel's age, for its count-in)."""
        return self.show - mark
