"""Simulate a read-only data folder: tests run as root in CI, where chmod stops no write."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from aisle import storage

Switch = Callable[[bool], None]


def read_only_switch(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Switch:
    """A switch that makes `folder` behave as on a read-only mount while on: no file can be
    made in it or removed from it (reading is untouched)."""
    real_new, real_unlink = storage._new_temporary, Path.unlink

    def refused() -> OSError:
        return OSError(errno.EROFS, os.strerror(errno.EROFS))

    def new_temporary(where: Path, name: str) -> tuple[int, Path]:
        if where == folder:
            raise refused()
        return real_new(where, name)

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if path.parent == folder and (path.exists() or not missing_ok):
            raise refused()
        real_unlink(path, missing_ok=missing_ok)

    def switch(on: bool) -> None:
        monkeypatch.setattr(storage, "_new_temporary", new_temporary if on else real_new)
        monkeypatch.setattr(Path, "unlink", unlink if on else real_unlink)

    return switch
