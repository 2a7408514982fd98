"""The dialog that tells the player something failed: which game and plugin, in which file, and
what to do next. The traceback is under "Show Details…" for whoever reports the problem."""

from __future__ import annotations

import traceback
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from aisle.i18n import T, Text, _
from aisle.registry.faults import Culprit
from aisle.ui.qt.retranslate import follow_language


def fault_texts(error: BaseException, culprit: Culprit | None) -> tuple[Text, Text]:
    """The title and the message for a failure (translated when shown)."""
    said = str(error) if getattr(error, "variant_id", None) else f"{type(error).__name__}: {error}"
    if culprit is None:
        return T("Aisle has a problem"), T(
            "Something went wrong inside Aisle: {error}\n\nThe window was put back in order and "
            "you can play on. The details were written to the log; if this happens again, "
            "please report it.", error=said)
    where = _place(culprit.location)
    if culprit.game is None:
        return T("A plugin has a problem"), T(
            "The plugin “{plugin}” ({distribution} {version}) made an error: {error}\n\nThe "
            "fault lies in {file}. Help ▸ Plugins lists the plugin as broken.",
            plugin=culprit.plugin, distribution=culprit.distribution, version=culprit.version,
            error=said, file=where)
    return T("The game has a problem"), T(
        "{game} made an error and cannot go on: {error}\n\nThe fault lies in the plugin "
        "“{plugin}” ({distribution} {version}), in {file}. Help ▸ Plugins lists it as broken."
        "\n\nPlease choose another game.", game=culprit.game, plugin=culprit.plugin,
        distribution=culprit.distribution, version=culprit.version, error=said, file=where)


def _place(location: str | None) -> Text | str:
    """Where the fault lies, "FILE, line N" with the word for line in the player's language."""
    if location is None:
        return "?"
    file, separator, line = location.rpartition(", line ")
    if separator and line.isdigit():
        # TRANSLATORS: where an error lies: a file and the number of a line in it.
        return T("{file}, line {line}", file=file, line=line)
    return location


def show_fault(parent: QWidget, error: BaseException, culprit: Culprit | None,
               offer: Callable[[], None] | None) -> QMessageBox:
    """Open (without blocking) the report of a failure; `offer` is the way to another game,
    given as a button when a plugin's game failed."""
    title, text = fault_texts(error, culprit)
    box = QMessageBox(parent)
    box.setObjectName("fault_dialog")
    box.setIcon(QMessageBox.Icon.Critical if culprit is not None else QMessageBox.Icon.Warning)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setDetailedText("".join(traceback.format_exception(error)))
    choose: QPushButton | None = None
    if offer is not None and culprit is not None and culprit.game is not None:
        choose = box.addButton("", QMessageBox.ButtonRole.AcceptRole)
        choose.setObjectName("fault_choose_game")
        close = box.addButton("", QMessageBox.ButtonRole.RejectRole)
    else:
        close = box.addButton(QMessageBox.StandardButton.Close)
    close.setObjectName("fault_close")
    box.setDefaultButton(choose or close)

    def retranslate() -> None:
        box.setWindowTitle(title.translate())
        box.setText(text.translate())
        if choose is not None:
            choose.setText(_("Choose &Another Game…"))
            close.setText(_("&Close"))

    retranslate()
    follow_language(box, retranslate)

    def done(_result: int) -> None:
        if choose is not None and box.clickedButton() is choose and offer is not None:
            offer()

    box.finished.connect(done)
    box.open()
    return box
