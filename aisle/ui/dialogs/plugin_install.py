"""Help ▸ Plugins ▸ Install from File…: copy a plugin wheel into the user's plugins folder.

For players without pip (the standalone bundle): the wheel is checked whole (aisle.registry.wheel_check),
the player is told that a plugin runs with their rights and asked once, showing the wheel's
name, version and author; only then is it copied and noted as allowed (aisle.registry.consent).
A plugin new to this run is loaded at once (aisle.registry.late_wheels); a new version of one already
loaded comes with the next start.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMessageBox,
    QPushButton,
    QWidget,
)

from aisle.i18n import T, _
from aisle.registry.wheel_check import CheckedWheel
from aisle.ui.dialogs.file_chooser import own_labels
from aisle.ui.qt.retranslate import follow_language

if TYPE_CHECKING:
    from aisle.ui.plugins.loading import WheelLoading


def add_install_button(dialog: QDialog, buttons: QDialogButtonBox,
                       loaded: Callable[[], None] | None = None) -> QPushButton:
    """An "Install from File…" button among `buttons` of the Plugins dialog; `loaded()` runs
    once an installed plugin's games are in."""
    button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
    button.setObjectName("install_plugin")

    def retranslate() -> None:
        button.setText(_("Install from File…"))
        button.setToolTip(_("Add a plugin from its wheel file (.whl), for example one you downloaded"))

    retranslate()
    follow_language(button, retranslate)
    button.clicked.connect(lambda: choose_and_install(dialog, loaded))
    return button


def choose_and_install(parent: QDialog,
                       loaded: Callable[[], None] | None = None) -> Path | None:
    """Ask for a wheel file and install it; the installed copy (None: cancelled or refused)."""
    chooser = QFileDialog(parent, _("Install Plugin from File"))
    chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
    chooser.setNameFilters([_("Plugin wheels (*.whl)")])
    own_labels(chooser, saving=False)
    if not chooser.exec() or not chooser.selectedFiles():
        return None
    return install_file(parent, Path(chooser.selectedFiles()[0]), loaded)


def install_file(parent: QWidget, source: Path,
                 loaded: Callable[[], None] | None = None) -> Path | None:
    """Check `source`, ask the player, install it and say how it went; the installed copy, or
    None. A plugin new to this run is loaded at once, and `loaded()` runs once it is in."""
    from aisle.registry.wheel_check import WheelError, check_wheel
    from aisle.registry.wheels import install_wheel

    title = _("Install Plugin from File")
    try:
        checked = check_wheel(source)
    except WheelError as problem:
        QMessageBox.warning(parent, title, _("This file cannot be installed as a plugin: "
                                             "{problem}").format(problem=problem.why.translate()))
        return None
    if not confirm_install(parent, checked):
        return None
    try:
        target = install_wheel(checked)
    except (WheelError, OSError) as problem:
        said = problem.why.translate() if isinstance(problem, WheelError) else str(problem)
        QMessageBox.warning(parent, title, _("This file cannot be installed as a plugin: "
                                             "{problem}").format(problem=said))
        return None
    name, version = checked.info.name, checked.info.version
    if _load_now(parent, checked, loaded):
        QMessageBox.information(parent, title, _(
            "The plugin {name} {version} is installed and is being loaded: its games appear in "
            "Game ▸ Select Game in a moment. To remove it, delete the file {file} from {folder} "
            "and start Aisle again.").format(name=name, version=version, file=target.name,
                                             folder=target.parent))
    else:
        QMessageBox.information(parent, title, _(
            "The plugin {name} {version} is installed in {folder}. Start Aisle again to play "
            "its games; to remove it, delete the file there.").format(
                name=name, version=version, folder=target.parent))
    return target


def confirm_install(parent: QWidget, checked: CheckedWheel) -> bool:
    """Tell the player what installing a plugin means and ask once: Install or Cancel."""
    info = checked.info
    box = QMessageBox(QMessageBox.Icon.Warning, _("Install Plugin?"), "",
                      QMessageBox.StandardButton.NoButton, parent)
    box.setObjectName("install_plugin_question")
    box.setText(_("Install the plugin {name} {version} by {author} from the file {file}?").format(
        name=info.name, version=info.version, author=info.author or _("an unnamed author"),
        file=checked.path.name))
    box.setInformativeText(_(
        "A plugin is a program: it runs with your rights and can read, change or delete your "
        "files. Install it only if you know where it came from and trust its author."))
    install = box.addButton(_("&Install"), QMessageBox.ButtonRole.AcceptRole)
    install.setObjectName("install_plugin_yes")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    cancel.setObjectName("install_plugin_cancel")
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is install


def _load_now(parent: QWidget, checked: CheckedWheel, loaded: Callable[[], None] | None) -> bool:
    """Start loading the installed plugin unless a distribution of its name is loaded already
    (a module cannot be imported twice) or the plugins are still loading; whether it started."""
    from aisle.registry.loading import get_registry, plugins_loading, plugins_ready
    from aisle.ui.plugins.loading import WheelLoading

    if not plugins_ready() or plugins_loading():
        return False
    wanted = _normalized(checked.info.name)
    if any(_normalized(plugin.distribution) == wanted for plugin in get_registry().plugins):
        return False
    # Kept by the window, not the dialog: the dialog may be closed before the plugin is in.
    window = parent.parentWidget() or parent
    loading = WheelLoading(window)
    loading.loaded.connect(lambda: tell_load_problem(window, loading))
    if loaded is not None:
        loading.loaded.connect(loaded)
    loading.loaded.connect(loading.deleteLater)
    loading.start({checked.digest: checked.path.name})
    return True


def tell_load_problem(window: QWidget, loading: WheelLoading) -> None:
    """Say what went wrong loading plugins the player has just allowed or installed (their
    games were promised: silence would leave the player looking for them)."""
    if loading.problem is not None:
        from aisle.ui.dialogs.small import show_message

        show_message(window, T("Plugins"), loading.problem, QMessageBox.Icon.Warning)


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()
