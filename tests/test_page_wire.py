"""The page's wire between its referee and the bot workers: JSON text built for speed must
read back exactly as :func:`json.dumps` writes it, and answers read with the referee's
kept moves must be the answers read afresh."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flit_core import get_game
from flit_core.session import AnswerKind
from flit_core.web.jsontext import dumps
from flit_core.web.page import answer_from_dict

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_dumps_writes_what_json_dumps_writes(value: Any) -> None:
    assert dumps(value) == json.dumps(value, separators=(",", ":"))


def test_dumps_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps({"move": object()})


FLIT = get_game("flit")


@pytest.mark.parametrize(
    ("data", "kind", "move"),
    [
        ({"kind": "move", "move": "1 2 3 4", "ms": 1.5}, AnswerKind.MOVE, "1 2 3 4"),
        ({"kind": "move", "move": None, "ms": 1.5}, AnswerKind.MOVE, None),
        ({"kind": "timeout", "move": None, "ms": 60.0}, AnswerKind.TIMEOUT, None),
        ({"kind": "move", "move": "1 2 3", "ms": 1.5}, AnswerKind.UNREADABLE, None),
        ({"kind": "move", "move": ["1 2 3 4"]}, AnswerKind.UNREADABLE, None),
        ({"kind": ["move"], "move": "1 2 3 4"}, AnswerKind.UNREADABLE, None),
        ({"kind": "sulk"}, AnswerKind.UNREADABLE, None),
        ("move", AnswerKind.UNREADABLE, None),
    ],
)
def test_answers_read_with_kept_moves_are_the_answers_read_afresh(
    data: Any, kind: AnswerKind, move: str | None
) -> None:
    kept: dict[str, Any] = {}
    for _ in range(2):  # the second time from what the first kept
        answer = answer_from_dict(data, FLIT, kept)
        assert answer == answer_from_dict(data, FLIT)
        assert answer.kind is kind
        assert (None if answer.move is None else FLIT.format_move(answer.move)) == move
