"""Waiting for every game in a window's tests: the other games' plugins load on demand, in the
background, once something lists games (the chooser, statistics, a random game)."""

from __future__ import annotations

import time

from aisle.ui.window.main_window import MainWindow

#: Only so a broken test ends; nothing is timed.
PATIENCE = 60.0


def every_game_known(window: MainWindow) -> None:
    """Load every plugin now and let the window take them up."""
    from PySide6.QtWidgets import QApplication

    from aisle.registry.loading import plugins_ready

    window.want_plugins()
    deadline = time.monotonic() + PATIENCE
    while not plugins_ready() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert plugins_ready(), "the plugins did not load"
    for _turn in range(5):  # the window takes them up in its event loop
        QApplication.processEvents()
