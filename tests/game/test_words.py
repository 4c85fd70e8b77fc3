"""game/words.py, the client's one place for words from a Said: move-log lines with "You" for
the player's seat, refusals worded from a reject's reason_id and args (docs/PROTOCOL.md), the
host's English when the id is unknown."""

from chabudai.engines.base import Said
from chabudai.game.words import rejection, say


def test_say_names_the_player_you_and_others_by_name():
    said = Said("koikoi.played", {"seat": 1, "card": 0})
    assert say(said, lambda s: "Kenji", me=1) == "You played the Crane and sun (1)"
    assert say(said, lambda s: "Kenji", me=0) == "Kenji played the Crane and sun (1)"
    assert say(Said("chess.castle", {"seat": 0})) == ""  # a newer host's id: nothing


def test_a_refusal_is_worded_from_its_id_and_arguments():
    frame = {
        "t": "reject",
        "code": "illegal",
        "reason": "English of the host",
        "reason_id": "nar.follow",
        "args": {"card": "B9", "lead": "R"},
        "state_id": 4,
    }
    assert rejection(frame) == "You hold red, the lead colour: play a red card or a 1."
    assert rejection({**frame, "reason_id": "chess.check"}) == "English of the host"
    older = {k: v for k, v in frame.items() if k not in ("reason_id", "args")}
    assert rejection(older) == "English of the host"


def test_a_hint_refusal_is_worded_from_its_code_in_the_players_language():
    from chabudai import i18n
    from chabudai.game.words import hint_refusal
    from chabudai.net.hints import HINT_REFUSALS

    i18n.use_pseudo()
    try:
        for code, msgid in HINT_REFUSALS.items():
            assert hint_refusal({"code": code, "reason": "English"}) == f"‹{msgid}›"
        # a code this client does not know (a newer host): the host's English
        assert hint_refusal({"code": "new_code", "reason": "English"}) == "English"
    finally:
        i18n.set_language("en")
