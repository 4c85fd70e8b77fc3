"""How each host event changes a Nanatoridori table's model and its card keys (pure).

The table's model is a Nanatoridori view dict (``engines/nanatoridori/state.py``, "Views"). Each
event (``deal``, ``hand``, ``turn``, ``play``, ``choose``, ``pass``, ``draw``, ``drew``,
``insert``, ``discard``, ``clear``, ``out``, ``eliminated``, ``round_end``, ``game_end``)
changes it exactly as the host's state changed (``UPDATES``, the kit's pure update per kind), so
after the last event of an update the model already equals the host's view and the table never
jumps; :func:`move_keys` moves the card keys of the
:class:`~chabudai.game.tables.nanatoridori.tracking.Tracker` alongside (``KEYS``, from the model
as it was before the event).

Passes count as the engine counts them (N-15, N-16, N-29): a pass with nothing to draw at once,
a pass that draws (or spends a duel reserve card) once the card is placed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chabudai.game.tables.kit.events import Event, Model, Update
from chabudai.game.tables.nanatoridori.picking import reserve_slots
from chabudai.game.tables.nanatoridori.tracking import Tracker

# Every kind of event the Nanatoridori host sends (engines/nanatoridori).
KINDS = (
    "deal", "hand", "turn", "play", "choose", "pass", "draw", "drew", "insert", "discard",
    "clear", "out", "eliminated", "round_end", "game_end",
)  # fmt: skip


def shift(indices: Sequence[int], at: int, delta: int) -> list[int]:
    """Hand positions after ``delta`` cards are inserted at ``at`` (or ``-delta`` removed)."""
    if delta >= 0:
        return [i if i < at else i + delta for i in indices]
    gone = range(at, at - delta)
    return [i if i < at else i + delta for i in indices if i not in gone]


def deal(m: Model, ev: Event) -> None:
    """N-5 to N-8 (N-27): a new round; the viewer's own cards follow in ``hand``."""
    counts = list(ev["hand_counts"])
    n = len(counts)
    m.update(
        round=ev["round"],
        starter=ev["starter"],
        hand_counts=counts,
        pile=ev["pile"],
        aside=ev["aside"],
        reserves=[list(r) for r in ev["reserves"]],
        area=None,
        passes=0,
        pending=None,
        discard=[],
        out=[False] * n,
        finish=[],
        public_hands=[[None] * c for c in counts],
        drawn=[[] for _ in range(n)],
        phase="play",
    )
    if m.get("seat") is not None:
        m["hand"] = []


def hand(m: Model, ev: Event) -> None:
    if ev["seat"] == m.get("seat"):
        m["hand"] = list(ev["cards"])


def turn(m: Model, ev: Event) -> None:
    m.update(current=ev["seat"], to_move=[ev["seat"]], phase="play", pending=None)


def play(m: Model, ev: Event) -> None:
    """N-12, N-28: the block (and reserve cards) become the current set; N-18: passes reset."""
    seat, start, length = ev["seat"], ev["start"], ev["length"]
    slots = reserve_slots(m["reserves"][seat], ev["value"], ev.get("reserve", 0))
    m["reserves"][seat] = [v for i, v in enumerate(m["reserves"][seat]) if i not in slots]
    if seat == m.get("seat"):
        del m["hand"][start : start + length]
    m["hand_counts"][seat] -= length
    del m["public_hands"][seat][start : start + length]
    m["drawn"][seat] = shift(m["drawn"][seat], start, -length)
    m["area"] = {"count": ev["count"], "value": ev["value"], "owner": seat}
    m["passes"] = 0


def choose(m: Model, ev: Event) -> None:
    """N-13: the beaten set waits to be taken or discarded."""
    cards = list(ev["cards"])
    m.update(phase="place", current=ev["seat"], to_move=[ev["seat"]])
    m["pending"] = {"kind": ev["kind"], "count": len(cards), "cards": cards}


def pass_(m: Model, ev: Event) -> None:
    seat = ev["seat"]
    if "card" in ev:  # N-29: a duel reserve card is spent and waits to be placed
        del m["reserves"][seat][m["reserves"][seat].index(ev["card"])]
        m["pending"] = {"kind": "reserve", "count": 1, "cards": [ev["card"]]}
        m["phase"] = "place"
    elif not m.get("pile"):
        m["passes"] += 1  # N-15, N-T13: nothing to draw, the pass is complete


def draw(m: Model, ev: Event) -> None:
    """N-15: the top card waits to be placed (its value only for the one who drew it)."""
    m["pile"] = ev["pile"]
    m["pending"] = {"kind": "draw", "count": 1, "cards": None}
    m["phase"] = "place"


