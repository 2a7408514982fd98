"""Help ▸ Keyboard Shortcuts and Help ▸ Plugins (Help ▸ About is in aisle.ui.dialogs.about)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import _
from aisle.ui.qt.enter_closes import enter_closes
from aisle.ui.qt.key_names import key_text, keys_text
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen

if TYPE_CHECKING:
    from aisle.registry.manager import Registry
    from aisle.ui.menus.key_bindings import KeyBindings


#: The action column gets about this many characters before its texts wrap.
ACTION_COLUMN_CHARS = 50


def smooth_wheel(view: QAbstractItemView) -> None:
    """Scroll by pixels, a wheel notch moving about as far as three lines of text.

    Some styles scroll item views by a few pixels a notch; rows of wrapped text then crawl."""
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.verticalScrollBar().setSingleStep(view.fontMetrics().height() + 8)


class _Closable(QDialog):
    def __init__(self, name: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.box = QVBoxLayout(self)

    def close_on_enter(self, first: QWidget) -> None:
        """Enter closes the dialog (`aisle.ui.qt.enter_closes`); `first` has the focus."""
        enter_closes(self, self.buttons.button(QDialogButtonBox.StandardButton.Close), first)


class ShortcutsDialog(_Closable):
    """Every menu shortcut plus the keys of the table."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None,
                 bindings: KeyBindings | None = None,
                 change: Callable[[], None] | None = None) -> None:
        super().__init__("shortcuts_dialog", parent)
        self._actions = actions
        #: Opens the shortcut editor (a button here when given).
        self.change_button: QPushButton | None = None
        if change is not None:
            self.change_button = self.buttons.addButton(
                "", QDialogButtonBox.ButtonRole.ActionRole)
            self.change_button.clicked.connect(lambda _checked=False: change())
        self.table = QTableWidget(0, 2, self)
        self.table.verticalHeader().setVisible(False)
        # The keys never wrap (their column is as wide as its longest entry); the actions take
        # the rest of the width, and a long one wraps onto a second line of its row.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rows.setMinimumSectionSize(self.fontMetrics().height() + 10)
        self.table.setWordWrap(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table (the arrows go through it)
        smooth_wheel(self.table)
        self.box.addWidget(self.table)
        self.box.addWidget(self.buttons)
        self.close_on_enter(self.table)
        self.retranslate()
        follow_language(self, self.retranslate)
        if bindings is not None:
            bindings.changed.connect(self.retranslate)  # the keys shown follow the editor

    def rows(self) -> list[tuple[str, str]]:
        found = [(action.text().replace("&", "").rstrip("…"),
                  ", ".join(key_text(key) for key in action.shortcuts()))
                 for action in self._actions if action.shortcuts()]
        # Qt names the keys in the platform's and the language's way (Ctrl, Strg, ⌘); the
        # Enter key has one name everywhere (aisle.ui.qt.key_names).
        table = [
            (_("Move the focus"), _("Arrow keys")),
            (_("Focus the previous or next slot"), keys_text("PgUp", "PgDown")),
            (_("Focus the first or last face-up card of the slot"), keys_text("Home", "End")),
            (_("Focus the first or last slot"), keys_text("Ctrl+Home", "Ctrl+End")),
            (_("Pick up or put down the focused cards"), keys_text("Space", "Return")),
            (_("Deal (on the stock)"), keys_text("Space", "Return")),
            (_("Double-click the focused slot"), keys_text("Ctrl+Return")),
            (_("Drop the cards picked up"), keys_text("Esc")),
        ]
        return found + table

    def retranslate(self) -> None:
        self.setWindowTitle(_("Keyboard Shortcuts"))
        self.table.setHorizontalHeaderLabels([_("Action"), _("Keys")])
        self.table.setAccessibleName(_("Keyboard Shortcuts"))  # what a screen reader calls it
        if self.change_button is not None:
            self.change_button.setText(_("&Change Shortcuts…"))
        rows = self.rows()
        self.table.setRowCount(len(rows))
        for row, (what, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(what))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self._fit_width()

    def _fit_width(self) -> None:
        """Wide enough for the keys and a readable column of actions (the language changes both)."""
        keys = self.table.sizeHintForColumn(1)
        actions = self.fontMetrics().averageCharWidth() * ACTION_COLUMN_CHARS
        frame = 2 * self.table.frameWidth() + self.table.verticalScrollBar().sizeHint().width()
        margins = self.box.contentsMargins()
        width = keys + actions + frame + margins.left() + margins.right()
        resize_within_screen(self, max(self.width(), width), max(self.height(), 560))


class PluginsDialog(_Closable):
    """Every plugin: its distribution, version, games and errors; one whose game failed while
    being played is marked broken. Then every plugin wheel of the plugins folder and its state
    (in use, waiting for the player's permission, refused, or why it cannot be used). While
    plugins still load, it says so (and is filled in by `retranslate` once they are in)."""

    def __init__(self, parent: QWidget | None = None,
                 installed: Callable[[], None] | None = None) -> None:
        super().__init__("plugins_dialog", parent)
        #: What the window does once a plugin installed from here is loaded (it refreshes
        #: every list, this one among them); None: this list alone is refreshed.
        self._on_installed = installed
        self.view = QTextBrowser(self)
        self.box.addWidget(self.view)
        from aisle.ui.dialogs.plugin_install import add_install_button

        self.install = add_install_button(self, self.buttons, self._installed)
        self.box.addWidget(self.buttons)
        self.close_on_enter(self.view)
        resize_within_screen(self, 560, 460)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        from aisle.registry.loading import get_registry, plugins_loading, why_no_games

        self.setWindowTitle(_("Plugins"))
        self.view.setAccessibleName(_("Plugins"))  # what a screen reader calls the text
        if plugins_loading():
            self.view.setHtml("<p>" + escape(_("The plugins are still loading; this list is "
                                               "filled in as soon as they are in.")) + "</p>")
            return
        registry = get_registry()
        parts: list[str] = []
        if not registry.variants:
            parts.append("<p><b>" + escape(why_no_games().translate()) + "</b></p>")
        if registry.disabled:  # else they would seem gone without a trace
            from aisle.registry.entry_points import DISABLE_VARIABLE

            parts.append("<p>" + escape(_("Plugins switched off by {variable}: {plugins}").format(
                variable=DISABLE_VARIABLE, plugins=", ".join(sorted(registry.disabled)))) + "</p>")
        # Wheels that are not in use come first: what the player came here to see.
        from aisle.registry.wheels import WheelStatus

        wheel_parts = _wheel_parts(registry)
        if any(wheel.status is not WheelStatus.USED for wheel in registry.wheels):
            parts.extend(wheel_parts)
            wheel_parts = []
        # A wheel that cannot be used is told among the wheels, below.
        wheels = {wheel.file for wheel in registry.wheels}
        plugins = [plugin for plugin in registry.plugins
                   if not (plugin.name in wheels and plugin.module == plugin.name)]
        # Broken plugins first, then those with errors, then other plugins than Aisle's own:
        # what the player came here to see (Aisle's own games are some forty plugins).
        from aisle.registry.entry_points import BUILTIN_DISTRIBUTION

        for plugin in sorted(plugins, key=lambda p: (not p.broken, not p.errors,
                                                     p.distribution == BUILTIN_DISTRIBUTION)):
            games = ", ".join(escape(registry.variants[g].name.translate()) for g in plugin.games
                              if g in registry.variants) or _("none")
            head = _("{name} ({distribution} {version})").format(
                name=escape(plugin.name), distribution=escape(plugin.distribution),
                version=escape(plugin.version))
            parts.append(f"<h3>{head}</h3><p>" + _("Games: {games}").format(games=games) + "</p>")
            if plugin.broken:
                parts.append("<p style='color:#b00020'><b>" + escape(_(
                    "Broken: a game of this plugin failed while being played. Choose another "
                    "game, and update or remove the plugin.")) + "</b></p>")
            if plugin.errors:
                items = "".join(f"<li>{escape(error)}</li>" for error in plugin.errors)
                parts.append("<p><b>" + escape(_("Errors:")) + f"</b></p><ul>{items}</ul>")
        parts.extend(wheel_parts)
        if not parts:
            parts.append("<p>" + escape(_("No plugin is installed.")) + "</p>")
        self.view.setHtml("".join(parts))

    def _installed(self) -> None:
        """A plugin installed from here is loaded: the window (and this list) follows."""
        if self._on_installed is not None:
            self._on_installed()
        else:
            self.retranslate()


def _wheel_parts(registry: Registry) -> list[str]:
    """The plugin wheels of the plugins folder and what became of each, as HTML."""
    from aisle.registry.wheels import WheelStatus, plugins_folder

    if not registry.wheels:
        return []
    said = {
        WheelStatus.BROKEN: _("cannot be used: {problem}"),
        WheelStatus.WAITING: _("waiting for your permission. Aisle asks at the next start; "
                               "to allow it now, install the file with Install from File…"),
        WheelStatus.REFUSED: _("refused: you chose Never for this file. To use it after all, "
                               "install it with Install from File…"),
        WheelStatus.SHADOWED: _("not used: version {version} of the same plugin is installed "
                                "another way (with pip) and is the one loaded. Uninstall that one "
                                "to use this file."),
        WheelStatus.USED: _("in use"),
    }
    order = list(said)
    items: list[str] = []
    for wheel in sorted(registry.wheels, key=lambda w: (order.index(w.status), w.file)):
        info = wheel.info
        what = _("{name} {version} by {author}").format(
            name=info.name, version=info.version,
            author=info.author or _("an unnamed author")) if info else ""
        color = " style='color:#b00020'" if wheel.status is WheelStatus.BROKEN else ""
        head = f"<b>{escape(wheel.file)}</b>" + (f" ({escape(what)})" if what else "")
        if wheel.status is WheelStatus.BROKEN and wheel.why is not None:
            # The problem names the file already ("x.whl is damaged: ..."), in its own words.
            told = escape(wheel.why.translate()).replace(escape(wheel.file), head, 1)
            items.append(f"<li{color}>{told}</li>")
            continue
        state = said[wheel.status].format(problem=wheel.problem, version=wheel.problem)
        items.append(f"<li{color}>{head}: {escape(state)}</li>")
    head = _("Plugin files in {folder}").format(folder=plugins_folder())
    return [f"<h3>{escape(head)}</h3><ul>{''.join(items)}</ul>"]
