"""Replays of any shape: whatever a file holds, loading it either works or raises one
:class:`ReplayError` with a message, never another exception."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flit_core import BotProgram, Replay, ReplayError, get_game, play_game

#: Every JSON value, small.
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def short_replay(name: str) -> dict[str, Any]:
    """A real replay of a short game of ``name`` (its small preset, few turns if it has a limit)."""
    definition = get_game(name)
    config = definition.preset(definition.info.small_preset or definition.info.default_preset)
    if "turn_limit" in config.field_names():
        config = config.replace(turn_limit=12)
    bots = [BotProgram.from_file(next(iter(definition.examples.values())))] * config.players
    return play_game(definition, config, bots, 5).to_dict()


BASES = {name: short_replay(name) for name in ("flit", "hex")}


def paths(document: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``document`` a value can be replaced."""
    found = [prefix] if prefix else []
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths(value, (*prefix, key))
    elif isinstance(document, list):
        for index, value in enumerate(document[:6]):
            found += paths(value, (*prefix, index))
    return found


def load(document: Any) -> None:
    """Load ``document`` through the file's text, as a user's file would be."""
    try:
        Replay.from_json(json.dumps(document), get_game)
    except ReplayError as error:
        assert str(error) and "\n" not in str(error)


@pytest.mark.parametrize("name", sorted(BASES))
@settings(max_examples=1500)
@given(data=st.data())
def test_a_replay_with_any_value_anywhere_loads_or_is_refused_in_one_line(name: str, data: st.DataObject) -> None:
    document = json.loads(json.dumps(BASES[name]))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths(document)))
        *parents, last = path
        target = document
        for step in parents:
            target = target[step]
        if isinstance(target, (dict, list)):
            if data.draw(st.booleans()) or isinstance(target, list):
                target[last] = data.draw(JSON)
            else:
                del target[last]
    load(document)


@settings(max_examples=500)
@given(JSON)
def test_any_json_document_is_refused_in_one_line(value: Any) -> None:
    load(value)


@pytest.mark.parametrize(
    "text", ["", "{", "[" * 100_000 + "]" * 100_000, '{"format":"flit-arena-replay","turns":[\n', "\xff"]
)
def test_text_that_is_no_json_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(ReplayError):
        Replay.from_json(text, get_game)


@pytest.mark.parametrize("ms", [math.nan, math.inf, -1.0, "7"])
def test_think_times_that_are_not_finite_non_negative_numbers_are_refused(ms: Any) -> None:
    document = json.loads(json.dumps(BASES["flit"]))
    document["turns"][0]["ms"] = ms
    with pytest.raises(ReplayError, match="'ms' must be a think time"):
        Replay.from_dict(document, get_game)
