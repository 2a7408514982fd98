"""The running window read over AT-SPI, the way Orca reads it: the table's name follows the
keyboard, and a move is announced.

Runs Aisle (tests/atspi_app.py) on its own Xvfb display and D-Bus session with the AT-SPI bus
(Debian: xvfb, dbus, at-spi2-core), and reads it with /usr/bin/python3 and Debian's pyatspi
(python3-pyatspi; tests/atspi_reader.py). Where any of these is missing the test is skipped
and says what is missing (.ci/run installs them).
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

HERE = Path(__file__).resolve().parent
SYSTEM_PYTHON = Path("/usr/bin/python3")
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
#: Long enough for a loaded machine; a test that passes never waits this long.
PATIENCE = 60


def _missing() -> list[str]:
    missing = [tool for tool in ("Xvfb", "dbus-daemon") if shutil.which(tool) is None]
    if not BUS_LAUNCHER.is_file():
        missing.append(str(BUS_LAUNCHER))
    if not SYSTEM_PYTHON.is_file() or subprocess.run(
            [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode != 0:
        missing.append("pyatspi for /usr/bin/python3")
    return missing


class Desktop:
    """An X display, a D-Bus session and its AT-SPI bus, ended in the reverse order."""

    def __init__(self, home: Path) -> None:
        self.started: list[subprocess.Popen[str]] = []
        home.mkdir(parents=True, exist_ok=True)
        self.env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                    "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
                    "XDG_RUNTIME_DIR": str(home / "run"), "QT_QPA_PLATFORM": "xcb",
                    "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
        (home / "run").mkdir(mode=0o700, exist_ok=True)
        read, write = os.pipe()
        xvfb = self._start(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                            "-nolisten", "tcp"], pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit {xvfb.poll()})")
        self.env["DISPLAY"] = f":{number}"
        bus = self._start(["dbus-daemon", "--session", "--nofork", "--print-address=1"])
        assert bus.stdout is not None
        self.env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        self._start([str(BUS_LAUNCHER), "--launch-immediately"])

    def _start(self, command: list[str], pass_fds: tuple[int, ...] = ()) -> subprocess.Popen[str]:
        process = subprocess.Popen(command, env=self.env, text=True,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, pass_fds=pass_fds)
        self.started.append(process)
        return process

    def run(self, command: list[str]) -> subprocess.Popen[str]:
        return self._start(command)

    def end(self) -> None:
        for process in reversed(self.started):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    missing = _missing()
    if missing:
        pytest.skip("AT-SPI is not available here (missing: " + ", ".join(missing) + ")")
    place = Desktop(tmp_path / "home")
    try:
        yield place
    finally:
        place.end()


def _line(stream: IO[str] | None) -> str:
    assert stream is not None
    line = stream.readline()
    assert line, "the process ended early"
    return line.strip()


def _focused(desktop: Desktop) -> list[list[str]]:
    reader = subprocess.run([SYSTEM_PYTHON, HERE / "atspi_reader.py", "focus"], env=desktop.env,
                            capture_output=True, text=True, timeout=PATIENCE)
    answer = json.loads(reader.stdout.splitlines()[-1]) if reader.stdout else None
    assert answer is not None, f"Aisle is not on the AT-SPI bus: {reader.stderr}"
    return [entry for entry in answer if entry[2].startswith("Arrow keys")]


def _press(app: subprocess.Popen[str], key: str) -> None:
    assert app.stdin is not None
    app.stdin.write(f"key {key}\n")
    app.stdin.flush()
    assert _line(app.stdout) == "done"


def _heard_until(listener: subprocess.Popen[str],
                 last: Callable[[list[str]], bool]) -> list[list[str]]:
    """What the listener heard, up to the event `last` accepts (or until it was quiet long)."""
    heard: list[list[str]] = []
    assert listener.stdout is not None
    with selectors.DefaultSelector() as waiting:
        waiting.register(listener.stdout, selectors.EVENT_READ)
        while not (heard and last(heard[-1])) and waiting.select(PATIENCE):
            line = listener.stdout.readline()
            if not line:
                break
            heard.append(json.loads(line))
    return heard


def test_the_table_reads_out_over_atspi(desktop: Desktop) -> None:
    app = desktop.run([sys.executable, str(HERE / "atspi_app.py")])
    assert _line(app.stdout) == "ready"
    table = _focused(desktop)
    assert len(table) == 1, table  # the table has the focus, with its help as description
    assert table[0][1] == "Card table"
    _press(app, "Right")
    assert _focused(desktop)[0][1] == "The stock, 24 cards"
    _press(app, "Right")
    _press(app, "Right")
    assert _focused(desktop)[0][1] == "Foundation 1, empty"
    _press(app, "ctrl+End")
    assert _focused(desktop)[0][1] == "King of spades, tableau pile 7, card 7 of 7"

    listener = desktop.run([str(SYSTEM_PYTHON), str(HERE / "atspi_reader.py"), "listen"])
    assert _line(listener.stdout) == "ready"
    for key in ("ctrl+Home", *["PageDown"] * 6, "Space", *["PageDown"] * 3, "Space"):
        _press(app, key)  # J♠ from tableau pile 1 onto Q♦ on tableau pile 4
    assert _focused(desktop)[0][1] == "Jack of spades, tableau pile 4, card 5 of 5"
    _press(app, "ctrl+I")  # Control ▸ Read Status Aloud
    heard = _heard_until(listener, lambda event: "Deal 4" in event[1].split("\n"))
    assert ["announcement", "Picked up jack of spades."] in heard
    assert ["announcement", "Jack of spades onto queen of diamonds, tableau pile 4."] in heard
    kind, status = heard[-1]  # the status bar, line by line
    assert kind == "announcement" and "Score: 0 of 52" in status.split("\n")
    assert ["announcement", "Jack of spades onto queen of diamonds, tableau pile 4."] in heard
    assert ["name", "Jack of spades, tableau pile 4, card 5 of 5"] in heard
