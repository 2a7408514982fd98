"""Started where no window can be shown (a Unix session without a display), Aisle says so in
one line of its own and ends, rather than letting Qt abort the process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display is a Unix matter")
def test_no_display_is_told_in_a_line_of_its_own(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), LANGUAGE="en")
    done = subprocess.run([sys.executable, "-m", "aisle", "--game", "klondike"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith("Aisle needs a graphical desktop to show its window"), done.stderr
    assert "aisle --screenshot deal.png" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "data" / "aisle" / "saved-game.json").exists()  # nothing was begun
