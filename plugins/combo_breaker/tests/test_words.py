"""What a person reads at the table: narration of face-up plays (rule 5), the final view, the move
list naming the cards, and explanations of illegal plays that say what was declared."""

from __future__ import annotations

from combo_positions import act, position
from meeple import Registry, Rng
from meeple.narration import read_move
from meeple_combo_breaker import ComboBreaker
from meeple_combo_breaker.actions import InsertDrawn, PlayCombination, PlayDraw, TakeReserve
from meeple_combo_breaker.cards import DRAW, X
from meeple_combo_breaker.render import render

NARRATOR = Registry.load().narrator("combo_breaker")


def final_trick_ends_the_game():
    """Seats 1, 2 and 0 play 6, 7 and 8 and all go out: the trick ends the round and seat 1 must
    pay a token it does not have (rules 7c, 9)."""
    state = position([[8], [6], [7]], leader=1, tokens={1: 0})
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()))
    return state


def test_rule_5_the_play_that_ends_the_game_narrates_the_whole_final_trick_to_everyone():
    state = final_trick_ends_the_game()
    before = {viewer: state.view(viewer) for viewer in (None, 0, 1, 2)}
    action = PlayCombination(0, 1, ())
    act(state, action)
    assert state.is_terminal and state.losers == (1,)
    for viewer, seen in before.items():
        line = NARRATOR.narrate(seen, action, state.view(viewer))
        assert "seat 0 plays 8 (single 8)" in line
        assert ("the final trick was seat 1 6 (single 6), seat 2 7 (single 7), seat 0 8 (single 8)"
                in line), line
        assert line.endswith("game over: seat 1 had no token to give and lost")


def test_rule_5_the_final_view_shows_the_cards_of_the_trick_that_ended_the_game():
    state = final_trick_ends_the_game()
    act(state, PlayCombination(0, 1, ()))
    text = render(state.view(2))
    assert "nothing played yet" not in text
    assert "Discarded this round, oldest first:" in text
    assert text.split("Discarded this round, oldest first: ")[1].split("\n")[0].endswith("6 7 8")
    assert "went to the discard pile" in text


def test_rule_5_a_trick_left_on_the_table_by_a_stuck_player_stays_in_the_final_view():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]},
                     tokens={2: 0})
    act(state, PlayCombination(0, 2, ()))
    assert state.is_terminal
    assert "seat 1: 12 12  (pair of 12s)" in render(state.view(3))


def test_move_list_names_the_cards_each_play_moves():
    state = position([[1], [12, X, 5, 7, 9], [2], [4]], leader=1)
    view = state.view(1)
    described = {NARRATOR.describe(view, a) for a in state.legal_actions()}
    assert "play 12 X=12 (pair of 12s)" in described
    assert "play 12 X=11 (straight of two to 12)" in described
    assert "play 9 (single 9)" in described
    assert not any("position" in text for text in described if text.startswith("play "))


def test_move_list_names_the_reserve_card_and_the_drawn_card_and_where_they_go():
    state = position([[1, 2], [12, 12], [3, 7, 9, 1], [4]], leader=1, reserves={2: [11, 8]})
    act(state, PlayCombination(0, 2, ()))
    view = state.view(2)
    assert NARRATOR.describe(view, TakeReserve(1, 2)) == \
        "take your reserve 8 into position 2, between the 7 and the 9"
    assert NARRATOR.describe(view, TakeReserve(0, 0)) == \
        "take your reserve 11 into position 0, at the far left, before the 3"
    state = position([[DRAW, 1], [12, 3], [7, 6, 2], [11, 12, 5]], leader=1, pile=[9, 1, 4, 8])
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 2, ()), PlayCombination(0, 2, ()),
        PlayDraw(0))
    view = state.view(3)
    assert NARRATOR.describe(view, InsertDrawn(3)) == \
        "insert the drawn 9 at position 3, at the far right, after the 5"


def test_the_listed_description_can_be_typed_as_the_move():
    state = position([[1], [12, X, 5, 7, 9], [2], [4]], leader=1)
    view = state.view(1)
    assert read_move(NARRATOR, ComboBreaker, view, state.legal_actions(),
                     "play 12 X=12 (pair of 12s)") == PlayCombination(0, 2, (12,))


def test_rule_4_an_illegal_x_declaration_names_the_declared_value_and_the_values_that_work():
    state = position([[1], [12, X, 10, 5, 9], [2], [4]], leader=1)
    assert state.explain_illegal(PlayCombination(0, 3, (5,))) == \
        "12 X=5 10 is not a combination (rule 4); the X can be 11"
    assert state.explain_illegal(PlayCombination(0, 2, ())) == \
        "12 X needs the X's value declared (rule 4): the X can be 11 or 12"
    assert state.explain_illegal(PlayCombination(3, 1, (4,))) == \
        "5 holds no X card, so no value is declared (rule 4)"


