"""One running Aisle per data folder: two started at once end as one window (the second brings
the first to the front and exits), so no game is lost or counted twice; one that cannot reach
the Aisle holding the folder plays read-only and writes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from driven_app import TIMEOUT, DrivenApp, returning_player, saved_game

from aisle import storage
from aisle.instance_lock import LOCK_FILE
from aisle.stats import STATS_FILE

HOLD = """
import sys, time
from pathlib import Path
from aisle.instance_lock import take_lock
lock = take_lock(Path(sys.argv[1]))
print(lock.held, flush=True)
time.sleep(120)
"""


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "settings"
    monkeypatch.setenv(storage.SETTINGS_DIR_VARIABLE, str(folder))
    return folder


def test_two_started_at_once_end_as_one_window(isolated: Path, settings: Path) -> None:
    apps = [DrivenApp("--game", "klondike", "--seed", "1") for _ in range(2)]
    try:
        # The second (whichever it is) asks the first to show its window, and leaves.
        first = None
        for app in apps:
            try:
                app.ready()
                first = app
            except AssertionError:
                assert app.process.returncode == 0, app.stderr
                assert "already running" in app.stderr
        assert first is not None
        (second,) = [app for app in apps if app is not first]
        assert second.process.returncode == 0
        if "SHOWN" not in first.seen:  # it may come before READY
            first.line("SHOWN")
        report = first.ask("deal 2")
        assert not report["read_only"] and report["boxes"] == []
        first.send("quit")
        assert first.wait() == 0, first.stderr
    finally:
        for app in apps:
            app.stop()
    game = saved_game(isolated)
    assert game is not None and game["moves"] == 2
    # Started again: that game resumes, and nothing was counted on the way.
    again = DrivenApp()
    try:
        report = again.ready()
        assert report["moves"] == 2 and report["boxes"] == []
        again.send("quit")
        assert again.wait() == 0
    finally:
        again.stop()
    assert not (isolated / STATS_FILE).exists()


def test_an_aisle_that_does_not_answer_leaves_a_read_only_window(isolated: Path,
                                                                 settings: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(isolated)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        before = sorted(path.name for path in isolated.iterdir())
        returning_player()
        kept = {path: path.read_bytes() for path in settings.rglob("*") if path.is_file()}
        app = DrivenApp("--game", "klondike", "--seed", "1",
                        env={"AISLE_TEST_REACH_SECONDS": "0.3"})
        try:
            report = app.ready()
            assert report["read_only"] is True
            (told,) = report["boxes"]
            assert f"is using the data folder {isolated}" in told and "read-only" in told
            assert f"process {holder.pid} " in told
            app.ask("deal 3")
            app.send("quit")
            assert app.wait() == 0
        finally:
            app.stop()
        # Nothing written: no save, no statistics, no settings, no marker.
        assert sorted(path.name for path in isolated.iterdir()) == before == [LOCK_FILE]
        assert {path: path.read_bytes() for path in settings.rglob("*") if path.is_file()} == kept
    finally:
        holder.kill()
        holder.wait(TIMEOUT)
        if holder.stdout is not None:
            holder.stdout.close()


def test_the_first_aisle_quitting_while_a_second_waits_lets_the_second_run(
        isolated: Path, settings: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(isolated)],
                              stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        app = DrivenApp("--game", "klondike", "--seed", "1",
                        env={"AISLE_TEST_REACH_SECONDS": "60"})
        # Gone while the start (most likely) tries to reach it: the lock is free then. Either
        # way the start must end up as the one Aisle on the folder.
        time.sleep(1.0)
        holder.kill()
        try:
            report = app.ready()
            assert report["read_only"] is False and report["boxes"] == []
            app.ask("deal 1")
            app.send("quit")
            assert app.wait() == 0
        finally:
            app.stop()
        assert json.loads((isolated / "saved-game.json").read_text())["game"]["moves"] == 1
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(TIMEOUT)
        for stream in (holder.stdout, holder.stdin):
            if stream is not None:
                stream.close()
