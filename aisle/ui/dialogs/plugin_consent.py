"""Asking the player about plugin wheels that appeared in the plugins folder by themselves.

A plugin runs with the player's rights, so such a wheel is loaded only once the player allows
it (aisle.registry.consent). Once the plugins are loaded, the window lists every new wheel (file,
name, version, author) in one dialog: Allow loads them at once (aisle.registry.late_wheels, in a worker
thread), Not Now asks again at the next start, Never remembers the refusal; Help ▸ Plugins shows
each wheel's state. Each wheel is asked about once per run.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aisle.i18n import T, Text, _
from aisle.registry.consent import Answer, Permissions, remember
from aisle.registry.loading import get_registry
from aisle.registry.wheels import WheelState, WheelStatus, plugins_folder
from aisle.storage import error_text
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen

#: How problems are told to the player (the window's `report`: one message for them all).
Report = Callable[[list[Text]], None]

_ASKED = "plugin_consent_asked"


class PluginConsentDialog(QDialog):
    """The question itself; `answer` is the player's (None: Not Now, or closed)."""

    def __init__(self, wheels: list[WheelState], problems: list[Text],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("plugin_consent_dialog")
        self.wheels = wheels
        self.answer: Answer | None = None
        box = QVBoxLayout(self)
        self.intro = QLabel(self)
        self.intro.setObjectName("plugin_consent_intro")
        self.intro.setWordWrap(True)
        self.warning = QLabel(self)
        self.warning.setObjectName("plugin_consent_warning")
        self.warning.setWordWrap(True)
        font = self.warning.font()
        font.setBold(True)
        self.warning.setFont(font)
        self.table = QTableWidget(len(wheels), 4, self)
        self.table.setObjectName("plugin_consent_wheels")
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for row, wheel in enumerate(wheels):
            info = wheel.info
            cells = (wheel.file, info.name if info else "", info.version if info else "")
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        #: What was wrong with the file of earlier answers (why these are asked about again).
        self.problems = QLabel(self)
        self.problems.setObjectName("plugin_consent_problems")
        self.problems.setWordWrap(True)
        self.problems.setVisible(bool(problems))
        self._problems = problems
        buttons = QDialogButtonBox(self)
        self.allow = self._button(buttons, "plugin_consent_allow",
                                  QDialogButtonBox.ButtonRole.AcceptRole, Answer.ALLOW)
        self.not_now = self._button(buttons, "plugin_consent_not_now",
                                    QDialogButtonBox.ButtonRole.RejectRole, None)
        self.never = self._button(buttons, "plugin_consent_never",
                                  QDialogButtonBox.ButtonRole.DestructiveRole, Answer.NEVER)
        # Nothing runs by a stray Enter: the default is to wait.
        self.not_now.setDefault(True)
        buttons.rejected.connect(self.reject)
        for widget in (self.intro, self.warning, self.table, self.problems, buttons):
            box.addWidget(widget)
        # Tall enough for a few rows; more scroll.
        rows = min(len(wheels), 6)
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height()
                                    + rows * self.table.verticalHeader().defaultSectionSize()
                                    + 2 * self.table.frameWidth())
        # Wide enough for each file's whole name (what the player is asked to trust), within
        # the screen; a longer one is cut in its middle, keeping its version and platform.
        margins = box.contentsMargins()
        whole = (sum(self.table.sizeHintForColumn(column) for column in range(3))
                 + 2 * self.table.frameWidth() + margins.left() + margins.right() + 24)
        resize_within_screen(self, max(720, whole), self.sizeHint().height())
        self.retranslate()
        follow_language(self, self.retranslate)

    def _button(self, buttons: QDialogButtonBox, name: str, role: QDialogButtonBox.ButtonRole,
                answer: Answer | None) -> QPushButton:
        button = buttons.addButton("", role)
        button.setObjectName(name)
        button.setAutoDefault(False)

        def clicked() -> None:
            self.answer = answer
            if answer is None:
                self.reject()
            else:
                self.accept()

        button.clicked.connect(clicked)
        return button

    def retranslate(self) -> None:
        self.setWindowTitle(_("New Plugins Found"))
        self.intro.setText(_(
            "These plugin files appeared in Aisle's plugins folder ({folder}) without going "
            "through Install from File… (in Help ▸ Plugins), so Aisle has not loaded them "
            "yet.").format(folder=plugins_folder()))
        self.warning.setText(_(
            "A plugin is a program: once allowed, it runs with your rights and can read, change "
            "or delete your files. Allow them only if you know where they came from and trust "
            "their authors."))
        self.table.setHorizontalHeaderLabels([_("File"), _("Plugin"), _("Version"), _("Author")])
        for row, wheel in enumerate(self.wheels):
            author = wheel.info.author if wheel.info and wheel.info.author else _("not given")
            self.table.setItem(row, 3, QTableWidgetItem(author))
        self.problems.setText("\n".join(
            [_("Your earlier answers could not be read, so these may include plugins you "
               "answered before:"), *(problem.translate() for problem in self._problems)]))
        self.allow.setText(_("&Allow and Load"))
        self.not_now.setText(_("&Not Now"))
        self.never.setText(_("Ne&ver"))
        self.allow.setToolTip(_("Load these plugins now and at every start"))
        self.not_now.setToolTip(_("Leave them unloaded; Aisle asks again at the next start"))
        self.never.setToolTip(_("Never load these files; Help ▸ Plugins lists them as refused"))


