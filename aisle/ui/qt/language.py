"""Qt's own texts (standard dialog buttons) in the current language, from Qt's catalogs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

_installed: QTranslator | None = None


def install_qt_translation(code: str) -> bool:
    """Load "qtbase_<code>" if the Qt we run on ships it; True when it is in use."""
    global _installed
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _installed is not None:
        app.removeTranslator(_installed)
        _installed = None
    if code == "en":
        return False
    # Imported here: English (the source language) never needs them.
    from PySide6.QtCore import QLibraryInfo, QTranslator

    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not (Path(folder) / f"qtbase_{code}.qm").is_file():
        return False
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{code}", folder):
        return False
    app.installTranslator(translator)
    _installed = translator
    return True
