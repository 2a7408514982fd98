"""A game's code that never returns is stopped after a while and reported like any failing
game; Aisle's own code, however long it runs, is never interrupted."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from aisle.registry import loading
from aisle.registry.faults import plugin_modules
from aisle.ui.window import hang_watch
from aisle.ui.window.hang_watch import HangWatch
from aisle.ui.window.main_window import MainWindow

__all__ = ["install_plugin"]  # the fixture, used by name

MakeWindow = Callable[..., MainWindow]


@pytest.fixture
def watched(make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch) -> Iterator[MakeWindow]:
    """Windows as the application runs them: the guard's hook installed, and a hang watch with
    a limit of one second."""
    monkeypatch.setattr(hang_watch, "LIMIT", 1.0)
    ends: list[Callable[[], None]] = []

    def make(*args: object, **kwargs: object) -> MainWindow:
        window = make_window(*args, **kwargs)
        ends.append(window.guard.install())
        watch = HangWatch(plugin_modules, window)
        ends.append(watch.stop)
        window.hang_watch = watch  # type: ignore[attr-defined]
        return window

    yield make
    for end in reversed(ends):
        end()


def test_a_hint_that_never_returns_is_stopped_and_reported(
        install_plugin: InstallPlugin, watched: MakeWindow, qtbot: QtBot) -> None:
    install_plugin("aisle_endless", toy_plugin("endless", "Endless", """
        def hint(self, board):
            while True:
                pass
    """))
    window = watched("endless", 3)
    qtbot.wait(300)  # the beat runs
    began = time.monotonic()
    window.acts.hint.trigger()  # returns only once the watch has stopped the game's code
    assert time.monotonic() - began < 10
    assert window.hang_watch.stopped == 1  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: isinstance(window.extras.open.get("game_broke"), QMessageBox))
    box = window.extras.open["game_broke"]
    assert isinstance(box, QMessageBox)
    assert "gave no answer within 1 seconds" in box.text()
    assert "the plugin “aisle_endless”" in box.text()
    assert loading.get_registry().plugins[-1].broken
    # The window answers again: a move of another game is played as usual.
    box.close()
    assert window.dealer.start_game("klondike", 1)
    assert window.game is not None and window.game.variant_id == "klondike"


def test_aisles_own_code_is_never_interrupted(watched: MakeWindow, qtbot: QtBot) -> None:
    window = watched("klondike", 3)
    qtbot.wait(300)
    until = time.monotonic() + 2.5
    spins = 0
    while time.monotonic() < until:  # Aisle's (the test's) code, busy past the limit
        spins += 1
    assert window.hang_watch.stopped == 0  # type: ignore[attr-defined]
    qtbot.wait(700)  # nothing is left pending for the thread either
    assert spins > 0