class _Asked(QObject):
    """The wheels (SHA-256) asked about in this window's run."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName(_ASKED)
        self.digests: set[str] = set()


def _asked(window: QWidget) -> set[str]:
    found = window.findChild(QObject, _ASKED)
    if not isinstance(found, _Asked):
        found = _Asked(window)
    return found.digests


def ask_about_new_wheels(window: QWidget, report: Report,
                         done: Callable[[], None]) -> QDialog | None:
    """Ask about the wheels waiting for the player's permission (not asked in this run), without
    blocking, in a dialog over `window`; `done()` runs once the answer is dealt with (allowed
    wheels loaded), `report` tells what could not be read or kept. None when there is nothing
    to ask (then `done` is not called)."""
    registry = get_registry()
    problems, registry.permission_problems = registry.permission_problems, []
    asked = _asked(window)
    new = [wheel for wheel in registry.wheels
           if wheel.status is WheelStatus.WAITING and wheel.digest not in asked]
    if new:
        # Read again: a wheel installed with Install from File while the plugins loaded is
        # allowed already.
        answered = Permissions.load()
        problems += answered.problems
        new = [wheel for wheel in new if answered.answer(wheel.digest) is None]
    if not new:
        if problems:
            report(problems)
        return None
    asked.update(wheel.digest for wheel in new)
    dialog = PluginConsentDialog(new, problems, window)

    def finished(_result: int) -> None:
        answer = dialog.answer
        dialog.deleteLater()
        if answer is None:
            done()
            return
        _remember(report, new, answer)
        if answer is Answer.NEVER:
            refused = {wheel.digest for wheel in new}
            registry.wheels = [wheel._replace(status=WheelStatus.REFUSED)
                               if wheel.digest in refused else wheel for wheel in registry.wheels]
            done()
            return
        from aisle.ui.dialogs.plugin_install import tell_load_problem
        from aisle.ui.plugins.loading import WheelLoading

        loading = WheelLoading(window)
        loading.loaded.connect(lambda: tell_load_problem(window, loading))
        loading.loaded.connect(done)
        loading.loaded.connect(loading.deleteLater)
        loading.start({wheel.digest: wheel.file for wheel in new})

    dialog.finished.connect(finished)
    dialog.open()
    return dialog


def _remember(report: Report, wheels: list[WheelState], answer: Answer) -> None:
    """Keep the answer for the next starts; say so if it cannot be kept (it holds for this run
    all the same)."""
    try:
        told = remember({wheel.digest: (wheel.file, answer) for wheel in wheels})
    except (OSError, ValueError) as error:
        told = [T("Your answer about the new plugins could not be saved ({error}), so Aisle "
                  "asks again at the next start.", error=error_text(error))]
    if told:
        report(told)
