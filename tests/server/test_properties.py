"""Property tests: whatever moves are made, in whatever order seats choose, and wherever the
server crashes, the stored match replays to the live state, and every seat is pushed exactly its
own view."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.serialization import view_to_data
from meeple.server.hub import Hub
from meeple.server.store import Store


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["goofspiel", "linkage", "linko"]), picks=st.lists(st.integers(0, 10**6), max_size=40),
       crash_at=st.integers(0, 40))
def test_a_crash_anywhere_restarts_at_the_same_state_and_updates_show_own_views(registry, tmp_path_factory, game,
                                                                                picks, crash_at):
    database = str(tmp_path_factory.mktemp("db") / "matches.db")

    async def run():
        hub = Hub(registry, Store(database), isolate_bots=False)
        match, tokens = await hub.create(game, 2, {}, ["human", "human"])
        for step, pick in enumerate(picks):
            if match.finished:
                break
            if step == crash_at:
                hub = Hub(registry, Store(database), isolate_bots=False)  # the old one is simply gone
                restarted = hub.get(match.id)
                assert restarted.state.fingerprint() == match.state.fingerprint()
                match = restarted
            owing = match.state.owing()
            seat = owing[pick % len(owing)]  # any owing seat, in any order
            legal = match.update_for(seat)["legal"]
            await hub.move(match, seat, tokens[seat], legal[pick % len(legal)]["action"])
            for viewer in (0, 1):
                update = match.update_for(viewer)
                assert update["view"] == view_to_data(type(match.game), match.state.view(viewer))
            assert match.update_for(None)["view"]["player"] == 2
        again = Hub(registry, Store(database), isolate_bots=False).get(match.id)
        assert again.state.fingerprint() == match.state.fingerprint()

    asyncio.run(run())
