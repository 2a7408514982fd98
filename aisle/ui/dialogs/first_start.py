"""The very first start: a newcomer is offered Winnable Deals Only, once.

Many first games of Klondike cannot be won whatever one does, which new players take for their
own fault. Aisle's solver can deal only deals it has proven winnable; the question says so and
leaves the choice to the player (Game ▸ Winnable Deals Only changes it later).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from aisle.i18n import _
from aisle.ui.qt.retranslate import follow_language


def offer_winnable_deals(parent: QWidget, choose_winnable: Callable[[], None],
                         winnable_first_deal: Callable[[], None] | None = None) -> QMessageBox:
    """Ask, without blocking; "Only Winnable Deals" calls `choose_winnable` (the window turns
    the menu item on), "Any Deal" (or Escape) `winnable_first_deal`: the newcomer's very first
    game can still be won either way (a first game lost from the start was taken for the
    player's own fault); the answer is about the deals after it."""
    box = QMessageBox(parent)
    box.setObjectName("first_start")
    box.setIcon(QMessageBox.Icon.Question)
    winnable = box.addButton("", QMessageBox.ButtonRole.AcceptRole)
    any_deal = box.addButton("", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(winnable)
    box.setEscapeButton(any_deal)

    def retranslate() -> None:
        box.setWindowTitle(_("Welcome to Aisle"))
        box.setText(_("Some deals cannot be won, however well they are played. Should Aisle deal "
                      "only games it has first checked can be won?"))
        box.setInformativeText(_("You can change this at any time: Game ▸ Winnable Deals Only."))
        winnable.setText(_("Only &Winnable Deals"))
        any_deal.setText(_("&Any Deal"))

    retranslate()
    follow_language(box, retranslate)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def answered(_result: int) -> None:
        if box.clickedButton() is winnable:
            choose_winnable()
        elif winnable_first_deal is not None:
            winnable_first_deal()

    box.finished.connect(answered)
    box.open()
    return box
