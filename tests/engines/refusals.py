"""``refused(id, **args)``: a move refused for the reason ``id`` (engines/describe.py), whose
English words name no rule id."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from chabudai.engines import IllegalMove
from chabudai.engines.describe import REASON_IDS

RULE_ID = re.compile(r"\b[A-Z]-\d")


@contextmanager
def refused(said_id: str, **args: Any) -> Iterator[Any]:
    """Expect the block to raise :class:`IllegalMove` with the reason ``said_id`` (and these
    arguments), worded for a player."""
    assert said_id in REASON_IDS, said_id
    with pytest.raises(IllegalMove) as caught:
        yield caught
    said = caught.value.said
    assert said.id == said_id, said
    for name, value in args.items():
        assert said.args[name] == value, said
    assert caught.value.reason and not RULE_ID.search(caught.value.reason), caught.value.reason
