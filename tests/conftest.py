"""Shared test setup: Qt tests run offscreen, and no test can reach the real home folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

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
