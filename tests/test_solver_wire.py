"""The solver worker's wire format: plain data, one message per line."""

from __future__ import annotations

import io

import pytest

from aisle.solver.wire import read_line, write_line


def test_messages_come_back_as_they_were_sent_one_per_line() -> None:
    stream = io.StringIO()
    sent = [["solve", 3, "klondike", '{"a": "line\\nbreak"}', [10.0, None, 300, True]],
            ["stop", 2], ["answer", 3, {"verdict": "won", "solution": [{"kind": "deal"}]}]]
    for message in sent:
        write_line(stream, message)
    assert stream.getvalue().count("\n") == len(sent)
    stream.seek(0)
    assert [read_line(stream) for _ in sent] == sent
    assert read_line(stream) is None  # the end of the stream


@pytest.mark.parametrize("line", ["searching...\n", "{}\n", "[]\n", "42\n"])
def test_a_line_that_is_not_a_message_is_refused(line: str) -> None:
    with pytest.raises(ValueError):
        read_line(io.StringIO(line))
