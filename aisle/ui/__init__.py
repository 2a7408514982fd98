"""The Qt front end. The only package that imports PySide6."""

from aisle.ui.qt.pyside_none import guard as _guard
from aisle.ui.qt.source_scan import read_sources_lightly as _read_sources_lightly

_guard()
_read_sources_lightly()
