"""Help tables (a game's Setup, the keys) have lines on every side of every cell, as shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QTextFrame, QTextFrameFormat, QTextTable
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from aisle import help as pages
from aisle import i18n

LANGUAGES = ("en", "de", "ru", "it")
SOLID = QTextFrameFormat.BorderStyle.BorderStyle_Solid


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def tables(frame: QTextFrame) -> Iterator[QTextTable]:
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from tables(child)


def browser_with(qtbot: QtBot, page_id: str) -> QTextBrowser:
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    browser.resize(800, 900)
    browser.setHtml(pages.render_html(pages.load_page(page_id)))
    browser.show()
    qtbot.waitExposed(browser)
    return browser


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cell_of_every_help_table_has_four_solid_borders(qtbot: QtBot, language: str) -> None:
    i18n.set_language(language)
    seen = 0
    for page_id in pages.page_files():
        browser = browser_with(qtbot, page_id)
        for table in tables(browser.document().rootFrame()):
            assert table.format().borderStyle() == SOLID, page_id
            for row in range(table.rows()):
                for column in range(table.columns()):
                    cell = table.cellAt(row, column).format().toTableCellFormat()
                    sides = [(cell.topBorder(), cell.topBorderStyle()),
                             (cell.leftBorder(), cell.leftBorderStyle()),
                             (cell.bottomBorder(), cell.bottomBorderStyle()),
                             (cell.rightBorder(), cell.rightBorderStyle())]
                    assert all(width >= 1 and style == SOLID for width, style in sides), (
                        page_id, row, column)
            seen += 1
    assert seen >= 4  # at least every built-in game's Setup table


def _dark(color: QColor) -> bool:
    return color.lightness() < 215


def test_the_setup_table_shows_its_top_and_left_lines(qtbot: QtBot) -> None:
    i18n.set_language("en")
    browser = browser_with(qtbot, "cruel")
    table = next(tables(browser.document().rootFrame()))
    image = browser.viewport().grab().toImage()
    dpr = image.devicePixelRatio()

    def text_box(row: int, column: int) -> tuple[int, int]:
        """The viewport point where the cell's text starts."""
        rect = browser.cursorRect(table.cellAt(row, column).firstCursorPosition())
        return rect.left(), rect.top()

    def line_before(x: int, y: int, up: bool) -> bool:
        """A line within a cell's padding above (or left of) the point."""
        for distance in range(1, 14):
            px, py = (x + 4, y - distance) if up else (x - distance, y + 4)
            if _dark(image.pixelColor(round(px * dpr), round(py * dpr))):
                return True
        return False

    first_x, first_y = text_box(0, 0)
    assert line_before(first_x, first_y, up=True), "no top line"
    assert line_before(first_x, first_y, up=False), "no left line"
    second_x, second_y = text_box(1, 1)
    assert line_before(second_x, second_y, up=True), "no line between the rows"
    assert line_before(second_x, second_y, up=False), "no line between the columns"
