"""The panel over an empty table: a heading, why no game is there, and two buttons (Select Game,
Help ▸ Plugins). Shown by aisle.ui.table.empty_table, which loads this module when first needed.

The panel paints its own background instead of asking Qt to fill it: a child Qt deems opaque
keeps the table under it from painting at all, and the start loads every plugin after the
table's first frame (aisle.ui.qt.first_frame). A window that starts empty, waiting for the
plugin of its game, would then wait for ever.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from aisle.i18n import T, Text, _
from aisle.registry.loading import games_so_far, plugins_loading, why_no_games


def empty_reason() -> tuple[Text, Text]:
    """The heading and the explanation for a table without a game."""
    if plugins_loading():
        return T("Games are still loading"), T(
            "Aisle is still loading its game plugins; the table is dealt as soon as a game is "
            "there.")
    if not games_so_far():
        return T("No game to play"), why_no_games()
    return T("No game is on the table"), T(
        "Choose a game with Game ▸ Select Game.")


class EmptyPanel(QFrame):
    """The panel itself: a heading, the explanation and two buttons, over the whole view."""

    def __init__(self, view: QWidget, select: Callable[[], None],
                 plugins: Callable[[], None]) -> None:
        super().__init__(view)
        self.setObjectName("empty_table")
        self.heading = QLabel(self)
        self.heading.setObjectName("empty_table_heading")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.text = QLabel(self)
        self.text.setObjectName("empty_table_text")
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.select = QPushButton(self)
        self.select.setObjectName("empty_table_select")
        self.select.clicked.connect(lambda _checked=False: select())
        self.plugins = QPushButton(self)
        self.plugins.setObjectName("empty_table_plugins")
        self.plugins.clicked.connect(lambda _checked=False: plugins())
        box = QVBoxLayout(self)
        box.setContentsMargins(48, 48, 48, 48)
        box.addStretch(1)
        box.addWidget(self.heading, 0, Qt.AlignmentFlag.AlignHCenter)
        # Centred by stretches, not by an alignment: an aligned label gets its one-line
        # height, and a wrapped text would be cut.
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.text)
        row.addStretch(1)
        box.addLayout(row)
        box.addSpacing(12)
        for button in (self.select, self.plugins):
            box.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addStretch(2)
        self.fit(view)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().window())
        painter.end()
        super().paintEvent(event)

    def fit(self, view: QWidget) -> None:
        self.setGeometry(view.rect())
        # A fixed width lets the wrapped text take the height it needs.
        self.text.setFixedWidth(max(120, min(560, view.width() - 96)))

    def fill(self) -> None:
        """The texts, in the current language, for how things stand now."""
        heading, text = empty_reason()
        self.heading.setText(heading.translate())
        self.text.setText(text.translate())
        self.select.setText(_("Select Game…"))
        self.select.setVisible(bool(games_so_far()))
        self.plugins.setText(_("Show Plugins…"))