def narrate_to_all(state, action):
    """The line each viewer hears, as hosts narrate: with the acting seat's own view."""
    before = {viewer: state.view(viewer) for viewer in (None, *range(state.game.players))}
    actor = state.view(state.current_player)
    act(state, action)
    return {viewer: NARRATOR.narrate_move(seen, action, state.view(viewer), actor)
            for viewer, seen in before.items()}


def test_rule_5_a_play_that_ends_the_round_is_named_to_everyone_with_the_stuck_player():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]})
    lines = narrate_to_all(state, PlayCombination(0, 2, ()))
    assert state.round_number == 2
    for line in lines.values():
        assert line == ("seat 1 plays 12 12 (pair of 12s); seat 2 cannot beat the trick and has no "
                        "Stop, Draw or reserve card (rule 5), so the round ends; seat 2 gives up a "
                        "token; round 2 is dealt and seat 2 leads")


def test_rule_7c_a_trick_that_ends_the_round_says_who_pays_and_why():
    state = position([[8], [6], [7]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()))
    line = narrate_to_all(state, PlayCombination(0, 1, ()))[1]
    assert line == ("seat 0 plays 8 (single 8); the trick is over and everyone went out: all but "
                    "the best combination's player owe a token (rule 7c); seat 1, 2 give up a "
                    "token; round 2 is dealt and seat 0 leads")
    state = position([[8, 3], [6], [7]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()))
    line = narrate_to_all(state, PlayCombination(0, 1, ()))[2]
    assert line.startswith("seat 0 plays 8 (single 8); the trick is over and seat 0 is the only "
                           "player left holding cards (rule 7c); seat 0 gives up a token")


def test_rule_7a_the_draw_for_draw_cards_is_announced():
    state = position([[DRAW, 1], [12, 3], [7, 6, 2], [11, 12, 5]], leader=1, pile=[9, 1, 4, 8])
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 2, ()), PlayCombination(0, 2, ()))
    line = narrate_to_all(state, PlayDraw(0))[0]
    assert line == "seat 0 plays a Draw card; the trick is over: seat 3 draws 3 cards for the Draw card (rule 7a)"


def test_rule_4_more_declared_values_than_x_cards_and_hopeless_windows_are_explained():
    state = position([[1], [10, X, 1, 7, 4], [2], [4]], leader=1)
    assert state.explain_illegal(PlayCombination(0, 2, (3, 4))) == \
        "10 X holds 1 X card but 2 values were declared (rule 4): the X can be 9, 10 or 11"
    assert state.explain_illegal(PlayCombination(1, 3, ())) == \
        "X 1 7 is not a combination, whatever the X is (rule 4)"
    assert state.explain_illegal(PlayCombination(1, 3, (5,))) == \
        "X=5 1 7 is not a combination, whatever the X is (rule 4)"


def test_rule_5a_a_play_that_does_not_beat_the_trick_says_both_combinations():
    state = position([[1], [12], [4, X], [4]], leader=1)
    act(state, PlayCombination(0, 1, ()))
    assert state.explain_illegal(PlayCombination(1, 1, (9,))) == \
        "X=9 (single 9) does not beat the single 12 (rule 5a: a play must be strictly higher)"


def test_the_actors_own_view_only_ever_adds_the_cards_of_a_face_up_play():
    """Narrating with the acting seat's view changes a line for another viewer only where the views
    could not show a combination's cards (a play that ended the round), and then only by naming
    those cards: the rest of the actor's hand, and any drawn card, stay unsaid."""
    named = 0
    for seed in range(40):
        state = ComboBreaker(3 + seed % 3).new_state(seed)
        chooser = Rng(seed)
        while not state.is_terminal:
            seat = state.current_player
            viewers = [v for v in range(state.game.players) if v != seat]
            before = {v: state.view(v) for v in viewers}
            actor = state.view(seat)
            action = chooser.choice(state.legal_actions())
            everything = state.view(None)
            state.apply(action)
            # the omniscient words: "seat 1 plays 8 9 X=10 (...)"
            said = NARRATOR.narrate(everything, action, state.view(None)).split(";")[0]
            for viewer in viewers:
                after = state.view(viewer)
                plain = NARRATOR.narrate(before[viewer], action, after)
                told = NARRATOR.narrate_move(before[viewer], action, after, actor)
                if told != plain:
                    assert plain.startswith(f"seat {seat} plays {action.count} card")
                    assert told.startswith(said), (told, said)
                    assert told.split(";")[1:] == plain.split(";")[1:]
                    named += 1
    assert named > 10
