"""Texts of Qt's own that its catalogs leave untranslated in some of our languages, translated
in ours: the file dialog's "Folder" and "File" types (missing in Qt's Russian and Italian).

A translator Qt asks after its own catalog (installed before it): a text Qt's catalog has is
never asked for here, and any other text gets None, which lets Qt show its English text (an
empty string would blank it).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTranslator

from aisle.i18n import _

#: (Qt's context, Qt's English text) -> ours, looked up in the current language when asked.
GAPS: dict[tuple[str, str], Callable[[], str]] = {
    ("QAbstractFileIconProvider", "Folder"): lambda: _("Folder"),
    ("QAbstractFileIconProvider", "File"): lambda: _("File"),
    ("QAbstractFileIconProvider", "Drive"): lambda: _("Drive"),
    # TRANSLATORS: a file's type in the file dialog, %1 is its suffix (such as TXT).
    ("QAbstractFileIconProvider", "%1 File"): lambda: _("%1 File"),
}


class QtGaps(QTranslator):
    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        ours = GAPS.get((context, source))
        return ours() if ours is not None else None
