"""Pictures kept on disk between runs, so the first frame shows them instead of drawing them.

Card faces, the back, the slot outline and the baize cost several milliseconds to draw; read
back as raw pixels they cost a fraction of that. Each picture is one file named after
everything that shaped it (the caller's key: renderer stamp, size, pixel ratio, rank letters),
holding a small header, a checksum and the pixels as Qt keeps them in memory.

Files are written atomically (a temporary file renamed into place), never on the first
frame's path, and read by mapping them (no copy); one that is short, foreign or fails its
checksum is ignored (and so drawn and written again). The folder is kept under `MAX_BYTES`:
the oldest files go first. Beside the pictures, a few short notes (`note`) keep what an
earlier run found out about them, such as the font the card indices were drawn in.
The folder is $AISLE_CACHE_DIR when set (tests), else Qt's cache location for the application.
"""

from __future__ import annotations

import mmap
import os
import struct
import tempfile
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtGui import QImage, QPixmap

CACHE_DIR_VARIABLE = "AISLE_CACHE_DIR"
#: Together, the files may take this much; beyond it the oldest are deleted.
MAX_BYTES = 48 * 1024 * 1024
#: A single picture larger than this (a huge baize) is drawn each time instead.
MAX_PICTURE_BYTES = 24 * 1024 * 1024
SUFFIX = ".pic"
NOTE_SUFFIX = ".note"

_MAGIC = b"AISLEPIC"
_FORMAT_VERSION = 1
# magic, format version, width, height, bytes per line, QImage format, checksum of the pixels.
_HEADER = struct.Struct("<8sIIIIII")
_FORMATS = {QImage.Format.Format_ARGB32_Premultiplied.value, QImage.Format.Format_RGB32.value}


