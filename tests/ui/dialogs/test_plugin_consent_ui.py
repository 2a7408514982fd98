"""The window asks before it loads a plugin wheel that appeared by itself: Allow loads it at once
and for good, Not Now asks again at the next start, Never is remembered and shown; and Install
from File says what a plugin may do and asks once."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from wheel_maker import example_wheel

from aisle.i18n import Text
from aisle.registry import loading
from aisle.registry.consent import FILE, Answer, Permissions
from aisle.registry.wheels import WheelStatus, plugins_folder
from aisle.storage import data_dir
from aisle.ui.dialogs.info import PluginsDialog
from aisle.ui.dialogs.plugin_consent import PluginConsentDialog
from aisle.ui.dialogs.plugin_install import install_file
from aisle.ui.window.main_window import MainWindow

AUTHOR = "Gwen Golfer"


@pytest.fixture(autouse=True)
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(sys, "path", list(sys.path))
    loading.reset_registry()
    yield
    _forget_example()


def _forget_example() -> None:
    """As a new start: no example module imported, no registry."""
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    sys.path[:] = [entry for entry in sys.path if ".unpacked" not in entry]
    loading.reset_registry()


@pytest.fixture
def dropped() -> Path:
    """The example's wheel, put into the plugins folder by something other than Aisle."""
    return example_wheel(plugins_folder(), author=AUTHOR)


def _asked(window: MainWindow) -> PluginConsentDialog | None:
    window.extras.plugins_loaded()
    dialog = window.extras.open.get("plugin_consent")
    assert dialog is None or isinstance(dialog, PluginConsentDialog)
    return dialog


def _click(dialog: PluginConsentDialog, name: str) -> None:
    button = dialog.findChild(QPushButton, name)
    assert button is not None and button.isVisible()
    button.click()


def _plugins_text(window: MainWindow) -> str:
    window.acts.plugins.trigger()
    dialog = window.extras.open["plugins"]
    assert isinstance(dialog, PluginsDialog)
    text = dialog.view.toPlainText()
    dialog.close()
    return text


def _answer(wheel: Path) -> Answer | None:
    return Permissions.load().answer(hashlib.sha256(wheel.read_bytes()).hexdigest())


def _status(wheel: Path) -> WheelStatus:
    return {state.file: state.status for state in loading.get_registry().wheels}[wheel.name]


def test_the_question_names_each_wheel_and_says_what_a_plugin_may_do(
        dropped: Path, make_window: Callable[..., MainWindow]) -> None:
    window = make_window("klondike", 2)
    dialog = _asked(window)
    assert dialog is not None and dialog.isVisible()
    row = [dialog.table.item(0, column).text() for column in range(4)]
    assert row == [dropped.name, "aisle-aces-up", "1.0.0", AUTHOR]
    assert "runs with your rights" in dialog.warning.text()
    assert str(plugins_folder()) in dialog.intro.text()
    assert not dialog.problems.isVisible()
    assert dialog.not_now.isDefault(), "a stray Enter allows nothing"
    assert "aces-up" not in loading.get_registry().variants, "nothing loaded before the answer"


