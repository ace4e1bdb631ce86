"""What a learner is given: every feature in [0, 1] and named, capacities that hold over whole
games, compact sizes, and an encoding registry a new zone type fills without touching the core."""

import re
import subprocess
import sys
import textwrap
from itertools import groupby
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rl_games import GAMES, REGISTRY, game_name, make

from meeple.rl import InformationState, check_capacities, encoder_for
from meeple.testing import random_states

ALL = GAMES + [("goofspiel", 3, {"cards": 4})]
DOCS = Path(__file__).parents[2] / "docs" / "rl.md"


@settings(max_examples=25, deadline=None)
@given(params=st.sampled_from(ALL), seed=st.integers(0, 2**32))
def test_every_feature_lies_within_the_declared_bounds_of_0_and_1(params, seed):
    game = make(*params)
    encoder = encoder_for(game)
    for state in random_states(game, seed, 200):
        for seat in [*range(game.players), None]:
            observation = encoder.encode(state.view(seat))
            assert observation.min() >= 0.0 and observation.max() <= 1.0


@pytest.mark.parametrize("params", ALL, ids=game_name)
def test_the_layout_names_every_feature_once(params):
    encoder = encoder_for(make(*params))
    names = encoder.feature_names()
    assert len(names) == encoder.size and len(set(names)) == encoder.size
    blocks = encoder.layout()
    assert blocks[0].start == 0 and blocks[-1].stop == encoder.size
    assert all(a.stop == b.start for a, b in zip(blocks, blocks[1:]))
    information = InformationState(make(*params))
    assert sum(len(b.names) for b in information.layout()) == information.size


@pytest.mark.parametrize("params", ALL, ids=game_name)
def test_capacities_hold_over_random_games_to_the_declared_maximum_length(params):
    assert check_capacities(make(*params), games=2) > 0


def test_hearts_observation_is_at_most_6000_floats():
    pytest.importorskip("meeple_hearts")
    game = make("hearts", 4, {})
    assert encoder_for(game).size <= 6000


def test_a_pending_pass_is_encoded_as_its_three_cards():
    pytest.importorskip("meeple_hearts")
    from meeple_hearts.actions import PassCards

    game = make("hearts", 4, {})
    state = next(game.new_state(seed) for seed in range(20) if game.new_state(seed).pass_direction)
    cards = tuple(sorted(state.hands[2])[:3])
    state.apply(PassCards(cards), 2)
    encoder = encoder_for(game)
    block = next(b for b in encoder.layout() if b.name == "choice")
    observation = encoder.encode(state.view(2))[block.start:block.stop]
    on = {block.names[i] for i in np.flatnonzero(observation)}
    assert {f"choice.cards[{c!r}]" for c in cards} <= on
    assert not encoder.encode(state.view(1))[block.start:block.stop].any()  # another seat's secret


