"""Mechanical leak tests: a view must not change when cards its player does not know are moved
(other hands, face-down piles, cards known only to other seats) or when another seat's secret
choice for a simultaneous decision changes, and a state sampled from a view must show that view.

A hidden card copied into a plain field (a `last_drawn: int`, a card kept in a decision frame)
survives those permutations — the copy moves with nothing — so two more checks compare *pairs of
states that show a seat the same zones*: the rest of its view (plain fields, view extras, pending
frames) must then be the same too. `check_deals_agree` compares fresh deals (every deal of a game
with explicit chance, else many seeds), catching copies made at setup; `check_action_hides` applies
one action to a state and to a copy in which the cards neither the viewer nor the acting seat
knows were permuted, catching copies of such cards (a secret stock, a third seat's hand) made by
an action. A field that legitimately tells a seat something about cards it cannot see (a hit or a
miss on a hidden board) must be derived where the seat can see why, or kept out of views.
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from ..game import Game
from ..knowledge import false_facts, public_records
from ..layout import Kind, game_fields
from ..rng import Rng
from ..serialization import view_to_data
from ..state import State
from ..view import View


#: Permutations tried for a copy the facts two seats know allow (`check_facts_learned`).
PERMUTATIONS = 24
#: Copies compared per action and seat (`check_facts_learned`).
COPIES = 4
#: Samples drawn from a view holding facts, each checked against them (`check_determinization`).
FACT_SAMPLES = 4


def permute_hidden(state: State, player: int, rng: Rng, also: tuple[int, ...] = ()) -> State:
    """A clone in which every card `player` does not know has been shuffled among the hidden
    slots of all zones (other hands, face-down piles), sizes and cards `player` knows unchanged
    (known to everyone, or to a set of seats including `player`). With `also`, only the cards
    that none of those seats knows either are shuffled."""
    clone = state.clone()
    slots = []
    cards = []
    for _, zone in clone.zones():
        unknown = zone.hidden_slots(player)
        for seat in also:
            unknown = [i for i in zone.hidden_slots(seat) if i in unknown]
        held = list(zone.cards())  # a slot is a position in `cards()` (the zone contract)
        slots.extend((zone, i) for i in unknown)
        cards.extend(held[i] for i in unknown)
    rng.shuffle(cards)
    for (zone, i), card in zip(slots, cards):
        zone.set_slots(i, [card])
    clone._legal = None
    return clone


def check_view_hides(state: State, player: int, rng: Rng) -> None:
    """Assert that permuting hidden cards leaves `player`'s view (and its JSON) unchanged."""
    game_cls = type(state.game)
    before = state.view(player)
    permuted = permute_hidden(state, player, rng)
    after = permuted.view(player)
    assert after == before, f"seat {player}'s view changed when cards hidden from it were permuted"
    assert view_to_data(game_cls, after) == view_to_data(game_cls, before), \
        f"seat {player}'s view JSON changed when cards hidden from it were permuted"


def check_choices_hidden(state: State, player: int, rng: Rng) -> int:
    """Assert that `player`'s view does not depend on the secret choices other seats made for the
    pending simultaneous decision: each is replaced by another legal choice of that seat, and the
    view (and its JSON) must stay byte-identical. Returns how many choices were replaced."""
    frame = state.decision
    if frame is None or not frame.simultaneous or not state._choices:
        return 0
    game_cls = type(state.game)
    before = state.view(player)
    before_data = view_to_data(game_cls, before)
    changed = dict(state._choices)
    replaced = 0
    for seat, choice in state._choices.items():
        if seat == player:
            continue
        others = [a for a in frame.legal_actions(state, seat) if a != choice]  # type: ignore[call-arg]
        if others:
            changed[seat] = others[rng.below(len(others))]
            replaced += 1
    if not replaced:
        return 0
    clone = state.clone()
    clone._choices = changed
    after = clone.view(player)
    assert after == before, f"seat {player}'s view depends on another seat's secret choice"
    assert view_to_data(game_cls, after) == before_data, \
        f"seat {player}'s view JSON depends on another seat's secret choice"
    return replaced


