"""The help browser: a non-modal window with the list of pages, back/forward/contents and the page.

One window per main window: `open_help` reuses the one it made before (a child of the main
window, so it closes with it). It always shows the page in the current language, and a language
switch while it is open re-renders the list and the page at once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyle,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from aisle import help as pages
from aisle import i18n
from aisle.i18n import _
from aisle.ui.qt.screen_fit import resize_within_screen

_PAGE_ROLE = Qt.ItemDataRole.UserRole
_HEADLESS_PLATFORMS = ("offscreen", "minimal")


class HelpWindow(QWidget):
    """The help window; `show_page` navigates, `back`/`forward` walk the history."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("aisle-help")
        self._history: list[str] = []
        self._position = -1
        self.current_page: str | None = None
        self._showing: str | None = None  # the page the browser holds now

        self.back_button = self._tool_button(QStyle.StandardPixmap.SP_ArrowBack, self.back)
        self.forward_button = self._tool_button(QStyle.StandardPixmap.SP_ArrowForward, self.forward)
        self.contents_button = self._tool_button(QStyle.StandardPixmap.SP_DirHomeIcon,
                                                 lambda: self.show_page(pages.GENERAL_PAGE))
        self.page_list = QListWidget()
        self.page_list.itemClicked.connect(self._page_chosen)
        self.page_list.itemActivated.connect(self._page_chosen)
        self.browser = QTextBrowser()
        # Links are followed here, so they go through our history and the current language.
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)

        buttons = QHBoxLayout()
        for button in (self.back_button, self.forward_button, self.contents_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.splitter = splitter = QSplitter()
        splitter.addWidget(self.page_list)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([200, 640])
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(splitter, 1)

        QShortcut(QKeySequence(QKeySequence.StandardKey.Back), self, self.back)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Forward), self, self.forward)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self, self.close)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        resize_within_screen(self, 880, 640)

        unsubscribe = i18n.on_language_changed(self._language_changed)
        # A plain function, not a method: it must still work while the window is being destroyed.
        self.destroyed.connect(lambda *_args: unsubscribe())
        self.retranslate()

    def _tool_button(self, icon: QStyle.StandardPixmap, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton()
        button.setIcon(self.style().standardIcon(icon))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.clicked.connect(lambda *_args: slot())
        return button

    # -- navigation -----------------------------------------------------------------------------
    def show_page(self, page_id: str | None, *, record: bool = True) -> str:
        """Show `page_id` (None or an unknown id: the general page); returns the id shown."""
        files = pages.page_files()
        shown = page_id if page_id in files else pages.GENERAL_PAGE
        self.current_page = shown
        if record and (not self._history or self._history[self._position] != shown):
            del self._history[self._position + 1:]
            self._history.append(shown)
            self._position = len(self._history) - 1
        self._showing = None  # a page gone to opens at its top (a language switch keeps the place)
        self._render()
        return shown

    def start_afresh(self) -> None:
        """Forget the pages read before: the window opens anew, with nothing to go back to."""
        self._history = []
        self._position = -1

    def back(self) -> None:
        if self._position > 0:
            self._position -= 1
            self.show_page(self._history[self._position], record=False)

    def forward(self) -> None:
        if self._position < len(self._history) - 1:
            self._position += 1
            self.show_page(self._history[self._position], record=False)

    def _follow(self, url: QUrl) -> None:
        if url.scheme() == pages.LINK_SCHEME:
            target = url.path()
            if target in pages.page_files():
                self.show_page(target)
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)

    def _page_chosen(self, item: QListWidgetItem) -> None:
        page_id = item.data(_PAGE_ROLE)
        if isinstance(page_id, str) and page_id != self.current_page:
            self.show_page(page_id)

    # -- showing --------------------------------------------------------------------------------
    def _render(self) -> None:
        title = _("Help")
        if self.current_page is None:
            self.browser.setHtml("")
        else:
            try:
                page = pages.load_page(self.current_page)
            except pages.PageNotFoundError:
                self.browser.setPlainText(_("No help pages were found. The installation may be "
                                            "incomplete."))
            except (pages.HelpFormatError, OSError, UnicodeDecodeError) as error:
                self.browser.setPlainText(_("This help page cannot be shown: {error}")
                                          .format(error=error))
            else:
                # Re-showing the same page (a language switch) keeps the reader's place.
                scroll = self.browser.verticalScrollBar()
                keep = scroll.value() if self._showing == page.id else 0
                self.browser.setHtml(pages.render_html(page))
                scroll.setValue(keep)
                # No "Aisle" here: Qt adds " — Aisle" (the application's display name) to a
                # title that does not end with it, so "Aisle Help" came out twice.
                title = _("{page} — Help").format(page=page.title)
        self._showing = self.current_page
        self.setWindowTitle(title)
        # A screen reader names the page's text by the page (it is what the window opens on).
        self.browser.setAccessibleName(title)
        self._select_current()
        self.back_button.setEnabled(self._position > 0)
        self.forward_button.setEnabled(self._position < len(self._history) - 1)

    def _fill_list(self) -> None:
        self.page_list.clear()
        for page_id, title in pages.contents():
            item = QListWidgetItem(title)
            item.setData(_PAGE_ROLE, page_id)
            self.page_list.addItem(item)
        self._fit_list()
        self._select_current()

    def _fit_list(self) -> None:
        """Make the list of pages as wide as its longest title (in this language), so no entry
        is cut off and no sideways scrolling is needed; the page gets the rest."""
        metrics = self.page_list.fontMetrics()
        titles = [self.page_list.item(row).text() for row in range(self.page_list.count())]
        widest = max((metrics.horizontalAdvance(title) for title in titles), default=0)
        scroll = self.page_list.verticalScrollBar().sizeHint().width()
        # Room for the item's padding and the frame on both sides.
        needed = widest + scroll + 4 * self.page_list.frameWidth() + 2 * metrics.averageCharWidth()
        self.page_list.setMinimumWidth(needed)
        total = sum(self.splitter.sizes()) or self.width()
        self.splitter.setSizes([needed, max(total - needed, needed)])

    def _select_current(self) -> None:
        self.page_list.blockSignals(True)
        try:
            for row in range(self.page_list.count()):
                item = self.page_list.item(row)
                if item.data(_PAGE_ROLE) == self.current_page:
                    self.page_list.setCurrentRow(row)
                    break
            else:
                self.page_list.clearSelection()
        finally:
            self.page_list.blockSignals(False)

    def retranslate(self) -> None:
        """Every text of the window in the current language, the page included."""
        self.back_button.setText(_("Back"))
        self.forward_button.setText(_("Forward"))
        self.contents_button.setText(_("Contents"))
        self.back_button.setToolTip(_("Go back to the previous page"))
        self.forward_button.setToolTip(_("Go forward to the next page"))
        self.contents_button.setToolTip(_("Show how to play Aisle"))
        self.page_list.setAccessibleName(_("Help pages"))
        self._fill_list()
        self._render()

    def _language_changed(self, _code: str) -> None:
        if isValid(self):
            self.retranslate()


def open_help(parent: QWidget, page: str | None) -> QWidget:
    """Open (or bring forward) the help window of `parent` on `page` (None: the general page)."""
    window = next((child for child in parent.children() if isinstance(child, HelpWindow)), None)
    if window is None:
        window = HelpWindow(parent)
    elif not window.isVisible():
        window.start_afresh()  # closed since: Back has nothing of an earlier reading to go to
    window.show_page(page)
    window.show()
    # The page has the focus: Page Down, the arrows and Tab to its links work at once (the
    # first button, Contents, would take it and show no mark in many styles).
    window.browser.setFocus(Qt.FocusReason.OtherFocusReason)
    # Bring it to the front; a platform without a screen has no window stacking (and warns).
    if QGuiApplication.platformName() not in _HEADLESS_PLATFORMS:
        window.raise_()
        window.activateWindow()
    return window
