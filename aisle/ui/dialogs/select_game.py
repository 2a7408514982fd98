"""Select Game: every installed game as a tile (a thumbnail of its deal drawn with the current
deck, its name, description, difficulty and the player's record), found by searching, by
family, by difficulty and by played or not, listed in the language's alphabetical order.

The dialog opens at once: thumbnails are drawn afterwards, only those in view (see
aisle.ui.dialogs.thumbnail_loader). While plugins still load, the games found so far are listed and a
note says more are coming (`set_variants` fills in the rest); with no game at all, the dialog
says why and what to do. Arrow keys move between tiles, Enter chooses, typing goes to the
search field (so does Ctrl+F), Escape closes."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import _, language, ngettext, pgettext
from aisle.registry.collect import VariantInfo
from aisle.registry.loading import why_no_games
from aisle.stats import Statistics
from aisle.ui.dialogs.chooser_grid import GAP, GameGrid
from aisle.ui.dialogs.game_facts import DIFFICULTIES, FAMILIES, difficulty_dots, folded, game_entries, records
from aisle.ui.dialogs.game_tile import ID_ROLE, THUMBNAIL
from aisle.ui.dialogs.thumbnail_loader import ThumbnailLoader
from aisle.ui.qt.name_order import name_sort_key
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen, room
from aisle.ui.table.card_item import CardPictures, default_pictures

#: The grid's size when the dialog opens, in tiles (the screen permitting).
COLUMNS, ROWS = 4, 2.5
#: The characters of room the search box keeps beside the filters (else they go below it).
SEARCH_CHARACTERS = 24
#: How long after the last key typed into the search the number of games found is said.
COUNT_AFTER_MS = 700
#: Keys that take the focus from the search field down to the games.
_TO_GAMES = (Qt.Key.Key_Down, Qt.Key.Key_PageDown)


class SelectGameDialog(QDialog):
    def __init__(self, variants: Mapping[str, VariantInfo], current: str | None,
                 parent: QWidget | None = None, loading: bool = False, *,
                 stats: Statistics | None = None, pictures: CardPictures | None = None,
                 playing: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("select_game_dialog")
        self._variants = dict(variants)
        self._current = current
        #: The id of the game on the table (its record says so), None: the table is empty.
        self._playing = playing
        self._loading = loading
        self._stats = stats
        #: "More games are still loading", or why there is no game at all.
        self.note = QLabel(self)
        self.note.setObjectName("select_game_note")
        self.note.setWordWrap(True)
        self.search = QLineEdit(self)
        self.search.setObjectName("select_game_search")
        self.search.setClearButtonEnabled(True)
        self.search.installEventFilter(self)
        self.family = QComboBox(self)
        self.family.setObjectName("select_game_family")
        self.difficulty = QComboBox(self)
        self.difficulty.setObjectName("select_game_difficulty")
        self.played = QComboBox(self)
        self.played.setObjectName("select_game_played")
        self.played.setVisible(stats is not None)
        self._filters = (self.family, self.difficulty, self.played)
        self.loader = ThumbnailLoader(pictures or default_pictures(), THUMBNAIL, self)
        self.games = GameGrid(self.loader, self)
        self.description = QLabel(self)
        self.description.setObjectName("select_game_description")
        self.description.setWordWrap(True)
        self.description.setMinimumHeight(2 * self.description.fontMetrics().lineSpacing() + 8)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        #: How many games the search finds, said a moment after the typing stops.
        self._count_timer = QTimer(self)
        self._count_timer.setSingleShot(True)
        self._count_timer.setInterval(COUNT_AFTER_MS)
        self._count_timer.timeout.connect(self._say_count)
        #: What `_say_count` said last (the tests read it).
        self.said = ""
        self._connect()
        # The filters beside the search, or on a row of their own below it when they would
        # squeeze it (`_arrange_filters`).
        self._search_row = QHBoxLayout()
        self._search_row.addWidget(self.search, 1)
        self._filter_row = QHBoxLayout()
        self._filter_row.addStretch(1)  # each filter as wide as its longest choice, from the left
        self._filters_below: bool | None = None  # placed by the first `_arrange_filters`
        layout = self._layout = QVBoxLayout(self)
        layout.addLayout(self._search_row)
        layout.addLayout(self._filter_row)
        layout.addWidget(self.games, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.description)
        layout.addWidget(self.buttons)
        self._records = records(stats)
        self.retranslate()
        follow_language(self, self.retranslate)
        self._open_size()
        # Tab goes from the search to the games it found, then on to the filters.
        for first, then in zip((self.search, self.games, *self._filters),
                               (self.games, *self._filters, self.buttons), strict=True):
            QWidget.setTabOrder(first, then)
        (self.games if self.games.count() else self.search).setFocus()

    def _connect(self) -> None:
        self.search.textChanged.connect(lambda _text: self._filter())
        for combo in self._filters:
            combo.currentIndexChanged.connect(lambda _index: self._filter())
        self.games.currentItemChanged.connect(lambda *_args: self._describe())
        self.games.itemDoubleClicked.connect(lambda _item: self.accept())
        self.games.chosen.connect(self._choose)
        self.games.typed.connect(self._type_into_search)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.activated.connect(self._focus_search)

    def _open_size(self) -> None:
        """`COLUMNS` x `ROWS` tiles, or as many whole columns as nine tenths of the screen
        take."""
        tile = self.games.tile.tile_size(self.games.font())
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self.games)
        margins = self._layout.contentsMargins()
        # Beside the tiles: as the grid counts its room, and the dialog's margins.
        beside = 2 * self.games.frameWidth() + bar + GAP + margins.left() + margins.right()
        most_width, _most_height = room(self)
        columns = max(1, min(COLUMNS, (most_width - beside) // (tile.width() + GAP)))
        height = (self.sizeHint().height() - self.games.sizeHint().height()
                  + round(ROWS * (tile.height() + GAP)))
        resize_within_screen(self, columns * (tile.width() + GAP) + beside, height)

    # -- texts --------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(_("Select Game"))
        self.search.setPlaceholderText(_("Search games"))
        self.search.setAccessibleName(_("Search games"))
        self.family.setAccessibleName(_("Family"))
        self.difficulty.setAccessibleName(_("Difficulty"))
        self.played.setAccessibleName(_("Played or not"))
        self.games.setAccessibleName(_("Games"))
        chosen = self.chosen() or self._current
        self.loader.set_games(self._variants)
        # The language's own alphabetical order, numbers by value ("Golf 9" before "Golf 10").
        by_name = name_sort_key(language())
        entries = sorted(game_entries(self._variants.values(), self._records, self._playing),
                         key=lambda entry: by_name(entry.name))
        self._fill_families({entry.family for entry in entries})
        self._fill_difficulties({entry.difficulty for entry in entries if entry.difficulty is not None})
        self._fill_played()
        self.games.fill(entries, chosen)
        self._filter()
        self._arrange_filters()

    def _arrange_filters(self) -> None:
        """The filters beside the search when it keeps room for a few words there, else below
        it: a long language's filter names (Russian's) left the search box a few letters wide
        in a dialog two tiles across."""
        filters = [combo for combo in self._filters if not combo.isHidden()]
        spacing = max(0, self._search_row.spacing())
        beside = sum(combo.sizeHint().width() + spacing for combo in filters)
        margins = self._layout.contentsMargins()
        room = self.width() - margins.left() - margins.right() - beside
        below = room < self.search.fontMetrics().averageCharWidth() * SEARCH_CHARACTERS
        if below == self._filters_below:
            return
        self._filters_below = below
        for combo in self._filters:
            (self._search_row if below else self._filter_row).removeWidget(combo)
        for index, combo in enumerate(self._filters):
            if below:
                self._filter_row.insertWidget(index, combo)  # before the row's closing stretch
            else:
                self._search_row.addWidget(combo)
        self._layout.activate()  # in place at once, not a frame later with the filters cut

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._arrange_filters()

    def _fill_families(self, present: set[str]) -> None:
        """The families of the games listed (none offered when all are of one)."""
        shown = self.family.currentData()
        self.family.blockSignals(True)
        try:
            self.family.clear()
            self.family.addItem(_("All games"), None)
            for family, label in FAMILIES:
                if family in present:
                    self.family.addItem(label.translate(), family)
            self.family.setCurrentIndex(max(0, self.family.findData(shown)))
        finally:
            self.family.blockSignals(False)
        self.family.setVisible(len(present) > 1)

    def _fill_difficulties(self, present: set[int]) -> None:
        """The difficulties of the games listed, each with the tiles' dots (so the choices
        say what the dots mean); none offered when all games are of one."""
        shown = self.difficulty.currentData()
        self.difficulty.blockSignals(True)
        try:
            self.difficulty.clear()
            self.difficulty.addItem(_("Any difficulty"), None)
            for level, label in DIFFICULTIES.items():
                if level in present:
                    name = label.translate()
                    # The word first: typing its first letter picks it, as in any list.
                    self.difficulty.addItem(f"{name}  {difficulty_dots(level)}", level)
                    self.difficulty.setItemData(self.difficulty.count() - 1, name,
                                                Qt.ItemDataRole.AccessibleTextRole)
            self.difficulty.setCurrentIndex(max(0, self.difficulty.findData(shown)))
        finally:
            self.difficulty.blockSignals(False)
        self.difficulty.setVisible(len(present) > 1)

    def _fill_played(self) -> None:
        shown = self.played.currentIndex()
        self.played.blockSignals(True)
        try:
            self.played.clear()
            self.played.addItem(_("Played or not"), None)
            self.played.addItem(_("Played"), True)
            # TRANSLATORS: a choice of the filter beside "Played": the games not played yet.
            self.played.addItem(pgettext("game filter", "Not played yet"), False)
            self.played.setCurrentIndex(max(0, shown))
        finally:
            self.played.blockSignals(False)

    def set_variants(self, variants: Mapping[str, VariantInfo], loading: bool) -> None:
        """Show these games (the plugins have loaded more of them), keeping the choice."""
        self._variants = dict(variants)
        self._loading = loading
        self.retranslate()

    # -- choosing -----------------------------------------------------------------------------
    def _filter(self) -> None:
        family = self.family.currentData() if self.family.isVisibleTo(self) else None
        played = self.played.currentData() if self._stats is not None else None
        level = self.difficulty.currentData() if self.difficulty.isVisibleTo(self) else None
        shown = self.games.show_only(folded(self.search.text().strip()), family, played, level)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(shown)
        self._describe()
        self._tell(shown)
        if self.search.hasFocus():
            self._count_timer.start()

    def _say_count(self) -> None:
        """Tell a screen reader how many games the search and the filters leave (none: the
        note under the games, which says so)."""
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        count = self.games.count()
        self.said = (ngettext("{n} game matches.", "{n} games match.", count).format(n=count)
                     if count else _("No game matches the search and the filters."))
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.search, self.said))

    def _tell(self, shown: bool) -> None:
        """The note under the games: more are loading, there are none, or none is shown."""
        if self._loading:
            self.note.setText(_("More games are still loading…"))
        elif not self._variants:
            self.note.setText(why_no_games().translate())
        elif not shown:
            self.note.setText(_("No game matches the search and the filters."))
        self.note.setVisible(self._loading or not self._variants or not shown)

    def _describe(self) -> None:
        variant_id = self.chosen()
        entry = self.games.entry(variant_id) if variant_id else None
        self.description.setText(entry.description if entry else "")

    def chosen(self) -> str | None:
        item = self.games.currentItem()
        if item is None or not self.games.shows(item):
            return None
        value = item.data(ID_ROLE)
        return value if isinstance(value, str) else None

    def _choose(self) -> None:
        if self.chosen() is not None:
            self.accept()

    # -- keys ---------------------------------------------------------------------------------
    def _focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _type_into_search(self, text: str) -> None:
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)
        self.search.end(False)
        self.search.insert(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (watched is self.search and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() in _TO_GAMES
                and self.chosen() is not None):
            self.games.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        # Once laid out, the current game is brought into view.
        QTimer.singleShot(0, self, self._show_current)

    def _show_current(self) -> None:
        item = self.games.currentItem()
        if item is not None and self.games.shows(item):
            self.games.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)
