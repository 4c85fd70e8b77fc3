"""How each host event changes a Nimalia table's model (pure: no pygame, testable alone).

The model is a Nimalia view dict (``engines/nimalia``). Each update changes it exactly as the
host's state changed (``placed``, ``place``, ``reveal``, ``pass``, ``hand``, ``draw``, ``turn``,
``score``, ``game_end``), so after the last event of an update the model already equals the
host's view and the table never jumps. :func:`expand` adds the steps the table shows one by
one: the passing direction before a pass (``pass_show``, no change) and each objective of a
round's scoring (``score_line``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chabudai.engines.nimalia import grid_from_view, pos_key
from chabudai.engines.nimalia.geometry import place as lay_card
from chabudai.game.tables.kit.events import Event, Model, Update

# Every kind of event the Nimalia host sends (engines/nimalia), and the steps ``expand`` adds.
KINDS = (
    "placed", "place", "reveal", "pass_show", "pass", "hand", "draw", "turn", "score_line",
    "score", "game_end",
)  # fmt: skip


def expand(events: Iterable[Event]) -> list[Event]:
    """The host's events with the steps the table shows one by one: the passing direction
    before the pass (M-12), and each objective of a round's scoring in turn (M-27)."""
    out: list[Event] = []
    for event in events:
        kind = event.get("e")
        if kind == "pass":
            out.append({**event, "e": "pass_show"})
        elif kind == "score":
            for index, line in enumerate(event["objectives"]):
                out.append(
                    {"e": "score_line", "round": event["round"], "index": index, "line": line}
                )
        out.append(event)
    return out


def _laid(reserve: dict[str, Any], card: int, rot: int, row: int, col: int) -> dict[str, Any]:
    """A reserve (as the view holds it) with ``card`` laid on top (M-15, M-18)."""
    grid = grid_from_view(reserve or {})
    lay_card(grid, card, rot, row, col)
    return {pos_key(p): code for p, code in sorted(grid.items())}


def placed(m: Model, ev: Event) -> None:
    """M-11: someone has chosen, face down; a card leaves their hand."""
    seat = ev["seat"]
    m["placed"][seat] = True
    m["to_move"] = [s for s in m["to_move"] if s != seat]
    m["hand_counts"][seat] -= 1


def place(m: Model, ev: Event) -> None:
    """M-11: the viewer's own placement, on their reserve until the reveal."""
    card = ev["card"]
    if card in (m.get("hand") or []):
        m["hand"].remove(card)
    move = {k: ev[k] for k in ("card", "rot", "row", "col")}
    m["pending"] = move
    m["reserve"] = _laid(m.get("reserve") or {}, card, move["rot"], move["row"], move["col"])


def reveal(m: Model, ev: Event) -> None:
    """M-11, M-18: every placement of the turn is revealed and laid at once."""
    for p in ev["placements"]:
        seat = p["seat"]
        m["placements"][seat].append([p["card"], p["rot"], p["row"], p["col"]])
        m["reserves"][seat] = _laid(m["reserves"][seat], p["card"], p["rot"], p["row"], p["col"])
    m["pending"] = None
    m["placed"] = [False] * m["players"]
    if m.get("seat") is not None:
        m["reserve"] = dict(m["reserves"][m["seat"]])


def pass_(m: Model, ev: Event) -> None:
    """M-12: the hands move to the round's neighbour (the viewer's comes with ``hand``)."""
    m["hand_counts"] = list(ev["counts"])
    if m.get("seat") is not None:
        m["hand"] = []


def hand(m: Model, ev: Event) -> None:
    """M-10, M-12: the viewer's new hand."""
    cards = sorted(ev["cards"])
    m["hand"] = cards
    m["hand_counts"][m["seat"]] = len(cards)


def draw(m: Model, ev: Event) -> None:
    """M-10: a new round; three cards each from the deck."""
    m["deck"] = ev["deck"]
    m["round"] = ev["round"]
    m["hand_counts"] = [3] * m["players"]
    if m.get("seat") is not None:
        m["hand"] = []


def turn(m: Model, ev: Event) -> None:
    """M-11: everyone chooses at once."""
    m.update(round=ev["round"], turn=ev["turn"], direction=ev["direction"])
    m["to_move"] = list(range(m["players"]))
    m["placed"] = [False] * m["players"]


def score_line(m: Model, ev: Event) -> None:
    """M-27: one objective scored; the totals after it (floored at 0)."""
    m["scores"] = list(ev["line"]["scores"])


def score(m: Model, ev: Event) -> None:
    """M-26: the round's scoring is over; its line joins the history."""
    m["history"].append({k: v for k, v in ev.items() if k != "e"})
    m["scores"] = list(ev["scores"])


def game_end(m: Model, ev: Event) -> None:
    """M-29."""
    m["over"] = True
    m["to_move"] = []


UPDATES: dict[str, Update] = {
    "placed": placed,
    "place": place,
    "reveal": reveal,
    "pass": pass_,
    "hand": hand,
    "draw": draw,
    "turn": turn,
    "score_line": score_line,
    "score": score,
    "game_end": game_end,
}
