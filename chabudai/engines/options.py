"""The one options schema shared by engines, the host, the command line and the UI.

Each game declares its options (the "Variants / options" table of its rules file) as a tuple of
:class:`Option`. Everything that takes options from outside — ``new_game``, ``--option k=v`` on the
command line, the lobby form — goes through :func:`resolve_options`, so an unknown option or a bad
value is refused the same way everywhere.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chabudai.i18n import N_

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One declared game option.

    ``words`` names each choice for players, in the order of ``choices`` ("per otter", "Nintendo");
    without it a value is shown as itself, underscores as spaces and booleans as on / off.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` lists every allowed value (for ``bool``
    it is ``(True, False)``). ``label`` and ``help`` are shown by the UI's options form.
    ``players`` is the ``(least, most)`` number of players the option has an effect with (the
    form may hide it otherwise; the value is still accepted and kept), ``None`` for every count.

    ``label``, ``help`` and ``words`` are English, marked ``N_()`` where a game declares them:
    they are msgids of the catalogues, so the UI passes each through ``_()`` where it shows it
    (``_(option.label)``, ``_(option.help)``, ``_(option.word(value))``: :meth:`word` gives a
    msgid too, or a number as digits, which ``_()`` leaves as it is). The command line and
    :meth:`to_dict` stay English.
    """

    name: str
    kind: type
    choices: tuple[OptionValue, ...]
    default: OptionValue
    words: tuple[str, ...] = ()
    label: str = ""
    help: str = ""
    players: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} not in choices")
        if self.words and len(self.words) != len(self.choices):
            raise ValueError(f"option {self.name}: one word per choice, in the same order")

    def applies(self, players: int) -> bool:
        """True if the option changes anything in a game of ``players`` players."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if allowed, else raise ``ValueError`` naming what is allowed."""
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, str)
        if not ok or value not in self.choices:
            raise ValueError(
                f"bad value {value!r} for option {self.name!r}; allowed: {self.allowed_text()}"
            )
        return value

    def parse(self, text: str) -> OptionValue:
        """Parse a command-line value (``"true"``, ``"3"``, ``"nintendo"``) and check it."""
        raw = text.strip()
        value: Any = raw
        if self.kind is bool:
            lowered = raw.lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
        elif self.kind is int:
            try:
                value = int(raw)
            except ValueError:
                value = raw
        return self.check(value)

    def allowed_text(self) -> str:
        return ", ".join(_show(c) for c in self.choices)

    def word(self, value: OptionValue) -> str:
        """A value as players read it: ``"per otter"``, ``"on"``, ``"Nintendo"`` (English, a
        msgid: the UI shows ``_(option.word(value))``)."""
        if self.words and value in self.choices:
            return self.words[self.choices.index(value)]
        if isinstance(value, bool):
            # Translators: the value of a yes/no game option
            return N_("on") if value else N_("off")
        return str(value).replace("_", " ")

    def describe(self, width: int = 78) -> str:
        """The option for a command line's help: name, each value (with its words when they
        say more), the default, then the label and the help sentence wrapped to ``width``."""
        values = " | ".join(
            _show(c) + (f" ({self.word(c)})" if self.word(c).lower() != _show(c) else "")
            for c in self.choices
        )
        head = f"{self.name} = {values}  [default {_show(self.default)}]"
        if self.players is not None:
            low, high = self.players
            head += f"  (with {low} players only)" if low == high else f"  ({low}-{high} players)"
        body = textwrap.wrap(f"{self.label or self.name}: {self.help}", width - 4)
        return "\n".join([head, *("    " + line for line in body)])

    def to_dict(self) -> dict[str, Any]:
        """A msgpack-friendly description (sent to clients so the lobby can build its form)."""
        return {
            "name": self.name,
            "kind": self.kind.__name__,
            "choices": list(self.choices),
            "words": [self.word(c) for c in self.choices],
            "default": self.default,
            "label": self.label or self.name,
            "help": self.help,
            "players": list(self.players) if self.players is not None else None,
        }


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve_options(
    declared: Iterable[Option], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Return the full option dict: defaults overlaid with ``given``, every value checked."""
    by_name = {o.name: o for o in declared}
    result: dict[str, OptionValue] = {name: o.default for name, o in by_name.items()}
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            allowed = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown option {name!r}; this game's options: {allowed}")
        result[name] = option.check(value)
    return result


def parse_option_strings(
    declared: Iterable[Option], pairs: Iterable[str]
) -> dict[str, OptionValue]:
    """Parse ``["ruleset=nintendo", "rounds=3"]`` into a checked (partial) option dict."""
    by_name = {o.name: o for o in declared}
    result: dict[str, OptionValue] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"option {pair!r} must look like name=value")
        name, text = pair.split("=", 1)
        name = name.strip()
        option = by_name.get(name)
        if option is None:
            allowed = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"unknown option {name!r}; this game's options: {allowed}")
        result[name] = option.parse(text)
    return result
