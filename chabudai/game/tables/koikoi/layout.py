"""Koi-Koi table layout as pure functions: a view in, card rectangles and click results out.

Coordinates are in the logical 1280 × 720 screen. The player's seat is at the bottom (a
spectator sees seat 0 there), the opponent at the top, the board in the middle — a grid of slots
where a card stays put until it is captured — and the stock on the left with the drawn card
under it. Capture piles are grouped by card type (K-2) with yaku progress lines
(``chabudai.engines.koikoi.progress``).

Nothing here touches pygame: rectangles are ``(x, y, w, h)`` tuples, so the layout and the click
rules are tested as plain functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chabudai.engines.koikoi.cards import CARDS, MONTH_PLANTS
from chabudai.engines.koikoi.progress import TYPE_ORDER, group_by_type, progress
from chabudai.game.tables.kit import geometry
from chabudai.game.tables.kit.geometry import LIFT, SCREEN, Click, Place, Rect, center, fan
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.i18n import _

ASPECT = 0.625  # hanafuda width / height, about 2 : 3.2 (art/STYLE.md)

HAND_H = 128
BOARD_H = 124
PILE_H = 62
BACK_H = 84

BOARD_AREA = (180, 150, 920, 290)  # x, y, w, h
# The board is a fixed grid of slots, one card each: a card keeps its slot while it stays, so
# two cards of a month lie side by side in full view. 18 slots hold any board (at most 17 cards:
# a deal's months plus one card of each other month, K-13).
BOARD_ROWS, BOARD_COLS = 2, 9
BOARD_SLOTS = BOARD_ROWS * BOARD_COLS
BOARD_GAP_X, BOARD_GAP_Y = 26, 22
LANDING_OFFSET = (18, 16)  # a played card lands on its match this far down and right
STOCK_POS = (52, 160)
BOTTOM_HAND_Y = SCREEN[1] - HAND_H - 12
OPP_HAND_Y = 12
PILE_AREAS = {"me": (560, 458, 708, 108), "opp": (560, 8, 708, 108)}
NAME_BOXES = {"me": (16, 466, 300, 92), "opp": (16, 14, 250, 92)}
# The stop / koi-koi choice sits over your hand (not needed for it), leaving the board and both
# capture rows in plain view: the player decides by looking at them.
DIALOG = (330, 562, 750, 150)
DECISION_BUTTONS = {"stop": (780, 612, 136, 56), "koikoi": (926, 612, 136, 56)}
TYPE_WEIGHTS = {"bright": 5, "animal": 8, "ribbon": 9, "plain": 13}
TYPE_LABELS = {"bright": "Brights", "animal": "Animals", "ribbon": "Ribbons", "plain": "Plains"}


def card_w(height: float) -> float:
    return round(height * ASPECT)


@dataclass
class Layout:
    me: int
    opp: int
    cards: dict[int, Place] = field(default_factory=dict)
    backs: list[Place] = field(default_factory=list)  # hidden hand cards (the opponent's)
    order: list[int] = field(default_factory=list)  # draw order of known cards, bottom first
    stock: Rect = (0, 0, 0, 0)
    stock_count: int = 0
    labels: list[tuple[tuple[float, float], str, bool, int]] = field(default_factory=list)
    slots: dict[int, int] = field(default_factory=dict)  # board card → slot (assign_slots)

    def add(self, place: Place) -> None:
        assert place.card is not None
        self.cards[place.card] = place
        self.order.append(place.card)

    def places(self) -> list[Place]:
        """Every place in draw order: known cards (bottom first), then the hidden hand cards."""
        return [self.cards[card] for card in self.order] + self.backs


def seats(view: dict[str, Any]) -> tuple[int, int]:
    """(bottom seat, top seat): the viewer at the bottom, a spectator sees seat 0 there."""
    me = view.get("seat")
    me = 0 if me is None else me
    return me, 1 - me


def slot_rect(slot: int) -> Rect:
    """The rectangle of board slot ``slot`` (row-major over ``BOARD_ROWS`` × ``BOARD_COLS``)."""
    row, col = divmod(slot, BOARD_COLS)
    w = card_w(BOARD_H)
    ax, ay, aw, ah = BOARD_AREA
    pitch_x = w + BOARD_GAP_X
    x0 = ax + (aw - (BOARD_COLS * pitch_x - BOARD_GAP_X)) / 2
    y0 = ay + (ah - (BOARD_ROWS * BOARD_H + (BOARD_ROWS - 1) * BOARD_GAP_Y)) / 2
    return (x0 + col * pitch_x, y0 + row * (BOARD_H + BOARD_GAP_Y), w, BOARD_H)


def free_slot_order() -> list[int]:
    """Where a new board card goes: the free slot nearest the middle, top row first."""
    middle = (BOARD_COLS - 1) / 2
    cols = sorted(range(BOARD_COLS), key=lambda c: (abs(c - middle), c))
    return [row * BOARD_COLS + col for col in cols for row in range(BOARD_ROWS)]


def deal_slots(board: list[int]) -> dict[int, int]:
    """Slots for a freshly dealt (or freshly shown) board: each month's cards side by side, the
    months in order, two rows of about equal length centred on the board."""
    groups: dict[int, list[int]] = {}
    for card in sorted(board):
        groups.setdefault(card // 4, []).append(card)
    rows: list[list[int]] = [[] for _row in range(BOARD_ROWS)]
    for month in sorted(groups):
        group = groups[month]
        fits = [r for r in rows if len(r) + len(group) <= BOARD_COLS] or rows
        min(fits, key=len).extend(group)
    width = max(len(r) for r in rows)
    first = (BOARD_COLS - width) // 2
    slots = {}
    for index, cards in enumerate(rows):
        for i, card in enumerate(cards):
            slot = index * BOARD_COLS + first + i
            if first + i >= BOARD_COLS:  # more than the board holds (never in a real deal)
                slot = BOARD_SLOTS + len(slots)
            slots[card] = slot
    return slots


def assign_slots(board: list[int], slots: dict[int, int] | None = None) -> dict[int, int]:
    """Board card → slot, keeping every card that stays where it was (the board stays put).

    ``slots`` are the previous assignments (None or empty: a fresh board, :func:`deal_slots`).
    A new card takes the free slot nearest the middle — unless a card of its month already lies
    on the board: then it is a card about to capture it (K-13), it gets no slot and is drawn on
    its match until both fly to the pile.
    """
    if not slots:
        return deal_slots(board)
    kept = {card: slot for card, slot in slots.items() if card in board}
    months = {card // 4 for card in kept}
    free = [s for s in free_slot_order() if s not in kept.values()]
    for card in board:
        if card in kept or card // 4 in months:
            continue
        kept[card] = free.pop(0) if free else BOARD_SLOTS + len(kept)
        months.add(card // 4)
    return kept


def _board(layout: Layout, board: list[int], slots: dict[int, int] | None, covers: Any) -> None:
    layout.slots = assign_slots(board, slots)
    landing = []
    for card in sorted(board, key=lambda c: layout.slots.get(c, BOARD_SLOTS * 2)):
        slot = layout.slots.get(card)
        if slot is None:
            landing.append(card)
            continue
        if slot < BOARD_SLOTS:
            rect = slot_rect(slot)
        else:  # past the last slot (more board cards than a deal can reach): overlap the last
            x, y, w, h = slot_rect(BOARD_SLOTS - 1)
            rect = (x - 12 * (slot - BOARD_SLOTS + 1), y, w, h)
        layout.add(Place(card, rect, True, "board"))
    for card in landing:  # a card on its way to capture: drawn on the board card it takes
        target = (covers or {}).get(card)
        if target not in layout.cards:
            target = next(c for c in board if c // 4 == card // 4 and c in layout.slots)
        x, y, w, h = layout.cards[target].rect
        layout.add(Place(card, (x + LANDING_OFFSET[0], y + LANDING_OFFSET[1], w, h), True, "board"))


def _hand(layout: Layout, cards: list[int] | None, count: int, seat: int, bottom: bool) -> None:
    height = HAND_H if bottom else BACK_H
    w = card_w(height)
    y = BOTTOM_HAND_Y if bottom else OPP_HAND_Y
    spacing = w + 10 if bottom else w * 0.55
    n = len(cards) if cards is not None else count
    span = w + spacing * (n - 1) if n else 0
    x0 = SCREEN[0] / 2 - span / 2 if bottom else 290
    for i in range(n):
        rect = (x0 + i * spacing, y, w, height)
        if cards is not None:
            layout.add(Place(cards[i], rect, True, "hand", seat))
        else:
            zone = "hand" if bottom else "opp_hand"
            layout.backs.append(Place(None, rect, False, zone, seat, key=("back", seat, i)))


def _pile(layout: Layout, pile: list[int], seat: int, area: Rect, options: dict[str, Any]) -> None:
    ax, ay, aw, _ah = area
    w = card_w(PILE_H)
    gap = 14
    total_weight = sum(TYPE_WEIGHTS.values())
    budget_all = aw - gap * (len(TYPE_ORDER) - 1)
    groups = group_by_type(pile)
    lines = {
        p.id: p
        for p in progress(
            pile, options.get("ruleset", "cardavia"), options.get("sake_cup_plain", True)
        )
    }
    primary = {
        "bright": ["brights"],
        "animal": ["tane", "inoshikacho"],
        "ribbon": ["tan", "akatan", "aotan"],
        "plain": ["kasu"],
    }
    if options.get("ruleset") == "nintendo":
        primary["bright"] += ["hanami", "tsukimi"]
    x = ax
    for kind in TYPE_ORDER:
        budget = budget_all * TYPE_WEIGHTS[kind] / total_weight
        cards = groups[kind]
        step = fan(len(cards), w, budget, w * 0.6)
        for i, card in enumerate(cards):
            layout.add(Place(card, (x + i * step, ay, w, PILE_H), True, f"pile{seat}", seat))
        ly = ay + PILE_H + 4
        for j, line_id in enumerate(primary[kind]):
            line = lines[line_id]
            if j > 0 and line.have == 0:
                continue  # secondary lines (e.g. red poems) appear once started
            layout.labels.append(((x, ly), progress_words(line), line.done, 16 if j == 0 else 14))
            ly += 17 if j == 0 else 15
        x += budget + gap


def progress_words(line: Any) -> str:
    """A yaku progress line under a pile in the current language: ``"Brights 2/3"`` on the
    way, ``"Plains 12"`` once it scores, ``"Animals 6 (in set)"`` while a set absorbs it."""
    label = _(line.label)
    if line.absorbed_by is not None:
        if line.absorbed_by == "akatan_aotan":
            # Translators: a yaku progress line while both ribbon sets absorb this yaku
            return _("{label} {have} (in sets)").format(label=label, have=line.have)
        # Translators: a yaku progress line while a set (e.g. Boar-Deer-Butterflies) absorbs it
        return _("{label} {have} (in set)").format(label=label, have=line.have)
    if line.done:
        return f"{label} {line.have}"
    return f"{label} {line.have}/{line.need}"


def compute(view: dict[str, Any]) -> Layout:
    """Every visible card's place for ``view`` (a Koi-Koi view, or the table's animation model).

    The table's model may carry two keys of its own: ``slots``, the board slots of the last layout
    (``Layout.slots``, so cards that stay keep their places), and ``covers``, which board card a
    card on its way to capture lands on (``{played: target}``).
    """
    me, opp = seats(view)
    layout = Layout(me, opp)
    _board(layout, list(view.get("board", [])), view.get("slots"), view.get("covers"))
    options = view.get("options", {})
    piles = view.get("piles", [[], []])
    _pile(layout, list(piles[opp]), opp, PILE_AREAS["opp"], options)
    _pile(layout, list(piles[me]), me, PILE_AREAS["me"], options)
    counts = view.get("hand_counts", [0, 0])
    _hand(layout, None, counts[opp], opp, bottom=False)
    hand = view.get("hand") if view.get("seat") is not None else None
    _hand(layout, sorted(hand) if hand is not None else None, counts[me], me, bottom=True)
    sx, sy = STOCK_POS
    layout.stock = (sx, sy, card_w(BOARD_H), BOARD_H)
    layout.stock_count = int(view.get("stock", 0))
    pending = view.get("pending")
    if pending is not None and pending not in layout.cards:
        layout.add(Place(pending, drawn_rect(), True, "drawn"))
    return layout


def drawn_rect() -> Rect:
    sx, sy = STOCK_POS
    return (sx, sy + BOARD_H + 26, card_w(BOARD_H), BOARD_H)


# ---------------------------------------------------------------------- hit testing


def hit_rect(place: Place) -> Rect:
    """A card's clickable area: its rectangle plus the strip it rises into when lifted."""
    x, y, w, h = place.rect
    if place.zone == "hand":
        return (x, y - LIFT, w, h + LIFT)
    return place.rect


