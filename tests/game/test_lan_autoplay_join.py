"""Issue 31, item 5: ``chabudai autoplay --join`` says why it could not sit, naming the address
once; and a joined autoplay gives its seat back at the end, so another can sit right after."""

from __future__ import annotations

import pytest

from chabudai.tools import autoplay
from chabudai.tools.cli import build_parser

from .lan_helpers import HostThread, unused_port


def join_args(address: str, seed: int = 1):
    return build_parser().parse_args(
        ["autoplay", "--join", address, "--seed", str(seed), "--speed", "40", "--timeout", "60"]
    )


def test_autoplay_join_to_nothing_says_why_once():
    port = unused_port()
    with pytest.raises(autoplay.AutoplayError) as caught:
        autoplay.play(join_args(f"127.0.0.1:{port}"))
    message = str(caught.value)
    assert message.count(f"127.0.0.1:{port}") == 1, message
    assert "No table answers" in message and "Errno" not in message


@pytest.mark.slow
def test_autoplay_joins_right_after_another_autoplay_game():
    hosting = HostThread()
    port = hosting.open(bot_seat=1, grace=30, results_time=0.5)
    try:
        for seed in (1, 2):  # the second sits at once: the first gave its seat back
            outcome = autoplay.play(join_args(f"127.0.0.1:{port}", seed))
            assert outcome["seat"] == 0 and outcome["result"]["scores"]
    finally:
        hosting.stop()
