"""The `aisle` command pauses Python's garbage collector while the window starts, and takes it
up again, with what the start made frozen, once the table is on screen (aisle.collector)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aisle import collector, entry
from aisle.testing.start_probe import start_script


@pytest.fixture
def collecting() -> Iterator[None]:
    """Each test starts and ends with the collector on and nothing frozen."""
    assert gc.isenabled()
    yield
    gc.enable()
    gc.unfreeze()


def test_pause_and_resume_leave_it_as_they_found_it(collecting: None) -> None:
    collector.pause()
    assert not gc.isenabled()
    collector.resume()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    collector.resume()  # a second time changes nothing
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off(collecting: None) -> None:
    gc.disable()
    collector.pause()
    collector.resume()
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_the_command_runs_paused_and_resumes_however_it_ends(
        collecting: None, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def command(argv: object) -> int:
        seen.append(gc.isenabled())
        raise SystemExit(2)  # as argparse leaves on a bad argument

    monkeypatch.setattr("aisle.cli.main", command)
    with pytest.raises(SystemExit):
        entry.main(["--bogus"])
    assert seen == [False]
    assert gc.isenabled()


def test_the_solver_command_collects(collecting: None, capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[bool] = []
    collector.pause()
    from aisle import solve_cli

    original = solve_cli.main

    def solve(argv: object) -> int:
        seen.append(gc.isenabled())
        return original(argv)  # type: ignore[arg-type]

    solve_cli.main = solve  # type: ignore[assignment]
    try:
        from aisle.cli import main

        main(["solve", "--game", "klondike", "--seeds", "1", "--budget", "1"])
    finally:
        solve_cli.main = original  # type: ignore[assignment]
    assert seen == [True]


#: Notes when the collector is paused (were the command's modules imported yet?) and taken up
#: again (by the work queued behind the first frame?), then whether it collects once the start's
#: work is done, with the start's objects frozen.
_WATCH = """
import gc, sys, traceback
NOTES = []
_disable, _enable = gc.disable, gc.enable
def _paused():
    NOTES.append(("PAUSED", "aisle.cli" in sys.modules))
    _disable()
def _resumed():
    queued = any(frame.name == "_run_next" and frame.filename.endswith("first_frame.py")
                 for frame in traceback.extract_stack())
    NOTES.append(("RESUMED", queued))
    _enable()
gc.disable, gc.enable = _paused, _resumed
"""
_START = _WATCH + start_script("""
def at_first_paint(QApplication, QTimer):
    def later():
        NOTES.append(("LATER", gc.isenabled() and gc.get_freeze_count() > 0))
        print("NOTES", NOTES, flush=True)
        QApplication.quit()
    QTimer.singleShot(1000, later)
""", size=None)


def test_a_real_start_is_paused_until_its_first_frame_then_collects(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AISLE_DATA_DIR=str(tmp_path / "data"),
               AISLE_CACHE_DIR=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-c", _START, "--game", "klondike", "--seed", "3"],
                         env=env, capture_output=True, text=True, timeout=120, check=True).stdout
    notes = next(line for line in out.splitlines() if line.startswith("NOTES"))
    assert notes == "NOTES [('PAUSED', False), ('RESUMED', True), ('LATER', True)]"