def drew(m: Model, ev: Event) -> None:
    if m.get("pending"):
        m["pending"]["cards"] = [ev["card"]]


def insert(m: Model, ev: Event) -> None:
    """N-13, N-15, N-29: one block into the hand; N-33: taken values and the drawn card's
    position become public."""
    seat, gap, kind = ev["seat"], ev["gap"], ev["kind"]
    pending = m.get("pending") or {"count": len(ev.get("cards", [])), "cards": None}
    count = pending["count"]
    cards = ev.get("cards") or pending.get("cards")
    if seat == m.get("seat") and cards is not None:
        m["hand"][gap:gap] = list(cards)
    m["hand_counts"][seat] += count
    m["public_hands"][seat][gap:gap] = [None] * count if kind == "draw" else list(ev["cards"])
    drawn = shift(m["drawn"][seat], gap, count)
    m["drawn"][seat] = sorted([*drawn, gap]) if kind == "draw" else drawn
    m.update(pending=None, phase="play")
    if kind != "take":
        m["passes"] += 1


def discard(m: Model, ev: Event) -> None:
    """N-13, N-15, N-21 (the automatic discard on going out), N-29."""
    m["discard"] += list(ev["cards"])
    m.update(pending=None, phase="play")
    if ev.get("from") != "beaten":
        m["passes"] += 1


def clear(m: Model, ev: Event) -> None:
    """N-16, N-17, N-31: everyone else passed; the set goes to the discard pile."""
    m["discard"] += list(ev["cards"])
    m.update(area=None, passes=0)


def out(m: Model, ev: Event) -> None:
    """N-19, N-20."""
    m["out"][ev["seat"]] = True
    m["finish"].append(ev["seat"])


def round_end(m: Model, ev: Event) -> None:
    """N-22 to N-25, N-32: the round's entry in the history, penguins or points; the loser
    starts the next round (N-8) and nobody moves until it is dealt."""
    entry = {k: v for k, v in ev.items() if k != "e"}
    m.setdefault("history", []).append(entry)
    if "penguins" in ev:
        m["penguins"] = list(ev["penguins"])
        m["scores"] = list(ev["penguins"])
    else:
        m["points"] = list(ev["totals"])
        m["scores"] = list(ev["totals"])
    m["starter"] = ev["loser"]
    m["to_move"] = []


def game_end(m: Model, ev: Event) -> None:
    m.update(over=True, phase="over", to_move=[], winners=list(ev["winners"]))
    m["scores"] = list(ev["scores"])


UPDATES: dict[str, Update] = {
    "deal": deal,
    "hand": hand,
    "turn": turn,
    "play": play,
    "choose": choose,
    "pass": pass_,
    "draw": draw,
    "drew": drew,
    "insert": insert,
    "discard": discard,
    "clear": clear,
    "out": out,
    "round_end": round_end,
    "game_end": game_end,
}


# ---------------------------------------------------------------------- the card keys


def deal_keys(t: Tracker, before: Model, ev: Event) -> None:
    t.deal(list(ev["hand_counts"]), [len(r) for r in ev["reserves"]], before.get("seat"))


def hand_keys(t: Tracker, before: Model, ev: Event) -> None:
    if ev["seat"] == before.get("seat"):
        t.hand(ev["seat"], len(ev["cards"]))


def play_keys(t: Tracker, before: Model, ev: Event) -> None:
    """N-12, N-28: the block and the reserve cards it names (in the reserve before the play)."""
    seat, beat = ev["seat"], ev.get("beat")
    slots = reserve_slots(before["reserves"][seat], ev["value"], ev.get("reserve", 0))
    t.play(seat, ev["start"], ev["length"], slots, beat[1] if beat else None)


def pass_keys(t: Tracker, before: Model, ev: Event) -> None:
    if "card" in ev:  # N-29: the duel reserve card spent
        t.spend(ev["seat"], before["reserves"][ev["seat"]].index(ev["card"]))


KEYS: dict[str, Callable[[Tracker, Model, Event], None]] = {
    "deal": deal_keys,
    "hand": hand_keys,
    "play": play_keys,
    "choose": lambda t, before, ev: t.choose(),
    "pass": pass_keys,
    "draw": lambda t, before, ev: t.draw(),
    "insert": lambda t, before, ev: t.insert(ev["seat"], ev["gap"]),
    "discard": lambda t, before, ev: t.discard_waiting(),
    "clear": lambda t, before, ev: t.clear(),
}


def move_keys(tracker: Tracker, before: Model, event: Event) -> None:
    """Move the card keys in ``tracker`` as ``event`` moved the cards; ``before`` is the model as
    it was before the event (others: nothing)."""
    follow = KEYS.get(event.get("e", ""))
    if follow is not None:
        follow(tracker, before, event)
