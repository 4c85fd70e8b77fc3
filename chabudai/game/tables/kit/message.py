"""The one message slot of a table: the prompt ("Your turn: …") and a refusal's reason share it.

A refusal (:meth:`MessageSlot.say`) takes the prompt's place for a few seconds of real time (long
enough to read at every animation speed), but goes at once when the player acts again
(:meth:`MessageSlot.clear`, on every click and key the table handles) or when the prompt changes
(the situation it answered is gone): two messages never show at once, and an old reason never
covers a new prompt.

A view draws its prompt through :meth:`MessageSlot.line` — it gets back the text to show there
and whether it is a refusal. When the view shows no prompt the table draws the reason at its
``reason_centre`` (:meth:`MessageSlot.loose`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chabudai.game.tables.kit.overlays import Reason

# A rule's number as the engines cite it in their reasons: " (M-17)", " (N-13, N-15, N-29)".
RULE_CITE = re.compile(r"\s*\((?:[KNRM]-\d+[a-z]?(?:,\s*|\s+and\s+|\s*/\s*)?)+\)")


def without_rule_ids(text: str) -> str:
    """``text`` without the rule numbers the engines cite: players get the rule in words,
    never its id ("… of your reserve (M-17)" → "… of your reserve")."""
    return RULE_CITE.sub("", text).strip()


def plain_reason(text: str) -> str:
    """A reason as a player reads it: without rule ids and starting with a capital ("a 1
    does not beat a 6" is written to be joined into a sentence)."""
    text = without_rule_ids(text)
    return text[:1].upper() + text[1:]


@dataclass
class MessageSlot(Reason):
    """The reason line (text, seconds left) plus the prompt it answered."""

    prompt_then: str | None = None  # the prompt the reason took the place of (None: not yet)
    drawn: bool = False  # the view showed the slot this frame (so the table does not)

    def say(self, text: str) -> None:
        """Show a refusal's reason (a host's or the rules'), as :func:`plain_reason` words it."""
        super().say(plain_reason(text))
        self.prompt_then = None  # the next prompt drawn is the one it answers

    def clear(self) -> None:
        """The player acted: an old reason goes."""
        self.text, self.left = "", 0.0

    @property
    def live(self) -> bool:
        return bool(self.text) and self.left > 0

    def start_frame(self) -> None:
        self.drawn = False

    def line(self, prompt: str) -> tuple[str, bool]:
        """What the prompt's place shows now: ``(text, refused)`` — the live reason while the
        prompt is still the one it answered, else the prompt."""
        self.drawn = True
        if self.live and self.prompt_then is None:
            self.prompt_then = prompt
        if self.live and prompt != self.prompt_then:
            self.clear()  # a new prompt replaces an old reason at once
        if self.live:
            return self.text, True
        return prompt, False

    def loose(self) -> bool:
        """After the view drew: should the table draw the reason on its own (no prompt shown)?"""
        if self.drawn:
            return False
        self.line("")
        self.drawn = False
        return self.live
