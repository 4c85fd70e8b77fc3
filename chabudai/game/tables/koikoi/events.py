"""How each host event changes a Koi-Koi table's model (pure: no pygame, testable alone).

The model is a Koi-Koi view dict (``engines/koikoi``). Each update changes it exactly as the
host's state changed, so after the last event of an update the model already equals the host's
view and the table never jumps. Kinds that change nothing the view holds (``stop``, ``redeal``,
``hand_bonus``) have no update; the table only shows them.
"""

from __future__ import annotations

from chabudai.game.tables.kit.events import Event, Model, Update

# Every kind of event the Koi-Koi host sends (engines/koikoi).
KINDS = (
    "deal", "hand", "turn", "play", "place", "capture", "draw", "choose", "yaku", "koikoi",
    "stop", "deal_end", "game_end", "redeal", "hand_bonus",
)  # fmt: skip


def deal(m: Model, ev: Event) -> None:
    """K-6: a new deal; the board is dealt afresh, the viewer's hand follows in ``hand``."""
    m.update(
        board=list(ev["board"]),
        hand_counts=list(ev["hand_counts"]),
        stock=ev["stock"],
        piles=[[], []],
        pending=None,
        pending_targets=[],
        dealer=ev["dealer"],
        deal=ev["deal"],
        turn=1,
        phase="play",
        koikoi_calls=[0, 0],
        last_total=[0, 0],
        totals=[0, 0],
        yaku=[[], []],
        slots={},  # the table's own board slots: a fresh board is laid out month by month
    )
    if m.get("seat") is not None:
        m["hand"] = []


def hand(m: Model, ev: Event) -> None:
    if ev.get("seat") == m.get("seat"):
        m["hand"] = sorted(ev["cards"])


def turn(m: Model, ev: Event) -> None:
    seat = ev.get("seat")
    m.update(current=seat, turn=ev.get("turn", m.get("turn")), phase="play", to_move=[seat])
    m["pending"], m["pending_targets"] = None, []


def play(m: Model, ev: Event) -> None:
    """K-12: a hand card goes to the board (a capture, if any, follows as its own event)."""
    seat, card = ev["seat"], ev["card"]
    if seat == m.get("seat") and card in (m.get("hand") or []):
        m["hand"].remove(card)
    m["hand_counts"][seat] -= 1
    m["board"].append(card)


def place(m: Model, ev: Event) -> None:
    """K-13: no match, the card stays on the board."""
    card = ev["card"]
    if m.get("pending") == card:
        m["pending"] = None
    if card not in m["board"]:
        m["board"].append(card)


def capture(m: Model, ev: Event) -> None:
    """K-13, K-16: the card and what it took leave the board for the seat's pile."""
    cards = list(ev["cards"])
    m["board"] = [c for c in m["board"] if c not in cards]
    if m.get("pending") in cards:
        m["pending"] = None
    pile = m["piles"][ev["seat"]]
    pile.extend(c for c in cards if c not in pile)


def draw(m: Model, ev: Event) -> None:
    """K-15: the top card of the stock waits to be matched."""
    m["stock"] = ev.get("stock", m["stock"] - 1)
    m["pending"] = ev["card"]


def choose(m: Model, ev: Event) -> None:
    """K-13, K-15: the drawn card matches two board cards: its drawer picks one."""
    m["phase"] = "draw_choice"
    m["pending"] = ev["card"]
    m["pending_targets"] = list(ev.get("targets") or ev.get("options") or [])
    m["to_move"] = [ev["seat"]]


def yaku(m: Model, ev: Event) -> None:
    """K-17, K-27, K-28: a rise; the player decides to stop or call koi-koi."""
    seat = ev["seat"]
    m["totals"][seat] = ev["total"]
    m["yaku"][seat] = [list(y) for y in ev["yaku"]]
    m["phase"] = "decide"


def koikoi(m: Model, ev: Event) -> None:
    """K-30: one more koi-koi call."""
    seat = ev["seat"]
    m["koikoi_calls"][seat] = ev.get("calls", m["koikoi_calls"][seat] + 1)


def deal_end(m: Model, ev: Event) -> None:
    """K-29, K-31, K-33: the match scores, and the deal's entry in the history."""
    m["scores"] = list(ev["scores"])
    m.setdefault("history", []).append({k: v for k, v in ev.items() if k not in ("e", "scores")})


def game_end(m: Model, ev: Event) -> None:
    m["over"] = True


UPDATES: dict[str, Update] = {
    "deal": deal,
    "hand": hand,
    "turn": turn,
    "play": play,
    "place": place,
    "capture": capture,
    "draw": draw,
    "choose": choose,
    "yaku": yaku,
    "koikoi": koikoi,
    "deal_end": deal_end,
    "game_end": game_end,
}
