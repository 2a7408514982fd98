"""The game in progress is never lost: saved after every move by a background writer that writes
only the newest save, resumed after a kill without a false "older save" warning, and counted in
the statistics exactly once even when Aisle is killed while counting."""

from __future__ import annotations

import json
import signal
import sys
import threading
from pathlib import Path

import pytest
from driven_app import DrivenApp, saved_game
from toy_game import ToyGame

from aisle import session as session_module
from aisle import storage
from aisle.autosave import Autosaver
from aisle.engine import Board, Deal, Game
from aisle.save_watch import MARKER_FILE
from aisle.session import SAVE_FILE, Session
from aisle.stats import Statistics

OPTIONS = {"redeals": "one"}


class QuickWin(ToyGame):
    id = "quick-win"

    def is_won(self, board: Board) -> bool:
        return len(board.slot("waste").cards) >= 2


VARIANTS: dict[str, type[ToyGame]] = {"toy": ToyGame, "quick-win": QuickWin}


class Killed(BaseException):
    """Stands for a kill -9 at one point of the session's work."""


def killed(*args: object) -> None:
    raise Killed


def full(*args: object) -> None:
    raise OSError(28, "No space left on device")


def new_session() -> Session:
    stats, problems = Statistics.load()
    assert problems == []
    return Session(stats, variants=VARIANTS)


def deal_and_save(session: Session, game: Game) -> None:
    """One move (a deal from the stock), saved the way the window saves after every move."""
    game.play(Deal())
    session.note_change()
    session.autosave()
    session.writer.flush()


def played(game: str = "toy") -> int:
    return Statistics.load()[0].entry(game, OPTIONS).played


# -- the writer ------------------------------------------------------------------------------------
def test_a_burst_is_written_as_the_first_and_the_newest_job_only() -> None:
    writer = Autosaver()
    started, release = threading.Event(), threading.Event()
    written: list[int] = []

    def job(number: int) -> None:
        if number == 0:
            started.set()
            release.wait(10)
        written.append(number)

    writer.put("save", lambda: job(0))
    assert started.wait(10)  # written at once: the writer was idle
    for number in range(1, 20):  # while it writes, newer saves replace each other
        writer.put("save", lambda n=number: job(n))  # type: ignore[misc]
    busy = writer.idle
    release.set()
    assert writer.flush(10) and writer.idle and not busy
    assert written == [0, 19]
    writer.close()


def test_jobs_of_different_files_all_run_and_a_failing_job_does_not_stop_the_writer(
        caplog: pytest.LogCaptureFixture) -> None:
    writer = Autosaver()
    done: list[str] = []

    def fails() -> None:
        raise RuntimeError("a bug")

    writer.put("a", fails)
    writer.put("b", lambda: done.append("b"))
    writer.put("c", lambda: done.append("c"))
    assert writer.flush(10)
    assert sorted(done) == ["b", "c"]
    assert any("background write failed" in r.getMessage() for r in caplog.records)
    assert writer.close(10)
    writer.put("d", lambda: done.append("d"))  # closed: runs at once, here
    assert done[-1] == "d"


def test_a_held_writer_starts_no_thread_until_released() -> None:
    writer = Autosaver("held-writer")
    writer.hold()
    done: list[str] = []
    writer.put("settings", lambda: done.append("settings"))
    assert writer.has_job("settings") and not writer.has_job("save")
    assert not any(thread.name == "held-writer" for thread in threading.enumerate())
    assert done == []
    writer.release()
    assert writer.flush(10) and done == ["settings"] and not writer.has_job("settings")
    writer.close(10)


def test_a_flush_lets_a_held_writer_go() -> None:
    """Quitting before the first frame still writes what waits."""
    writer = Autosaver()
    writer.hold()
    done: list[str] = []
    writer.put("settings", lambda: done.append("settings"))
    assert writer.close(10) and done == ["settings"]


def test_a_job_being_written_is_still_a_job_of_its_key() -> None:
    writer = Autosaver()
    started, release = threading.Event(), threading.Event()
    writer.put("save", lambda: (started.set(), release.wait(10)))
    assert started.wait(10)
    assert writer.has_job("save") and not writer.has_job("settings")
    release.set()
    assert writer.flush(10) and not writer.has_job("save")
    writer.close(10)


def test_a_new_deal_with_nothing_saved_wakes_no_writer() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 5))
    assert session.writer.idle and session.writer._thread is None
    assert not session.path.exists()


def test_a_new_deal_removes_the_save_of_the_deal_left() -> None:
    session = new_session()
    game = Game.new(ToyGame, 5)
    session.start(game)
    deal_and_save(session, game)
    assert session.path.exists()
    session.start(Game.new(ToyGame, 6))  # the deal left is counted, its save removed
    assert not session.path.exists()
    assert played() == 1


# -- the session's autosave ------------------------------------------------------------------------
def test_each_change_is_saved_and_a_killed_session_resumes_it_without_a_word() -> None:
    session = new_session()
    session.take_problems()
    game = Game.new(ToyGame, 5)
    session.start(game)
    session.autosave()
    session.writer.flush()
    assert not session.path.exists()  # an untouched deal owes nothing: no save
    for _ in range(3):
        game.play(Deal())
        session.note_change()
        session.autosave()
    session.writer.flush()
    # No close(): the process is killed here. The next start resumes the last move.
    later = new_session()
    assert later.resume() is None
    assert later.game is not None and later.game.to_json() == game.to_json()
    assert later.take_problems() == []  # the newest save, not an "older save"


