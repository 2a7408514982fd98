"""The Statistics dialog: the figures of one game (and options), with Reset, and a table of every
game at once with the totals.

It opens on the game being played; a combo box offers every other game and option combination
that has statistics. Texts are set in `retranslate`, which runs again after a language switch.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from aisle import i18n
from aisle.i18n import TP, T, Text, format_duration, format_number, format_percent
from aisle.stats import Statistics, StatsEntry, totals
from aisle.ui.qt.caption import caption_name
from aisle.ui.qt.enter_closes import enter_closes
from aisle.ui.qt.screen_fit import resize_within_screen
from aisle.variant import Variant

#: The rows of the dialog, in order: (entry field, caption).
ROWS: tuple[tuple[str, Text], ...] = (
    ("played", T("Played:")),
    ("won", T("Won:")),
    ("win_rate", T("Win rate:")),
    ("current_streak", T("Current winning streak:")),
    ("best_streak", T("Best winning streak:")),
    ("best_time", T("Best winning time:")),
    ("worst_time", T("Worst winning time:")),
    ("fewest_moves", T("Fewest moves to win:")),
)
#: The columns of the table of every game, after the game's name: (entry field, heading).
COLUMNS: tuple[tuple[str, Text], ...] = (
    ("played", TP("statistics column", "Played")),
    ("won", TP("statistics column", "Won")),
    ("win_rate", TP("statistics column", "Win rate")),
    ("current_streak", TP("statistics column", "Streak")),
    ("best_streak", TP("statistics column", "Best streak")),
    ("best_time", TP("statistics column", "Best time")),
)
#: Shown for a figure that does not exist yet (no game played, no game won).
NO_VALUE = TP("statistics value", "—")


def installed_variants() -> dict[str, type[Variant]]:
    from aisle.registry.loading import available_variants

    return {variant_id: info.variant for variant_id, info in available_variants().items()}


def key_label(variant_id: str, options: Mapping[str, str],
              variants: Mapping[str, type[Variant]]) -> str:
    """A game and its options as the player knows them ("Klondike (Three cards)")."""
    variant = variants.get(variant_id)
    if variant is None:
        # A game whose plugin is gone: its statistics are kept, shown under its id.
        return variant_id
    labels: list[str] = []
    for option in variant.options:
        value = options.get(option.key)
        if value is None:
            continue
        try:
            labels.append(option.choice(value).label.translate())
        except KeyError:
            labels.append(value)
    name = variant.name.translate()
    if not labels:
        return name
    from babel.lists import format_list

    joined = str(format_list(labels, style="unit", locale=i18n.language()))
    return T("{game} ({options})", game=name, options=joined).translate()


def figure(entry: StatsEntry, name: str) -> str:
    """One figure of an entry, formatted for the current language."""
    if name == "win_rate":
        rate = entry.win_rate
        return NO_VALUE.translate() if rate is None else format_percent(rate)
    if name in ("best_time", "worst_time"):
        seconds = getattr(entry, name)
        return NO_VALUE.translate() if seconds is None else format_duration(seconds)
    value = getattr(entry, name)
    return NO_VALUE.translate() if value is None else format_number(value)


class StatisticsDialog(QDialog):
    def __init__(
        self,
        stats: Statistics,
        variant_id: str,
        options: Mapping[str, str],
        parent: QWidget | None = None,
        variants: Mapping[str, type[Variant]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.stats = stats
        self._variants = installed_variants() if variants is None else dict(variants)
        current = (variant_id, dict(options))
        others = [key for key in stats.recorded() if key != current]
        #: The game being played first, then every other one with statistics, by name.
        self.keys: list[tuple[str, dict[str, str]]] = [current, *sorted(
            others, key=lambda k: key_label(k[0], k[1], self._variants).casefold())]

        self.chooser = QComboBox()
        self.chooser.addItems(["" for _key in self.keys])
        self.chooser.currentIndexChanged.connect(self.refresh)
        self._game_caption = QLabel()
        self._game_caption.setBuddy(self.chooser)
        form = QFormLayout()
        form.addRow(self._game_caption, self.chooser)
        self._captions: dict[str, QLabel] = {}
        self.values: dict[str, QLabel] = {}
        for name, _caption in ROWS:
            self._captions[name] = QLabel()
            self.values[name] = QLabel()
            self.values[name].setObjectName(f"{name}-value")
            form.addRow(self._captions[name], self.values[name])

        self.buttons = QDialogButtonBox()
        self.reset_button = QPushButton()
        #: The question before a reset, while it is open.
        self.reset_question: QMessageBox | None = None
        self.close_button = QPushButton()
        self.buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.reset_button.clicked.connect(self.ask_reset)
        self.buttons.rejected.connect(self.reject)
        enter_closes(self, self.close_button)

        one_game = QWidget()
        one_game.setLayout(form)
        self.table = QTableWidget(0, len(COLUMNS) + 1)
        self.table.setObjectName("statistics_table")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS) + 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tabs = QTabWidget()
        self.tabs.addTab(one_game, "")
        self.tabs.addTab(self.table, "")
        # Reset clears the one game of the first tab: beside the table of every game it would
        # not say which.
        self.tabs.currentChanged.connect(lambda index: self.reset_button.setVisible(index == 0))

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)
        resize_within_screen(self, 640, 420)

        self._unsubscribe = _listen_weakly(self.retranslate)
        self.destroyed.connect(self._unsubscribe)
        self.retranslate()

    @property
    def selected(self) -> tuple[str, dict[str, str]]:
        return self.keys[max(0, self.chooser.currentIndex())]

    def retranslate(self) -> None:
        """Set every text again in the current language (numbers and times included)."""
        self.setWindowTitle(T("Statistics").translate())
        self._game_caption.setText(T("&Game:").translate())
        # A combo box is read by its value alone: its caption names it.
        self.chooser.setAccessibleName(caption_name(self._game_caption.text()))
        for index, (variant_id, options) in enumerate(self.keys):
            self.chooser.setItemText(index, key_label(variant_id, options, self._variants))
        for name, caption in ROWS:
            self._captions[name].setText(caption.translate())
        self.reset_button.setText(T("&Reset").translate())
        self.close_button.setText(T("&Close").translate())
        self.tabs.setTabText(0, T("&This Game").translate())
        self.tabs.setTabText(1, T("&All Games").translate())
        self.table.setAccessibleName(caption_name(self.tabs.tabText(1)))  # a screen reader's name
        self.table.setHorizontalHeaderLabels(
            [TP("statistics column", "Game").translate(),
             *(heading.translate() for _name, heading in COLUMNS)])
        self.refresh()

    def refresh(self) -> None:
        """Show the figures of the selected game."""
        entry = self.stats.entry(*self.selected)
        for name, _caption in ROWS:
            self.values[name].setText(figure(entry, name))
        self.reset_button.setEnabled(entry.played > 0)
        self._fill_table()

    def _fill_table(self) -> None:
        """Every game with statistics, by name, then the totals."""
        keys = sorted(self.stats.recorded(),
                      key=lambda k: key_label(k[0], k[1], self._variants).casefold())
        entries = [self.stats.entry(*key) for key in keys]
        rows = [(key_label(*key, self._variants), entry) for key, entry in zip(keys, entries, strict=True)]
        rows.append((T("All games").translate(), totals(entries)))
        last = len(rows) - 1
        self.table.setRowCount(len(rows))
        for row, (label, entry) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(label))
            for column, (name, _heading) in enumerate(COLUMNS, start=1):
                # No current streak across games: each game has its own.
                blank = row == last and name == "current_streak"
                item = QTableWidgetItem(NO_VALUE.translate() if blank else figure(entry, name))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        for column in range(len(COLUMNS) + 1):
            cell = self.table.item(last, column)
            if cell is not None:
                font = cell.font()
                font.setBold(True)
                cell.setFont(font)

    def ask_reset(self) -> None:
        """Reset the selected game's statistics after the player confirms."""
        from aisle.ui.dialogs.small import confirm

        variant_id, options = self.selected

        def reset() -> None:
            self.stats.reset(variant_id, options)
            self.refresh()

        self.reset_question = confirm(
            self, T("Reset Statistics"),
            T("Reset the statistics of {game}? They cannot be brought back.",
              game=key_label(variant_id, options, self._variants)), T("&Reset"), reset)


def _listen_weakly(method: Callable[[], None]) -> Callable[[], None]:
    """Subscribe to language switches without keeping the dialog alive; returns the unsubscriber.

    The dialog also unsubscribes when Qt destroys it, so a deleted dialog is never called.
    """
    reference = weakref.WeakMethod(method)
    unsubscribe: Callable[[], None] = lambda: None  # noqa: E731 - replaced right below

    def listener(_code: str) -> None:
        bound = reference()
        if bound is None:
            unsubscribe()
        else:
            bound()

    unsubscribe = i18n.on_language_changed(listener)
    return unsubscribe