def cache_folder() -> Path | None:
    """Where pictures are kept (not created here); None when there is no such place.

    Asked for every picture the first frame shows (52 for FreeCell), so the answer is kept
    for as long as the variable keeps its value: asking Qt for its cache location each time
    cost about 20 microseconds a picture."""
    override = os.environ.get(CACHE_DIR_VARIABLE, "")
    if override:
        asked = override
    else:
        from PySide6.QtCore import QCoreApplication

        # Qt's location follows the application's names, which may be set later.
        asked = f"\0{QCoreApplication.organizationName()}\0{QCoreApplication.applicationName()}"
    known = _FOLDERS.get(asked, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    if override:
        folder: Path | None = Path(override)
    else:
        from PySide6.QtCore import QStandardPaths

        location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
        folder = Path(location) / "pictures" if location else None
    _FOLDERS.clear()
    _FOLDERS[asked] = folder
    return folder


#: What the folder was asked by (the variable's value, or the application's names) -> the
#: folder (one entry: the last asked).
_FOLDERS: dict[str, Path | None] = {}
_UNKNOWN = Path()


def source_stamp(files: Iterable[Path], *extra: str) -> str:
    """A short tag that changes when any of `files` (the code that draws) or `extra` changes,
    so pictures drawn by other code are never shown; the Qt version is always part of it."""
    from PySide6.QtCore import qVersion

    parts = [qVersion(), *extra]
    for path in files:
        try:
            status = path.stat()
        except OSError:  # no file to look at (a zip import): the explicit parts still count
            parts.append(path.name)
            continue
        parts.append(f"{path.name}:{status.st_size}:{status.st_mtime_ns}")
    return f"{zlib.crc32('|'.join(parts).encode('utf-8')):08x}"


class PictureCache:
    """Pictures by key in one folder; with no folder, it keeps nothing and finds nothing.

    `where` is the folder, None, or a function asked on each use (the default: `cache_folder`,
    so a changed environment is followed).
    """

    def __init__(self, where: Path | Callable[[], Path | None] | None = cache_folder) -> None:
        self._where = where

    @property
    def folder(self) -> Path | None:
        return self._where() if callable(self._where) else self._where

    def _path(self, key: str) -> Path | None:
        folder = self.folder
        return folder / f"{key}{SUFFIX}" if folder is not None else None

    def load(self, key: str, dpr: float) -> QPixmap | None:
        """The picture kept under `key`, or None when there is none (or it is unusable)."""
        found = self.load_unchecked(key, dpr)
        if found is None:
            return None
        pixmap, intact = found
        return pixmap if intact() else None

    def load_unchecked(self, key: str, dpr: float) -> tuple[QPixmap, Callable[[], bool]] | None:
        """The picture kept under `key` before its checksum is compared, and the function that
        compares it: for a large picture on the way to the first frame, checked just after.
        None when there is no such picture, or its file is short or foreign."""
        path = self._path(key)
        if path is None:
            return None
        found = _read(path)
        if found is None:
            return None
        image, intact = found
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(dpr)
        return pixmap, intact

    def save(self, key: str, pixmap: QPixmap) -> bool:
        """Keep `pixmap` under `key`; False (and nothing changed) when it cannot be written."""
        path = self._path(key)
        if path is None:
            return False
        raw = _encode(pixmap.toImage())
        if raw is None:
            return False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        except OSError:
            return False
        try:
            with open(descriptor, "wb") as handle:
                handle.write(raw)
            os.replace(name, path)
        except OSError:
            Path(name).unlink(missing_ok=True)
            return False
        return True

    def note(self, name: str) -> str | None:
        """The short text kept under `name` (see `write_note`), or None."""
        folder = self.folder
        if folder is None:
            return None
        try:
            return (folder / f"{name}{NOTE_SUFFIX}").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def write_note(self, name: str, text: str) -> bool:
        """Keep a short text beside the pictures: what an earlier run found out about them."""
        folder = self.folder
        if folder is None:
            return False
        try:
            folder.mkdir(parents=True, exist_ok=True)
            descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        except OSError:
            return False
        try:
            with open(descriptor, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(temporary, folder / f"{name}{NOTE_SUFFIX}")
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return False
        return True

    def trim(self, limit: int = MAX_BYTES) -> None:
        """Delete the oldest pictures (and leftover temporary files) until the rest fit `limit`."""
        folder = self.folder
        if folder is None:
            return
        try:
            entries = [(entry.stat().st_mtime, entry.stat().st_size, entry.path, entry.name)
                       for entry in os.scandir(folder) if entry.is_file()]
        except OSError:
            return
        total = sum(size for _, size, _, name in entries if name.endswith(SUFFIX))
        for _, size, path, name in sorted(entries):
            stale = name.endswith(".tmp")  # a writer killed halfway; ours finish at once
            if stale or (name.endswith(SUFFIX) and total > limit):
                try:
                    os.unlink(path)
                except OSError:
                    continue
                if not stale:
                    total -= size


def _encode(image: QImage) -> bytes | None:
    if image.format().value not in _FORMATS:
        image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    pixels = bytes(image.constBits())
    if not pixels or len(pixels) > MAX_PICTURE_BYTES:
        return None
    header = _HEADER.pack(_MAGIC, _FORMAT_VERSION, image.width(), image.height(),
                          image.bytesPerLine(), image.format().value, zlib.crc32(pixels))
    return header + pixels


def _read(path: Path) -> tuple[QImage, Callable[[], bool]] | None:
    """The picture in `path`, its pixels left in the file's pages (mapped, not copied).

    Reading megabytes into fresh memory costs more in page faults than anything else here; a
    mapping shares the pages the system already caches. It is private (copy on write): should
    Qt ever write into the picture, it writes into its own copy, never into the file. Files are
    only ever replaced whole (renamed over), never rewritten in place, so the mapped pages stay
    valid for as long as the picture lives; the image holds the mapping until then.
    """
    try:
        with open(path, "rb", buffering=0) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size <= _HEADER.size:
                return None
            pages = mmap.mmap(handle.fileno(), size, access=mmap.ACCESS_COPY)
    except (OSError, ValueError):
        return None
    magic, version, width, height, per_line, form, checksum = _HEADER.unpack_from(pages)
    if (magic != _MAGIC or version != _FORMAT_VERSION or form not in _FORMATS
            or not 0 < width * 4 <= per_line or height <= 0
            or per_line * height > MAX_PICTURE_BYTES
            or size != _HEADER.size + per_line * height):
        return None
    pixels = memoryview(pages)[_HEADER.size:]
    # Straight over the mapped pages, no copy: Qt keeps `pixels` (and so the mapping) alive.
    image = QImage(pixels, width, height, per_line, QImage.Format(form))
    return image, lambda: zlib.crc32(pixels) == checksum
