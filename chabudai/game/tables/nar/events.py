"""How each host event changes a Nar table's model (pure: no pygame, testable alone).

The model is a Nar view dict (:mod:`chabudai.engines.nar.state`). Each update changes it exactly as
the host's state changed (``deal``, ``hand``, ``declare``, ``trick``, ``play``, ``trick_won``,
``fool``, ``round_end``, ``game_end``), so after the last event of an update the model already
equals the host's view and the table never jumps.
"""

from __future__ import annotations

from chabudai.engines.nar.cards import CARD_INFO, COLOURS, sort_hand
from chabudai.game.tables.kit.events import Event, Model, Update

# Every kind of event the Nar host sends (engines/nar).
KINDS = (
    "deal", "hand", "declare", "trick", "play", "trick_won", "fool", "round_end", "game_end",
)  # fmt: skip

# What a round's entry in the history keeps of its ``round_end`` event.
ROUND_KEYS = ("round", "dealer", "points", "base", "scored_plus10", "out", "fooled", "left",
              "declared")  # fmt: skip


def deal(m: Model, ev: Event) -> None:
    """R-6 to R-8: a new round; discs back in the middle, everyone plays the first trick (with
    announcements on, each first says whether they go out)."""
    players = m["players"]
    announce = bool(m.get("options", {}).get("announcements"))
    leader = ev["leader"]
    m.update(
        round=ev["round"],
        dealer=ev["dealer"],
        leader=leader,
        current=leader,
        to_move=[leader],
        hand_counts=list(ev["hand_counts"]),
        deck=dict(ev["deck"]),
        phase="announce" if announce else "play",
        declared=[None] * players if announce else [False] * players,
        fools=[],
        trick=[],
        lead=None,
        played=[],
        voids=[[] for _ in range(players)],
        last_trick=None,
        trick_no=0,
        active=[],
    )
    if m.get("seat") is not None:
        m["hand"] = []


def hand(m: Model, ev: Event) -> None:
    if ev.get("seat") == m.get("seat"):
        m["hand"] = sort_hand(list(ev["cards"]))


def declare(m: Model, ev: Event) -> None:
    """The announcement (option ``announcements``), seat by seat from the leader."""
    seat = ev["seat"]
    m["declared"][seat] = bool(ev["declare"])
    following = (seat + 1) % m["players"]
    if following != m["leader"]:
        m["current"], m["to_move"] = following, [following]


def trick(m: Model, ev: Event) -> None:
    """R-10: a new trick, its active players and leader."""
    m.update(
        phase="play",
        round=ev["round"],
        trick_no=ev["trick"],
        leader=ev["leader"],
        current=ev["leader"],
        to_move=[ev["leader"]],
        active=list(ev["active"]),
        fools=list(ev["fools"]),
        trick=[],
        lead=None,
    )


def play(m: Model, ev: Event) -> None:
    """R-11 to R-13: a card onto the trick; an off-colour card shows the seat holds none of the
    lead colour; the next active seat plays, or the trick resolves."""
    seat, card = ev["seat"], ev["card"]
    colour, lead = CARD_INFO[card][0], m.get("lead")
    if colour and lead and colour != lead and lead not in m["voids"][seat]:
        voids = m["voids"][seat]
        m["voids"][seat] = [c for c in COLOURS if c in voids or c == lead]
    held = m.get("hand")
    if seat == m.get("seat") and held is not None:
        held.remove(card)
    m["hand_counts"][seat] = ev["left"]
    m["trick"].append([seat, card])
    m["lead"] = ev["lead"]
    active = m["active"]
    if len(m["trick"]) < len(active):
        following = active[len(m["trick"])]
        m["current"], m["to_move"] = following, [following]
    else:
        m["to_move"] = []  # the trick is complete: it resolves before anyone plays


def trick_won(m: Model, ev: Event) -> None:
    """R-15, R-20: the trick is the last trick now; its cards are played."""
    plays = [list(p) for p in ev["plays"]]
    m["last_trick"] = {
        "trick": ev["trick"],
        "plays": plays,
        "lead": ev["lead"],
        "winner": ev["winner"],
        "fools": [],
    }
    m["played"].extend(card for _, card in plays)
    m["trick"], m["lead"] = [], None


def fool(m: Model, ev: Event) -> None:
    """R-17: the new Fools take the discs."""
    fools = list(ev["seats"])
    m["fools"] = fools
    if m.get("last_trick"):
        m["last_trick"]["fools"] = list(fools)


def round_end(m: Model, ev: Event) -> None:
    """R-21 to R-23: the totals, and the round's entry in the history."""
    m["scores"] = list(ev["scores"])
    m["plus10"] = list(ev["plus10"])
    entry = {k: list(ev[k]) if isinstance(ev[k], list) else ev[k] for k in ROUND_KEYS}
    m.setdefault("rounds", []).append(entry)


def game_end(m: Model, ev: Event) -> None:
    """R-25: the game is over."""
    m.update(over=True, phase="over", to_move=[], active=[])


UPDATES: dict[str, Update] = {
    "deal": deal,
    "hand": hand,
    "declare": declare,
    "trick": trick,
    "play": play,
    "trick_won": trick_won,
    "fool": fool,
    "round_end": round_end,
    "game_end": game_end,
}
