import pytest

from flit_core import Change, Move, MoveSyntaxError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2 3 4", Move(1, 2, 3, 4)),
        ("  0 0 15 15\n", Move(0, 0, 15, 15)),
        ("1\t2  3 4", Move(1, 2, 3, 4)),
        ("-1 2 3 4", Move(-1, 2, 3, 4)),  # parses; the rules then reject it as off the board
    ],
)
def test_parse(text, expected):
    assert Move.parse(text) == expected


@pytest.mark.parametrize("text", ["", "1 2 3", "1 2 3 4 5", "a b c d", "1.0 2 3 4", "0x1 2 3 4", "M"])
def test_parse_rejects_garbage(text):
    with pytest.raises(MoveSyntaxError, match="expected four integers"):
        Move.parse(text)


def test_text_forms_are_the_wire_format():
    assert str(Move(3, 4, 5, 6)) == "3 4 5 6"
    assert str(Change(7, 8, 5)) == "7 8 5"
    assert Move.parse(str(Move(9, 8, 7, 6))) == Move(9, 8, 7, 6)


def test_pass_and_parts():
    assert Move(2, 2, 2, 2).is_pass and not Move(2, 2, 2, 3).is_pass
    move = Move.between((1, 2), (3, 4))
    assert move.origin == (1, 2) and move.destination == (3, 4)
