"""The real application in a subprocess, played through tests/play_driver.py: for tests that
signal, kill or start Aisle twice. Offscreen, with the test's own data and settings folders (the
environment of the test, see conftest.isolated)."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
#: Generous: a loaded machine may take long to start Qt; no test asserts a time.
TIMEOUT = 120.0


class DrivenApp:
    """One Aisle process: wait for its lines, send it commands, signal it."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        returning_player()
        # A crash prints where it happened (faulthandler) into the stderr a failing test shows.
        environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1",
                       "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
                       **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, str(TESTS / "play_driver.py"), *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self._stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.append(line)

    @property
    def stderr(self) -> str:
        return "".join(self._stderr)

    def line(self, prefix: str, timeout: float = TIMEOUT) -> str:
        """The rest of the next line starting with `prefix` (lines before it are kept in
        `seen`); fails when the process ends first."""
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} line; stderr:\n{self.stderr}") from None
            if line is None:
                self.process.wait(timeout)
                raise AssertionError(f"ended ({self.process.returncode}) before {prefix!r}; "
                                     f"stdout: {self.seen}; stderr:\n{self.stderr}")
            self.seen.append(line)
            if line.startswith(prefix):
                return line[len(prefix):].strip()

    def ready(self) -> dict[str, Any]:
        report: dict[str, Any] = json.loads(self.line("READY"))
        return report

    def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        report: dict[str, Any] = json.loads(self.line("DONE"))
        return report

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def signal(self, number: signal.Signals) -> None:
        self.process.send_signal(number)

    def wait(self, timeout: float = TIMEOUT) -> int:
        status = self.process.wait(timeout)
        return status

    def stop(self) -> None:
        """Make sure the process is gone (at the end of a test)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def saved_game(data: Path) -> dict[str, Any] | None:
    """The game in the save file of the data folder `data` (None: no save)."""
    path = data / "saved-game.json"
    if not path.exists():
        return None
    game: dict[str, Any] = json.loads(path.read_text())["game"]
    return game


def returning_player() -> None:
    """Settings on disk, as a player who has run Aisle before has them: no welcome question
    (aisle.ui.dialogs.first_start) comes between a test and the window it drives."""
    from aisle.storage import Settings, first_start

    if first_start():
        Settings().save()
