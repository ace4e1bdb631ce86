"""A view's fields read as attributes (`View.__attrs_post_init__`): the same values as `field`,
never shadowing the view's own attributes, and the same after a pickle or `attrs.evolve`."""

import pickle

import attrs

from meeple import Registry
from meeple.view import View


def test_every_field_reads_the_same_as_an_attribute_and_through_field():
    game = Registry.load().create("linko", 4, {})
    view = game.new_state(1).view(2)
    for name in view.field_names():
        assert getattr(view, name) is view.field(name)


def test_a_field_named_like_a_view_attribute_is_read_only_through_field():
    view = View("g", 0, 7, (), (("moves", "field's"), ("field", 1), ("owing", 2), ("plain", None)))
    assert view.moves == 7 and view.field("moves") == "field's"
    assert view.field("field") == 1 and view.field("owing") == 2 and view.owing() == ()
    assert view.plain is None and view.field("plain") is None


def test_a_view_pickled_or_evolved_keeps_its_fields_as_attributes():
    view = View("g", 0, 0, (), (("hands", (1, 2)),))
    again = pickle.loads(pickle.dumps(view))
    assert again == view and again.hands == (1, 2)
    changed = attrs.evolve(view, fields=(("hands", (3,)),))
    assert changed.hands == (3,) and view.hands == (1, 2)
