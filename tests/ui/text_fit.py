"""Which visible texts of a window its widgets do not show whole (for the layout tests)."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QStyle,
    QTableWidget,
    QWidget,
)

from aisle.ui.dialogs.small import number_field_width
from aisle.ui.qt.elided_label import ElidedLabel


def clipped_texts(root: QWidget) -> list[str]:
    """Every visible text under `root` (itself included) that does not fit its widget."""
    return [problem for widget in [root, *root.findChildren(QWidget)]
            if widget is root or widget.isVisibleTo(root)
            for problem in _problems(widget)]


def _problems(widget: QWidget) -> Iterator[str]:
    if isinstance(widget, ElidedLabel):
        return  # it shortens a long text on purpose, and shows it whole in its tooltip
    if isinstance(widget, QLabel) and widget.text():
        yield from _label(widget)
    elif isinstance(widget, QAbstractButton) and widget.text():
        if widget.sizeHint().width() > widget.width():
            yield f"button {widget.text()!r}: needs {widget.sizeHint().width()}, has {widget.width()}"
    elif isinstance(widget, QLineEdit) and widget.text():
        if number_field_width(widget, widget.text()) > widget.width():
            yield f"field {widget.text()!r}: {widget.width()} px is too narrow"
    elif isinstance(widget, QComboBox) and widget.currentText():
        if widget.sizeHint().width() > widget.width():
            yield f"combo {widget.currentText()!r}: needs {widget.sizeHint().width()}"
    elif isinstance(widget, QGroupBox) and widget.title():
        if widget.minimumSizeHint().width() > widget.width():
            yield f"group {widget.title()!r}"
    elif isinstance(widget, QTableWidget):
        yield from _table(widget)


def _label(label: QLabel) -> Iterator[str]:
    text = label.text()
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height():
            yield f"label {text[:50]!r}: wraps to {needed} px, has {label.height()}"
        if label.textFormat() != Qt.TextFormat.RichText and "<" not in text:
            metrics = label.fontMetrics()
            widest = max(metrics.horizontalAdvance(word) for word in text.split())
            if widest > label.contentsRect().width():
                yield f"label {text[:50]!r}: a word is wider than the label"
    else:
        hint = label.sizeHint()
        if hint.width() > label.width() or hint.height() > label.height():
            yield (f"label {text[:50]!r}: needs {hint.width()}x{hint.height()}, "
                   f"has {label.width()}x{label.height()}")


def _table(table: QTableWidget) -> Iterator[str]:
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    metrics = table.fontMetrics()
    for column in range(table.columnCount()):
        if table.isColumnHidden(column):
            continue
        room = table.columnWidth(column) - 2 * margin
        for row in range(table.rowCount()):
            item = table.item(row, column)
            if item is None or not item.text():
                continue
            if table.wordWrap():
                lines = metrics.boundingRect(QRect(0, 0, room, 100_000),
                                             Qt.TextFlag.TextWordWrap, item.text())
                fits = lines.width() <= room and lines.height() <= table.rowHeight(row)
            else:
                fits = metrics.horizontalAdvance(item.text()) <= room
            if not fits:
                yield f"cell {item.text()!r} ({row}, {column}): {room} px wide"
