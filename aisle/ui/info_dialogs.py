"""Help ▸ Keyboard Shortcuts, Help ▸ Plugins and Help ▸ About."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import _
from aisle.ui.retranslate import follow_language


class _Closable(QDialog):
    def __init__(self, name: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.box = QVBoxLayout(self)


class ShortcutsDialog(_Closable):
    """Every menu shortcut plus the keys of the table."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__("shortcuts_dialog", parent)
        self._actions = actions
        self.table = QTableWidget(0, 2, self)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.box.addWidget(self.table)
        self.box.addWidget(self.buttons)
        self.resize(460, 520)
        self.retranslate()
        follow_language(self, self.retranslate)

    def rows(self) -> list[tuple[str, str]]:
        native = QKeySequence.SequenceFormat.NativeText
        found = [(action.text().replace("&", "").rstrip("…"),
                  ", ".join(key.toString(native) for key in action.shortcuts()))
                 for action in self._actions if action.shortcuts()]
        def keys(*names: str) -> str:
            # Qt names the keys in the platform's and the language's way (Ctrl, Strg, ⌘).
            return ", ".join(QKeySequence(name).toString(native) for name in names)

        table = [
            (_("Move the focus"), _("Arrow keys")),
            (_("Focus the previous or next slot"), keys("PgUp", "PgDown")),
            (_("Focus the first or last face-up card of the slot"), keys("Home", "End")),
            (_("Focus the first or last slot"), keys("Ctrl+Home", "Ctrl+End")),
            (_("Pick up or put down the focused cards"), _("Space or Enter")),
            (_("Deal (on the stock)"), keys("Return")),
            (_("Double-click the focused slot"), keys("Ctrl+Return")),
            (_("Drop the cards picked up"), keys("Esc")),
        ]
        return found + table

    def retranslate(self) -> None:
        self.setWindowTitle(_("Keyboard Shortcuts"))
        self.table.setHorizontalHeaderLabels([_("Action"), _("Keys")])
        rows = self.rows()
        self.table.setRowCount(len(rows))
        for row, (what, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(what))
            self.table.setItem(row, 1, QTableWidgetItem(keys))


class PluginsDialog(_Closable):
    """Every plugin: its distribution, version, games and errors."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("plugins_dialog", parent)
        self.view = QTextBrowser(self)
        self.box.addWidget(self.view)
        self.box.addWidget(self.buttons)
        self.resize(560, 460)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        from aisle.hooks import get_registry

        self.setWindowTitle(_("Plugins"))
        registry = get_registry()
        parts: list[str] = []
        for plugin in registry.plugins:
            games = ", ".join(escape(registry.variants[g].name.translate()) for g in plugin.games
                              if g in registry.variants) or _("none")
            head = _("{name} ({distribution} {version})").format(
                name=escape(plugin.name), distribution=escape(plugin.distribution),
                version=escape(plugin.version))
            parts.append(f"<h3>{head}</h3><p>" + _("Games: {games}").format(games=games) + "</p>")
            if plugin.errors:
                items = "".join(f"<li>{escape(error)}</li>" for error in plugin.errors)
                parts.append("<p><b>" + escape(_("Errors:")) + f"</b></p><ul>{items}</ul>")
        if not parts:
            parts.append("<p>" + escape(_("No plugin is installed.")) + "</p>")
        self.view.setHtml("".join(parts))


class AboutDialog(_Closable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("about_dialog", parent)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.box.addWidget(self.text)
        self.box.addWidget(self.buttons)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        from aisle import __version__

        self.setWindowTitle(_("About Aisle"))
        self.text.setText(
            "<h2>" + escape(_("Aisle {version}").format(version=__version__)) + "</h2><p>"
            + escape(_("A solitaire collection: exact rules, a sharp table, every game a plugin."))
            + "</p><p>" + escape(_("Free software under the MIT licence.")) + "</p>")
