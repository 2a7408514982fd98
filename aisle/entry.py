"""The `aisle` command (and `python -m aisle`): the command line of aisle.cli, started with the
garbage collector paused (aisle.collector) until the window's first frame or the end of the
command, whichever comes first. Kept apart from aisle.cli so that the pause covers its imports.

What the command prints goes through `GuardedOutput`: a reader that went away (`aisle solve |
head -1`) ends the command quietly, and output that cannot be written (a full disk) is told in
one line on the error stream, never as a traceback.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from typing import Any

from aisle import collector


class OutputError(Exception):
    """Writing the command's output failed (the OSError is the cause)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class GuardedOutput:
    """Standard output whose failures raise `OutputError`, told apart from every other OSError."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except OSError as error:
            raise OutputError(error) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    collector.pause()
    stream = sys.stdout
    guarded = stream is not None and not isinstance(stream, GuardedOutput)
    if guarded:
        sys.stdout = GuardedOutput(stream)
    try:
        from aisle.cli import main as command

        status = command(argv)
        if guarded:
            sys.stdout.flush()
        return status
    except OutputError as failure:
        return _output_failed(failure.error)
    finally:
        if guarded and isinstance(sys.stdout, GuardedOutput):
            sys.stdout = stream
        collector.resume()


def _output_failed(error: OSError) -> int:
    # Nothing more is written there, nor at the interpreter's end (its last flush would fail
    # again and print a traceback of its own).
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
    except (OSError, ValueError):
        pass
    if error.errno == errno.EPIPE:
        return 1  # the reader has all it wanted
    from aisle.i18n import _

    print(_("aisle: the output could not be written: {error}").format(error=error.strerror or error),
          file=sys.stderr)
    return 1
