"""The pieces under the referee's pipes: splitting output into capped lines, capping stderr."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from flit_core.referee.capture import StderrCapture
from flit_core.referee.lines import Line, LineBuffer

CAP = 16

lines_strategy = st.lists(st.binary(max_size=3 * CAP).filter(lambda line: b"\n" not in line), max_size=20)


def _chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    edges = [0, *points, len(data)]
    return [data[start:end] for start, end in itertools.pairwise(edges)]


@given(lines_strategy, st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))
def test_lines_come_out_whole_and_capped_however_the_stream_is_cut(lines: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(line + b"\n" for line in lines)
    buffer = LineBuffer(CAP)
    taken: list[Line] = []
    for chunk in _chunks(stream, cuts):
        buffer.feed(chunk)
        while (line := buffer.take()) is not None:
            taken.append(line)
    assert taken == [Line(line[:CAP], len(line) > CAP) for line in lines]
    assert buffer.unterminated == b"" and len(buffer) == 0


@given(st.binary(max_size=CAP).filter(lambda tail: b"\n" not in tail))
def test_a_partial_line_waits_for_its_newline(tail: bytes) -> None:
    buffer = LineBuffer(CAP)
    buffer.feed(b"1 2 3 4\n" + tail)
    assert buffer.take() == Line(b"1 2 3 4", False)
    assert buffer.take() is None
    assert buffer.unterminated == tail


def test_an_endless_line_is_cut_at_once_and_its_rest_skipped() -> None:
    buffer = LineBuffer(CAP)
    buffer.feed(b"x" * (CAP + 1))
    assert buffer.take() == Line(b"x" * CAP, True)
    for _ in range(100):
        buffer.feed(b"x" * 1000)
        assert buffer.take() is None
        assert len(buffer) == 0  # memory stays bounded
    buffer.feed(b"xx\n0 0 0 0\n")
    assert buffer.take() == Line(b"0 0 0 0", False)


def test_drop_after_forgets_only_what_came_later() -> None:
    buffer = LineBuffer(CAP)
    buffer.feed(b"1 2")
    kept = len(buffer)
    buffer.feed(b" 3 4\n")
    buffer.drop_after(kept)
    assert buffer.take() is None and buffer.unterminated == b"1 2"


@given(lines_strategy, st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))
def test_dropping_lines_at_once_counts_what_taking_them_would(lines: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(line + b"\n" for line in lines)
    taking, dropping = LineBuffer(CAP), LineBuffer(CAP)
    taken = dropped = 0
    for chunk in _chunks(stream, cuts):
        taking.feed(chunk)
        dropping.feed(chunk)
        while taking.take() is not None:
            taken += 1
        dropped += dropping.drop_lines()
        assert dropping.unterminated == taking.unterminated
    assert dropped == taken == len(lines)


def test_the_start_of_a_line_from_before_a_request_is_not_part_of_its_answer() -> None:
    buffer = LineBuffer(CAP)
    buffer.feed(b"> ")
    buffer.cut_unfinished()
    assert buffer.unterminated == b"> "  # still a clue for the diagnostics
    buffer.feed(b"1 2 3 4\nnext\n")
    assert buffer.take() == Line(b"1 2 3 4", False)
    assert buffer.take() == Line(b"next", False)


def test_stderr_log_stops_at_its_cap_but_the_tail_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "bot.log"
    capture = StderrCapture(path, cap=50, tail_lines=3)
    for number in range(100):
        capture.feed(f"line {number}\n".encode())
    capture.close()
    assert capture.total == sum(len(f"line {n}\n") for n in range(100))
    assert capture.cut
    written = path.read_bytes()
    assert written.startswith(b"line 0\nline 1\n") and b"cap of 50 bytes was reached" in written
    assert len(written) < 50 + 60
    assert capture.tail() == ["line 97", "line 98", "line 99"]


def test_stderr_without_a_log_file_keeps_its_tail() -> None:
    capture = StderrCapture(None, cap=10, tail_lines=2)
    capture.feed(b"\xff\xfe not utf-8\nTraceback\nValueError: x\n")
    assert capture.tail() == ["Traceback", "ValueError: x"]
    assert not capture.cut and capture.path is None
