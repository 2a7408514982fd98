"""SIGTERM, SIGINT and SIGHUP close the window as the player would, which saves the game and the
settings; the end of the desktop session saves too. In this process (a window of the tests)
and in the real application, killed with SIGTERM after three moves."""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from driven_app import DrivenApp, saved_game
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import storage
from aisle.ui.dialogs.save_trouble import save_now
from aisle.ui.qt.quit_signals import QUIT_SIGNALS, QuitSignals
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="signals from outside are POSIX")


class Watched:
    """A window with quit signals installed, and what happened to it."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.left = 0
        self.saved = 0
        self.signals = QuitSignals(window, self._save, self._leave)

    def _save(self) -> None:
        self.saved += 1

    def _leave(self) -> None:
        self.left += 1


@pytest.fixture
def watched(toy: type[ToyGame], make_window: MakeWindow) -> Iterator[Watched]:
    watched = Watched(make_window("toy", 1))
    assert watched.signals.install()
    yield watched
    watched.signals.uninstall()


@posix_only
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_quit_signal_closes_the_window_which_saves(watched: Watched, qtbot: QtBot,
                                                     isolated: Path, name: str) -> None:
    window = watched.window
    for _ in range(3):
        window.acts.deal.trigger()
    os.kill(os.getpid(), getattr(signal, name))
    qtbot.waitUntil(lambda: not window.isVisible())
    assert watched.left == 1
    game = saved_game(isolated)
    assert game is not None and game["moves"] == 3
    assert (isolated / storage.SETTINGS_FILE).exists()


@posix_only
def test_other_signals_are_left_alone(watched: Watched, qtbot: QtBot) -> None:
    previous = signal.signal(signal.SIGUSR1, lambda *args: None)
    try:
        os.kill(os.getpid(), signal.SIGUSR1)
        qtbot.wait(100)
        assert watched.window.isVisible() and watched.left == 0
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_uninstall_gives_the_signals_back(toy: type[ToyGame], make_window: MakeWindow) -> None:
    before = {number: signal.getsignal(number) for number in QUIT_SIGNALS}
    signals = QuitSignals(make_window("toy", 1), lambda: None, lambda: None)
    assert signals.install() and signals.installed
    assert all(signal.getsignal(number) != before[number] for number in QUIT_SIGNALS)
    signals.uninstall()
    assert not signals.installed
    assert {number: signal.getsignal(number) for number in QUIT_SIGNALS} == before
    assert signal.set_wakeup_fd(-1) == -1  # nothing of ours is left as the wakeup socket


def test_leaving_without_closing_closes_the_window(watched: Watched, isolated: Path) -> None:
    watched.window.acts.deal.trigger()
    app = QCoreApplication.instance()
    assert app is not None
    app.aboutToQuit.emit()  # the application was told to quit, the window still open
    assert not watched.window.isVisible()
    game = saved_game(isolated)
    assert game is not None and game["moves"] == 1


def test_save_now_writes_the_game_and_the_settings_and_leaves_the_window_open(
        toy: type[ToyGame], make_window: MakeWindow, isolated: Path) -> None:
    window = make_window("toy", 1)
    window.acts.deal.trigger()
    window.acts.deal.trigger()
    window.settings.baize = "#123456"
    save_now(window.session, window.player, window.settings_keeper)  # as the desktop's logout asks
    game = saved_game(isolated)
    assert game is not None and game["moves"] == 2
    assert json.loads((isolated / storage.SETTINGS_FILE).read_text())["baize"] == "#123456"
    assert window.isVisible()


@posix_only
def test_the_real_application_saves_on_sigterm(isolated: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "settings"
    monkeypatch.setenv(storage.SETTINGS_DIR_VARIABLE, str(settings))
    app = DrivenApp("--game", "klondike", "--seed", "1")
    try:
        app.ready()
        moved = app.ask("deal 3")
        app.signal(signal.SIGTERM)
        assert app.wait() == 0
    finally:
        app.stop()
    game = saved_game(isolated)
    assert game is not None and game["moves"] == 3
    assert game["position"] == json.loads(moved["json"])["position"]
    assert json.loads((settings / storage.SETTINGS_FILE).read_text())["last_game"] == "klondike"
    again = DrivenApp()
    try:
        report = again.ready()
        assert report["moves"] == 3 and report["boxes"] == []
        again.send("quit")
        assert again.wait() == 0
    finally:
        again.stop()
