"""Help ▸ Plugins ▸ Install from File…: the wheel is copied into the plugins folder, or refused
with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from wheel_maker import golf_wheel

from aisle.ui.info_dialogs import PluginsDialog
from aisle.ui.plugin_install import install_file
from aisle.wheel_plugins import plugins_folder


def said(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    messages: list[tuple[str, str]] = []
    for kind in ("information", "warning"):
        monkeypatch.setattr(QMessageBox, kind, lambda _parent, _title, text, kind=kind:
                            messages.append((kind, text)))
    return messages


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
    target = install_file(dialog, golf_wheel(tmp_path / "downloads"))
    assert target is not None and target.parent == plugins_folder() and target.is_file()
    assert messages[0][0] == "information" and "aisle-golf 1.0.0" in messages[0][1]


def test_a_file_that_is_no_plugin_wheel_is_refused_with_the_reason(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = PluginsDialog()
    qtbot.addWidget(dialog)
    messages = said(monkeypatch)
    text = tmp_path / "readme-1.0-py3-none-any.whl"
    text.write_text("just text")
    assert install_file(dialog, text) is None
    assert messages[0][0] == "warning" and "not a readable wheel file" in messages[0][1]
    assert not plugins_folder().exists()
