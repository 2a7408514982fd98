"""A dialog asks for its size but never takes more than nine tenths of its screen."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from aisle.ui.qt.screen_fit import resize_within_screen, room


def test_a_size_larger_than_the_screen_is_cut_to_nine_tenths_of_it(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    free = widget.screen().availableGeometry()
    most_width, most_height = room(widget)
    assert (most_width, most_height) == (free.width() * 9 // 10, free.height() * 9 // 10)
    resize_within_screen(widget, free.width() * 2, 200)
    assert (widget.width(), widget.height()) == (most_width, 200)
    resize_within_screen(widget, 300, 200)  # what fits is taken as asked
    assert (widget.width(), widget.height()) == (300, 200)