def test_a_save_older_than_the_moves_seen_is_still_told_after_a_kill(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    session.take_problems()
    game = Game.new(ToyGame, 6)
    session.start(game)
    deal_and_save(session, game)

    with monkeypatch.context() as patch:
        patch.setattr(session_module, "write_bytes_atomic", full)
        deal_and_save(session, game)
    (told,) = session.take_problems()  # told once while playing
    assert "No space left on device" in str(told)
    # Killed now: the save on disk is one move behind what the player saw, and is said so.
    later = new_session()
    assert later.resume() is None and later.game is not None and later.game.moves == 1
    (problem,) = later.take_problems()
    assert "older save" in str(problem) and "No space left on device" in str(problem)


def test_a_write_that_works_again_makes_the_save_the_newest_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    game = Game.new(ToyGame, 7)
    session.start(game)

    with monkeypatch.context() as patch:
        patch.setattr(session_module, "write_bytes_atomic", full)
        deal_and_save(session, game)
    deal_and_save(session, game)
    later = new_session()
    assert later.resume() is None and later.game is not None and later.game.moves == 2
    assert later.take_problems() == []


def test_the_writer_thread_reports_a_failure_to_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    calls: list[str] = []
    session.on_write_failure = lambda: calls.append(threading.current_thread().name)
    game = Game.new(ToyGame, 8)
    session.start(game)
    monkeypatch.setattr(session_module, "write_bytes_atomic", full)
    game.play(Deal())
    session.autosave()
    session.writer.flush()
    assert calls and calls[0] != threading.current_thread().name


def test_a_read_only_session_writes_nothing(isolated: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SETTINGS_DIR_VARIABLE, str(tmp_path / "settings"))
    session = new_session()
    session.read_only = True
    assert session.take_problems() == []
    game = Game.new(QuickWin, 1)
    session.start(game)
    game.play(Deal())
    session.autosave()
    game.play(Deal())  # won
    session.note_change()
    session.start(Game.new(ToyGame, 2))
    session.game.play(Deal())  # type: ignore[union-attr]
    session.close()
    assert not isolated.exists() and not (tmp_path / "settings").exists()
    assert session.counted is False  # the toy game on the table was not counted either


# -- counted once, even when killed while counting -------------------------------------------------
def test_killed_before_the_statistics_are_written_the_next_start_counts_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    session.start(Game.new(QuickWin, 3))
    session.game.play(Deal())  # type: ignore[union-attr]
    session.autosave()

    with monkeypatch.context() as patch, pytest.raises(Killed):
        patch.setattr(session.stats, "record", killed)
        session.game.play(Deal())  # type: ignore[union-attr]
        session.note_change()  # won: noted in the save, then killed before it is counted
    assert played("quick-win") == 0
    later = new_session()
    assert later.resume() is None and later.game is None  # over: not resumed
    later.start(Game.new(ToyGame, 4))
    entry = Statistics.load()[0].entry("quick-win", OPTIONS)
    assert (entry.played, entry.won) == (1, 1)
    assert not later.path.exists()
    third = new_session()
    assert third.resume() is None and third.game is None


def test_killed_after_the_statistics_are_written_the_game_is_not_counted_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    session.game.play(Deal())  # type: ignore[union-attr]
    session.autosave()
    session.writer.flush()
    real_store = session._store

    def store(content: tuple[bytes, str] | None) -> object:
        if content is None:
            raise Killed
        return real_store(content)

    # Another game: the one left is counted, and the kill comes before its save is removed.
    with monkeypatch.context() as patch, pytest.raises(Killed):
        patch.setattr(session, "_store", store)
        session.start(Game.new(ToyGame, 4))
    assert played() == 1 and session.path.exists()
    later = new_session()
    assert later.resume() is None and later.game is None
    later.start(Game.new(ToyGame, 5))
    assert played() == 1 and not later.path.exists()


def test_a_save_left_while_counting_and_not_resumed_is_counted_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    session.game.play(Deal())  # type: ignore[union-attr]
    with monkeypatch.context() as patch, pytest.raises(Killed):
        patch.setattr(session.stats, "record", killed)
        session.start(Game.new(ToyGame, 4))
    saved = json.loads(session.path.read_text())
    assert saved["counting"] == {"played": 0, "won": False} and saved["counted"] is True
    later = new_session()  # a game asked for on the command line: no resume
    later.start(Game.new(ToyGame, 5))
    assert played() == 1


# -- the real application ---------------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_killed_one_move_after_a_save_the_next_start_resumes_that_move(
        isolated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SETTINGS_DIR_VARIABLE, str(tmp_path / "settings"))
    app = DrivenApp("--game", "klondike", "--seed", "1")
    try:
        app.ready()
        app.ask("deal 2")
        moved = app.ask("deal 1")
        # The autosave of that move lands by itself, the window left open (no quit, no flush).
        want = json.loads(moved["json"])
        for _ in range(10_000):
            game = saved_game(isolated)
            if game is not None and game["moves"] == 3:
                break
            threading.Event().wait(0.01)
        app.signal(signal.SIGKILL)
        assert app.wait() == -signal.SIGKILL
    finally:
        app.stop()
    assert (tmp_path / "settings" / "settings.json").exists()  # saved when they changed
    again = DrivenApp()
    try:
        report = again.ready()
        resumed = json.loads(report["json"])
        # The clock runs on until the save lands (a moment later, longer on a busy machine):
        # the resumed game has every move, and at least the time it had at the move.
        assert resumed.pop("elapsed") >= want.pop("elapsed")
        assert resumed == want
        assert report["boxes"] == []  # no "older save" for the newest one
        again.send("quit")
        assert again.wait() == 0
    finally:
        again.stop()
    marker = json.loads((tmp_path / "settings" / MARKER_FILE).read_text())
    assert marker["stamp"] == json.loads((isolated / SAVE_FILE).read_text())["stamp"]
