"""The pygame-ce client (DESIGN.md "Client"): app loop, scenes, per-game table views, animation."""

import os

# pygame prints a banner on import unless told not to; the client has its own title screen.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
