"""The `aisle` command (and `python -m aisle`): the command line of aisle.cli, started with the
garbage collector paused (aisle.collector) until the window's first frame or the end of the
command, whichever comes first. Kept apart from aisle.cli so that the pause covers its imports.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle import collector


def main(argv: Sequence[str] | None = None) -> int:
    collector.pause()
    try:
        from aisle.cli import main as command

        return command(argv)
    finally:
        collector.resume()