def test_allow_loads_the_plugin_at_once_and_for_good(
        dropped: Path, make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = make_window("klondike", 2)
    dialog = _asked(window)
    assert dialog is not None
    _click(dialog, "plugin_consent_allow")
    qtbot.waitUntil(lambda: "aces-up" in loading.get_registry().variants, timeout=30_000)
    assert _answer(dropped) is Answer.ALLOW and _status(dropped) is WheelStatus.USED
    assert "aces-up" in window.variants()
    assert f"{dropped.name} (aisle-aces-up 1.0.0 by {AUTHOR}): in use" in _plugins_text(window)
    window.dealer.start_game("aces-up", 3)
    assert window.game is not None and window.game.variant_id == "aces-up"
    # The next start loads it without a question.
    _forget_example()
    again = make_window("klondike", 2)
    assert _asked(again) is None and "aces-up" in loading.get_registry().variants


def test_not_now_leaves_it_unloaded_and_asks_at_the_next_start(
        dropped: Path, make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = make_window("klondike", 2)
    dialog = _asked(window)
    assert dialog is not None
    _click(dialog, "plugin_consent_not_now")
    qtbot.waitUntil(lambda: "plugin_consent" not in window.extras.open)
    assert _asked(window) is None, "asked once per run"
    assert _answer(dropped) is None and not (data_dir() / FILE).exists()
    assert "aces-up" not in loading.get_registry().variants
    assert f"{dropped.name} (aisle-aces-up 1.0.0 by {AUTHOR}): waiting for your permission" in \
        _plugins_text(window)
    _forget_example()
    assert _asked(make_window("klondike", 2)) is not None


def test_never_is_remembered_and_shown_as_refused(
        dropped: Path, make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = make_window("klondike", 2)
    dialog = _asked(window)
    assert dialog is not None
    _click(dialog, "plugin_consent_never")
    qtbot.waitUntil(lambda: "plugin_consent" not in window.extras.open)
    assert _answer(dropped) is Answer.NEVER and _status(dropped) is WheelStatus.REFUSED
    assert f"{dropped.name} (aisle-aces-up 1.0.0 by {AUTHOR}): refused: you chose Never" in \
        _plugins_text(window)
    _forget_example()
    again = make_window("klondike", 2)
    assert _asked(again) is None
    assert _status(dropped) is WheelStatus.REFUSED and "aces-up" not in loading.get_registry().variants


def test_a_corrupt_answers_file_is_told_in_the_question(
        dropped: Path, make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / FILE).write_text("{ not json")
    window = make_window("klondike", 2)
    dialog = _asked(window)
    assert dialog is not None and dialog.problems.isVisible()
    assert str(data_dir() / FILE) in dialog.problems.text()
    _click(dialog, "plugin_consent_allow")
    qtbot.waitUntil(lambda: "aces-up" in loading.get_registry().variants, timeout=30_000)
    assert _answer(dropped) is Answer.ALLOW
    assert len(list(data_dir().glob("plugin-permissions.broken-*.json"))) == 1


def test_a_corrupt_answers_file_with_nothing_to_ask_is_reported(
        make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / FILE).write_text("[]")
    window = make_window("klondike", 2)
    told: list[list[Text]] = []
    monkeypatch.setattr(window, "report", told.append)
    assert _asked(window) is None
    assert len(told) == 1 and str(data_dir() / FILE) in told[0][0].translate()


def _install(window: MainWindow, wheel: Path, button: str,
             monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> tuple[Path | None, list[str]]:
    """Install from File with the question answered by clicking `button`; what it asked."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    monkeypatch.setattr(QMessageBox, "information", lambda *_args: None)
    asked: list[str] = []

    def answer(tries: int) -> None:
        for widget in QApplication.topLevelWidgets():
            if widget.objectName() == "install_plugin_question" and widget.isVisible():
                assert isinstance(widget, QMessageBox)
                asked.extend([widget.windowTitle(), widget.text(), widget.informativeText()])
                found = widget.findChild(QPushButton, button)
                assert found is not None
                found.click()
                return
        if tries:
            QTimer.singleShot(20, lambda: answer(tries - 1))

    QTimer.singleShot(0, lambda: answer(250))
    window.acts.plugins.trigger()
    dialog = window.extras.open["plugins"]
    return install_file(dialog, wheel, lambda: None), asked


def test_install_from_file_asks_once_and_cancel_installs_nothing(
        make_window: Callable[..., MainWindow], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    window = make_window("klondike", 2)
    wheel = example_wheel(tmp_path / "downloads", author=AUTHOR)
    target, asked = _install(window, wheel, "install_plugin_cancel", monkeypatch, qtbot)
    assert target is None and not plugins_folder().exists() and _answer(wheel) is None
    assert asked[1] == f"Install the plugin aisle-aces-up 1.0.0 by {AUTHOR} from the file {wheel.name}?"
    assert "runs with your rights" in asked[2]


def test_install_from_file_installs_allows_and_loads_at_once(
        make_window: Callable[..., MainWindow], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    window = make_window("klondike", 2)
    wheel = example_wheel(tmp_path / "downloads", author=AUTHOR)
    target, _asked_texts = _install(window, wheel, "install_plugin_yes", monkeypatch, qtbot)
    assert target is not None and target.parent == plugins_folder()
    assert _answer(target) is Answer.ALLOW
    qtbot.waitUntil(lambda: "aces-up" in loading.get_registry().variants, timeout=30_000)
    assert _status(target) is WheelStatus.USED
    assert _asked(window) is None, "installed by the player: never asked about again"
