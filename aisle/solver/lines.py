"""The solver worker's messages on the wire: one JSON document per line (lists, numbers,
strings), so nothing but plain data ever crosses between the window and the worker."""

from __future__ import annotations

import json
from typing import IO, Any


def write_line(stream: IO[str], message: list[Any]) -> None:
    """Send one message and flush it (the other side waits for whole lines)."""
    stream.write(json.dumps(message, separators=(",", ":")) + "\n")
    stream.flush()


def read_line(stream: IO[str]) -> list[Any] | None:
    """The next message; None at the end of the stream. A line that is not a message raises
    ValueError."""
    line = stream.readline()
    if not line:
        return None
    message = json.loads(line)
    if not isinstance(message, list) or not message:
        raise ValueError(f"not a message: {line[:80]!r}")
    return message
