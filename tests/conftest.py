"""Shared test setup: headless SDL drivers (never the `disk` driver), hypothesis profiles, and
the ``slow`` mark that ``make test-fast`` leaves out (``make test`` runs everything)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Property modules (``test_*properties*.py``) play many random games: they are slow too,
    beside the tests marked ``@pytest.mark.slow`` one by one."""
    for item in items:
        if "properties" in item.path.name:
            item.add_marker(pytest.mark.slow)
