"""The frame codec and the message schemas (docs/PROTOCOL.md, "Framing" and "Messages")."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.net.codec import MAX_DEPTH, MAX_FRAME, FrameError, decode_frame, encode
from chabudai.net.protocol import (
    CLIENT_MESSAGES,
    ERRORS,
    HOST_MESSAGES,
    REJECTS,
    ProtocolError,
    check_client_message,
    check_host_message,
)

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def frame(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


@given(st.dictionaries(st.text(max_size=8), plain, max_size=5), st.text(max_size=10))
@settings(max_examples=100)
def test_round_trip_of_plain_maps(body, kind):
    message = {**body, "t": kind}
    assert decode_frame(encode(message)) == message


@given(st.binary(max_size=300))
@settings(max_examples=800)
def test_fuzz_random_bytes_decode_or_frame_error(data):
    """Whatever arrives, the decoder returns a map with a str "t" or raises FrameError."""
    for candidate in (data, frame(data)):
        try:
            message = decode_frame(candidate)
        except FrameError as error:
            assert error.code in ERRORS
        else:
            assert isinstance(message, dict) and isinstance(message["t"], str)


@given(plain)
@settings(max_examples=150)
def test_fuzz_any_msgpack_value(value):
    try:
        message = decode_frame(frame(msgpack.packb(value)))
    except FrameError as error:
        assert error.code == "bad_frame"
    else:
        assert message == value and isinstance(value, dict)


def test_oversize_frame_is_refused_before_reading_it():
    with pytest.raises(FrameError) as info:
        decode_frame(struct.pack(">I", MAX_FRAME + 1))
    assert info.value.code == "too_large"
    with pytest.raises(ValueError):
        encode({"t": "chat", "text": "x" * (MAX_FRAME + 10)})


@pytest.mark.parametrize(
    "payload",
    [
        b"\xc1",  # never used byte
        msgpack.packb([1, 2]),  # not a map
        msgpack.packb({"x": 1}),  # no type tag
        msgpack.packb({"t": 3}),  # tag not a string
        msgpack.packb({1: "a", "t": "x"}, strict_types=False),  # int key
        msgpack.packb({"t": "x", "f": 1.5}),  # floats are not part of the protocol
        msgpack.packb({"t": "x", "b": b"bytes"}, use_bin_type=True),  # bin type
        msgpack.packb({"t": "x", "e": msgpack.ExtType(5, b"zz")}),  # ext type
        msgpack.packb({"t": "x", "e": msgpack.Timestamp(1)}),  # the timestamp ext
        msgpack.packb({"t": "x"}) + b"\x00",  # trailing bytes
        b"\x91" * 5000 + b"\xc0",  # deep nesting beyond msgpack's own stack
    ],
)
def test_bad_payloads_are_bad_frames(payload):
    with pytest.raises(FrameError) as info:
        decode_frame(frame(payload))
    assert info.value.code == "bad_frame"


def test_nesting_cap():
    ok: object = 1
    for _ in range(MAX_DEPTH - 1):
        ok = [ok]
    decode_frame(encode({"t": "x", "v": ok}))
    with pytest.raises(FrameError):
        decode_frame(encode({"t": "x", "v": [ok]}))


def test_truncated_frame():
    whole = encode({"t": "ping"})
    with pytest.raises(FrameError):
        decode_frame(whole[:-1])
    with pytest.raises(FrameError):
        decode_frame(whole[:3])


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"t": "dance"}, "unknown_type"),
        ({"t": "hello", "v": "1", "name": "x"}, "bad_message"),
        ({"t": "hello", "v": 1}, "bad_message"),
        ({"t": "hello", "v": 1, "name": "x", "token": 5}, "bad_message"),
        ({"t": "sit", "seat": 1.5}, "bad_message"),
        ({"t": "move", "state_id": True, "move": {}}, "bad_message"),
        ({"t": "move", "move": {}}, "bad_message"),
        ({"t": "sit", "seat": "0"}, "bad_message"),
        ({"t": "ready", "ready": 1}, "bad_message"),
        ({"t": "chat", "text": None}, "bad_message"),
        ({"t": "set_seats", "seats": False}, "bad_message"),
        ({"t": "set_option", "name": "rounds", "value": [3]}, "bad_message"),
    ],
)
def test_client_schema_refusals(message, code):
    with pytest.raises(ProtocolError) as info:
        check_client_message(message)
    assert info.value.code == code


def test_client_schema_accepts_the_documented_shapes():
    for message in (
        {"t": "hello", "v": 1, "name": "Aki", "token": None, "spectate": False},
        {"t": "hello", "v": 1, "name": "Aki", "extra": "ignored"},
        {"t": "sit", "seat": None},
        {"t": "sit"},
        {"t": "move", "state_id": 4, "move": {"play": 3, "take": 1}},
        {"t": "set_option", "name": "rounds", "value": 3},
        {"t": "start"},
        # values of the right type pass the schema; the table answers them (test_field_values)
        {"t": "hello", "v": 99, "name": "x" * 41, "token": "é" * 100, "table": "t" * 100},
        {"t": "move", "state_id": -1, "move": {}, "seat": 2**64 - 1},
        {"t": "chat", "text": "x" * 501},
        {"t": "add_bot", "seat": -(2**63), "level": "x" * 1000},
    ):
        assert check_client_message(message) is message
    assert check_host_message({"t": "reject", "code": "stale", "reason": "r", "state_id": 2})


def test_every_message_and_code_is_documented():
    """docs/PROTOCOL.md names every message type and every error and reject code."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()
    for name in [*CLIENT_MESSAGES, *HOST_MESSAGES, *ERRORS, *REJECTS]:
        assert f"`{name}`" in text, f"{name} is not documented"
