"""Whatever a crowd does to a match's seats — take them from the lobby, open invites (current or
stale), leave, have the host reopen them or hand them to bots, in any order — every token and
invite ever issued stands for exactly what a simple model says: only the latest token of a seat
holds it, only the seat's current invite opens it, and a write with a stale secret changes
nothing (`meeple.server.store`, the source of truth every process reads)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.server.store import Store, digest

SEATS = 3
OPERATIONS = st.lists(st.tuples(st.sampled_from(["join", "claim", "stale_claim", "leave", "stale_leave", "reopen",
                                                 "to_bot"]),
                                st.integers(0, SEATS - 1)), max_size=25)


@settings(max_examples=40, deadline=None)
@given(OPERATIONS)
def test_only_the_latest_token_holds_a_seat_and_only_its_current_invite_opens_it(operations):
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "matches.db"))
        invites = {seat: f"invite-{seat}-0" for seat in range(SEATS)}
        store.create_match("m", "linko", SEATS, {}, 1, ["human", "open", "open"], {0: "token-0"}, 0.0,
                           invites=invites)
        label = {0: "human", 1: "open", 2: "open"}
        holder = {0: "token-0", 1: None, 2: None}
        issued_tokens, issued_invites = {"token-0"}, set(invites.values())
        for step, (operation, seat) in enumerate(operations):
            token, invite = f"token-{step}-{seat}", f"invite-{seat}-{step + 1}"
            bot = label[seat] not in ("human", "open", "away")
            if operation == "join":
                done = store.take_seat("m", seat, token, "", invite)
                assert done == (label[seat] == "open")
                if done:
                    label[seat], holder[seat], invites[seat] = "human", token, invite
            elif operation in ("claim", "stale_claim"):
                offered = (invites[seat] or "invite-none") if operation == "claim" else f"invite-{seat}-0"  # its first
                done = store.claim_seat("m", seat, offered, token)
                assert done == (offered == invites[seat] and invites[seat] is not None)
                if done:
                    label[seat], holder[seat] = "human", token
            elif operation in ("leave", "stale_leave"):
                offered = holder[seat] if operation == "leave" and holder[seat] else "token-never"
                done = store.free_seat("m", seat, offered, "away")
                assert done == (offered == holder[seat])
                if done:
                    label[seat], holder[seat] = "away", None
            elif not bot:  # the host: reopen, or hand to a bot
                new_label, new_invite = ("away", invite) if operation == "reopen" else ("random", None)
                current = None if holder[seat] is None else digest(holder[seat])
                assert store.hand_seat("m", seat, new_label, current, new_invite)
                label[seat], holder[seat], invites[seat] = new_label, None, new_invite
            issued_tokens.add(token)
            issued_invites.add(invite)
            for secret in issued_tokens:
                held = [s for s in range(SEATS) if holder[s] == secret]
                assert store.find_token(secret) == (("m", held[0]) if held else None)
            for secret in issued_invites:
                opened = [s for s in range(SEATS) if invites[s] == secret]
                assert store.find_invite(secret) == (("m", opened[0]) if opened else None)
            labels, holders, _ = store.seats("m")
            assert list(labels) == [label[s] for s in range(SEATS)]
        store.close()
