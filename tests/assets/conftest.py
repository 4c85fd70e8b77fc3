"""Fixtures for the asset tests: pygame initialised headless (dummy drivers from tests/conftest.py)."""

import pygame
import pytest


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
