"""The conformance kit catches broken knowledge: a fact shown to a seat that cannot know it, a
public record that differs per seat, a sampler ignoring a fact, a fact kept after it went stale.
Each broken game differs from a correct one by one planted defect, and the correct one passes."""

from typing import Mapping

import pytest
from asking_game import AskingGame, Compare, Turn
from attrs import frozen

from meeple import Action, Decision, Game, GameSpec, Hand, Information, Pile, Rng, State, Visibility
from meeple.determinize import sample_state
from meeple.knowledge import PublicRecord
from meeple.testing import check_facts_learned, check_game, check_public_records


def broken(defect: str) -> type[AskingGame]:
    return type(f"Asking_{defect.replace(' ', '_')}", (AskingGame,), {"broken": defect})


def test_the_asking_game_shows_facts_only_to_seats_that_can_know_them():
    report = check_game(AskingGame(3, {"turns": 16}), games=6, seed=5)
    assert report.facts_seen and report.facts_compared


def test_the_kit_catches_a_fact_shown_to_a_seat_that_cannot_know_it():
    # Seats 0 and 1 compare reserves in secret, but the game tells seat 2 the result too.
    game = broken("comparison told to all")(3, {"turns": 16})
    with pytest.raises(AssertionError, match=r"seat \d is shown facts it cannot know \(the card at reserves"):
        check_game(game, games=6, seed=5)


def test_check_facts_learned_names_the_action_and_the_seat():
    game = broken("comparison told to all")(3)
    state = game.new_state(2)
    with pytest.raises(AssertionError, match=r"^after Compare\(seat=1\) by seat 0, seat 2 is shown facts"):
        for seed in range(20):  # the permuted copy must change which reserve is higher
            check_facts_learned(state, 0, Compare(1), 2, Rng(seed))
    assert not check_facts_learned(state, 0, Compare(1), 0, Rng(0))  # the actor learns what it compared


def test_the_kit_catches_a_fact_kept_after_a_draw_made_it_stale():
    game = broken("draws forgotten")(2, {"turns": 16})
    with pytest.raises(AssertionError, match=r"the state keeps facts that are no longer true: hands\[\d\] holds no \d"):
        check_game(game, games=12, seed=1)


class IgnoresFacts(AskingGame):
    """Its own determinize deals every hidden card anywhere: what it knows is ignored."""

    def determinize(self, view, rng):
        import attrs

        state = sample_state(self, attrs.evolve(view, facts=()), rng)
        state._facts = view.facts
        return state


def test_the_kit_catches_a_sampler_that_ignores_a_fact():
    with pytest.raises(AssertionError, match=r"a state sampled from seat \d's view ignores what seat \d knows: "
                                             r".* is false in it"):
        check_game(IgnoresFacts(3, {"turns": 16}), games=6, seed=5)


def test_a_game_recording_facts_must_say_so():
    quiet = type("QuietAsking", (AskingGame,), {"records_facts": False})
    with pytest.raises(AssertionError, match=r"records facts about hidden cards but does not declare it"):
        check_game(quiet(3), games=4, seed=5)


# -- public records: a showdown, then every card goes back into the deck --------------------------

@frozen
class Call(Action):
    pass


@frozen
class Showdown(Decision):
    """The seat in turn calls: every hand is shown, then all cards are shuffled and dealt again."""

    def legal_actions(self, state):
        return [Call()]

    def resolve(self, state, action):
        state.shown = tuple(hand[0] for hand in state.hands)
        for hand in state.hands:
            state.deck.extend(hand.clear())
        state.deck.shuffle(state.rng)
        for hand in state.hands:
            hand.add(state.deck.pop())
        state.round += 1
        if state.round < 4:
            state.pending.append(Showdown((self.player + 1) % state.players))


class ShowdownState(State):
    hands: tuple[Hand, ...]
    deck: Pile
    shown: PublicRecord[tuple[int, ...]] = ()
    round: int = 0

    def _scores(self):
        return [0.0] * self.players


class ShowdownGame(Game):
    spec = GameSpec(id="showdown", title="Showdown", min_players=2, max_players=3,
                    information=Information.IMPERFECT, chance=True, options=(),
                    max_length=lambda options, players: 4)
    state_class = ShowdownState
    action_types = (Call,)
    decision_types = (Showdown,)

    def deck(self):
        return range(1, 8)

    def setup(self, rng):
        deck = Pile(self.deck(), visibility=Visibility.SECRET)
        deck.shuffle(rng)
        hands = tuple(Hand([deck.pop()], owner=seat) for seat in range(self.players))
        return self.build_state(rng, pending=[Showdown(0)], hands=hands, deck=deck)


class PlainShowdownState(ShowdownState):
    shown: tuple[int, ...] = ()  # the same cards, as a plain field


class PlainShowdown(ShowdownGame):
    state_class = PlainShowdownState


class OwnCardShowdownState(ShowdownState):
    """Declares a view extra a public record, but shows each seat a different card in it."""

    view_extra_types = {"mine": PublicRecord[tuple[int, ...]]}

    def view_extras(self, player):
        return {"mine": self.shown[player:player + 1] if self.shown and player is not None else ()}


class OwnCardShowdown(ShowdownGame):
    state_class = OwnCardShowdownState


def test_a_public_record_of_a_showdown_passes_the_strict_check():
    report = check_game(ShowdownGame(3), games=6, seed=2, strict_fields=True)
    assert report.actions_compared


def test_the_same_cards_in_a_plain_field_fail_the_strict_check():
    with pytest.raises(AssertionError, match=r"differs in shown .* a hidden card is copied outside its zones"):
        check_game(PlainShowdown(3), games=6, seed=2, strict_fields=True)


def test_the_kit_catches_a_public_record_that_differs_per_seat():
    with pytest.raises(AssertionError, match=r"the public record 'mine' differs between the observer's view and "
                                             r"seat 0's: a public record holds what every seat saw"):
        check_game(OwnCardShowdown(3), games=4, seed=2)
    state = OwnCardShowdown(2).new_state(1)
    check_public_records(state)  # before any showdown every view shows ()
