"""Keeping open widgets in the current language: a widget follows switches while it lives."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from aisle.i18n import on_language_changed


def follow_language(widget: QWidget, retranslate: Callable[[], None]) -> None:
    """Call `retranslate()` after every language switch until `widget` is destroyed."""

    def listener(_code: str) -> None:
        retranslate()

    unsubscribe = on_language_changed(listener)
    widget.destroyed.connect(lambda *_args: unsubscribe())
