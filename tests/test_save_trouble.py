"""A data folder that cannot be written: told once with the file and the reason, play goes on in
memory, and an older save is never resumed without saying so. Also: stale temporaries cleaned
at the start, and log lines that read as sentences."""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path

import pytest
from read_only import Switch, read_only_switch
from toy_game import ToyGame

from aisle import storage
from aisle.engine import Board, Deal, Game
from aisle.i18n import TN, T, Text
from aisle.save_watch import MARKER_FILE
from aisle.session import SAVE_FILE, Session
from aisle.source_text import source_text
from aisle.stats import Statistics

VARIANTS: dict[str, type[ToyGame]] = {"toy": ToyGame}
OPTIONS = {"redeals": "one"}


class QuickWin(ToyGame):
    id = "quick-win"

    def is_won(self, board: Board) -> bool:
        return len(board.slot("waste").cards) >= 2


@pytest.fixture
def folders(isolated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The data folder, and a separate settings folder (where the marker is kept)."""
    settings = tmp_path / "settings"
    monkeypatch.setenv(storage.SETTINGS_DIR_VARIABLE, str(settings))
    return isolated, settings


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Switch:
    return read_only_switch(monkeypatch, storage.data_dir())


def session() -> Session:
    stats, problems = Statistics.load()
    assert problems == []
    return Session(stats, variants={**VARIANTS, "quick-win": QuickWin})


def quit_with_a_game(seed: int, moves: int = 1) -> Game:
    """A session that deals `seed`, plays a few moves and quits; returns the game left."""
    s = session()
    s.take_problems()
    game = Game.new(ToyGame, seed)
    s.start(game)
    for _ in range(moves):
        game.play(Deal())
        s.note_change()
    s.close()
    return game


def saving_messages(problems: list[Text]) -> list[str]:
    return [str(p) for p in problems if "could not be saved" in str(p)]


# -- told once, played in memory -------------------------------------------------------------------
def test_a_read_only_folder_is_told_at_the_start_with_the_folder_and_the_reason(
        folders: tuple[Path, Path], read_only: Switch) -> None:
    data, _settings = folders
    read_only(True)
    s = session()
    (problem,) = s.take_problems()
    assert str(data) in str(problem) and "Read-only file system" in str(problem)
    assert "You can go on playing" in str(problem) and s.watch.told == problem
    assert s.take_problems() == []


def test_a_read_only_settings_folder_is_told_at_the_start_once(
        folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _data, settings = folders
    read_only_switch(monkeypatch, settings)(True)
    s = session()
    (problem,) = s.take_problems()  # the data folder is fine: only this is said
    assert str(problem).startswith(f"Your settings cannot be saved to {settings}: ")
    assert "Read-only file system" in str(problem) and "are lost" in str(problem)
    assert s.take_problems() == []  # said once


def test_a_folder_that_cannot_be_made_is_told_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A file where the data folder should be: nothing can be written under it.
    (tmp_path / "blocker").write_text("")
    monkeypatch.setenv(storage.DATA_DIR_VARIABLE, str(tmp_path / "blocker" / "aisle"))
    s = session()
    (problem,) = s.take_problems()
    assert str(tmp_path / "blocker" / "aisle") in str(problem)
    s.start(Game.new(ToyGame, 1))
    s.game.play(Deal())  # type: ignore[union-attr]
    s.start(Game.new(ToyGame, 2))  # the first game is counted, in memory
    assert s.stats.entry("toy", OPTIONS).played == 1
    assert s.take_problems() == []  # said once


def test_failures_during_play_are_told_once_and_the_statistics_kept_in_memory(
        folders: tuple[Path, Path], read_only: Switch) -> None:
    s = session()
    assert s.take_problems() == []  # writable at the start
    read_only(True)
    for seed in (1, 2, 3):
        s.start(Game.new(ToyGame, seed))
        s.game.play(Deal())  # type: ignore[union-attr]
        s.note_change()
    s.start(Game.new(ToyGame, 4))
    problems = s.take_problems()
    # One message, not one per failed write; it names the file and the system's reason.
    assert len(problems) == 1 and saving_messages(problems) == [str(s.watch.told)]
    # The first write that failed is named: the save, which notes a count before it is made.
    assert str(s.path) in str(problems[0]) and "Read-only file system" in str(problems[0])
    assert s.stats.entry("toy", OPTIONS).played == 3
    s.start(Game.new(ToyGame, 5))
    assert s.take_problems() == []
    # Once the folder can be written again, everything kept in memory is saved.
    read_only(False)
    s.game.play(Deal())  # type: ignore[union-attr]
    s.start(Game.new(ToyGame, 6))
    assert Statistics.load()[0].entry("toy", OPTIONS).played == 4


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="chmod does not stop writes on Windows or for root")
def test_a_really_read_only_folder(folders: tuple[Path, Path]) -> None:
    data, _settings = folders
    quit_with_a_game(7)
    data.chmod(0o555)
    try:
        s = session()
        assert s.resume() is None and s.game is not None
        (problem,) = s.take_problems()
        assert str(data) in str(problem) and "Permission denied" in str(problem)
        s.game.play(Deal())
        s.close()  # the save fails
    finally:
        data.chmod(0o755)
    again = session()
    again.resume()
    assert any("older save" in str(p) for p in again.take_problems())


# -- never an older save without saying so ---------------------------------------------------------
def test_a_save_that_failed_on_quitting_is_said_on_the_next_start(
        folders: tuple[Path, Path], read_only: Switch) -> None:
    first = quit_with_a_game(11, moves=1)
    # The next session resumes, plays on, and cannot save when it quits.
    s = session()
    assert s.resume() is None
    read_only(True)
    s.game.play(Deal())  # type: ignore[union-attr]
    s.note_change()
    s.close()
    read_only(False)
    # The start after that finds the older save: resumed, and the player is told why.
    again = session()
    assert again.resume() is None
    assert again.game is not None and again.game.to_json() == first.to_json()
    (problem,) = again.take_problems()
    assert "older save" in str(problem)
    assert str(again.path) in str(problem) and "Read-only file system" in str(problem)


def test_a_save_that_could_not_be_removed_is_said_too(folders: tuple[Path, Path],
                                                      read_only: Switch) -> None:
    quit_with_a_game(12)
    s = session()
    s.resume()
    read_only(True)
    s.start(Game.new(QuickWin, 3))  # the old save cannot be removed
    s.game.play(Deal())  # type: ignore[union-attr]
    s.game.play(Deal())  # type: ignore[union-attr]
    s.note_change()  # won
    s.close()
    read_only(False)
    again = session()
    again.resume()
    assert any("older save" in str(p) for p in again.take_problems())


def test_a_save_written_on_quitting_resumes_without_a_word(folders: tuple[Path, Path]) -> None:
    _data, settings = folders
    game = quit_with_a_game(13, moves=2)
    marker = json.loads((settings / MARKER_FILE).read_text())
    saved = json.loads((storage.data_dir() / SAVE_FILE).read_text())
    assert marker["stamp"] == saved["stamp"] and marker["error"] is None
    again = session()
    assert again.resume() is None and again.game is not None
    assert again.game.to_json() == game.to_json() and again.take_problems() == []


def test_a_save_of_an_older_aisle_has_no_stamp_and_resumes_quietly(folders: tuple[Path, Path]) -> None:
    quit_with_a_game(14)
    path = storage.data_dir() / SAVE_FILE
    old = json.loads(path.read_text())
    del old["stamp"]
    path.write_text(json.dumps(old))
    (folders[1] / MARKER_FILE).unlink()  # an older Aisle wrote no marker either
    again = session()
    assert again.resume() is None and again.game is not None and again.take_problems() == []


def test_a_broken_marker_is_ignored(folders: tuple[Path, Path]) -> None:
    quit_with_a_game(15)
    (folders[1] / MARKER_FILE).write_text("{not json")
    again = session()
    assert again.resume() is None and again.take_problems() == []


# -- stale temporaries -----------------------------------------------------------------------------
def test_temporaries_a_killed_save_left_are_removed_at_the_start(folders: tuple[Path, Path]) -> None:
    data, settings = folders
    data.mkdir()
    settings.mkdir()
    old = time.time() - 2 * storage.STALE_TEMP_SECONDS
    ours = [data / ".saved-game.json.k1ll3d.tmp", data / ".statistics.json.x.tmp",
            data / ".write-test.y.tmp", settings / f".{MARKER_FILE}.z.tmp",
            settings / ".settings.json.w.tmp"]
    recent = data / ".saved-game.json.busy.tmp"  # maybe another Aisle saving right now
    foreign = [data / ".notes.json.q.tmp", data / "saved-game.json.tmp", settings / "other.tmp"]
    for path in [*ours, recent, *foreign]:
        path.write_text("x")
        if path is not recent:
            os.utime(path, (old, old))
    storage.Settings.load()
    session().take_problems()
    assert [p for p in ours if p.exists()] == []
    assert recent.exists() and all(p.exists() for p in foreign)


# -- messages on stderr ----------------------------------------------------------------------------
def test_a_bad_file_is_logged_as_a_sentence(isolated: Path, caplog: pytest.LogCaptureFixture) -> None:
    isolated.mkdir()
    (isolated / "settings.json").write_text("garbage")
    with caplog.at_level(logging.WARNING, logger="aisle.storage"):
        storage.Settings.load()
    (line,) = [r.getMessage() for r in caplog.records]
    assert "{" not in line
    assert line.startswith(f"The file {isolated / 'settings.json'} is not a valid JSON file.")
    assert "settings.broken-" in line


def test_source_text_fills_in_every_parameter() -> None:
    inner = T("the file {path}", path="/x")
    assert source_text(T("{what} is {n} days old.", what=inner, n=3)) == "the file /x is 3 days old."
    assert source_text(TN("{n} entry", "{n} entries", 1)) == "1 entry"
    assert source_text(TN("{n} entry", "{n} entries", 2)) == "2 entries"
    assert source_text(T("broken {placeholder")) == "broken {placeholder"
