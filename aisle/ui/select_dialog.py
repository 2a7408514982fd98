"""Select Game: every installed game in a searchable list, with its short description.

While plugins still load, the games found so far are listed and a note says more are coming
(`set_variants` fills in the rest); with no game at all, the dialog says why and what to do."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aisle.hooks import VariantInfo, why_no_games
from aisle.i18n import _, language
from aisle.ui.name_order import name_sort_key
from aisle.ui.retranslate import follow_language

_ID_ROLE = Qt.ItemDataRole.UserRole


class SelectGameDialog(QDialog):
    def __init__(self, variants: Mapping[str, VariantInfo], current: str | None,
                 parent: QWidget | None = None, loading: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("select_game_dialog")
        self._variants = dict(variants)
        self._current = current
        self._loading = loading
        #: "More games are still loading", or why there is no game at all.
        self.note = QLabel(self)
        self.note.setObjectName("select_game_note")
        self.note.setWordWrap(True)
        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.games = QListWidget(self)
        self.games.currentItemChanged.connect(lambda *_args: self._describe())
        self.games.itemDoubleClicked.connect(lambda _item: self.accept())
        self.description = QLabel(self)
        self.description.setWordWrap(True)
        self.description.setMinimumHeight(48)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.games, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.description)
        layout.addWidget(self.buttons)
        self.resize(420, 440)
        self.retranslate()
        follow_language(self, self.retranslate)
        self.search.setFocus()

    def retranslate(self) -> None:
        self.setWindowTitle(_("Select Game"))
        self.search.setPlaceholderText(_("Search games"))
        chosen = self.chosen() or self._current
        self.games.clear()
        # The language's own alphabetical order, numbers by value ("Golf 9" before "Golf 10").
        by_name = name_sort_key(language())
        infos = sorted(self._variants.values(), key=lambda info: by_name(info.name.translate()))
        for info in infos:
            item = QListWidgetItem(info.name.translate(), self.games)
            item.setData(_ID_ROLE, info.id)
            if info.id == chosen:
                self.games.setCurrentItem(item)
        if self.games.currentItem() is None and self.games.count():
            self.games.setCurrentRow(0)
        self._filter(self.search.text())
        self._describe()
        if self._loading:
            self.note.setText(_("More games are still loading…"))
        elif not self._variants:
            self.note.setText(why_no_games().translate())
        self.note.setVisible(self._loading or not self._variants)

    def set_variants(self, variants: Mapping[str, VariantInfo], loading: bool) -> None:
        """Show these games (the plugins have loaded more of them), keeping the choice."""
        self._variants = dict(variants)
        self._loading = loading
        self.retranslate()

    def _filter(self, text: str) -> None:
        needle = text.strip().casefold()
        first_shown: QListWidgetItem | None = None
        for row in range(self.games.count()):
            item = self.games.item(row)
            info = self._variants[item.data(_ID_ROLE)]
            haystack = f"{info.name.translate()} {info.description.translate()} {info.id}".casefold()
            hidden = bool(needle) and needle not in haystack
            item.setHidden(hidden)
            if not hidden and first_shown is None:
                first_shown = item
        current = self.games.currentItem()
        if (current is None or current.isHidden()) and first_shown is not None:
            self.games.setCurrentItem(first_shown)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(first_shown is not None)

    def _describe(self) -> None:
        variant_id = self.chosen()
        info = self._variants.get(variant_id) if variant_id else None
        self.description.setText(info.description.translate() if info else "")

    def chosen(self) -> str | None:
        item = self.games.currentItem()
        if item is None or item.isHidden():
            return None
        value = item.data(_ID_ROLE)
        return value if isinstance(value, str) else None
