"""Plugins as wheel files in the user's plugins folder, for players without pip (the bundle).

A pure-Python plugin wheel (``*.whl``, a zip file) dropped into ``<data folder>/plugins`` is
loaded like a pip-installed plugin: its entry points come from the wheel's own
``*.dist-info/entry_points.txt``, and its errors are reported the same way. Removing the file
removes the plugin at the next start.

The wheel is unpacked once into ``plugins/.unpacked/<hash of the wheel>/`` and that folder is
put at the end of sys.path (so an installed distribution of the same name wins, and no wheel
can shadow Aisle itself). Importing straight from the zip would work for code, but not for the
folders of catalogs and help pages a plugin's hooks return (paths inside a zip are no folders),
nor for a plugin's own ``Path(__file__).parent / ...``. Keyed by the hash, a changed wheel is
unpacked afresh; unpacked folders of wheels that are gone are deleted.

No Qt here: the registry calls `add_wheel_folders` in its worker thread.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from aisle.storage import data_dir

PLUGINS_FOLDER = "plugins"
UNPACKED_FOLDER = ".unpacked"
SUFFIX = ".whl"
#: Characters of the wheel's SHA-256 that name its unpacked folder.
_HASH_LENGTH = 20
#: Endings of compiled extension modules: a wheel with one is made for one platform and Python.
_COMPILED = (".so", ".pyd", ".dylib", ".dll")


class WheelError(Exception):
    """Why a wheel file cannot be used as a plugin (written for its author and the player)."""


def plugins_folder() -> Path:
    """Where plugin wheel files go (not created here)."""
    return data_dir() / PLUGINS_FOLDER


def wheel_files(folder: Path | None = None) -> list[Path]:
    where = plugins_folder() if folder is None else folder
    try:
        return sorted(path for path in where.iterdir() if path.suffix == SUFFIX and path.is_file())
    except OSError:  # no plugins folder yet
        return []


def describe(wheel: Path) -> tuple[str, str]:
    """(distribution name, version) of a plugin wheel, after checking it can be loaded: a zip,
    pure Python, with a dist-info folder whose entry points name the group "aisle"."""
    from aisle.hooks import GROUP, _section  # the registry's own reader of entry_points.txt

    try:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            info = _dist_info(names, wheel)
            metadata = archive.read(f"{info}/METADATA").decode("utf-8", "replace")
            points = archive.read(f"{info}/entry_points.txt").decode("utf-8", "replace") \
                if f"{info}/entry_points.txt" in names else ""
            wheel_file = archive.read(f"{info}/WHEEL").decode("utf-8", "replace") \
                if f"{info}/WHEEL" in names else ""
    except (OSError, zipfile.BadZipFile, KeyError) as error:
        raise WheelError(f"{wheel.name} is not a readable wheel file: {error}") from error
    compiled = [name for name in names if name.endswith(_COMPILED)]
    if "root-is-purelib: false" in wheel_file.lower() or compiled:
        what = compiled[0] if compiled else "Root-Is-Purelib: false"
        raise WheelError(f"{wheel.name} holds compiled code ({what}); "
                         "only a pure-Python plugin wheel can be loaded from the plugins folder")
    if not _section(points.splitlines(), GROUP):
        raise WheelError(f"{wheel.name} declares no entry point in the group {GROUP!r}, "
                           "so it offers Aisle nothing")
    headers = _headers(metadata)
    return headers.get("name", info.partition("-")[0]), headers.get("version", "?")


def _dist_info(names: list[str], wheel: Path) -> str:
    folders = {name.split("/", 1)[0] for name in names if "/" in name}
    found = sorted(folder for folder in folders if folder.endswith(".dist-info"))
    if len(found) != 1 or f"{found[0]}/METADATA" not in names:
        raise WheelError(f"{wheel.name} has no single *.dist-info folder with METADATA: "
                           "is it a wheel built by a build tool (python -m build)?")
    return found[0]


def _headers(text: str) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in ("name", "version"):
            headers.setdefault(key.strip().lower(), value.strip())
    return headers


def unpack(wheel: Path, cache: Path) -> Path:
    """The folder the wheel is unpacked into (unpacked now unless it was before)."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:_HASH_LENGTH]
    target = cache / digest
    if target.is_dir():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    # Unpacked beside the target and renamed into place: a half-unpacked folder is never used.
    temporary = Path(tempfile.mkdtemp(dir=cache, prefix=f".{digest}-"))
    try:
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.infolist():
                path = PurePosixPath(member.filename)
                if path.is_absolute() or ".." in path.parts or ":" in member.filename:
                    raise WheelError(f"{wheel.name} holds a file outside its own folders: "
                                       f"{member.filename}")
            archive.extractall(temporary)
        try:
            temporary.rename(target)
        except OSError:  # another process was quicker: use its folder
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return target


def add_wheel_folders(folder: Path | None = None) -> list[tuple[str, str]]:
    """Unpack every plugin wheel of the plugins folder and put it on sys.path, so the registry
    finds its entry points; (wheel file name, problem) for each that cannot be used.
    Unpacked folders of wheels no longer there are deleted."""
    where = plugins_folder() if folder is None else folder
    cache = where / UNPACKED_FOLDER
    problems: list[tuple[str, str]] = []
    used: set[str] = set()
    for wheel in wheel_files(where):
        try:
            describe(wheel)
            unpacked = unpack(wheel, cache)
        except WheelError as problem:
            problems.append((wheel.name, f"{problem} (in {wheel})"))
            continue
        except (OSError, zipfile.BadZipFile) as error:
            problems.append((wheel.name, f"cannot be unpacked into {cache}: {error} (in {wheel})"))
            continue
        used.add(unpacked.name)
        if str(unpacked) not in sys.path:
            sys.path.append(str(unpacked))
    _forget_unused(cache, used)
    return problems


def _forget_unused(cache: Path, used: set[str]) -> None:
    try:
        entries = list(cache.iterdir())
    except OSError:
        return
    for entry in entries:
        # Leftovers of an interrupted unpacking start with a dot; they go too.
        if entry.is_dir() and entry.name not in used and str(entry) not in sys.path:
            shutil.rmtree(entry, ignore_errors=True)


def install_wheel(source: Path, folder: Path | None = None) -> Path:
    """Copy a plugin wheel into the plugins folder (after checking it, see `describe`); the
    copy's path. A wheel of the same distribution already there is replaced."""
    name, _version = describe(source)
    where = plugins_folder() if folder is None else folder
    where.mkdir(parents=True, exist_ok=True)
    target = where / source.name
    for other in wheel_files(where):
        if other.name != source.name and _same_distribution(other, name):
            other.unlink()
    handle, temporary = tempfile.mkstemp(dir=where, prefix=f".{source.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream, source.open("rb") as original:
            shutil.copyfileobj(original, stream)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _same_distribution(wheel: Path, name: str) -> bool:
    try:
        return _normalized(describe(wheel)[0]) == _normalized(name)
    except WheelError:
        return False


def _normalized(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()
