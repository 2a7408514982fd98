"""View ▸ Configure Shortcuts: give any action other keys, clear them, or go back to the defaults.

Each action may have a key and an alternate key. Pick an action, click a key field and press
the keys; they take effect at once. A key another action (or the table) already uses is refused
with a message that names the other action, and the field shows the keys as they were.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHeaderView,
    QKeySequenceEdit,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import Text, _
from aisle.ui.dialogs.info import smooth_wheel
from aisle.ui.menus.key_bindings import KeyBindings, action_label, key_text
from aisle.ui.qt.caption import caption_name
from aisle.ui.qt.enter_closes import enter_closes
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen

_NAME_ROLE = Qt.ItemDataRole.UserRole


class ShortcutsEditor(QDialog):
    def __init__(self, bindings: KeyBindings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcuts_editor")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.bindings = bindings
        #: The last refusal shown (tests read it; the player reads the message box).
        self.refused: str | None = None
        self._filling = False

        self.table = QTableWidget(0, 2, self)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # Tab goes on to the key fields (arrows: the rows)
        smooth_wheel(self.table)
        self.table.currentCellChanged.connect(lambda *_args: self._show_current())

        self.key_label = QLabel(self)
        self.alternate_label = QLabel(self)
        self._placeholder = _OwnPlaceholder(self)
        #: Esc in a key field gives up the recording (a second Esc closes the dialog): the
        #: table plays with Esc, so it cannot be a shortcut, and a player pressing it means "stop".
        self._escape = _KeyDoes((Qt.Key.Key_Escape,), self._give_up_recording)
        self._escape.setParent(self)
        self.key_edit = self._key_edit()
        self.alternate_edit = self._key_edit()
        self.key_label.setBuddy(self.key_edit)
        self.alternate_label.setBuddy(self.alternate_edit)
        self.clear_button = QPushButton(self)
        self.clear_button.clicked.connect(self._clear)
        self.default_button = QPushButton(self)
        self.default_button.clicked.connect(self._default)
        fields = QGridLayout()
        fields.addWidget(self.key_label, 0, 0)
        fields.addWidget(self.key_edit, 0, 1)
        fields.addWidget(self.clear_button, 0, 2)
        fields.addWidget(self.alternate_label, 1, 0)
        fields.addWidget(self.alternate_edit, 1, 1)
        fields.addWidget(self.default_button, 1, 2)
        fields.setColumnStretch(1, 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.reset_all_button = self.buttons.addButton(
            "", QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_all_button.clicked.connect(self._reset_all)
        self.buttons.rejected.connect(self.reject)
        enter_closes(self, self.buttons.button(QDialogButtonBox.StandardButton.Close), self.table)
        # Enter on an action starts recording its key (the list would pass Enter on to Close).
        self._enter_records = _KeyDoes((Qt.Key.Key_Return, Qt.Key.Key_Enter),
                                       lambda: self.key_edit.setFocus(Qt.FocusReason.OtherFocusReason))
        self._enter_records.setParent(self)
        self.table.installEventFilter(self._enter_records)

        box = QVBoxLayout(self)
        box.addWidget(self.table, 1)
        box.addLayout(fields)
        box.addWidget(self.buttons)
        resize_within_screen(self, 560, 600)
        bindings.changed.connect(self._fill)
        self.retranslate()
        follow_language(self, self.retranslate)
        self.table.setCurrentCell(0, 0)

    def _key_edit(self) -> QKeySequenceEdit:
        edit = QKeySequenceEdit(self)
        line = edit.findChild(QLineEdit)
        if line is not None:
            line.installEventFilter(self._placeholder)
        edit.installEventFilter(self._escape)
        edit.setMaximumSequenceLength(1)
        edit.setClearButtonEnabled(True)
        edit.editingFinished.connect(self._recorded)
        return edit

    # -- the list ---------------------------------------------------------------------------------
    def current_name(self) -> str | None:
        item = self.table.item(self.table.currentRow(), 0)
        name = item.data(_NAME_ROLE) if item is not None else None
        return name if isinstance(name, str) else None

    def select(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.data(_NAME_ROLE) == name:
                self.table.setCurrentCell(row, 0)
                return

    def _fill(self) -> None:
        current = self.current_name()
        actions = self.bindings.actions()
        self.table.setRowCount(len(actions))
        for row, action in enumerate(actions):
            what = QTableWidgetItem(action_label(action))
            what.setData(_NAME_ROLE, action.objectName())
            keys = QTableWidgetItem(", ".join(key_text(k) for k in action.shortcuts()))
            if not self.bindings.is_default(action):
                # Keys the player chose stand out from the defaults.
                font = QFont(keys.font())
                font.setBold(True)
                keys.setFont(font)
            self.table.setItem(row, 0, what)
            self.table.setItem(row, 1, keys)
        if current is not None:
            self.select(current)
        self._show_current()

    def _show_current(self) -> None:
        name = self.current_name()
        action = self.bindings.action(name) if name is not None else None
        keys = action.shortcuts() if action is not None else []
        self._filling = True
        try:
            self.key_edit.setKeySequence(keys[0] if keys else QKeySequence())
            self.alternate_edit.setKeySequence(keys[1] if len(keys) > 1 else QKeySequence())
        finally:
            self._filling = False
        for widget in (self.key_edit, self.alternate_edit, self.clear_button):
            widget.setEnabled(action is not None)
        self._name_key_fields(action_label(action) if action is not None else "")
        self.default_button.setEnabled(action is not None and not self.bindings.is_default(action))

    def _name_key_fields(self, action: str) -> None:
        """What a screen reader calls the key fields: which key of which action they record
        (the focus is in the line inside each, which the labels do not reach)."""
        for edit, label in ((self.key_edit, self.key_label),
                            (self.alternate_edit, self.alternate_label)):
            field = caption_name(label.text())
            # TRANSLATORS: a screen reader's name for a key field of Configure Shortcuts:
            # {key} is the field's label ("Key", "Alternate key"), {action} an action's name.
            name = _("{key} for “{action}”").format(key=field, action=action) if action else field
            edit.setAccessibleName(name)
            line = edit.findChild(QLineEdit)
            if line is not None:
                line.setAccessibleName(name)

    def _give_up_recording(self) -> None:
        """The keys as they were, and the focus back on the list."""
        self._show_current()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- changes ----------------------------------------------------------------------------------
    def _recorded(self) -> None:
        if self._filling:
            return
        name = self.current_name()
        action = self.bindings.action(name) if name is not None else None
        if action is None:
            return
        keys = [self.key_edit.keySequence(), self.alternate_edit.keySequence()]
        if [k for k in keys if not k.isEmpty()] == action.shortcuts():
            return
        self._answer(self.bindings.set_keys(action, keys))

    def _clear(self) -> None:
        name = self.current_name()
        action = self.bindings.action(name) if name is not None else None
        if action is not None:
            self._answer(self.bindings.set_keys(action, []))

    def _default(self) -> None:
        name = self.current_name()
        action = self.bindings.action(name) if name is not None else None
        if action is not None:
            self._answer(self.bindings.reset(action))

    def _reset_all(self) -> None:
        self.bindings.reset_all()

    def _answer(self, refusal: Text | None) -> None:
        """Show a refusal (the fields go back to the action's keys), or nothing."""
        self._show_current()
        if refusal is None:
            self.refused = None
            return
        self.refused = str(refusal)
        box = QMessageBox(QMessageBox.Icon.Warning, _("Shortcut in use"), self.refused,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setObjectName("shortcut_refused")
        box.open()

    def retranslate(self) -> None:
        self.setWindowTitle(_("Configure Shortcuts"))
        # TRANSLATORS: shown in the empty key field of Configure Shortcuts.
        self._placeholder.text = _("Press the new key")
        for edit in (self.key_edit, self.alternate_edit):
            line = edit.findChild(QLineEdit)
            if line is not None:
                line.setPlaceholderText(self._placeholder.text)
        self.table.setHorizontalHeaderLabels([_("Action"), _("Keys")])
        # TRANSLATORS: a screen reader's name for the list of Configure Shortcuts.
        self.table.setAccessibleName(_("Actions and their keys"))
        self.key_label.setText(_("&Key:"))
        self.alternate_label.setText(_("A&lternate key:"))
        tip = _("Click here, then press the keys")
        self.key_edit.setToolTip(tip)
        self.alternate_edit.setToolTip(tip)
        self.clear_button.setText(_("&No Key"))
        self.clear_button.setToolTip(_("Take every key away from this action"))
        self.default_button.setText(_("&Default"))
        self.default_button.setToolTip(_("Give this action its original keys again"))
        self.reset_all_button.setText(_("&Reset All"))
        self.reset_all_button.setToolTip(_("Give every action its original keys again"))
        self._fill()
        self._show_current()  # the key fields' names in this language


class _KeyDoes(QObject):
    """Calls `do` for one of `keys` pressed alone in the watched widget, and swallows it."""

    def __init__(self, keys: tuple[Qt.Key, ...], do: Callable[[], None]) -> None:
        super().__init__()
        self._keys = keys
        self._do = do

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in self._keys
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                          Qt.KeyboardModifier.KeypadModifier)):
            self._do()
            return True
        return False


class _OwnPlaceholder(QObject):
    """Keeps our placeholder in a key field: QKeySequenceEdit puts Qt's own back ("Press
    shortcut", from Qt's catalogs and in another voice than ours) whenever it resets, so ours is
    put back before each paint."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.text = ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.Paint and isinstance(watched, QLineEdit) and self.text
                and watched.placeholderText() != self.text):
            watched.setPlaceholderText(self.text)
        return False