def check_determinization(game: Game, state: State, player: int, rng: Rng) -> State:
    """Assert that a state sampled from `player`'s view has the same view, keeps every invariant,
    offers `player` the same legal actions when it owes a decision, and gives every seat owing a
    decision in the sample a legal action there (the game pushed the frame for a seat that could
    act, which every seat saw) and lets it play its moves (a few of them: first, middle, last), as
    a search playing on from the sample will. When the view holds facts (`View.facts`), a few
    samples are drawn and every fact must hold in each.

    During a simultaneous decision the sample keeps `player`'s own pending choice and none of
    the others' (those seats choose again in the sample), so its view differs from the original
    in `chosen` alone."""
    view = state.view(player)
    expected = view
    if view.chosen:
        expected = attrs.evolve(view, chosen=tuple(seat for seat, _ in view.choices))
    for _ in range(FACT_SAMPLES if view.facts else 1):  # a sampler ignoring a fact: caught by a few
        sample = game.determinize(view, rng)
        assert sample.view(player) == expected, f"a state sampled from seat {player}'s view shows a different view"
        wrong = false_facts(sample)
        assert not wrong, (f"a state sampled from seat {player}'s view ignores what seat {player} knows: "
                           f"{'; '.join(wrong)} is false in it (a game's own determinize must honour "
                           f"view.facts)")
    problems = sample.invariants()
    assert not problems, f"a state sampled from seat {player}'s view breaks invariants: {problems}"
    if player in state.owing():
        assert sample.legal_actions(player) == state.legal_actions(player), \
            f"seat {player}'s legal actions depend on cards it cannot see"
    for seat in sample.owing():  # a search plays on from the sample: every seat's moves must play
        legal = sample.legal_actions(seat)
        assert legal, (
            f"a state sampled from seat {player}'s view leaves seat {seat} owing "
            f"'{sample.pending[-1].describe()}' with no legal action: the sample ignores what the frame "
            f"tells every seat about seat {seat}'s hidden cards (declare it as the game's "
            f"sample_condition, say meeple.determinize.owing_seats_can_act)")
        for action in dict.fromkeys((legal[0], legal[len(legal) // 2], legal[-1])):
            try:
                sample.clone().apply(action, seat)
            except Exception as exc:  # noqa: BLE001 - any failure is the defect named below
                raise AssertionError(
                    f"a state sampled from seat {player}'s view offers seat {seat} {action!r}, which "
                    f"cannot be played there ({exc}): the sample dealt a card where every seat knows "
                    f"it is not (a frame naming who holds a hidden card must make it known)") from None
    return sample


def _zone_names(state_class: type) -> frozenset[str]:
    return frozenset(info.name for info in game_fields(state_class) if info.kind in (Kind.ZONE, Kind.ZONES))


def split_view(view: View, zones: frozenset[str], records: frozenset[str] = frozenset(),
               facts: bool = False) -> tuple[Any, Any]:
    """`(what the view shows of the zones, everything else it shows)`: the second part holds the
    plain fields, view extras and pending frames (as JSON-comparable values), and the view's
    facts when `facts`. Fields named in `records` (public records: every seat saw them) are in
    neither part."""
    shown = tuple(item for item in view.fields if item[0] in zones)
    fields = tuple(item for item in view.fields if item[0] not in zones and item[0] not in records)
    rest = (view.pending, view.chosen, view.choices, fields) + ((view.facts,) if facts else ())
    return shown, rest


def _differing(a: Any, b: Any) -> list[str]:
    (pending_a, chosen_a, choices_a, fields_a, *facts_a), (pending_b, chosen_b, choices_b, fields_b, *facts_b) = a, b
    names = [name for (name, x), (_, y) in zip(fields_a, fields_b) if x != y]
    if facts_a != facts_b:
        names.append("the facts it knows")
    if len(fields_a) != len(fields_b):
        names.append("view extras")
    if pending_a != pending_b:
        names.append("the pending decisions")
    if (chosen_a, choices_a) != (chosen_b, choices_b):
        names.append("the pending choices")
    return names


def check_deals_agree(states: Iterable[State], player: int) -> int:
    """Assert that fresh states (different deals) showing `player` the same zones show it the same
    plain fields, view extras, pending frames and facts: otherwise a plain field depends on cards hidden
    from it. Returns how many states shared their zones with an earlier one (0: nothing compared)."""
    seen: dict[Any, tuple[Any, Any]] = {}
    compared = 0
    for state in states:
        view = state.view(player)
        shown, rest = split_view(view, _zone_names(type(state)), public_records(type(state)), facts=True)
        key = repr(shown)  # zone views are frozen values; repr keys them without hashing lists
        if key in seen:
            compared += 1
            first_shown, first_rest = seen[key]
            if first_shown == shown and first_rest != rest:
                raise AssertionError(
                    f"seat {player}'s view differs in {', '.join(_differing(first_rest, rest))} between two "
                    f"deals that show it the same zones: a card hidden from it is copied outside its zones")
        else:
            seen[key] = (shown, rest)
    return compared


def check_action_hides(state: State, seat: int, action: Any, player: int, rng: Rng) -> bool:
    """Assert that `action` (by `seat`) tells `player` nothing outside its zones about cards that
    neither seat knows: applied to `state` and to a copy in which those cards were permuted (so
    the action means the same to the seat taking it), it must leave `player` views that differ in
    zones only (a card turned face up) or not at all; the action must be playable in the copy,
    since the seat taking it cannot tell the two apart. Returns False when nothing was compared
    (another seat's secret choice pending: the copy could not keep it legal)."""
    if any(chooser != player for chooser in state.chosen):
        return False  # a copy must keep other seats' secret choices legal: not compared
    other = permute_hidden(state, player, rng, also=(seat,))
    after = state.clone()
    after.apply(action, seat)
    try:
        other.apply(action, seat)
    except Exception as exc:  # noqa: BLE001 - any failure is the defect named below
        raise AssertionError(
            f"{action!r} by seat {seat} cannot be played ({exc}) once the cards neither seat {seat} "
            f"nor seat {player} knows were permuted: the rules depend on where a card is that seat "
            f"{seat} cannot see (a frame naming who holds a hidden card must make it known)") from None
    zones, records = _zone_names(type(state)), public_records(type(state))
    shown, rest = split_view(after.view(player), zones, records)
    other_shown, other_rest = split_view(other.view(player), zones, records)
    if shown == other_shown and rest != other_rest:
        raise AssertionError(
            f"after {action!r}, seat {player}'s view differs in {', '.join(_differing(rest, other_rest))} "
            f"in a state its view cannot tell apart, though its zones do not: a hidden card is copied "
            f"outside its zones")
    return True


def check_facts_learned(state: State, seat: int, action: Any, player: int, rng: Rng) -> bool:
    """Assert that `action` (by `seat`) shows `player`, another seat, no fact it could not know:
    applied to `state` and to copies in which the cards neither seat knows were permuted (each
    copy keeping true every fact either seat knows), `action` must not leave `player` two views
    that differ in their facts alone. A fact about cards a seat cannot see reaches it with
    something its view shows (cards moving, a count changing, the action of the seat that holds
    them), or only the seats that took part learn it (`learn(fact, by=...)`). The acting seat may
    learn from its own action (it looked, it compared), so it is not checked. Up to `COPIES`
    copies are compared; returns False when none was (the acting seat itself, another seat's
    secret choice pending, no copy the facts allow in `PERMUTATIONS` tries)."""
    if player == seat or any(chooser != player for chooser in state.chosen):
        return False
    after = state.clone()
    after.apply(action, seat)
    zones, records = _zone_names(type(state)), public_records(type(state))
    view = after.view(player)
    shown = split_view(view, zones, records)
    compared = 0
    for _ in range(PERMUTATIONS):
        other = permute_hidden(state, player, rng, also=(seat,))
        if false_facts(other, known_to=(player, seat)):
            continue  # a copy either seat could tell apart by what it knows
        try:
            other.apply(action, seat)
        except Exception:  # noqa: BLE001 - the rules need what the copy moved: check_action_hides' concern
            continue
        other_view = other.view(player)
        if split_view(other_view, zones, records) == shown and other_view.facts != view.facts:
            learned = [known.fact.describe() for known in view.facts if known not in other_view.facts]
            raise AssertionError(
                f"after {action!r} by seat {seat}, seat {player} is shown facts it cannot know "
                f"({'; '.join(learned) or 'fewer facts'}): nothing else in its view changes when the "
                f"cards neither seat sees are others (learn them with by= the seats that took part)")
        compared += 1
        if compared == COPIES:
            break
    return compared > 0


def check_public_records(state: State) -> None:
    """Assert that every public record (`meeple.knowledge.PublicRecord`) is the same in every
    seat's view and the observer's: it holds what everyone saw."""
    records = public_records(type(state))
    if not records:
        return
    views = [(seat, state.view(seat)) for seat in [None, *range(state.players)]]
    for name in sorted(records):
        _, first = views[0]
        for seat, view in views[1:]:
            if view.field(name) != first.field(name):
                raise AssertionError(
                    f"the public record {name!r} differs between the observer's view and seat {seat}'s: "
                    f"a public record holds what every seat saw ({first.field(name)!r} / {view.field(name)!r})")
