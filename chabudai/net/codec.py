"""The one frame codec shared by host and client (docs/PROTOCOL.md, "Framing").

A frame is a 4-byte big-endian unsigned length followed by that many bytes holding exactly one
msgpack map. Maps decode with ``raw=False`` and ``strict_map_key=True``; ext types (including the
msgpack timestamp), binary strings and floats are refused, and so is nesting deeper than
:data:`MAX_DEPTH`. Whatever is wrong with a frame raises :class:`FrameError` with an error code
from :mod:`chabudai.net.protocol`; the caller sends that error and closes the connection.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

MAX_FRAME = 64 * 1024  # bytes of msgpack payload, header not counted
MAX_DEPTH = 32  # nested maps/lists; a message needs far fewer
HEADER = struct.Struct(">I")


class FrameError(Exception):
    """A frame that cannot be accepted; ``code`` is the protocol error code to send."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse_ext(code: int, data: bytes) -> Any:
    raise FrameError("bad_frame", f"msgpack ext type {code} is not allowed")


def encode(message: dict[str, Any]) -> bytes:
    """One frame for ``message``; ``ValueError`` if it would exceed :data:`MAX_FRAME`."""
    payload = msgpack.packb(message, use_bin_type=True)
    if len(payload) > MAX_FRAME:
        raise ValueError(f"message {message.get('t')!r} is {len(payload)} bytes, over the cap")
    return HEADER.pack(len(payload)) + payload


def check_length(length: int) -> None:
    """Refuse a header announcing an empty or oversize payload."""
    if length > MAX_FRAME:
        raise FrameError("too_large", f"frame of {length} bytes is over the {MAX_FRAME}-byte cap")
    if length == 0:
        raise FrameError("bad_frame", "empty frame")


def decode_payload(payload: bytes) -> dict[str, Any]:
    """Decode one frame's payload into a plain map with a string ``"t"``."""
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            ext_hook=_refuse_ext,
            use_list=True,
        )
    except FrameError:
        raise
    except Exception as error:  # msgpack raises ValueError subclasses, UnicodeDecodeError...
        raise FrameError("bad_frame", f"not one msgpack value: {error}") from None
    check_plain(value)
    if not isinstance(value, dict):
        raise FrameError("bad_frame", "a frame must hold a map")
    if not isinstance(value.get("t"), str):
        raise FrameError("bad_frame", 'a message needs a string type tag "t"')
    return value


def check_plain(value: Any) -> None:
    """Refuse anything but maps with str keys, lists, str, int, bool and nil, nested shallowly."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if depth > MAX_DEPTH:
                raise FrameError("bad_frame", f"nesting deeper than {MAX_DEPTH}")
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise FrameError("bad_frame", "map keys must be strings")
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            if depth > MAX_DEPTH:
                raise FrameError("bad_frame", f"nesting deeper than {MAX_DEPTH}")
            stack.extend((inner, depth + 1) for inner in item)
        elif item is None or isinstance(item, (str, int, bool)):
            continue
        else:
            raise FrameError("bad_frame", f"values of type {type(item).__name__} are not allowed")


def decode_frame(frame: bytes) -> dict[str, Any]:
    """Decode a whole frame (header + payload); the inverse of :func:`encode`."""
    if len(frame) < HEADER.size:
        raise FrameError("bad_frame", "truncated frame header")
    (length,) = HEADER.unpack_from(frame)
    check_length(length)
    if len(frame) != HEADER.size + length:
        raise FrameError("bad_frame", f"frame holds {len(frame) - 4} bytes, header says {length}")
    return decode_payload(frame[HEADER.size :])


async def read_frame(reader: asyncio.StreamReader) -> dict[str, Any]:
    """Read and decode the next frame. ``asyncio.IncompleteReadError`` at end of stream."""
    header = await reader.readexactly(HEADER.size)
    (length,) = HEADER.unpack(header)
    check_length(length)
    return decode_payload(await reader.readexactly(length))
