"""Reading a file the player (or someone else) put in our way: only a regular file, only so much.

`Path.read_bytes` follows a symlink to ``/dev/zero`` and reads until memory runs out, and opening
a FIFO for reading waits for a writer forever. Every file Aisle reads that it did not write
itself a moment ago (saves, settings, statistics, game files, decks, plugin wheels) goes through
`read_bounded`, which opens without waiting, checks what was opened (not what the name pointed
to a moment before), and never reads more than the limit.

No Qt here; the errors are OSError subclasses, so callers that already handle OSError go on
handling them.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Read in pieces of this size, so a file that grows while it is read cannot pass the limit.
_CHUNK = 1024 * 1024


class NotAFileError(OSError):
    """The path names a device, a FIFO, a socket or a folder, not a regular file."""


class FileTooLargeError(OSError):
    """The file holds more than the limit allows."""


def regular_file_size(path: Path) -> int:
    """The size of `path` (symlinks followed); NotAFileError when it is no regular file."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotAFileError(errno.EINVAL, "not a regular file", str(path))
    return info.st_size


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them.

    Raises NotAFileError for anything but a regular file (checked on the open descriptor, so a
    swapped name cannot slip a device in), FileTooLargeError past `limit`, OSError otherwise.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFileError(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise FileTooLargeError(errno.EFBIG, f"larger than {limit} bytes", str(path))
        pieces: list[bytes] = []
        total = 0
        while True:
            piece = os.read(descriptor, min(_CHUNK, limit + 1 - total))
            if not piece:
                break
            pieces.append(piece)
            total += len(piece)
            if total > limit:
                raise FileTooLargeError(errno.EFBIG, f"larger than {limit} bytes", str(path))
        return b"".join(pieces)
    finally:
        os.close(descriptor)
