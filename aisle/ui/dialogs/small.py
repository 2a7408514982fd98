"""Small dialogs: New Game by Number, the end of a game, passing messages.

All are opened with `open()` (window-modal, never a nested event loop), so the game and the
tests keep running; each follows language switches while it is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStyle,
    QStyleOptionFrame,
    QWidget,
)

from aisle.engine.game import MAX_SEED
from aisle.i18n import Text, _, format_duration, format_number, ngettext
from aisle.stats import WinReport
from aisle.ui.qt.retranslate import follow_language


class DealNumberDialog(QDialog):
    """Asks for a deal number (too big for a spin box: up to 2**64 - 1)."""

    def __init__(self, current: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deal_number_dialog")
        self.label = QLabel(self)
        self.number = QLineEdit(str(current), self)
        self.number.selectAll()
        # One line, never wrapped: wrapping broke the long maximum number off the line (and a
        # wrapped label in a dialog gets one line's height). Its room is kept even while it is
        # empty (see `_fit`), so the dialog keeps its size as the player types.
        self.problem = QLabel(self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.number.textChanged.connect(lambda _text: self._check())
        form = QFormLayout(self)
        form.addRow(self.label, self.number)
        self.label.setBuddy(self.number)  # a screen reader names the field by it
        form.addRow(self.problem)
        form.addRow(self.buttons)
        self.retranslate()
        follow_language(self, self.retranslate)

    def value(self) -> int | None:
        text = self.number.text().strip()
        if not text.isdigit() or not text.isascii():
            return None
        number = int(text)
        return number if 0 <= number <= MAX_SEED else None

    def _check(self) -> None:
        ok = self.value() is not None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        self.problem.setText("" if ok else self._problem_text())

    @staticmethod
    def _problem_text() -> str:
        return _("A deal number is a whole number from 0 to {max}.").format(max=MAX_SEED)

    def _fit(self) -> None:
        """Room for the problem line and for the largest deal number, in this language."""
        metrics = self.problem.fontMetrics()
        self.problem.setMinimumSize(metrics.horizontalAdvance(self._problem_text()) + 2,
                                    metrics.height())
        self.number.setMinimumWidth(number_field_width(self.number, str(MAX_SEED)))

    def retranslate(self) -> None:
        self.setWindowTitle(_("New Game by Number"))
        self.label.setText(_("Deal number:"))
        self._check()
        self._fit()


def number_field_width(field: QLineEdit, text: str) -> int:
    """The width `field` needs to show `text` whole (QLineEdit's own size hint, for this text)."""
    # QLineEdit keeps 2 pixels on each side of its text, besides its text and contents margins.
    margins = field.textMargins()
    contents = field.contentsMargins()
    inner = (field.fontMetrics().horizontalAdvance(text) + 2 * 2 + 1 + margins.left()
             + margins.right() + contents.left() + contents.right())
    option = QStyleOptionFrame()
    option.initFrom(field)
    option.lineWidth = field.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, option,
                                                 field)
    return field.style().sizeFromContents(QStyle.ContentsType.CT_LineEdit, option,
                                          QSize(inner, field.sizeHint().height()), field).width()


