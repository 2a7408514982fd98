"""One running Aisle per data folder: a lock the operating system holds for us.

Two Aisles on one data folder would both resume the same deal, overwrite each other's save and
count one game twice. The first to start holds an OS lock on ``aisle.lock`` in the data folder
(`fcntl.flock` on POSIX, `msvcrt.locking` on Windows). The system releases it when the process
ends, however it ends, so a lock left by a killed Aisle is never in the way: there is no guessing
from process ids whether the holder still lives. The file names the holder (process id, host,
start time) only for the message a second start shows.

No Qt here; taking the lock costs a few system calls.
"""

from __future__ import annotations

import errno
import importlib
import json
import logging
import os
import stat
import sys
import time
from pathlib import Path
from typing import NamedTuple

from aisle.bounded_read import read_bounded
from aisle.i18n import T, Text

log = logging.getLogger(__name__)

LOCK_FILE = "aisle.lock"
#: Windows locks bytes, and a locked byte cannot be read by others: the lock is on a byte far
#: past the holder's note, which stays readable.
_WINDOWS_LOCK_OFFSET = 1 << 20
#: What a refused lock reports: another process holds it.
_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}


class Holder(NamedTuple):
    """Who holds the lock, as its note says (None where the note does not say)."""

    pid: int | None
    host: str | None


class InstanceLock:
    """The outcome of `take_lock`: held by us (`held`), by another Aisle (`other`), or neither
    (no lock could be made, say in a read-only folder: then Aisle runs as before)."""

    def __init__(self, folder: Path, descriptor: int | None, other: Holder | None,
                 problem: Text | None = None) -> None:
        self.folder = folder
        self._descriptor = descriptor
        #: The Aisle holding the lock, when it is not us.
        self.other = other
        #: Why no lock was taken in a folder that can be written otherwise (told to the
        #: player: a second Aisle would not be kept out).
        self.problem = problem

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    @property
    def meeting_name(self) -> str:
        """Where the holder listens for a second start (see aisle.ui.window.single_instance)."""
        return meeting_name(self.folder)

    def release(self) -> None:
        """Let the lock go (the system does it too when the process ends)."""
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def take_lock(folder: Path) -> InstanceLock:
    """Take the lock of the data folder `folder` without waiting. A damaged lock file (a
    folder, a pipe, a link, one that cannot be opened) is moved aside and a new one made: left
    in place, it would let two Aisles share the folder."""
    path = folder / LOCK_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # the folder's trouble is told when the first save fails
        log.warning("cannot lock %s: %s", path, error)
        return InstanceLock(folder, None, None)
    for attempt in (1, 2):
        try:
            descriptor = _open_and_lock(path)
        except OSError as error:
            if error.errno in _BUSY and not isinstance(error, _UnusableLockError | _FolderLockError):
                return InstanceLock(folder, None, read_holder(path))
            if attempt == 1 and isinstance(error, _UnusableLockError) and _move_aside(path):
                continue
            log.warning("cannot lock %s: %s", path, error)
            if not isinstance(error, _UnusableLockError):
                return InstanceLock(folder, None, None)  # a folder's trouble: told as it saves
            return InstanceLock(folder, None, None, T(
                "Aisle could not use its lock file {path} ({error}), so it cannot keep a second "
                "Aisle from using the same files: start it only once until that file is removed "
                "or can be written.", path=str(path), error=T("it is not a regular file")
                if error.errno == errno.EINVAL else error.strerror or str(error)))
        _write_note(descriptor)
        return InstanceLock(folder, descriptor, None)
    raise AssertionError("unreachable")  # the second attempt returns


class _UnusableLockError(OSError):
    """The lock file itself is the trouble (not another Aisle holding it)."""


class _FolderLockError(OSError):
    """No lock file could be made: the folder cannot be written (not another Aisle)."""


def _open_and_lock(path: Path) -> int:
    """The lock file opened and locked; OSError with an errno in _BUSY when another process
    has it, `_UnusableLockError` when the file cannot serve as a lock."""
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as error:
        if os.path.lexists(path):  # there, but not a file this user can open and write
            raise _UnusableLockError(error.errno, error.strerror, str(path)) from error
        # Not made: the folder cannot be written (EACCES here is no other Aisle's lock).
        raise _FolderLockError(error.errno, error.strerror, str(path)) from error
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise _UnusableLockError(errno.EINVAL, "not a regular file", str(path))
        _lock(descriptor)
    except OSError:
        os.close(descriptor)
        raise
    return descriptor


def _move_aside(path: Path) -> bool:
    """Rename a damaged lock file to ``aisle.lock.broken-<time>`` beside it (kept for a look,
    never deleted); whether it was moved."""
    target = path.with_name(f"{path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        if os.path.lexists(target):
            return False
        os.rename(path, target)
    except OSError as error:
        log.warning("cannot move the damaged lock %s aside: %s", path, error)
        return False
    log.warning("the damaged lock %s was moved aside to %s", path, target)
    return True


def read_holder(path: Path) -> Holder:
    """Who holds the lock at `path`, as far as its note says."""
    try:
        note = json.loads(read_bounded(path, 4096))
    except (OSError, ValueError):
        return Holder(None, None)
    if not isinstance(note, dict):
        return Holder(None, None)
    pid, host = note.get("pid"), note.get("host")
    return Holder(pid if type(pid) is int else None,
                  host[:100] if isinstance(host, str) and host else None)


def meeting_name(folder: Path) -> str:
    """A name for the local socket of the Aisle that owns `folder`, the same for every start
    of this user on this folder, and short enough for any system's socket paths."""
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "")
    key = user.encode() + b"\0" + os.fsencode(os.path.abspath(folder))
    return "aisle-" + _sha256_hex(key)[:24]


def _sha256_hex(data: bytes) -> str:
    """SHA-256 by CPython's own code where it has it: `hashlib` loads OpenSSL, megabytes that
    the running Aisle would otherwise keep only for this name."""
    for own in ("_sha2", "_sha256"):  # CPython 3.12 and later; 3.11
        try:
            module = importlib.import_module(own)
        except ImportError:
            continue
        return str(module.sha256(data).hexdigest())
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _lock(descriptor: int) -> None:
    """Lock the open lock file, or raise OSError (errno in _BUSY) when another process has it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _write_note(descriptor: int) -> None:
    host = os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME", "")
    note = json.dumps({"pid": os.getpid(), "host": host, "started": time.time()}).encode()
    try:
        os.ftruncate(descriptor, 0)
        os.lseek(descriptor, 0, os.SEEK_SET)
        os.write(descriptor, note)
    except OSError as error:  # the lock holds all the same; only the message loses its details
        log.warning("cannot write the lock's note: %s", error)
