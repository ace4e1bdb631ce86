"""Generated bad save files thrown at `Session.load` and `meeple play --resume`.

A save of a game in progress gets one fault: a field of another JSON type (anywhere, the saved
state's zones included), a key missing or added, text cut short or nested too deeply. Asserted:
one SaveError line naming the part that is wrong (exit 2 and one `meeple: error:` line through
`play --resume`, with stdin closed), no traceback, and the save file and its directory unchanged.
"""

import copy
import json

import pytest
from fuzz_support import assert_one_line_error, at, fuzz_settings, paths, retyped, run_cli, scratch, snapshot
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import SaveError
from meeple.registry import Registry
from meeple.session import Session

REGISTRY = Registry.load()


def saved(game_id, seats, seed, moves):
    session = Session.start(REGISTRY, game_id, seats, seed)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session.to_data()


SAVES = [saved("nim", ["human", "random"], 4, 3), saved("linko", ["human", "random", "random"], 5, 6)]


def names_for(path: tuple) -> str:
    """What the error must name when the value at `path` is wrong: the save's key, the option,
    or for an action `action` (the saved state's inner fields are named by `state`)."""
    if path[0] == "options" and len(path) > 1:
        return str(path[1])
    if path[0] == "actions":
        return "action"
    return str(path[0])


@st.composite
def broken_save(draw):
    save = draw(st.sampled_from(SAVES))
    fault = draw(st.sampled_from(["retype", "missing", "extra"]))
    if fault == "retype":
        choices = [p for p in paths(save) if p[0] != "note" and p != ("state", "options")]  # see below
        path, broken = draw(retyped(save, choices))
        return broken, names_for(path)
    objects = [()] + [p for p in paths(save) if isinstance(at(save, p), dict) and at(save, p)
                      and p[:1] not in (("state",), ("options",))]  # options: see below
    where = draw(st.sampled_from(objects))
    broken = copy.deepcopy(save)
    if fault == "missing":
        key = draw(st.sampled_from(sorted(at(save, where))))
        del at(broken, where)[key]
    else:
        key = draw(st.from_regex(r"[a-z_]{1,8}", fullmatch=True).filter(lambda k: k not in at(save, where)))
        at(broken, where)[key] = 1
    return broken, names_for(where + (key,)) if where else key


@st.composite
def broken_text(draw):
    text = json.dumps(draw(st.sampled_from(SAVES)))
    return draw(st.one_of(
        st.integers(1, len(text) - 1).map(lambda cut: text[:cut]),
        st.integers(1000, 100_000).map(lambda depth: "[" * depth),
    ))


def load_refused(tmp_path, text: str) -> str:
    """The one-line SaveError `Session.load` gives for `text`, the file left as it was."""
    with scratch(tmp_path) as directory:
        path = directory / "game.save.json"
        path.write_text(text)
        files = snapshot(directory)
        with pytest.raises(SaveError) as refused:
            Session.load(REGISTRY, path)
        assert snapshot(directory) == files
    message = str(refused.value)
    assert "\n" not in message and "Traceback" not in message, message
    return message


@fuzz_settings(examples=90)
@given(case=broken_save())
def test_a_broken_save_is_refused_in_one_line_naming_what_is_wrong(tmp_path, tried, case):
    broken, names = case
    tried["saves"] += 1
    message = load_refused(tmp_path, json.dumps(broken))
    assert names in message, f"{message!r} does not name {names!r}"


@fuzz_settings(examples=20)
@given(text=broken_text())
def test_a_save_that_is_no_json_is_refused_in_one_line(tmp_path, tried, text):
    tried["saves"] += 1
    assert "JSON" in load_refused(tmp_path, text) or "not a meeple save file" in load_refused(tmp_path, text)


@fuzz_settings(examples=25)
@given(case=broken_save())
def test_play_resume_of_a_broken_save_is_one_line_and_changes_nothing(tmp_path, tried, case):
    broken, names = case
    tried["saves"] += 1
    with scratch(tmp_path) as cwd:
        (cwd / "game.save.json").write_text(json.dumps(broken))
        files = snapshot(cwd)
        result = run_cli(["play", "--resume", "game.save.json"], cwd)
        assert_one_line_error(result, names, f"play --resume of {json.dumps(broken)[:300]}")
        assert snapshot(cwd) == files


def test_the_unbroken_saves_load(tmp_path):
    for save in SAVES:
        path = tmp_path / f"{save['game']}.save.json"
        path.write_text(json.dumps(save))
        assert Session.load(REGISTRY, path).to_data() == save


@fuzz_settings(examples=10)
@given(save=st.sampled_from(SAVES), data=st.data())
def test_a_save_lacking_an_option_is_refused_naming_it(tmp_path, tried, save, data):
    """A save holds every option of its game (as `Session.to_data` writes it): one left out was
    edited away, even when the game's default happens to be the saved value."""
    tried["saves"] += 1
    key = data.draw(st.sampled_from(sorted(save["options"])))
    broken = copy.deepcopy(save)
    del broken["options"][key]
    assert key in load_refused(tmp_path, json.dumps(broken))


@fuzz_settings(examples=10)
@given(save=st.sampled_from(SAVES), data=st.data())
def test_a_save_with_an_option_of_another_json_type_is_refused(tmp_path, tried, save, data):
    """An option saved as text (`"max_take": "3"`) was not written by meeple: refused, not converted."""
    tried["saves"] += 1
    key = data.draw(st.sampled_from(sorted(k for k, v in save["options"].items() if type(v) is not str)))
    broken = copy.deepcopy(save)
    value = broken["options"][key]
    broken["options"][key] = ("true" if value else "false") if type(value) is bool else str(value)
    assert key in load_refused(tmp_path, json.dumps(broken))


@pytest.mark.parametrize("options", [None, {}])
def test_a_saved_state_without_its_options_is_refused(tmp_path, tried, options):
    tried["saves"] += 1
    broken = copy.deepcopy(SAVES[0])
    broken["state"]["options"] = options
    assert "options" in load_refused(tmp_path, json.dumps(broken))
