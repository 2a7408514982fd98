"""Help ▸ About Aisle: the version, the licence, the way to the help, and what is installed.

Every installed game is listed with the plugin that brings it and that plugin's version, so a
report of a problem can say exactly what was running.
"""

from __future__ import annotations

import platform
from collections.abc import Callable
from html import escape

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import _
from aisle.ui.qt.enter_closes import enter_closes
from aisle.ui.qt.icon import app_icon
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen

ICON_SIZE = 72


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None,
                 open_help: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about_dialog")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        picture = QLabel(self)
        picture.setPixmap(app_icon().pixmap(ICON_SIZE, ICON_SIZE))
        picture.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        head = QHBoxLayout()
        head.addWidget(picture)
        head.addWidget(self.text, 1)

        self.games_title = QLabel(self)
        self.games = QTableWidget(0, 3, self)
        self.games.verticalHeader().setVisible(False)
        self.games.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.games.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.games.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.games.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.games.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.trouble = QLabel(self)
        self.trouble.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.help_button: QPushButton | None = None
        if open_help is not None:
            self.help_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.HelpRole)
            self.help_button.clicked.connect(lambda _checked=False: open_help())
        enter_closes(self, self.buttons.button(QDialogButtonBox.StandardButton.Close))

        box = QVBoxLayout(self)
        box.addLayout(head)
        box.addWidget(self.games_title)
        box.addWidget(self.games, 1)
        box.addWidget(self.trouble)
        box.addWidget(self.buttons)
        resize_within_screen(self, 520, 480)
        self.retranslate()
        follow_language(self, self.retranslate)

    def rows(self) -> list[tuple[str, str, str]]:
        """Each installed game (by its name in the current language), its plugin and version."""
        from aisle.registry.loading import available_variants

        found = [(info.name.translate(), info.distribution, info.version)
                 for info in available_variants().values()]
        return sorted(found, key=lambda row: row[0].casefold())

    def retranslate(self) -> None:
        from aisle import __version__
        from aisle.registry.loading import get_registry

        self.setWindowTitle(_("About Aisle"))
        runtime = _("Python {python}, Qt {qt}, PySide6 {pyside}").format(
            python=platform.python_version(), qt=qVersion(), pyside=pyside_version)
        self.text.setText(
            "<h2>" + escape(_("Aisle {version}").format(version=__version__)) + "</h2><p>"
            + escape(_("A solitaire collection: exact rules, a sharp table, every game a plugin."))
            + "</p><p>" + escape(_("Free software under the MIT licence.")) + "</p><p>"
            + escape(runtime) + "</p>")
        self.games_title.setText("<b>" + escape(_("Installed games")) + "</b>")
        self.games.setHorizontalHeaderLabels([_("Game"), _("Plugin"), _("Version")])
        rows = self.rows()
        self.games.setRowCount(len(rows))
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                self.games.setItem(row, column, QTableWidgetItem(text))
        failed = any(plugin.errors for plugin in get_registry().plugins)
        self.trouble.setText(_("Some plugins reported errors: see Help ▸ Plugins.") if failed
                             else "")
        self.trouble.setVisible(failed)
        if self.help_button is not None:
            self.help_button.setText(_("&Help"))
            self.help_button.setToolTip(_("Open the help"))
