"""Help ▸ Plugins ▸ Install from File…: the wheel is copied into the plugins folder, or refused
with the reason."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from wheel_maker import damage, example_wheel, make_wheel, sample_wheel, wheel_with

from aisle.registry import loading
from aisle.registry.wheels import plugins_folder
from aisle.ui.dialogs.info import PluginsDialog
from aisle.ui.dialogs.plugin_install import install_file


@pytest.fixture(autouse=True)
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A plugin installed here is loaded at once: its module and folder go after the test."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    loading.reset_registry()
    yield
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    loading.reset_registry()


def said(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    messages: list[tuple[str, str]] = []
    for kind in ("information", "warning"):
        monkeypatch.setattr(QMessageBox, kind, lambda _parent, _title, text, kind=kind:
                            messages.append((kind, text)))
    return messages


def answer_install(button: str) -> list[str]:
    """Click `button` (install_plugin_yes or install_plugin_cancel) of the question Install
    from File asks, once it shows; the texts the question showed are put in the list."""
    shown: list[str] = []

    def look(tries: int) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.objectName() == "install_plugin_question" \
                    and widget.isVisible():
                shown.extend([widget.text(), widget.informativeText()])
                found = widget.findChild(QPushButton, button)
                assert found is not None
                found.click()
                return
        if tries:  # looked for a few seconds at most: a test that expects no question ends
            QTimer.singleShot(20, lambda: look(tries - 1))

    QTimer.singleShot(0, lambda: look(250))
    return shown


def test_the_plugins_dialog_offers_install_from_file(qtbot: QtBot) -> None:
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    assert dialog.install.text() == "Install from File…"
    assert dialog.install in dialog.buttons.buttons()


def test_a_plugin_wheel_is_copied_into_the_plugins_folder(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    messages = said(monkeypatch)
    answer_install("install_plugin_yes")
    target = install_file(dialog, example_wheel(tmp_path / "downloads"))
    assert target is not None and target.parent == plugins_folder() and target.is_file()
    assert messages[0][0] == "information" and "aisle-aces-up 1.0.0" in messages[0][1]
    assert "is being loaded" in messages[0][1]
    qtbot.waitUntil(lambda: "aces-up" in loading.get_registry().variants, timeout=30_000)


@pytest.mark.parametrize(("language", "reason"), [
    ("en", "readme-1.0-py3-none-any.whl is not a readable wheel file"),
    ("de", "readme-1.0-py3-none-any.whl ist keine lesbare Wheel-Datei"),  # the player's language
])
def test_a_file_that_is_no_plugin_wheel_is_refused_with_the_reason(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
        reason: str) -> None:
    from aisle import i18n

    i18n.set_language(language)
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    messages = said(monkeypatch)
    text = tmp_path / "readme-1.0-py3-none-any.whl"
    text.write_text("just text")
    assert install_file(dialog, text) is None
    assert messages[0][0] == "warning" and reason in messages[0][1]
    assert not plugins_folder().exists()


@pytest.mark.parametrize(("how", "reason"), [
    ("deflate", "is damaged: aisle_wheel_sample/__init__.py cannot be read"),
    ("climbs", "holds a file outside its own folders: '../escaped.py'")])
def test_a_wheel_damaged_outside_its_metadata_is_refused_before_any_question(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str,
        reason: str) -> None:
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    messages = said(monkeypatch)
    asked = answer_install("install_plugin_yes")
    downloads = tmp_path / "downloads"
    wheel = damage(sample_wheel(downloads), "deflate") if how == "deflate" else \
        wheel_with(downloads, "aisle-wheel-up", {"../escaped.py": b""})
    assert install_file(dialog, wheel) is None
    assert messages[0][0] == "warning" and reason in messages[0][1] and wheel.name in messages[0][1]
    assert asked == [] and not plugins_folder().exists()


def test_a_plugin_installed_that_fails_to_load_is_told(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    loading.get_registry()  # loaded already: the new plugin is loaded at once
    messages = said(monkeypatch)
    answer_install("install_plugin_yes")
    wheel = make_wheel(tmp_path / "downloads", "aisle-wheel-fails", "2.0",
                       {"aisle_wheel_fails.py": b"raise ImportError('broken on purpose')\n"},
                       {"fails": "aisle_wheel_fails"})
    assert install_file(dialog, wheel) is not None
    assert "is being loaded" in messages[0][1]

    def told() -> QMessageBox | None:
        return next((widget for widget in QApplication.topLevelWidgets()
                     if isinstance(widget, QMessageBox) and widget.isVisible()
                     and "could not be loaded in full" in widget.text()), None)

    qtbot.waitUntil(lambda: told() is not None, timeout=30_000)
    box = told()
    assert box is not None
    assert "aisle-wheel-fails (fails): cannot be imported" in box.text()
    assert "broken on purpose" in box.text()
    box.close()
    sys.modules.pop("aisle_wheel_fails", None)
