"""PySide6's import hook still tells modules that use PySide6 from those that do not, without
keeping their source lines (aisle.ui.qt.source_scan)."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import pytest

import aisle.ui  # noqa: F401 - installs the lighter check
from aisle.ui.qt.source_scan import read_sources_lightly


@pytest.fixture
def module_folder(tmp_path: Path) -> object:
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))


def test_the_check_is_replaced_once() -> None:
    feature = sys.modules["shibokensupport.feature"]
    assert getattr(feature._mod_uses_pyside, "_light", False)
    assert read_sources_lightly() is False  # already in place: not wrapped twice


def test_modules_are_told_apart_and_their_lines_not_kept(module_folder: Path) -> None:
    (module_folder / "scan_uses_qt.py").write_text("from PySide6.QtCore import QPointF\n")
    (module_folder / "scan_plain.py").write_text("ANSWER = 42\n")
    for name in ("scan_uses_qt", "scan_plain"):
        __import__(name)  # through PySide6's hook, as an import statement goes
    features = sys.modules["shibokensupport.feature"].pyside_feature_dict
    assert features["scan_uses_qt"] == 0  # may switch PySide6's features
    assert features["scan_plain"] == -1  # ignored by them
    kept = {Path(name).name for name in linecache.cache}
    assert not kept & {"scan_uses_qt.py", "scan_plain.py"}
