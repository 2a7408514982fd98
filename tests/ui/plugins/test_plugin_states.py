"""The window while plugins load slowly, with no game at all, and with a saved game that waited
for its game to come back."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import waiting
from aisle.engine import Deal, Game
from aisle.i18n import T
from aisle.registry import entry_points, loading, manager
from aisle.registry.games import new_game
from aisle.session import Session
from aisle.stats import Statistics
from aisle.storage import Settings
from aisle.ui.dialogs.info import PluginsDialog
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.window.main_window import MainWindow

__all__ = ["install_plugin"]  # the fixture, used by name


def _listed(dialog: SelectGameDialog) -> list[str]:
    return [dialog.games.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(dialog.games.count())]


@pytest.fixture
def window_without_game(qtbot: QtBot, isolated: Path) -> Iterator[MainWindow]:
    """A window opened as the application opens it when no game can be dealt."""
    window = MainWindow(Settings(animations=False), Session(Statistics.load()[0]))
    qtbot.addWidget(window)
    window.resize(900, 640)
    variant_id = window.dealer.default_game()
    if variant_id is not None:
        window.dealer.start_game(variant_id)
    window.refresh()
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


@pytest.fixture
def every_plugin_off(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    names = [point.name for point in entry_points.entry_points(entry_points.GROUP)]
    monkeypatch.setenv(entry_points.DISABLE_VARIABLE, ",".join(names))
    loading.reset_registry()
    yield
    loading.reset_registry()


def test_with_every_plugin_off_the_window_says_why_and_what_to_do(
        every_plugin_off: None, window_without_game: MainWindow, qtbot: QtBot) -> None:
    window = window_without_game
    panel = window.empty_table.panel
    assert window.game is None and panel is not None and panel.isVisible()
    assert panel.heading.text() == "No game to play"
    assert "AISLE_DISABLE_PLUGINS" in panel.text.text() and "klondike" in panel.text.text()
    assert "start Aisle again" in panel.text.text()
    assert panel.geometry() == window.view.rect()
    window.acts.select_game.trigger()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    assert dialog.games.count() == 0 and dialog.note.isVisible()
    assert "AISLE_DISABLE_PLUGINS" in dialog.note.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    dialog.reject()
    panel.plugins.click()
    plugins = window.extras.open["plugins"]
    assert isinstance(plugins, PluginsDialog)
    assert "AISLE_DISABLE_PLUGINS" in plugins.view.toPlainText()


def test_with_no_plugin_installed_the_window_says_so(
        monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, isolated: Path) -> None:
    for user in (loading, manager):  # the early look for a built-in game, and the full registry
        monkeypatch.setattr(user, "entry_points", lambda group, distribution=None: [])
    loading.reset_registry()
    try:
        window = MainWindow(Settings(animations=False))
        qtbot.addWidget(window)
        assert window.dealer.default_game() is None
        window.refresh()
        window.show()
        panel = window.empty_table.panel
        assert panel is not None and panel.isVisible()
        assert panel.text.text().startswith("No game is installed")
        assert not panel.select.isVisible()
    finally:
        loading.reset_registry()


def test_a_slow_plugin_never_freezes_the_window(install_plugin: InstallPlugin,
                                                 make_window: object, qtbot: QtBot) -> None:
    gate = "import threading\nOPEN = threading.Event()\nSTARTED = threading.Event()\n"
    slow = toy_plugin("slow-game", "Slow Game", extra=(
        "import aisle_gate2\naisle_gate2.STARTED.set()\naisle_gate2.OPEN.wait(60)\n"))
    install_plugin("aisle_slowui", slow, files={"aisle_gate2.py": gate})
    sys.modules.pop("aisle_gate2", None)
    import aisle_gate2

    assert callable(make_window)
    window: MainWindow = make_window("klondike", 2)
    try:
        window.load_plugins()
        assert aisle_gate2.STARTED.wait(60)
        assert loading.plugins_loading()
        # The window answers while the import is held: keys move the focus, dialogs open.
        QTest.keyClick(window.view, Qt.Key.Key_Right)
        assert window.view.keys.focus is not None
        window.acts.select_game.trigger()
        dialog = window.extras.open["select_game"]
        assert isinstance(dialog, SelectGameDialog)
        assert dialog.note.isVisible() and dialog.note.text() == "More games are still loading…"
        assert "slow-game" not in _listed(dialog) and "klondike" in _listed(dialog)
        window.acts.plugins.trigger()
        plugins = window.extras.open["plugins"]
        assert isinstance(plugins, PluginsDialog)
        assert "still loading" in plugins.view.toPlainText()
    finally:
        aisle_gate2.OPEN.set()
        sys.modules.pop("aisle_gate2", None)
    qtbot.waitUntil(lambda: "slow-game" in _listed(dialog), timeout=60_000)
    assert not dialog.note.isVisible() and dialog.chosen() == "klondike"
    assert "Slow Game" in plugins.view.toPlainText()


class Comeback(ToyGame):
    id = "comeback"
    name = T("Comeback")


def _wait_for_comeback(isolated: Path) -> Game:
    """A started game of "comeback" saved, then resumed while it is not installed."""
    session = Session(Statistics.load()[0], variants={"comeback": Comeback})
    game = Game.new(Comeback, 31)
    session.start(game)
    game.play(game.legal_actions()[0])
    session.close()
    assert Session(Statistics.load()[0], variants={}).resume() is not None
    assert len(waiting.waiting_games(isolated)) == 1
    return game


def _offer(window: MainWindow) -> QMessageBox:
    window.extras.plugins_loaded()
    box = window.extras.open["waiting_game"]
    assert isinstance(box, QMessageBox)
    return box


def _click(box: QMessageBox, name: str) -> None:
    button = box.findChild(QPushButton, name)
    assert button is not None
    button.click()


def test_a_kept_game_is_offered_and_resumed_once_its_game_is_back(
        install_plugin: InstallPlugin, make_window: object, qtbot: QtBot, isolated: Path) -> None:
    played = _wait_for_comeback(isolated)
    install_plugin("aisle_comeback", toy_plugin("comeback", "Comeback"))
    assert callable(make_window)
    window: MainWindow = make_window("klondike", 2)
    box = _offer(window)
    assert "A game of Comeback you had not finished" in box.text()
    assert "deal 31, 1 move made" in box.text()
    _click(box, "waiting_resume")
    qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id == "comeback")
    assert window.game is not None and window.game.to_json() == played.to_json()
    assert window.windowTitle() == "Comeback — Aisle"
    assert window.session is not None and window.session.game is window.game
    assert waiting.waiting_games(isolated) == []


def test_a_kept_game_put_off_is_not_asked_again_and_discard_counts_it(
        install_plugin: InstallPlugin, make_window: object, qtbot: QtBot, isolated: Path) -> None:
    _wait_for_comeback(isolated)
    install_plugin("aisle_comeback2", toy_plugin("comeback", "Comeback"))
    assert callable(make_window)
    window: MainWindow = make_window("klondike", 2)
    _click(_offer(window), "waiting_not_now")
    qtbot.waitUntil(lambda: "waiting_game" not in window.extras.open)
    window.extras.plugins_loaded()
    assert "waiting_game" not in window.extras.open
    assert len(waiting.waiting_games(isolated)) == 1
    window.extras.not_now.clear()  # as on the next start
    _click(_offer(window), "waiting_discard")
    qtbot.waitUntil(lambda: waiting.waiting_games(isolated) == [])
    assert window.session is not None
    assert window.session.stats.entry("comeback", {"redeals": "one"}).played == 1
    assert window.game is not None and window.game.variant_id == "klondike"


def test_help_plugins_reports_folders_that_give_nothing(
        install_plugin: InstallPlugin, make_window: object) -> None:
    source = ("from pathlib import Path\nfrom aisle.hooks import hookimpl\n\n"
              "@hookimpl\ndef aisle_locale_dirs():\n"
              "    return [('gone', Path(__file__).parent / 'locale')]\n\n"
              "@hookimpl\ndef aisle_help_dirs():\n    return [Path(__file__).parent]\n")
    path = install_plugin("aisle_nofiles", source)
    assert callable(make_window)
    window: MainWindow = make_window("klondike", 2)
    window.acts.plugins.trigger()
    dialog = window.extras.open["plugins"]
    assert isinstance(dialog, PluginsDialog)
    text = dialog.view.toPlainText()
    assert "aisle_nofiles (aisle-aisle_nofiles 1.0)" in text
    assert f"aisle_locale_dirs: the folder {path.parent / 'locale'} does not exist (in {path})" in text
    assert f"aisle_help_dirs: the folder {path.parent} holds no help page (<page>.md)" in text


def test_help_plugins_lists_other_plugins_before_aisles_own(
        install_plugin: InstallPlugin, qtbot: QtBot) -> None:
    install_plugin("aisle_zz_fine", toy_plugin("zz-fine", "Fine"))
    loading.get_registry()
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    text = dialog.view.toPlainText()
    assert text.index("aisle_zz_fine (") < text.index("klondike (aisle ")


def test_help_plugins_names_the_plugins_switched_off(
        install_plugin: InstallPlugin, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    install_plugin("aisle_zz_off", toy_plugin("zz-off", "Off"))
    monkeypatch.setenv(entry_points.DISABLE_VARIABLE, "aisle_zz_off")
    loading.reset_registry()
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    text = dialog.view.toPlainText()
    assert "Plugins switched off by AISLE_DISABLE_PLUGINS: aisle_zz_off" in text
    assert "aisle_zz_off (" not in text


def test_a_game_left_by_a_start_with_another_game_is_offered_at_the_next_start_only(
        make_window: object, qtbot: QtBot, isolated: Path) -> None:
    first = Session(Statistics.load()[0])
    first.start(new_game("klondike", 8))
    assert first.game is not None
    first.game.play(Deal())
    first.note_change()
    first.close()
    second = Session(Statistics.load()[0])
    second.keep_left_game = True  # as a start with --game or --seed
    second.start(new_game("klondike", 9))
    assert second.kept_now and len(waiting.waiting_games(isolated)) == 1
    assert callable(make_window)
    window: MainWindow = make_window("freecell", 2)
    assert window.session is not None
    window.session.kept_now = set(second.kept_now)  # the same run: not offered again
    window.extras.plugins_loaded()
    assert "waiting_game" not in window.extras.open
    window.session.kept_now = set()  # the next start
    box = _offer(window)
    assert "was kept when Aisle was started with another game: deal 8, 1 move made" in box.text()
    _click(box, "waiting_resume")
    qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id == "klondike")
    assert window.game is not None and window.game.seed == 8 and window.game.moves == 1
