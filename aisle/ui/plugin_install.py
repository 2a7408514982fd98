"""Help ▸ Plugins ▸ Install from File…: copy a plugin wheel into the user's plugins folder.

For players without pip (the standalone bundle): the wheel is checked (see
aisle.wheel_plugins), copied, and its games come with the next start of Aisle.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QMessageBox, QPushButton

from aisle.i18n import _
from aisle.ui.retranslate import follow_language


def add_install_button(dialog: QDialog, buttons: QDialogButtonBox) -> QPushButton:
    """An "Install from File…" button among `buttons` of the Plugins dialog."""
    button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
    button.setObjectName("install_plugin")

    def retranslate() -> None:
        button.setText(_("Install from File…"))
        button.setToolTip(_("Add a plugin from its wheel file (.whl), for example one you downloaded"))

    retranslate()
    follow_language(button, retranslate)
    button.clicked.connect(lambda: choose_and_install(dialog))
    return button


def choose_and_install(parent: QDialog) -> Path | None:
    """Ask for a wheel file and install it; the installed copy (None: cancelled or refused)."""
    chooser = QFileDialog(parent, _("Install Plugin from File"))
    chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
    chooser.setNameFilters([_("Plugin wheels (*.whl)")])
    if not chooser.exec() or not chooser.selectedFiles():
        return None
    return install_file(parent, Path(chooser.selectedFiles()[0]))


def install_file(parent: QDialog, source: Path) -> Path | None:
    """Install `source` and say how it went; the installed copy, or None."""
    from aisle.wheel_plugins import WheelError, describe, install_wheel

    try:
        name, version = describe(source)
        target = install_wheel(source)
    except (WheelError, OSError) as problem:
        QMessageBox.warning(parent, _("Install Plugin from File"),
                            _("This file cannot be installed as a plugin: {problem}").format(problem=problem))
        return None
    QMessageBox.information(parent, _("Install Plugin from File"),
                            _("The plugin {name} {version} is installed in {folder}. Start Aisle again "
                              "to play its games; to remove it, delete the file there.").format(
                                  name=name, version=version, folder=target.parent))
    return target
