"""What the window shows when no game is on the table: why, and what to do instead.

No game installed, every plugin switched off or broken, or a game that could not be shown with
nothing to fall back on: an empty green table would leave the player guessing, so a panel over
it says what happened, with buttons to Select Game and Help ▸ Plugins.

The panel is made the first time it is needed on screen: a window built before its first game
is dealt neither pays for it nor loads every plugin to explain an emptiness nobody sees.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from aisle.hooks import games_so_far, plugins_loading, why_no_games
from aisle.i18n import T, Text, _


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
        self.setAutoFillBackground(True)
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


class EmptyTable(QObject):
    """Shows the panel over `view` while `empty()` says no game is on the table."""

    def __init__(self, view: QWidget, empty: Callable[[], bool], select: Callable[[], None],
                 plugins: Callable[[], None]) -> None:
        super().__init__(view)
        self._view = view
        self._empty = empty
        self._select = select
        self._plugins = plugins
        #: Made when first shown.
        self.panel: EmptyPanel | None = None
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.Show:
            self.show_for(self._empty())
        elif kind == QEvent.Type.Resize and self.panel is not None:
            self.panel.fit(self._view)
        return False

    def show_for(self, empty: bool) -> None:
        """Show the panel (its texts made anew) while the table is `empty`, else hide it."""
        if not empty:
            if self.panel is not None:
                self.panel.hide()
            return
        if not self._view.isVisible():
            return  # asked again when the view shows
        if self.panel is None:
            self.panel = EmptyPanel(self._view, self._select, self._plugins)
        self.panel.fill()
        self.panel.fit(self._view)
        self.panel.show()
        self.panel.raise_()

    def showing(self) -> bool:
        return self.panel is not None and self.panel.isVisible()
