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

Every wheel is checked whole first (aisle.registry.wheel_check): a damaged one is reported by its file
name and skipped, never the end of the start. A plugin runs with the player's rights, so a
wheel is unpacked only once the player has allowed it (aisle.registry.consent): one installed
with Install from File is allowed as it is installed; one that appeared by itself waits for
the player's answer, and the window asks once the plugins are loaded.

No Qt here: the registry calls `add_wheel_folders` in its worker thread.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import sys
import tempfile
import zipfile
from enum import StrEnum
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from aisle.i18n import Text
from aisle.registry.consent import Answer, Permissions, remember
from aisle.registry.wheel_check import CheckedWheel, WheelError, WheelInfo, check_wheel
from aisle.registry.wheel_folder import PLUGINS_FOLDER, SUFFIX, plugins_folder, wheel_files

log = logging.getLogger(__name__)

__all__ = ["PLUGINS_FOLDER", "SUFFIX", "UNPACKED_FOLDER", "WheelError", "WheelInfo", "WheelState",
           "WheelStatus", "add_wheel_folders", "describe", "install_wheel", "plugins_folder",
           "unpack", "wheel_files"]

UNPACKED_FOLDER = ".unpacked"
#: Characters of the wheel's SHA-256 that name its unpacked folder.
_HASH_LENGTH = 20


class WheelStatus(StrEnum):
    #: Unpacked and on sys.path: its plugins are loaded like any other.
    USED = "used"
    #: Not allowed yet (never asked, or "Not Now"): the player is asked.
    WAITING = "waiting"
    #: The player said Never to this file.
    REFUSED = "refused"
    #: It cannot be used: `problem` says why.
    BROKEN = "broken"
    #: A distribution of the same name is installed another way (pip) and wins, so the file is
    #: neither asked about nor loaded: `problem` is that one's version.
    SHADOWED = "shadowed"


class WheelState(NamedTuple):
    """One wheel file of the plugins folder, as Help ▸ Plugins and ``--list-games`` show it."""

    file: str
    status: WheelStatus
    #: Its METADATA (None when the file could not be read as a wheel).
    info: WheelInfo | None = None
    #: SHA-256 of the file, in hex ("" when it could not be read).
    digest: str = ""
    problem: str = ""
    #: Why a broken wheel cannot be used, in the player's language when shown (its English
    #: is `problem`).
    why: Text | None = None


def describe(wheel: Path) -> WheelInfo:
    """Name, version and author of a plugin wheel, after checking it can be loaded (see
    aisle.registry.wheel_check: readable whole, pure Python, with entry points of the group "aisle")."""
    return check_wheel(wheel).info


def unpack(checked: CheckedWheel, cache: Path) -> Path:
    """The folder the checked wheel is unpacked into (unpacked now unless it was before)."""
    digest = checked.digest[:_HASH_LENGTH]
    target = cache / digest
    if target.is_dir():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    # Unpacked beside the target and renamed into place: a half-unpacked folder is never used.
    temporary = Path(tempfile.mkdtemp(dir=cache, prefix=f".{digest}-"))
    try:
        with zipfile.ZipFile(io.BytesIO(checked.data)) as archive:
            for member in archive.infolist():
                # Names and sizes were checked (aisle.registry.wheel_check) on these very bytes.
                path = temporary.joinpath(*PurePosixPath(member.filename).parts)
                if member.is_dir():
                    path.mkdir(parents=True, exist_ok=True)
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                with archive.open(member) as source, path.open("wb") as copy:
                    shutil.copyfileobj(source, copy)
        try:
            temporary.rename(target)
        except OSError:  # another process was quicker: use its folder
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return target