class EndDialog(QMessageBox):
    """Won (New Game, Close) or no more moves (Undo, Restart, New Game; first, when the solver
    knows one, back to the last position that could still be won). Closing it in any way only
    closes it: the program goes on."""

    def __init__(self, won: bool, parent: QWidget | None = None, assisted: bool = False,
                 report: WinReport | None = None, winnable_back: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("end_dialog")
        self.won = won
        #: The solver played the way to this win (Show Me How): it is not the player's.
        self.assisted = assisted
        #: The player's own win, as counted: time, moves, score, streak, records beaten.
        self.report = report
        self.setIcon(QMessageBox.Icon.Information if won else QMessageBox.Icon.Warning)
        self.chosen: str = "close"
        self._buttons: dict[str, QPushButton] = {}
        #: A lost game the solver knows a winnable position of, some moves back.
        self.winnable_back = winnable_back and not won
        names = ("new_game", "select_game", "close") if won else (
            ("undo_to_winnable",) * self.winnable_back + ("undo", "restart", "new_game"))
        for name in names:
            role = (QMessageBox.ButtonRole.RejectRole if name == "close"
                    else QMessageBox.ButtonRole.ActionRole)
            button = self.addButton(self._labels()[name], role)
            button.setObjectName(f"end_{name}")
            self._buttons[name] = button
        self.setDefaultButton(self._buttons["new_game"])
        if not won:
            # Escape or the window's close button just closes, as Close would.
            self.setEscapeButton(QMessageBox.StandardButton.NoButton)
        self.buttonClicked.connect(self._clicked)
        self.retranslate()
        follow_language(self, self.retranslate)

    def named_button(self, name: str) -> QPushButton:
        return self._buttons[name]

    # The lost box has no button that only closes (each of its buttons does something), and a
    # QMessageBox without one ignores Escape, its close button and Alt+F4: it closes here.
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.won:
            super().closeEvent(event)
            return
        event.accept()
        self.reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.won and event.key() == Qt.Key.Key_Escape:
            self.reject()
            return
        super().keyPressEvent(event)

    def _clicked(self, button: QAbstractButton) -> None:
        for name, known in self._buttons.items():
            if known is button:
                self.chosen = name

    def retranslate(self) -> None:
        if self.won and self.assisted:
            self.setWindowTitle(_("Solved"))
            self.setText(_("The solver has won this game for you. It does not count as your win: "
                           "the statistics count it as a game played and lost."))
        elif self.won:
            self.setWindowTitle(_("You won"))
            self.setText(_("Congratulations, you have won!"))
            if self.report is not None:
                self.setInformativeText(win_summary(self.report))
        else:
            self.setWindowTitle(_("Game over"))
            self.setText(_("There are no more moves."))
            self.setInformativeText(
                _("Go back to the last position that could still be won, undo a move, start "
                  "this deal again, or deal a new game.") if self.winnable_back else
                _("Undo a move, start this deal again, or deal a new game."))
        labels = self._labels()
        for name, button in self._buttons.items():
            button.setText(labels[name])

    @staticmethod
    def _labels() -> dict[str, str]:
        return {"new_game": _("&New Game"), "select_game": _("&Select Game…"), "close": _("&Close"),
                "undo": _("&Undo Move"), "restart": _("&Restart"),
                "undo_to_winnable": _("Undo to Last &Winnable Position")}


def win_summary(report: WinReport) -> str:
    """The win box's lines: the game's figures, the streak and the records it beat."""
    lines = [_("Time: {time}").format(time=format_duration(report.seconds)),
             ngettext("{n} move", "{n} moves", report.moves).format(n=format_number(report.moves)),
             _("Score: {score} of {max}").format(score=format_number(report.score),
                                                 max=format_number(report.max_score))]
    if report.streak > 1:
        lines.append(ngettext("{n} win in a row", "{n} wins in a row", report.streak).format(
            n=format_number(report.streak)))
    if report.first_win:
        lines.append(_("Your first win of this game."))
    if report.best_time:
        lines.append(_("A new record: your best time."))
    if report.fewest_moves:
        lines.append(_("A new record: your fewest moves."))
    return "\n".join(lines)


def show_message(parent: QWidget, title: Text, text: Text, icon: QMessageBox.Icon,
                 done: Callable[[], None] | None = None) -> QMessageBox:
    """A message box that follows language switches, opened without blocking."""
    box = QMessageBox(parent)
    box.setIcon(icon)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)

    def retranslate() -> None:
        box.setWindowTitle(title.translate())
        box.setText(text.translate())

    retranslate()
    follow_language(box, retranslate)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if done is not None:
        box.finished.connect(lambda _result: done())
    box.open()
    return box


def confirm(parent: QWidget, title: Text, text: Text, yes: Text,
            done: Callable[[], object], never_again: Text | None = None,
            set_never_again: Callable[[bool], None] | None = None,
            refused: Callable[[], object] | None = None) -> QMessageBox:
    """Ask before something that loses the player's work: `yes` names the action (the
    default button is the safe "Cancel"); `done()` runs only when the player agrees, and
    `refused()` (if given) when not. Opened without blocking, deleted when closed, so it opens
    afresh every time it is needed. With `never_again`, a check box of that text:
    `set_never_again(checked)` hears of it when the player agrees (a "Cancel" changes
    nothing)."""
    from PySide6.QtWidgets import QCheckBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    agree = box.addButton("", QMessageBox.ButtonRole.AcceptRole)
    agree.setObjectName("confirm_agree")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    check = QCheckBox(box) if never_again is not None else None
    if check is not None:
        box.setCheckBox(check)

    def retranslate() -> None:
        box.setWindowTitle(title.translate())
        box.setText(text.translate())
        agree.setText(yes.translate())
        if check is not None and never_again is not None:
            check.setText(never_again.translate())

    retranslate()
    follow_language(box, retranslate)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def answered(_result: int) -> None:
        if box.clickedButton() is not agree:
            if refused is not None:
                refused()
            return
        if check is not None and set_never_again is not None:
            set_never_again(check.isChecked())
        done()

    box.finished.connect(answered)
    box.open()
    return box
