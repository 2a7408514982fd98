"""Only regular files, only so much: a FIFO, a device or a huge file in the place of a save,
the settings, the statistics or a game file is reported, never waited on, never read until
memory runs out, and never renamed (a device node is not a file of ours gone bad)."""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from toy_game import ToyGame

from aisle import storage
from aisle.bounded_read import FileTooLargeError, NotAFileError, read_bounded, regular_file_size
from aisle.engine import Deal, Game
from aisle.game_file import GameFileError, read_game
from aisle.session import SAVE_FILE, Session
from aisle.stats import STATS_FILE, Statistics

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")


def within(seconds: float, work: Callable[[], object]) -> object:
    """Run `work` in a thread and fail (instead of hanging the test run) if it blocks."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    (result,) = outcome
    if isinstance(result, BaseException):
        raise result
    return result


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    yield path


@pytest.fixture
def endless(tmp_path: Path) -> Path:
    """A name that leads to /dev/zero: endless bytes."""
    path = tmp_path / "zero.json"
    path.symlink_to("/dev/zero")
    return path


# -- aisle.bounded_read ----------------------------------------------------------------------------
def test_a_regular_file_is_read_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100) == b"x" * 100
    assert regular_file_size(path) == 100
    with pytest.raises(FileTooLargeError) as caught:
        read_bounded(path, 99)
    assert isinstance(caught.value, OSError) and caught.value.filename == str(path)
    (tmp_path / "empty").write_bytes(b"")
    assert read_bounded(tmp_path / "empty", 0) == b""


def test_a_missing_file_and_a_folder_are_oserrors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "missing", 10)
    with pytest.raises(OSError):  # NotAFileError on POSIX; Windows refuses to open it
        read_bounded(tmp_path, 10)
    with pytest.raises(NotAFileError):
        regular_file_size(tmp_path)


@posix_only
def test_a_fifo_is_refused_at_once(fifo: Path) -> None:
    with pytest.raises(NotAFileError):
        within(10, lambda: read_bounded(fifo, 100))
    with pytest.raises(NotAFileError):
        regular_file_size(fifo)


@posix_only
def test_dev_zero_is_refused_without_reading(endless: Path) -> None:
    with pytest.raises(NotAFileError):
        within(10, lambda: read_bounded(endless, 100))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_file_that_says_it_is_empty_is_still_read_no_further_than_the_limit() -> None:
    # /proc files are regular, claim size 0, and hold more: the limit holds while reading.
    with pytest.raises(FileTooLargeError):
        read_bounded(Path("/proc/self/status"), 10)


# -- the files Aisle reads at the start --------------------------------------------------------------
@posix_only
@pytest.mark.parametrize("kind", ["fifo", "endless"])
def test_a_save_that_is_no_file_is_reported_and_left_alone(isolated: Path, kind: str) -> None:
    isolated.mkdir()
    path = isolated / SAVE_FILE
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    session = Session(Statistics.load()[0], variants={"toy": ToyGame})
    problem = within(10, session.resume)
    assert session.game is None
    assert f"The file {path} is not a regular file" in str(problem)
    assert path.is_symlink() if kind == "endless" else path.is_fifo()  # not renamed
    assert list(isolated.glob("*.broken-*")) == []
    # A new game is played and saved over the name: the save is a file again. Said once.
    session.start(Game.new(ToyGame, 1))
    assert session.take_problems() == []
    session.game.play(Deal())  # type: ignore[union-attr]
    session.close()
    assert path.is_file() and not path.is_symlink()


@posix_only
def test_settings_and_statistics_that_are_no_files(isolated: Path) -> None:
    isolated.mkdir()
    os.mkfifo(isolated / storage.SETTINGS_FILE)
    (isolated / STATS_FILE).symlink_to("/dev/zero")
    settings, problems = within(10, storage.Settings.load)  # type: ignore[misc]
    assert settings == storage.Settings()
    assert [f"{isolated / storage.SETTINGS_FILE} is not a regular file" in str(p)
            for p in problems] == [True]
    stats, problems = within(10, Statistics.load)  # type: ignore[misc]
    assert stats.recorded() == []
    assert [f"{isolated / STATS_FILE} is not a regular file" in str(p) for p in problems] == [True]
    assert (isolated / storage.SETTINGS_FILE).is_fifo() and (isolated / STATS_FILE).is_symlink()


def test_a_huge_save_is_set_aside_unread(isolated: Path) -> None:
    isolated.mkdir()
    path = isolated / SAVE_FILE
    with path.open("wb") as handle:
        handle.truncate(storage.MAX_FILE_BYTES + 1)  # sparse: no disk spent
    result = storage.read_json(path)
    assert result.data is None and "far too large" in str(result.problem)
    (moved,) = isolated.glob("saved-game.broken-*.json")
    assert moved.stat().st_size == storage.MAX_FILE_BYTES + 1


@posix_only
def test_old_settings_that_are_no_file_are_not_moved(tmp_path: Path, fifo: Path) -> None:
    new = tmp_path / "new" / "settings.json"
    assert storage.move_settings(fifo, new) == new  # not a file: nothing to move
    assert fifo.is_fifo() and not new.exists()


def test_old_settings_far_too_large_stay_where_they_are(tmp_path: Path) -> None:
    old = tmp_path / "settings.json"
    with old.open("wb") as handle:
        handle.truncate(storage.MAX_FILE_BYTES + 1)
    new = tmp_path / "new" / "settings.json"
    assert storage.move_settings(old, new) == old  # read from there, and reported as too large
    assert old.exists() and not new.exists()


# -- File ▸ Open ---------------------------------------------------------------------------------
@posix_only
def test_opening_a_fifo_says_so_at_once(fifo: Path) -> None:
    with pytest.raises(GameFileError) as caught:
        within(10, lambda: read_game(fifo, {"toy": ToyGame}))
    assert str(caught.value.message) == (
        f"The file {fifo} is not a regular file (it may be a device, a pipe or a socket), so it "
        "cannot be a saved game.")


@posix_only
def test_opening_dev_zero_says_so_at_once(endless: Path) -> None:
    with pytest.raises(GameFileError) as caught:
        within(10, lambda: read_game(endless, {"toy": ToyGame}))
    assert "is not a regular file" in str(caught.value.message)


def test_opening_a_huge_file_says_it_is_far_too_large(tmp_path: Path) -> None:
    path = tmp_path / "huge.aisle.json"
    with path.open("wb") as handle:
        handle.truncate(storage.MAX_FILE_BYTES + 1)
    with pytest.raises(GameFileError) as caught:
        read_game(path, {"toy": ToyGame})
    assert "far too large" in str(caught.value.message)


def test_a_game_file_still_opens(tmp_path: Path) -> None:
    game = Game.new(ToyGame, 3)
    game.play(Deal())
    path = tmp_path / "toy.aisle.json"
    path.write_text(json.dumps(json.loads(game.to_json())))
    assert read_game(path, {"toy": ToyGame}).to_json() == game.to_json()