def add_wheel_folders(permissions: Permissions, folder: Path | None = None) -> list[WheelState]:
    """Check every plugin wheel of the plugins folder; unpack those `permissions` allow and put
    them on sys.path, so the registry finds their entry points. The state of each wheel.
    Unpacked folders of wheels no longer used (and not on sys.path) are deleted."""
    where = plugins_folder() if folder is None else folder
    cache = where / UNPACKED_FOLDER
    states: list[WheelState] = []
    used: set[str] = set()
    for wheel in wheel_files(where):
        try:
            state, unpacked = _take(wheel, permissions, cache)
        except Exception as error:  # whatever a file does, the other wheels and games go on
            state, unpacked = WheelState(wheel.name, WheelStatus.BROKEN, problem=(
                f"{wheel.name} could not be checked: {type(error).__name__}: {error}")), None
        states.append(state)
        if unpacked is not None:
            used.add(unpacked.name)
            if str(unpacked) not in sys.path:
                sys.path.append(str(unpacked))
    _forget_unused(cache, used)
    return states


def _take(wheel: Path, permissions: Permissions,
          cache: Path) -> tuple[WheelState, Path | None]:
    """The state of one wheel, and its unpacked folder when it is to be used."""
    try:
        checked = check_wheel(wheel)
    except WheelError as problem:
        return WheelState(wheel.name, WheelStatus.BROKEN, problem=str(problem), why=problem.why), None
    state = WheelState(wheel.name, WheelStatus.WAITING, checked.info, checked.digest)
    installed = _installed_elsewhere(checked.info.name, cache)
    if installed is not None:  # sys.path finds that one first: this file would never be loaded
        return state._replace(status=WheelStatus.SHADOWED, problem=installed), None
    answer = permissions.answer(checked.digest)
    if answer is None:
        return state, None
    if answer is Answer.NEVER:
        return state._replace(status=WheelStatus.REFUSED), None
    try:
        unpacked = unpack(checked, cache)
    except OSError as error:
        return state._replace(status=WheelStatus.BROKEN, problem=(
            f"{wheel.name} cannot be unpacked into the folder {cache}: "
            f"{error.strerror or error}")), None
    return state._replace(status=WheelStatus.USED), unpacked


def _installed_elsewhere(name: str, cache: Path) -> str | None:
    """The version of a distribution named `name` installed other than as a wheel of the
    plugins folder (with pip, say), if there is one."""
    from importlib.metadata import distributions

    for distribution in distributions(name=name):
        base = Path(str(distribution.locate_file("")))
        if base != cache and cache not in base.parents:
            return str(distribution.version)
    return None


def _forget_unused(cache: Path, used: set[str]) -> None:
    try:
        entries = list(cache.iterdir())
    except OSError:
        return
    for entry in entries:
        # Leftovers of an interrupted unpacking start with a dot; they go too.
        if entry.is_dir() and entry.name not in used and str(entry) not in sys.path:
            shutil.rmtree(entry, ignore_errors=True)


def install_wheel(source: Path | CheckedWheel, folder: Path | None = None) -> Path:
    """Copy a plugin wheel into the plugins folder (after checking it, see `describe`) and note
    that the player allowed it; the copy's path. A wheel of the same distribution already there
    is replaced. Raises WheelError for a wheel that cannot be used, OSError when it cannot be
    written."""
    checked = check_wheel(source) if isinstance(source, Path) else source
    name = checked.path.name
    where = plugins_folder() if folder is None else folder
    where.mkdir(parents=True, exist_ok=True)
    # Noted first: a wheel copied without it would be asked about at the next start.
    for problem in remember({checked.digest: (name, Answer.ALLOW)}):
        log.warning("%s", problem.translate())
    target = where / name
    for other in wheel_files(where):
        if other.name != name and _same_distribution(other, checked.info.name):
            other.unlink()
    # The checked bytes are written, not the source read again: it may have changed since.
    handle, temporary = tempfile.mkstemp(dir=where, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(checked.data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _same_distribution(wheel: Path, name: str) -> bool:
    try:
        return _normalized(describe(wheel).name) == _normalized(name)
    except WheelError:
        return False


def _normalized(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()
