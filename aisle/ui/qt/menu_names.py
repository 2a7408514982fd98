"""After a language switch, a screen reader is told that the menus' names changed.

Qt tells it when a widget's own name changes, but not when a menu entry's text does: a running
screen reader kept reading the menus in the language before (the review heard "Ansicht" while
the screen showed "Вид")."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QMenu


def tell_menu_names_changed(window: QMainWindow) -> int:
    """Send a name change for every entry of the menu bar and of every menu; how many."""
    from PySide6.QtGui import QAccessible, QAccessibleEvent  # only once the language changes

    told = 0
    for holder in (window.menuBar(), *window.findChildren(QMenu)):
        for index, _action in enumerate(holder.actions()):
            event = QAccessibleEvent(holder, QAccessible.Event.NameChanged)
            event.setChild(index)
            QAccessible.updateAccessibility(event)
            told += 1
    return told
