"""Shared test setup: Qt tests run offscreen, and no test can reach the real home folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# A game's helpers (`arranged` positions, codes) live beside its tests in tests/games/<id>/ and
# other tests use them too: every game folder is importable, whatever runs first.
for _folder in sorted((Path(__file__).resolve().parent / "games").iterdir()):
    if _folder.is_dir() and str(_folder) not in sys.path:
        sys.path.append(str(_folder))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point every default path into tmp_path; returns the data folder. The language goes back
    to English after each test."""
    from aisle import i18n

    data = tmp_path / "data"
    monkeypatch.setenv("AISLE_DATA_DIR", str(data))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.setenv("AISLE_CACHE_DIR", str(tmp_path / "cache"))
    yield data
    i18n.set_language("en")
    # Qt's own texts (Cancel, the file dialog) follow a window's language switch; the window
    # may be gone by now, so they are put back here for the next test.
    language_module = sys.modules.get("aisle.ui.qt.language")
    if language_module is not None:
        language_module.install_qt_translation("en")
    # monkeypatch.undo() in a test undoes these too, and what follows writes into the real
    # home folder: patch inside `with monkeypatch.context() as patch:` instead.
    assert os.environ.get("HOME") == str(tmp_path / "home"), "the test undid its own isolation"
