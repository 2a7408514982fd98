"""The command's output: a reader that goes away early ends it quietly, output that cannot be
written (a full disk) is told in one line; never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = [["--list-games"], ["--version"], ["solve", "--game", "klondike", "--seeds", "1-40",
                                               "--positions", "50"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_reader_that_goes_away_ends_the_command_quietly(command: list[str]) -> None:
    process = subprocess.Popen([sys.executable, "-m", "aisle", *command], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(1)
    process.stdout.close()  # like `| head -c1`
    errors = process.stderr.read().decode()
    process.stderr.close()
    status = process.wait(120)
    assert "Traceback" not in errors and "Exception ignored" not in errors, errors
    assert status in (0, 1)  # 0: it had written all before the reader went


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_output_that_cannot_be_written_is_told_in_one_line(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "aisle", *command], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "LANGUAGE": "en"})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "aisle: the output could not be written: No space left on device"], done.stderr


def test_a_screenshot_is_drawn_quietly_and_a_failed_one_says_why(tmp_path: Path) -> None:
    env = {**os.environ, "LANGUAGE": "en", "QT_QPA_PLATFORM": "offscreen"}
    good = tmp_path / "deal.png"
    done = subprocess.run([sys.executable, "-m", "aisle", "--game", "klondike", "--seed", "3",
                           "--screenshot", str(good), "--size", "640x480"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""  # no word of the platform's either
    assert good.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    missing = tmp_path / "no such folder" / "deal.png"
    done = subprocess.run([sys.executable, "-m", "aisle", "--game", "klondike", "--screenshot",
                           str(missing)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip() == f"Could not write {missing}: No such file or directory"
