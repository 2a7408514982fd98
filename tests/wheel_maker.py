"""Test helper: write a plugin wheel file (a zip with a dist-info folder) the way build tools do.

The Golf example becomes a real wheel without a build backend or network: its package folder,
METADATA, WHEEL and entry_points.txt.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

GOLF = Path(__file__).resolve().parent.parent / "examples" / "aisle-golf"
_JUNK = ("__pycache__", ".mypy_cache", ".ruff_cache")


def make_wheel(folder: Path, name: str, version: str, files: dict[str, bytes],
               entry_points: dict[str, str], purelib: bool = True) -> Path:
    """A wheel of distribution `name` holding `files` (archive path: content) in `folder`."""
    stem = f"{name.replace('-', '_')}-{version}"
    info = f"{stem}.dist-info"
    points = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: tests\n"
                         f"Root-Is-Purelib: {'true' if purelib else 'false'}\nTag: py3-none-any\n")
        if entry_points:
            archive.writestr(f"{info}/entry_points.txt", f"[aisle]\n{points}")
        archive.writestr(f"{info}/RECORD", "")
    return wheel


def golf_wheel(folder: Path, version: str = "1.0.0") -> Path:
    """The Golf example (examples/aisle-golf) as its wheel: code, catalogs and help page."""
    package = GOLF / "aisle_golf"
    files = {path.relative_to(GOLF).as_posix(): path.read_bytes()
             for path in sorted(package.rglob("*"))
             if path.is_file() and not any(part in _JUNK for part in path.parts)}
    return make_wheel(folder, "aisle-golf", version, files, {"golf": "aisle_golf"})
