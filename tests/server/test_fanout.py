"""The cross-process notification's payload (meeple.server.fanout): a match id and a move number,
read back exactly; anything else on the channel is ignored. (The fan-out itself runs against a
real PostgreSQL in test_postgres.py.)"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meeple.server.fanout import parse_payload, payload
from meeple.server.hub import new_token

match_ids = st.text(alphabet="0123456789abcdef", min_size=1, max_size=16)


@given(match_ids, st.integers(min_value=0, max_value=10**6))
def test_a_notification_payload_reads_back_as_its_match_and_ply(match_id, ply):
    assert parse_payload(payload(match_id, ply)) == (match_id, ply)


def test_a_notification_payload_is_only_the_match_id_and_the_move_number():
    assert payload("0123abcd", 7) == "0123abcd 7"


def test_payloads_that_are_not_a_match_and_a_move_number_are_ignored():
    for text in ("", "m", "m ", " 3", "m -1", "m 1.0", "m ３", "m 3 extra", f"m {new_token()}"):
        assert parse_payload(text) is None, text
