"""Where plugin wheel files lie, and which files there are (no wheel is opened here, so a start
can look without importing the wheels' machinery; see aisle.registry.wheels)."""

from __future__ import annotations

from pathlib import Path

from aisle.storage import data_dir

PLUGINS_FOLDER = "plugins"
SUFFIX = ".whl"


def plugins_folder() -> Path:
    """Where plugin wheel files go (not created here)."""
    return data_dir() / PLUGINS_FOLDER


def wheel_files(folder: Path | None = None) -> list[Path]:
    """Everything named ``*.whl`` in the folder but folders: a FIFO or a device so named is
    listed too, and reported as no wheel, rather than passed over in silence."""
    where = plugins_folder() if folder is None else folder
    try:
        return sorted(path for path in where.iterdir()
                      if path.suffix == SUFFIX and not path.is_dir())
    except OSError:  # no plugins folder yet
        return []
