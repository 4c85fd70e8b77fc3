"""Message schemas, error codes and the protocol version (docs/PROTOCOL.md is the reference).

Every decoded client message goes through :func:`check_client_message` before anything acts on
it; the client checks host messages with :func:`check_host_message`. A schema maps each field to
a type spec; unknown fields are ignored (newer peers may add optional fields), missing required
fields and wrong types are refused with :class:`ProtocolError`.

Client-message schemas check **types only**: every value of the right type reaches the table,
which answers it with the code PROTOCOL.md documents for that field (a seat number outside the
table is ``bad_seat``, an unknown level ``bad_level``, however long or large the value). Values
chosen by a peer are shown in messages through :func:`shown`, cut to a few dozen characters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 1
SERVICE_TYPE = "_chabudai._tcp.local."
DEFAULT_PORT = 47474  # what `chabudai host` listens on unless told otherwise

MAX_NAME = 40  # characters in a player or table name
MAX_CHAT = 500  # characters in a chat line
MAX_TOKEN = 64

# code -> meaning; "closes" codes end the connection after the error is sent.
ERRORS: dict[str, str] = {
    "bad_frame": "the frame is not one well-formed msgpack map (closes)",
    "too_large": "the frame is over the size cap (closes)",
    "bad_message": "a field is missing or has the wrong type",
    "unknown_type": "the type tag names no client message",
    "hello_first": "the first message was not hello or probe (closes)",
    "version": "the peer speaks another protocol version (closes)",
    "bad_token": "the seat token is unknown (closes)",
    "no_table": "the table id is unknown, or the host has no table (closes)",
    "handshake_timeout": "no hello within the handshake time (closes)",
    "idle_timeout": "nothing received within the idle time (closes)",
    "rate_limited": "too many messages too fast (closes)",
    "busy": "the host has too many connections (closes)",
    "shutdown": "the host is shutting down (closes)",
    "replaced": "the same seat connected again elsewhere (closes)",
    "not_host": "only the host player may do this",
    "not_in_lobby": "only possible in the lobby",
    "not_over": "only possible after the game is over",
    "not_seated": "this connection holds no seat",
    "spectator": "spectators cannot sit or act",
    "bad_seat": "no such seat, or a seat of the wrong kind",
    "seat_taken": "the seat is taken",
    "no_open_seat": "no open seat left",
    "bad_option": "unknown option or bad value",
    "bad_level": "unknown bot level",
    "bad_seats": "seat count outside the game's range, or it would remove the host player's seat",
    "not_ready": "a seated player is not ready or not connected",
}
CLOSING_ERRORS = frozenset(code for code, text in ERRORS.items() if text.endswith("(closes)"))

REJECTS: dict[str, str] = {
    "stale": "the move was made against an older state (a snapshot follows)",
    "illegal": "the rules do not allow the move now",
    "not_your_turn": "the seat is not among those to move",
    "not_your_seat": "the move names a seat this connection does not hold",
    "not_seated": "this connection holds no seat",
    "not_playing": "no game is in progress",
    # refusals of a `hint` request (the reject says `about: "hint"`)
    "hints_off": "hints are off at this table (the table option `hints`)",
    "hint_pending": "a hint for this seat is still being thought about",
    "no_hint": "the hint could not be worked out",
}


class ProtocolError(Exception):
    """A message refused by its schema; ``code`` is an :data:`ERRORS` key."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- type specs: a spec is a callable returning True when the value fits ---------------------

Spec = Callable[[Any], bool]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any) -> bool:
    return _int(value) and 0 <= value < 64


def _nonneg(value: Any) -> bool:
    return _int(value) and value >= 0


def _bool(value: Any) -> bool:
    return isinstance(value, bool)


def _str(limit: int | None = None) -> Spec:
    return lambda value: isinstance(value, str) and (limit is None or len(value) <= limit)


def _optional(spec: Spec) -> Spec:
    return lambda value: value is None or spec(value)


def _option_value(value: Any) -> bool:
    return isinstance(value, (bool, str)) or _int(value)


def _any(value: Any) -> bool:
    return True  # already restricted to plain data by the codec


def _map(value: Any) -> bool:
    return isinstance(value, dict)


def _list(value: Any) -> bool:
    return isinstance(value, list)


@dataclass(frozen=True)
class Field:
    spec: Spec
    required: bool = True
    describe: str = ""


def F(spec: Spec, describe: str, required: bool = True) -> Field:
    return Field(spec, required, describe)


CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {
        "v": F(_int, "int"),
        "name": F(_str(), "str"),
        "token": F(_optional(_str()), "str|nil", required=False),
        "spectate": F(_bool, "bool", required=False),
        "table": F(_optional(_str()), "str|nil", required=False),
    },
    "probe": {"v": F(_int, "int", required=False)},
    "sit": {"seat": F(_optional(_int), "int|nil", required=False)},
    "ready": {"ready": F(_bool, "bool")},
    "add_bot": {"seat": F(_int, "int"), "level": F(_str(), "str")},
    "remove_bot": {"seat": F(_int, "int")},
    "set_option": {"name": F(_str(), "str"), "value": F(_option_value, "bool|int|str")},
    "set_seats": {"seats": F(_int, "int")},
    "start": {},
    "move": {
        "state_id": F(_int, "int"),
        "move": F(_any, "any"),
        "seat": F(_optional(_int), "int|nil", required=False),
    },
    "hint": {
        "state_id": F(_int, "int"),
        "seat": F(_optional(_int), "int|nil", required=False),
        "compare": F(_any, "any", required=False),
    },
    "sync": {},
    "chat": {"text": F(_str(), "str")},
    "rematch": {},
    "leave": {},
    "ping": {},
}

HOST_MESSAGES: dict[str, dict[str, Field]] = {
    "welcome": {
        "v": F(_int, "int"),
        "seat": F(_optional(_seat), "int|nil"),
        "token": F(_str(MAX_TOKEN), "str"),
        "table": F(_str(MAX_TOKEN), "str"),
        "host_seat": F(_bool, "bool"),
    },
    "lobby": {"table": F(_map, "map")},
    "snapshot": {"state_id": F(_nonneg, "int"), "view": F(_map, "map")},
    "update": {"state_id": F(_nonneg, "int"), "events": F(_list, "list"), "view": F(_map, "map")},
    "reject": {
        "code": F(_str(MAX_NAME), "str"),
        "reason": F(_str(4096), "str"),
        "state_id": F(_nonneg, "int"),
        "reason_id": F(_str(MAX_NAME), "str", required=False),
        "args": F(_map, "map", required=False),
        "about": F(_str(MAX_NAME), "str", required=False),
    },
    "hint": {
        "state_id": F(_nonneg, "int"),
        "seat": F(_seat, "int"),
        "move": F(_any, "any"),
        "kind": F(_str(MAX_NAME), "str"),
        "reason": F(_str(4096), "str"),
        "reason_id": F(_str(MAX_NAME), "str", required=False),
        "args": F(_map, "map", required=False),
    },
    "error": {"code": F(_str(MAX_NAME), "str"), "message": F(_str(4096), "str")},
    "chat": {
        "seat": F(_optional(_seat), "int|nil"),
        "name": F(_str(MAX_NAME), "str"),
        "text": F(_str(MAX_CHAT), "str"),
    },
    "game_over": {"result": F(_map, "map"), "record": F(_map, "map")},
    "info": {"v": F(_int, "int"), "tables": F(_list, "list")},
    "pong": {},
}


def _check(message: dict[str, Any], schemas: dict[str, dict[str, Field]]) -> dict[str, Any]:
    kind = message.get("t")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {shown(kind)}")
    for name, field in schema.items():
        if name not in message:
            if field.required:
                raise ProtocolError("bad_message", f"{kind}: field {name!r} is missing")
            continue
        if not field.spec(message[name]):
            raise ProtocolError(
                "bad_message", f"{kind}: field {name!r} must be {field.describe or 'valid'}"
            )
    return message


def check_client_message(message: dict[str, Any]) -> dict[str, Any]:
    """Return ``message`` if it fits its client-message schema, else raise ProtocolError."""
    return _check(message, CLIENT_MESSAGES)


def check_host_message(message: dict[str, Any]) -> dict[str, Any]:
    """Return ``message`` if it fits its host-message schema, else raise ProtocolError."""
    return _check(message, HOST_MESSAGES)


def clean_name(name: str, fallback: str) -> str:
    """A display name without control characters, trimmed and cut to MAX_NAME characters;
    ``fallback`` if nothing is left."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME].strip() or fallback


def clean_chat(text: str) -> str:
    """A chat line without control characters other than newline, trimmed, cut to MAX_CHAT."""
    kept = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    return kept[:MAX_CHAT].rstrip()


def clipped(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any, limit: int = 40) -> str:
    """A peer-chosen value as an error message shows it: its repr, at most ``limit`` characters."""
    return clipped(repr(value), limit)
