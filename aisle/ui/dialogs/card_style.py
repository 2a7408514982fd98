"""View ▸ Card Style: every deck with a few of its cards, "Add Deck from File…", the baize.

A choice shows on the table at once. The list opens at once too: the previews are drawn one
deck at a time afterwards, and kept on disk like the table's pictures, so they are there at
once next time. An SVG deck not checked before is checked in the background first (it shows
"Checking…" meanwhile and cannot be chosen yet); so is a deck file the player adds.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import _
from aisle.ui.cards.card_art import CardArt, card_height
from aisle.ui.cards.decks.deck import Deck, DeckError, DeckNotReadyError
from aisle.ui.cards.picture_cache import PictureCache
from aisle.ui.qt.enter_closes import enter_closes
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen
from aisle.ui.table.baize import BAIZE_STYLES, baize_style

if TYPE_CHECKING:
    from aisle.ui.cards.decks.svg_deck import SvgDeck
    from aisle.ui.window.appearance import Appearance

#: The cards of a preview, left to right, and how wide each is drawn.
PREVIEW_CARDS = ((1, "spades"), (13, "hearts"), (10, "diamonds"), (12, "clubs"))
PREVIEW_WIDTH = 44
_OVERLAP = 0.62
_SWATCH = 28
_DECK_ROLE = Qt.ItemDataRole.UserRole
#: Where an item stands: `_CHECKING`, a DeckError (refused), or None (usable).
_STATE_ROLE = Qt.ItemDataRole.UserRole + 1
_CHECKING = "checking"


def preview(deck: Deck, dpr: float, cache: PictureCache | None = None) -> QPixmap:
    """A few faces of `deck` fanned to the right, then its back; raises DeckError (and
    DeckNotReadyError while an SVG deck's file is being read)."""
    art = CardArt(cache, deck)
    step = round(PREVIEW_WIDTH * _OVERLAP)
    width = step * len(PREVIEW_CARDS) + PREVIEW_WIDTH + 8
    try:
        cards = [art.face(rank, suit, PREVIEW_WIDTH, dpr) for rank, suit in PREVIEW_CARDS]
        cards.append(art.back(PREVIEW_WIDTH, dpr))
    finally:
        art.keep()
        deck.release()
    # A deck's cards take its own shape: a taller one is shown a little smaller, never cut.
    height = max(round(card.height() / dpr) for card in cards)
    picture = QPixmap(round(width * dpr), round(height * dpr))
    picture.setDevicePixelRatio(dpr)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    try:
        for index, card in enumerate(cards[:-1]):
            painter.drawPixmap(index * step, 0, card)
        painter.drawPixmap(width - PREVIEW_WIDTH, 0, cards[-1])
    finally:
        painter.end()
    if height > card_height(PREVIEW_WIDTH):
        picture = picture.scaledToHeight(round(card_height(PREVIEW_WIDTH) * dpr),
                                         Qt.TransformationMode.SmoothTransformation)
        picture.setDevicePixelRatio(dpr)
    if art.problem is not None:
        raise art.problem
    return picture


def swatch(style: str, dpr: float) -> QIcon:
    from aisle.ui.table.baize import paint_baize

    return QIcon(paint_baize(_SWATCH, _SWATCH, dpr, style))


class AppearanceDialog(QDialog):
    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearance_dialog")
        self.appearance = appearance
        self._cache = PictureCache()
        self.cards_label = QLabel(self)
        self.decks = QListWidget(self)
        self.decks.setObjectName("decks")
        self.decks.setIconSize(self._icon_size())
        self.decks.setSpacing(2)
        self.decks.setWordWrap(True)
        self.decks.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.add_button = QPushButton(self)
        self.add_button.setObjectName("add_deck")
        self.add_button.clicked.connect(self.add_from_file)
        self.cards_label.setBuddy(self.decks)  # a screen reader names the list by it
        self.table_label = QLabel(self)
        self.baize_buttons: dict[str, QPushButton] = {}
        baize_row = QHBoxLayout()
        for style in BAIZE_STYLES:
            button = QPushButton(self)
            button.setObjectName(f"baize_{style}")
            button.setCheckable(True)
            button.setIcon(swatch(style, self.devicePixelRatioF()))
            button.clicked.connect(lambda _on=False, chosen=style: self.choose_baize(chosen))
            self.baize_buttons[style] = button
            baize_row.addWidget(button)
        self.custom_button = QPushButton(self)
        self.custom_button.setObjectName("baize_custom")
        self.custom_button.setCheckable(True)
        self.custom_button.clicked.connect(lambda _on=False: self.choose_custom_colour())
        baize_row.addWidget(self.custom_button)
        baize_row.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        enter_closes(self, self.buttons.button(QDialogButtonBox.StandardButton.Close), self.decks)
        layout = QVBoxLayout(self)
        layout.addWidget(self.cards_label)
        layout.addWidget(self.decks, 1)
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        layout.addLayout(add_row)
        layout.addWidget(self.table_label)
        layout.addLayout(baize_row)
        layout.addWidget(self.buttons)
        self._waiting: list[QListWidgetItem] = []
        self._drawing = QTimer(self)
        self._drawing.setInterval(0)
        self._drawing.timeout.connect(self._draw_next_preview)
        self._adding = False
        from aisle.ui.cards.decks.background import listen_for_checks

        listen_for_checks(self, self._checked)
        self.fill()
        self.decks.currentItemChanged.connect(self._picked)
        self._mark_baize()
        self.retranslate()
        follow_language(self, self.retranslate)
        resize_within_screen(self, 560, 560)

    @staticmethod
    def _icon_size() -> QSize:
        step = round(PREVIEW_WIDTH * _OVERLAP)
        return QSize(step * len(PREVIEW_CARDS) + PREVIEW_WIDTH + 8, card_height(PREVIEW_WIDTH))

    # -- decks ----------------------------------------------------------------------------------
    def fill(self) -> None:
        """List every deck (previews follow, one deck at a time); the current one selected."""
        from aisle.ui.cards.decks.catalog import all_decks

        current = self.appearance.deck.id
        self.decks.blockSignals(True)
        self.decks.clear()
        self._waiting = []
        for deck in all_decks():
            item = QListWidgetItem(self.decks)
            item.setData(_DECK_ROLE, deck)
            if deck.start_check():
                self._set_state(item, deck.problem)
            else:
                self._set_state(item, _CHECKING)
            if deck.id == current:
                self.decks.setCurrentItem(item)
        self.decks.blockSignals(False)
        self._drawing.start()

    def deck_of(self, item: QListWidgetItem) -> Deck:
        deck = item.data(_DECK_ROLE)
        assert isinstance(deck, Deck)
        return deck

    def _set_state(self, item: QListWidgetItem, state: DeckError | str | None) -> None:
        """Usable (None: its preview is drawn next), being checked, or refused."""
        item.setData(_STATE_ROLE, state)
        usable = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        item.setFlags(item.flags() | usable if state is None else item.flags() & ~usable)
        if state is None and item not in self._waiting:
            self._waiting.append(item)
            self._drawing.start()
        self._label(item)

    def _label(self, item: QListWidgetItem) -> None:
        deck = self.deck_of(item)
        state = item.data(_STATE_ROLE)
        origin = getattr(deck, "origin", "")
        lines = [deck.name]
        problem = ""
        if isinstance(state, DeckError):
            problem = state.message.translate()
            lines.append(problem)
        elif state == _CHECKING:
            lines.append(_("Checking…"))
        elif origin:
            lines.append(_("From {source}").format(source=origin))
        item.setText("\n".join(lines))
        item.setToolTip(problem or str(getattr(deck, "path", "")) or deck.name)

    def _checked(self, deck_id: str) -> None:
        """A deck's check ended: its preview is drawn now, or its problem shown."""
        for row in range(self.decks.count()):
            item = self.decks.item(row)
            if item is not None and item.data(_STATE_ROLE) == _CHECKING:
                deck = self.deck_of(item)
                if deck.id == deck_id:
                    self._set_state(item, deck.problem)
        self._select_current()

    def _draw_next_preview(self) -> None:
        if not self._waiting:
            self._drawing.stop()
            return
        item = self._waiting.pop(0)
        try:
            picture = preview(self.deck_of(item), self.devicePixelRatioF(), self._cache)
            icon = QIcon(picture)
            icon.addPixmap(picture, QIcon.Mode.Selected)  # the cards as they are, not tinted
            item.setIcon(icon)
        except DeckNotReadyError:
            self._set_state(item, _CHECKING)  # read in the background: `_checked` follows
        except DeckError as error:
            self._set_state(item, error)

    def _picked(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is None:
            return
        if not self.appearance.choose_deck(self.deck_of(item)):
            self._select_current()

    def _select_current(self) -> None:
        current = self.appearance.deck.id
        self.decks.blockSignals(True)
        for row in range(self.decks.count()):
            item = self.decks.item(row)
            if item is not None and self.deck_of(item).id == current:
                self.decks.setCurrentItem(item)
        self.decks.blockSignals(False)

    def add_from_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from aisle.ui.dialogs.file_chooser import own_labels

        dialog = QFileDialog(self, _("Add Deck from File"))
        dialog.setObjectName("add_deck_file")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilter(_("Card decks (*.svg *.svgz)"))
        dialog.setDirectory(str(Path.home()))  # as the other file dialogs: never the working folder
        own_labels(dialog, saving=False)
        dialog.fileSelected.connect(lambda name: self.add_deck(Path(name)))
        dialog.open()

    def add_deck(self, path: Path) -> None:
        """Check a deck file and copy it into the player's deck folder, in the background;
        then show and choose it, or tell why it is no usable deck."""
        from aisle.ui.cards.decks.background import run_in_background
        from aisle.ui.cards.decks.catalog import add_deck_file

        self._adding = True
        self.add_button.setEnabled(False)
        self.retranslate()
        run_in_background(lambda: add_deck_file(path), self._added)

    def _added(self, future: Future[SvgDeck]) -> None:
        from shiboken6 import isValid

        if not isValid(self):  # closed meanwhile
            return
        self._adding = False
        self.add_button.setEnabled(True)
        self.retranslate()
        try:
            added = future.result()
        except DeckError as error:
            self.appearance.tell(error)
            return
        self.fill()
        for row in range(self.decks.count()):
            item = self.decks.item(row)
            if item is not None and self.deck_of(item).id == added.id:
                self.decks.setCurrentItem(item)  # chosen, as the player meant by adding it

    # -- baize ----------------------------------------------------------------------------------
    def choose_baize(self, style: str) -> None:
        self.appearance.choose_baize(style)
        self._mark_baize()

    def choose_custom_colour(self) -> None:
        from PySide6.QtWidgets import QColorDialog

        style = baize_style()
        start = QColor(style) if style.startswith("#") else QColor(40, 100, 60)
        dialog = QColorDialog(start, self)
        dialog.setWindowTitle(_("Table Colour"))
        dialog.colorSelected.connect(lambda color: self.choose_baize(color.name()))
        dialog.finished.connect(lambda _result: self._mark_baize())
        dialog.open()

    def _mark_baize(self) -> None:
        style = baize_style()
        for name, button in self.baize_buttons.items():
            button.setChecked(name == style)
        custom = style.startswith("#")
        self.custom_button.setChecked(custom)
        self.custom_button.setIcon(swatch(style, self.devicePixelRatioF()) if custom else QIcon())

    def retranslate(self) -> None:
        self.setWindowTitle(_("Card Style"))
        self.cards_label.setText(_("Cards:"))
        self.add_button.setText(_("Checking the deck…") if self._adding
                                else _("&Add Deck from File…"))
        self.table_label.setText(_("Table:"))
        names = {"green": _("Green"), "blue": _("Blue"), "burgundy": _("Burgundy"),
                 "charcoal": _("Charcoal"), "teal": _("Teal"), "night": _("Dark Green")}
        for style, button in self.baize_buttons.items():
            button.setText(names.get(style, style))
        self.custom_button.setText(_("Custom &Colour…"))
        for row in range(self.decks.count()):
            item = self.decks.item(row)
            if item is not None:
                self._label(item)
