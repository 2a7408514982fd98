"""What the platform asks of the window's looks: dark colours, high contrast.

Asking Qt (`styleHints().colorScheme()`, `accessibility().contrastPreference()`) returns enums
of PySide6's `Qt` namespace, and building that namespace costs a tenth of the start-up
(aisle.ui.qt.qt_values). So the first frame is drawn as the platform was at the last start,
noted beside the card pictures, and the platform is asked right after that frame: a change in
between (the desktop turned dark since Aisle last ran) is applied then, and noted for the next
start. Without a note the platform counts as light, with normal contrast.
"""

from __future__ import annotations

from collections.abc import Callable

from aisle.ui.cards.picture_cache import PictureCache

#: The note's name in the picture cache; its text is "dark=0 contrast=1" and the like.
LOOK_NOTE = "platform-look"


def _read(text: str | None) -> tuple[bool, bool]:
    """(dark, high contrast) from a note; anything unreadable counts as light, normal contrast."""
    words = dict(word.partition("=")[::2] for word in (text or "").split())
    return words.get("dark") == "1", words.get("contrast") == "1"


def _text(dark: bool, high_contrast: bool) -> str:
    return f"dark={int(dark)} contrast={int(high_contrast)}"


def asked() -> tuple[bool, bool]:
    """(dark, high contrast) as the platform says now (Unknown counts as light and normal)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    hints = QGuiApplication.styleHints()
    dark = hints.colorScheme() == Qt.ColorScheme.Dark
    high = hints.accessibility().contrastPreference() == Qt.ContrastPreference.HighContrast
    return bool(dark), bool(high)


class PlatformLook:
    """The platform's colour scheme and contrast preference: as noted at the last start until
    `ask` is called (after the first frame, and whenever the platform says they changed)."""

    def __init__(self, cache: PictureCache | None = None) -> None:
        self._cache = cache if cache is not None else PictureCache()
        self.dark, self.high_contrast = _read(self._cache.note(LOOK_NOTE))
        #: Called when `ask` finds the platform's looks other than they were taken to be.
        self.listeners: list[Callable[[], None]] = []

    def ask(self) -> None:
        """Ask the platform; note its answer, and tell the listeners if anything changed."""
        now = asked()
        if now == (self.dark, self.high_contrast):
            return
        self.dark, self.high_contrast = now
        self._cache.write_note(LOOK_NOTE, _text(*now))
        for listener in list(self.listeners):
            listener()