def card_at(layout: Layout, pos: tuple[float, float]) -> int | None:
    """The topmost known card under ``pos``."""
    known = [layout.cards[card] for card in layout.order]
    place = geometry.topmost(known, pos, hit_rect)
    return None if place is None else place.card


def hit_point(layout: Layout, card: int) -> tuple[int, int]:
    """A point that clicks ``card`` (its visible part when fanned under other cards)."""
    known = [layout.cards[c] for c in layout.order]
    return geometry.hit_point(known, layout.cards[card], hit_rect)


# ---------------------------------------------------------------------- clicks → moves


def _plant(card: int) -> str:
    return _(MONTH_PLANTS[card // 4])


def can_act(view: dict[str, Any]) -> bool:
    seat = view.get("seat")
    return seat is not None and seat in view.get("to_move", []) and not view.get("over")


def takes_for(legal: LegalMoves, card: int) -> list[int]:
    """The board cards the hand card ``card`` may take, when the host's list offers a choice
    (K-13: a card matching two board cards)."""
    return [m["take"] for m in legal.having("take") if m.get("play") == card]


def legal_cards(view: dict[str, Any], legal: LegalMoves, selected: int | None = None) -> set[int]:
    """Cards that a click would act on now (lifted and glowing on the table), from the host's
    ``legal`` moves: the hand cards it lets you play, the board cards the selected card may
    take, or the targets of the drawn card."""
    phase = view.get("phase")
    if phase == "play":
        cards = set(legal.values("play"))
        if selected is not None:
            cards |= set(takes_for(legal, selected))
        return cards
    if phase == "draw_choice":
        return {m["take"] for m in legal.having("take") if "play" not in m}
    return set()


def resolve_click(
    view: dict[str, Any],
    layout: Layout,
    pos: tuple[float, float],
    legal: LegalMoves,
    selected: int | None = None,
) -> Click:
    """Turn a click at ``pos`` into a move, a selection or an explained refusal (K-12 to K-15):
    what is allowed comes from the host's ``legal`` moves, the reasons from the rules."""
    card = card_at(layout, pos)
    if card is None:
        return Click("none")
    zone = layout.cards[card].zone
    if zone not in ("hand", "board", "drawn"):
        return Click("none", key=card)
    if view.get("seat") is None:
        return Click("illegal", key=card, reason=_("You are watching this table."))
    if view.get("over"):
        return Click("illegal", key=card, reason=_("The game is over."))
    if not can_act(view):
        reason = _("Wait for your turn: the other player is playing.")
        return Click("illegal", key=card, reason=reason)
    phase = view.get("phase")
    if phase == "decide":
        return Click("illegal", key=card, reason=_("First choose: Stop or Koi-Koi."))
    if phase == "draw_choice":
        pending = view.get("pending")
        if zone == "board" and {"take": card} in legal:
            return Click("move", {"take": card}, card)
        if pending is None:
            reason = _("The drawn card must take one of the two glowing cards.")
        else:
            reason = _(
                "The drawn card must take one of the two glowing cards of its month ({plant})."
            ).format(plant=_plant(pending))
        return Click("illegal", key=card, reason=reason)
    # phase == "play"
    if zone == "hand":
        if takes_for(legal, card):
            return Click("select", key=card)  # K-13: the player picks one of two
        return Click("move", {"play": card}, card)
    if zone == "board":
        if selected is None:
            reason = _("Play a card from your hand; its matches on the board light up.")
            return Click("illegal", key=card, reason=reason)
        if card in takes_for(legal, selected):
            return Click("move", {"play": selected, "take": card}, card)
        reason = _(
            "Your card can only take one of the two glowing cards of its month ({plant})."
        ).format(plant=_plant(selected))
        return Click("illegal", key=card, reason=reason)
    return Click("none", key=card)


def clicks_for(view: dict[str, Any], layout: Layout, move: dict[str, Any]) -> list[tuple[int, int]]:
    """The clicks that make ``move`` on this layout, in order (autoplay and tests)."""
    if "call" in move:
        return [center(DECISION_BUTTONS[move["call"]])]
    if "play" in move:
        clicks = [hit_point(layout, move["play"])]
        if "take" in move:
            clicks.append(hit_point(layout, move["take"]))
        return clicks
    return [hit_point(layout, move["take"])]


def card_title(card: int) -> str:
    """A card's name in the current language, with its plant and month."""
    info = CARDS[card]
    # Translators: a hanafuda card: its month's plant, its name and its month's number
    return _("{plant} · {name} (month {month})").format(
        plant=_(info.plant), name=_(info.title), month=info.month
    )
