"""Differential test: meeple's Hearts and OpenSpiel's `hearts` (C++, through pyspiel) play the
same random games in lockstep, and must agree at every step.

Run by `tox -e openspiel` (open_spiel is not a dependency of meeple). Each game: OpenSpiel's
chance nodes pick the pass direction and the deal at random; `Hearts.deal_state` builds the same
deal in meeple. OpenSpiel passes card by card, seat 0 first; meeple passes three cards at once,
all seats simultaneously: OpenSpiel's three pass actions of a seat are meeple's one `PassCards`
choice, and meeple's choices are applied in a random seat order. Then every card is played in both.

Checked at every step: the seat to act, the legal actions (for the pass: meeple's choices are
exactly the 3-card subsets of OpenSpiel's legal cards), whether hearts are broken and each seat's
points; at the end, every trick (leader and cards), the points and the returns.
`HEARTS_DIFFERENTIAL_GAMES` sets the number of games per option set (default 1000).
"""

from __future__ import annotations

import os
import random
from itertools import combinations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the differential test needs open_spiel: tox -e openspiel")

from meeple_hearts.actions import PassCards, PlayCard
from meeple_hearts.cards import name
from meeple_hearts.game import Hearts

GAMES = int(os.environ.get("HEARTS_DIFFERENTIAL_GAMES", "1000"))
SEATS = "NESW"
OPTION_SETS = {
    "default": {},
    "no_pass_any_club": {"pass_cards": False, "can_lead_any_club": True},
    "jd_avoid_tricks_points_on_first": {"jd_bonus": True, "avoid_all_tricks_bonus": True,
                                        "no_pts_on_first_trick": False},
    "hearts_leads": {"qs_breaks_hearts": False, "must_break_hearts": False,
                     "can_lead_hearts_instead_of_qs": True},
    "hearts_leads_broken_rule": {"qs_breaks_hearts": False, "can_lead_hearts_instead_of_qs": True},
}


def play_in_lockstep(options: dict, rng: random.Random) -> None:
    """One random game in both implementations; an AssertionError names the first disagreement."""
    game = pyspiel.load_game("hearts", {k: v for k, v in options.items()})
    theirs = game.new_initial_state()
    direction = rng.choice(theirs.legal_actions())  # not chance_outcomes(): see the test below
    theirs.apply_action(direction)
    hands: list[list[int]] = [[], [], [], []]
    for dealt in range(52):
        card = rng.choice([a for a, _ in theirs.chance_outcomes()])
        hands[dealt % 4].append(card)
        theirs.apply_action(card)
    ours = Hearts(4, options).deal_state(hands, direction)
    history = f"options={options} direction={direction} deal={hands}"

    if direction:
        choices = {}
        for seat in range(4):
            assert theirs.current_player() == seat, history
            cards = sorted(theirs.legal_actions())
            assert list(ours.legal_actions(seat)) == [PassCards(c) for c in combinations(cards, 3)], history
            picked = []
            for _ in range(3):
                legal = theirs.legal_actions()
                assert sorted(legal) == sorted(set(cards) - set(picked)), history
                picked.append(rng.choice(legal))
                theirs.apply_action(picked[-1])
            choices[seat] = PassCards(tuple(sorted(picked)))
        order = list(range(4))
        rng.shuffle(order)
        for seat in order:
            assert seat in ours.owing(), history
            ours.apply(choices[seat], seat)
        history += f" passes={choices}"

    first_leader = theirs.current_player()
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert ours.owing() == (seat,), f"{history}: seat to play"
        legal = theirs.legal_actions()
        assert [a.card for a in ours.legal_actions()] == legal, f"{history}: legal cards of seat {seat}"
        assert ours.hearts_broken == theirs.hearts_broken(), f"{history}: hearts broken"
        assert ours.points() == [theirs.points(p) for p in range(4)], f"{history}: points"
        card = rng.choice(legal)
        history += f" {name(card)}"
        theirs.apply_action(card)
        ours.apply(PlayCard(card))

    assert ours.is_terminal, history
    assert ours.points() == [theirs.points(p) for p in range(4)], f"{history}: final points"
    assert list(ours.scores()) == theirs.returns(), f"{history}: returns"
    assert our_tricks(ours, first_leader) == [[tuple(play) for play in trick] for trick in theirs.to_dict()["tricks"]], history


def our_tricks(state, leader: int) -> list[list[tuple[str, str]]]:
    """Every trick as OpenSpiel's struct lists it, (seat letter, card name) in play order, from
    the cards each seat took (trick by trick) and who took each trick; `leader` led the first."""
    tricks, taken = [], [list(pile) for pile in state.taken]
    for winner in state.trick_winners:
        cards, taken[winner] = taken[winner][:4], taken[winner][4:]
        tricks.append([(SEATS[(leader + i) % 4], name(c)) for i, c in enumerate(cards)])
        leader = winner
    return tricks


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
def test_meeple_hearts_plays_exactly_as_openspiel(options):
    rng = random.Random(20261123)
    for _ in range(GAMES):
        play_in_lockstep(options, rng)


def test_openspiel_samples_a_pass_direction_its_rules_forbid_without_pass_cards():
    """A disagreement, and OpenSpiel is the one that is wrong: with `pass_cards=False` its first
    chance node's legal actions are only "no pass" (hearts.h: "the 'No Pass' action will be the
    only legal action"), but its `chance_outcomes()` still offer all four directions with
    probability 1/4, and samplers that draw chance from `chance_outcomes()` (as OpenSpiel's own
    algorithms do) then play a pass. meeple draws only "no pass". When this test fails, OpenSpiel
    has fixed it: the lockstep test above may then draw from `chance_outcomes()` again."""
    theirs = pyspiel.load_game("hearts", {"pass_cards": False}).new_initial_state()
    assert theirs.legal_actions() == [0]
    assert [a for a, _ in theirs.chance_outcomes()] == [0, 1, 2, 3]
    ours = Hearts(4, {"pass_cards": False})
    assert {ours.new_state(seed).pass_direction for seed in range(50)} == {0}
