"""One running Aisle per data folder: the lock is taken atomically by the OS, names its holder,
and a killed holder never leaves it in the way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aisle.instance_lock import LOCK_FILE, meeting_name, read_holder, take_lock

HOLD = """
import sys, time
from pathlib import Path
from aisle.instance_lock import take_lock
lock = take_lock(Path(sys.argv[1]))
print(lock.held, flush=True)
time.sleep(120)
"""


def test_the_first_takes_it_a_second_sees_who_holds_it(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    first = take_lock(folder)  # the folder is made
    assert first.held and first.other is None
    second = take_lock(folder)  # another open file: refused as for another process
    assert not second.held and second.other is not None
    assert second.other.pid == os.getpid() and second.other.host
    assert not second.held
    first.release()
    third = take_lock(folder)
    assert third.held
    third.release()
    third.release()  # twice is harmless


def test_a_killed_holder_leaves_no_lock_in_the_way(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        blocked = take_lock(tmp_path)
        assert not blocked.held and blocked.other is not None
        assert blocked.other.pid == holder.pid
        holder.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no clean-up runs
        holder.wait(60)
    finally:
        if holder.poll() is None:
            holder.kill()
        if holder.stdout is not None:
            holder.stdout.close()
    assert (tmp_path / LOCK_FILE).exists()  # the file stays; its lock went with the process
    again = take_lock(tmp_path)
    assert again.held
    assert read_holder(tmp_path / LOCK_FILE).pid == os.getpid()
    again.release()


def test_a_folder_that_cannot_be_made_gives_no_lock_and_no_error(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("")
    lock = take_lock(tmp_path / "blocker" / "data")
    assert not lock.held and lock.other is None  # Aisle runs on; saving tells the trouble


@pytest.mark.parametrize("damage", ["fifo", "folder", "dangling link", "link to a file"])
def test_a_damaged_lock_file_is_moved_aside_and_the_lock_taken(tmp_path: Path, damage: str) -> None:
    """Left in place, it would give no lock, and a second Aisle would share the folder."""
    path = tmp_path / LOCK_FILE
    if damage == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("FIFOs are POSIX")
        os.mkfifo(path)  # opening it must not hang either
    elif damage == "folder":
        path.mkdir()
    elif damage == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    else:
        (tmp_path / "elsewhere").write_text("keep me")
        path.symlink_to(tmp_path / "elsewhere")
    first = take_lock(tmp_path)
    assert first.held and first.other is None
    assert path.is_file() and not path.is_symlink()
    aside = [entry.name for entry in tmp_path.iterdir() if entry.name.startswith(f"{LOCK_FILE}.broken-")]
    assert len(aside) == 1  # kept for a look, never deleted
    second = take_lock(tmp_path)  # the second start now finds the first
    assert not second.held and second.other is not None
    if damage == "link to a file":
        assert (tmp_path / "elsewhere").read_text() == "keep me"  # what it pointed to is untouched
    first.release()


def test_an_unreadable_note_names_no_one(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).write_text("not json")
    assert read_holder(tmp_path / LOCK_FILE) == (None, None)
    (tmp_path / LOCK_FILE).write_text('{"pid": "x", "host": 5}')
    assert read_holder(tmp_path / LOCK_FILE) == (None, None)
    assert read_holder(tmp_path / "missing") == (None, None)


def test_the_meeting_name_is_one_per_folder_and_short(tmp_path: Path) -> None:
    name = meeting_name(tmp_path / "a")
    lock = take_lock(tmp_path / "a")
    assert name == meeting_name(tmp_path / "a") == lock.meeting_name
    lock.release()
    assert name != meeting_name(tmp_path / "b")
    assert len(name) < 40 and name.startswith("aisle-")


def test_a_lock_file_that_can_neither_be_used_nor_moved_aside_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aisle import instance_lock

    (tmp_path / LOCK_FILE).mkdir()  # damaged: a folder
    monkeypatch.setattr(instance_lock, "_move_aside", lambda _path: False)  # as if immutable
    lock = take_lock(tmp_path)
    assert not lock.held and lock.other is None
    assert lock.problem is not None and str(tmp_path / LOCK_FILE) in lock.problem.translate()
    assert "start it only once" in lock.problem.translate()
    assert take_lock(tmp_path / "fine").problem is None


def test_a_folder_where_no_lock_can_be_made_is_no_other_aisle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno as errnos

    real_open = os.open

    def denied(path: object, flags: int, mode: int = 0o777) -> int:
        if str(path).endswith(LOCK_FILE):
            raise PermissionError(errnos.EACCES, "Permission denied", str(path))
        return real_open(path, flags, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", denied)
    lock = take_lock(tmp_path)  # a folder this user may not write in (no lock file yet)
    assert not lock.held and lock.other is None  # not "already running"
    assert lock.problem is None  # the folder's trouble is told as the first save fails