ZONE_PLUGIN = textwrap.dedent('''
    """A third-party zone type and its RL encoding: a race track of markers, one per seat."""
    from attrs import frozen

    from meeple import Action, Decision, Game, GameSpec, Information, State
    from meeple.rl.features import Part, zone_part
    from meeple.zones import PublicZone, ZoneView


    @frozen
    class TrackView(ZoneView):
        positions: tuple


    class Track(PublicZone):
        """Everything the zone contract asks (meeple.zones.Zone); a track holds no cards."""
        __slots__ = ("positions",)
        kind = "track"
        view_type = TrackView
        LENGTH = 5

        def __init__(self, positions=()):
            super().__init__()
            self.positions = list(positions)

        def cards(self):
            return iter(())

        def copy(self):
            return Track(self.positions)

        def make_view(self, visible):
            return TrackView(tuple(self.positions))

        def restore(self, view):
            self._changed()
            self.positions = list(view.positions)
            return []

        def to_data(self):
            return {**self._head(), "positions": list(self.positions)}

        @classmethod
        def from_data(cls, data):
            return cls(data["positions"])

        def move(self, seat):
            self._changed()
            self.positions[seat] += 1


    class TrackPart(Part):
        def __init__(self, name, zone, context):
            self.name, self.seats = name, len(zone.positions)
            self.size = self.seats * (Track.LENGTH + 1)

        def names(self):
            return [f"{self.name}[{s}]=={p}" for s in range(self.seats) for p in range(Track.LENGTH + 1)]

        def write(self, view, out):
            for seat, position in enumerate(view.positions):
                out[seat * (Track.LENGTH + 1) + position] = 1.0


    @zone_part.register
    def _track(zone: Track, name, context):
        return TrackPart(name, zone, context)


    @frozen
    class Step(Action):
        tag = "step"

        def describe(self):
            return "step"


    @frozen
    class Run(Decision):
        tag = "run"

        def describe(self):
            return "run"

        def legal_actions(self, state):
            return (Step(),)

        def resolve(self, state, action):
            state.track.move(self.player)
            if state.track.positions[self.player] < Track.LENGTH:
                state.pending.append(Run((self.player + 1) % 2))


    class RaceState(State):
        track: Track

        def _scores(self):
            return [float(p) for p in self.track.positions]

        def _winners(self):
            return [s for s, p in enumerate(self.track.positions) if p == Track.LENGTH]


    class Race(Game):
        spec = GameSpec(id="race", title="Race", min_players=2, max_players=2,
                        information=Information.PERFECT, chance=False, options=(),
                        max_length=lambda options, players: 2 * Track.LENGTH)
        state_class = RaceState
        action_types = (Step,)
        decision_types = (Run,)

        def setup(self, rng):
            return self.build_state(rng, pending=[Run(0)], track=Track([0, 0]))

        def rl_action_space(self):
            return [Step()]
''')


def test_a_new_zone_type_registers_its_encoding_without_touching_the_core(tmp_path, monkeypatch):
    (tmp_path / "race_plugin.py").write_text(ZONE_PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    from race_plugin import Race  # noqa: E402 (written just above)

    game = Race(2)
    encoder = encoder_for(game)
    state = game.new_state(0)
    state.apply(state.legal_actions()[0])
    block = next(b for b in encoder.layout() if b.name == "track")
    observation = encoder.encode(state.view(1))[block.start:block.stop]
    assert [block.names[i] for i in np.flatnonzero(observation)] == ["track[0]==1", "track[1]==0"]
    assert check_capacities(game, games=1) == 9  # seat 0 reaches the end first


def test_the_encoding_registry_imports_without_numpy(tmp_path):
    (tmp_path / "race_plugin.py").write_text(ZONE_PLUGIN)
    code = ("import sys; sys.modules['numpy'] = None; sys.path.insert(0, sys.argv[1]); "
            "import race_plugin, meeple.rl; from meeple.rl.features import zone_part; "
            "print(zone_part.dispatch(race_plugin.Track).__name__)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "_track"


DOCUMENTED = [("nim", 2, {}), ("kuhn", 2, {}), ("linkage", 2, {}), ("linko", 2, {}), ("linko", 4, {}),
              ("combo_breaker", 3, {}), ("combo_breaker", 5, {}), ("hearts", 4, {}), ("goofspiel", 3, {"cards": 4})]


def layout_row(params) -> str:
    """One game's row of docs/rl.md's layout table: sizes, then each block's name and size."""
    game = make(*params)
    encoder = encoder_for(game)
    blocks = [(re.sub(r"\[\d+\]$", "[i]", b.name), len(b.names)) for b in encoder.layout()]
    parts = []
    for (name, size), group in groupby(blocks):
        repeats = len(list(group))
        parts.append(f"`{name}` {size}" + (f" ×{repeats}" if repeats > 1 else ""))
    return (f"| {params[0]} {params[1]}p | {encoder.size:,} | {InformationState(game).size:,} | "
            + ", ".join(parts) + " |")


def test_the_documented_layouts_are_the_encoders():
    text = DOCS.read_text()
    table = text[text.index("<!-- layouts"):text.index("<!-- /layouts -->")]
    for params in DOCUMENTED:
        if params[0] in REGISTRY.games or params[0] == "goofspiel":
            assert layout_row(params) in table, f"docs/rl.md's layout of {params[0]} is out of date"


if __name__ == "__main__":  # print the rows of docs/rl.md's layout table
    print("\n".join(layout_row(params) for params in DOCUMENTED))
