"""The platform's looks (dark, high contrast) as noted at the last start until asked after the
first frame: a change in between is applied then, and noted for the next start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aisle.ui.cards.picture_cache import PictureCache
from aisle.ui.window import platform_look
from aisle.ui.window.platform_look import LOOK_NOTE, PlatformLook
from aisle.ui.window.theme import is_dark


def test_without_a_note_the_platform_counts_as_light(tmp_path: Path) -> None:
    look = PlatformLook(PictureCache(tmp_path))
    assert (look.dark, look.high_contrast) == (False, False)


@pytest.mark.parametrize("note", ["", "dark=", "garbage ☃", "dark=yes contrast=2"])
def test_a_damaged_note_counts_as_light(tmp_path: Path, note: str) -> None:
    cache = PictureCache(tmp_path)
    cache.write_note(LOOK_NOTE, note)
    look = PlatformLook(cache)
    assert (look.dark, look.high_contrast) == (False, False)


def test_a_change_found_when_asked_is_told_and_noted(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cache = PictureCache(tmp_path)
    look = PlatformLook(cache)
    told: list[tuple[bool, bool]] = []
    look.listeners.append(lambda: told.append((look.dark, look.high_contrast)))
    monkeypatch.setattr(platform_look, "asked", lambda: (False, False))
    look.ask()
    assert told == [] and cache.note(LOOK_NOTE) is None  # as taken: nothing to tell or write
    monkeypatch.setattr(platform_look, "asked", lambda: (True, True))
    look.ask()
    assert told == [(True, True)]
    again = PlatformLook(cache)  # the next start
    assert (again.dark, again.high_contrast) == (True, True)


def test_a_dark_note_gives_a_dark_window_before_the_first_frame(
        qtbot: QtBot, isolated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings
    from aisle.ui.window.main_window import MainWindow

    cache = PictureCache(tmp_path / "cache")
    cache.write_note(LOOK_NOTE, "dark=1 contrast=0")
    monkeypatch.setattr(platform_look, "PictureCache", lambda: cache)
    stats, _problems = Statistics.load()
    window = MainWindow(Settings(animations=False), Session(stats))
    qtbot.addWidget(window)
    try:
        assert window.look.dark and window.theme.dark  # before any frame, nothing asked yet
        assert is_dark(QApplication.palette())
    finally:
        window.look.dark = False  # the application's palette is shared by every test
        window.acts.theme_light.trigger()
        window.acts.theme_system.trigger()
