"""Property test of the table: any sequence of schema-valid messages from a few members keeps
the table consistent and never raises (DESIGN.md: "nothing crashes the table")."""

from __future__ import annotations

import asyncio

from hypothesis import event, given, settings
from hypothesis import strategies as st

from chabudai.net.protocol import check_client_message
from chabudai.net.table import Table

from .helpers import FakeMember, card_ints, koikoi_hidden

seats = st.integers(0, 3)
messages = st.one_of(
    st.builds(lambda s: {"t": "sit", "seat": s}, st.none() | seats),
    st.builds(lambda r: {"t": "ready", "ready": r}, st.booleans()),
    st.builds(lambda s, lv: {"t": "add_bot", "seat": s, "level": lv}, seats, st.sampled_from(["random", "zzz"])),
    st.builds(lambda s: {"t": "remove_bot", "seat": s}, seats),
    st.builds(
        lambda n, v: {"t": "set_option", "name": n, "value": v},
        st.sampled_from(["rounds", "ruleset", "nope"]),
        st.sampled_from([1, 3, 5, "nintendo", True]),
    ),
    st.builds(lambda n: {"t": "set_seats", "seats": n}, st.integers(0, 4)),
    st.just({"t": "start"}),
    st.just({"t": "sync"}),
    st.just({"t": "rematch"}),
    st.just({"t": "leave"}),
    st.builds(lambda t: {"t": "chat", "text": t}, st.text(max_size=10)),
    st.builds(lambda i, m: {"t": "move", "state_id": i, "move": m}, st.integers(0, 50), st.none() | st.integers(0, 47) | st.builds(lambda c: {"play": c}, st.integers(0, 47))),
)  # fmt: skip
# half of the steps: the member to move plays its first legal move (keeps games going)
steps_strategy = st.lists(
    st.tuples(st.integers(0, 2), st.one_of(st.just("legal"), messages)), max_size=120
)
SETUP = [
    (0, {"t": "sit", "seat": 0}),
    (1, {"t": "sit", "seat": 1}),
    (1, {"t": "ready", "ready": True}),
    (0, {"t": "start"}),
]


@given(st.booleans(), steps_strategy, st.integers(0, 2**32))
@settings(max_examples=150)
def test_any_message_sequence_keeps_the_table_consistent(setup, steps, seed):
    async def scenario():
        table = Table(game="koikoi", name="Prop", seed=seed, grace=1000)
        members = [FakeMember("A"), FakeMember("B"), FakeMember("S", spectate=True)]
        for member in members:
            table.join(member, None)
        for index, message in (SETUP if setup else []) + steps:
            member = members[index]
            if message == "legal":  # whichever member is to move plays its first legal move
                movers = [
                    m for m in table.members
                    if m.seat is not None and table.state is not None
                    and table.status == "playing" and m.seat in table.state.to_move
                ]  # fmt: skip
                if not movers:
                    continue
                member = movers[0]
                legal = table.state.legal_moves(member.seat)
                message = {"t": "move", "state_id": table.state_id, "move": legal[0]}
            if member not in table.members:
                continue
            table.handle(member, check_client_message(message))
            check_invariants(table, members)
            await asyncio.sleep(0)  # let bot seats move
        for _ in range(400):  # then finish the game: players move, bot seats think
            if table.status != "playing":
                break
            movers = [m for m in table.members if m.seat in table.state.to_move]
            if movers:
                legal = table.state.legal_moves(movers[0].seat)
                move = {"t": "move", "state_id": table.state_id, "move": legal[0]}
                table.handle(movers[0], move)
                check_invariants(table, members)
            else:
                await asyncio.sleep(0.002)
        event(f"status {table.status}, {table.games_started} game(s)")
        if table.status == "over":  # everyone heard the end after the last update
            for member in table.members:
                kinds = [m["t"] for m in member.received]
                last_update = max((i for i, k in enumerate(kinds) if k == "update"), default=-1)
                assert "game_over" in kinds[last_update + 1 :]
        table.close()

    asyncio.run(scenario())


def check_invariants(table: Table, members: list[FakeMember]) -> None:
    tokens = [s.token for s in table.seats if s.kind == "human"]
    assert all(tokens) and len(set(tokens)) == len(tokens)
    assert all(s.token is None for s in table.seats if s.kind != "human")
    assert table.host_seat is None or table.seats[table.host_seat].kind == "human"
    for member in table.members:
        if member.seat is not None:
            assert table.seats[member.seat].kind == "human"
            assert table.seats[member.seat].token == member.token
            assert not member.spectate
    if table.status != "lobby":
        assert table.state is not None and len(table.seats) == table.state.players
    for member in members:
        for message in member.received[-3:]:
            current = table.state is not None and message.get("state_id") == table.state_id
            if message["t"] in ("snapshot", "update") and current:
                hidden = koikoi_hidden(table.state, message["view"]["seat"])
                assert not card_ints(message) & hidden
