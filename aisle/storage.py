"""The files Aisle writes: where they live, how they are written, and the settings.

Everything is JSON: statistics and the saved game in the platform's data folder, the settings in
its settings folder (the same folder on Windows and macOS; ``$XDG_CONFIG_HOME/aisle`` on Linux).
A file is written to a temporary file in the same folder, flushed to disk and renamed over the
old one, so a crash or a full disk leaves either the old file or the new one, never half of one.
A file that cannot be used (unreadable, not JSON, not what we expect, from a newer Aisle) is
renamed to ``<stem>.broken-<time>.json`` and reported; it is never deleted, so nothing the
player earned is silently lost. Files are read through `aisle.bounded_read`: a device or a pipe
in a file's place is reported and left alone, never read until memory runs out or waited on.

No Qt here: the settings are plain values the window applies itself.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from aisle.bounded_read import FileTooLargeError, NotAFileError, read_bounded
from aisle.engine.records import as_dict, record
from aisle.i18n import TN, T, Text
from aisle.source_text import source_text

log = logging.getLogger(__name__)

#: The format version of every file written here; a file with a higher one is set aside.
VERSION = 1
DATA_DIR_VARIABLE = "AISLE_DATA_DIR"
#: Names the settings folder; without it, $AISLE_DATA_DIR (when set) holds the settings too.
SETTINGS_DIR_VARIABLE = "AISLE_SETTINGS_DIR"
SETTINGS_FILE = "settings.json"
#: Far larger than any file we write; a bigger one is not ours (and would be slow to parse).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Temporary files older than this are leftovers of a crash, not a save in progress.
STALE_TEMP_SECONDS = 3600
#: The stem of the empty file `probe_folder` writes (cleaned like a temporary of a file so named).
PROBE_NAME = "write-test"
RECENT_LENGTH = 5
_MAX_TEXT = 200
_MAX_GEOMETRY = 20_000
_MAX_PATH = 4096
#: Keys one action may have (the shortcut editor gives two).
_MAX_KEYS = 4


class DataError(ValueError):
    """Raised by a validator: the file parsed but is not what we expect (says what is wrong)."""


# -- where ---------------------------------------------------------------------------------------
def data_dir() -> Path:
    """The folder for statistics and the saved game (not created here); see `settings_dir`."""
    return folder_for(sys.platform, os.environ, Path.home)


def folder_for(platform: str, environ: Mapping[str, str], home: Callable[[], Path]) -> Path:
    """`data_dir` for a given platform and environment (separate so every branch is testable).

    `home` is called only when no variable names the folder, so tests never reach the real one.
    """
    override = environ.get(DATA_DIR_VARIABLE, "")
    if override:
        return Path(override)
    if platform == "win32":
        appdata = environ.get("APPDATA", "")
        base = Path(appdata) if appdata else home() / "AppData" / "Roaming"
        return base / "Aisle"
    if platform == "darwin":
        return home() / "Library" / "Application Support" / "Aisle"
    xdg = environ.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative value is invalid and must be ignored.
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home() / ".local" / "share"
    return base / "aisle"


def resolve_folder(folder: Path | None) -> Path:
    return data_dir() if folder is None else folder


def settings_dir() -> Path:
    """The folder for the settings (not created here)."""
    return settings_folder_for(sys.platform, os.environ, Path.home)


def settings_folder_for(platform: str, environ: Mapping[str, str], home: Callable[[], Path]) -> Path:
    """`settings_dir` for a given platform and environment.

    Windows keeps an application's settings in its roaming application data and macOS in
    Application Support (Preferences is for property lists), which is where the data folder is;
    elsewhere the XDG base directories separate settings from data.
    """
    override = environ.get(SETTINGS_DIR_VARIABLE, "") or environ.get(DATA_DIR_VARIABLE, "")
    if override:
        return Path(override)
    if platform in ("win32", "darwin"):
        return folder_for(platform, environ, home)
    xdg = environ.get("XDG_CONFIG_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home() / ".config"
    return base / "aisle"


def resolve_settings_folder(folder: Path | None) -> Path:
    return settings_dir() if folder is None else folder


# -- reading -------------------------------------------------------------------------------------
class LoadResult(NamedTuple):
    """What `read_json` found: the (validated) data, or None and, if the file was bad, why."""

    data: Any | None
    problem: Text | None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def parse_json(raw: bytes) -> Any:
    """Strict JSON from bytes: UTF-8 (a BOM is tolerated), no NaN or infinities.

    Raises ValueError (also for too deep nesting) with the reason.
    """
    try:
        text = raw.decode("utf-8-sig")
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError:
        raise ValueError("the data is nested too deeply") from None


def _timestamp() -> str:
    from datetime import datetime  # only for a file set aside: rare, and slow to import

    return datetime.now().strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path) -> Path | None:
    """Rename a bad file (or folder) to ``<stem>.broken-<time>.json`` next to it.

    Returns the new path, or None when it could not be renamed (then it is left as it was).
    """
    base = f"{path.stem}.broken-{_timestamp()}"
    for attempt in range(1, 100):
        target = path.with_name(f"{base}.json" if attempt == 1 else f"{base}-{attempt}.json")
        if target.exists() or target.is_symlink():
            continue
        try:
            path.rename(target)
        except OSError as error:
            log.warning("cannot move %s aside: %s", path, error)
            return None
        return target
    return None


#: Damaged files that could not be set aside (a read-only folder): never written over nor
#: removed, even once the folder can be written again; each is set aside first (`_clear`).
_LEFT_ALONE: set[Path] = set()
#: Held around `_LEFT_ALONE`: files are read on the GUI thread and written by the writer's.
_LEFT_ALONE_LOCK = threading.Lock()


class DamagedFileKeptError(OSError):
    """A damaged file is in the way and cannot be set aside: it is not written over."""


def keep_damaged(path: Path) -> Path | None:
    """Set a damaged (or partly used) file aside, as `set_aside`; when it cannot be, it is
    left alone and never written over nor removed (`write_bytes_atomic`, `remove_file`)."""
    moved = set_aside(path)
    if moved is None:
        with _LEFT_ALONE_LOCK:
            _LEFT_ALONE.add(path)
    return moved


def _clear(path: Path) -> None:
    """Set a damaged file left alone at `path` aside before it is replaced or removed;
    `DamagedFileKeptError` while that cannot be done."""
    with _LEFT_ALONE_LOCK:
        if path not in _LEFT_ALONE:
            return
        if path.exists() and set_aside(path) is None:
            raise DamagedFileKeptError(errno.EACCES, T(
                "a damaged file there, kept for you, cannot be moved aside, so it is not written "
                "over").translate(), str(path))
        _LEFT_ALONE.discard(path)


def _broken(path: Path, problem: Text, detail: str) -> LoadResult:
    """Set a bad file aside; `problem` is a whole sentence naming the file and what is wrong."""
    moved = keep_damaged(path)
    if moved is None:
        outcome = T("It could not be moved aside either, so Aisle leaves it alone and goes on "
                    "without it.")
    else:
        outcome = T("It was kept as {moved}, and Aisle goes on without it.", moved=str(moved))
    # TRANSLATORS: two whole sentences: what is wrong with a file, then what Aisle did about it.
    message = T("{problem} {outcome}", problem=problem, outcome=outcome)
    log.warning("%s (%s)", source_text(message), detail)
    return LoadResult(None, message)


#: The paths found to be no regular file so far (see `read_json`).
_NOT_FILES_TOLD: set[str] = set()


def _unexpected(path: Path) -> Text:
    return T("The contents of the file {path} are not what Aisle expects.", path=str(path))


def read_json(
    path: Path,
    validate: Callable[[Any], Any] | None = None,
    version: int = VERSION,
) -> LoadResult:
    """Read a JSON file we wrote; never raises.

    A missing file gives ``LoadResult(None, None)``. A file that cannot be read, is not JSON,
    has a ``"version"`` above `version`, or fails `validate` (which returns the data to use or
    raises) is moved aside and the result carries a message naming both paths. Anything but a
    regular file (a device, a pipe) is left where it is, unread, with a message.
    """
    name = str(path)
    try:
        if not (path.exists() or path.is_symlink()):
            return LoadResult(None, None)
        if path.is_dir():
            return _broken(path, T("The file {path} is a folder, not a file.", path=name), "folder")
        raw = read_bounded(path, MAX_FILE_BYTES)
    except NotAFileError:
        # A device or a pipe is not renamed: it is not a file of ours gone bad. Said once; a
        # later look (the save is read again when a new game starts) takes it as missing.
        if name in _NOT_FILES_TOLD:
            return LoadResult(None, None)
        _NOT_FILES_TOLD.add(name)
        message = T("The file {path} is not a regular file (it may be a device, a pipe or a "
                    "socket), so Aisle does not read it and goes on without it.", path=name)
        log.warning("%s", source_text(message))
        return LoadResult(None, message)
    except FileTooLargeError as error:
        return _broken(path, T("The file {path} is far too large to be one of Aisle's files.",
                               path=name), str(error))
    except OSError as error:
        return _broken(path, T("The file {path} cannot be read.", path=name), str(error))
    try:
        data = parse_json(raw)
    except ValueError as error:
        return _broken(path, T("The file {path} is not a valid JSON file.", path=name), str(error))
    if isinstance(data, dict) and "version" in data:
        found = data["version"]
        if type(found) is not int:
            return _broken(path, _unexpected(path), "bad version")
        if found > version:
            return _broken(path, T("The file {path} was written by a newer version of Aisle.",
                                   path=name), f"version {found}")
    if validate is None:
        return LoadResult(data, None)
    try:
        return LoadResult(validate(data), None)
    except Exception as error:  # any failure of a validator means the data is not usable
        return _broken(path, _unexpected(path), repr(error))


def salvage_message(path: Path, moved: Path | None, dropped: int) -> Text:
    """The message for a file of which only some parts were usable."""
    if moved is None:
        return TN("One entry in {path} could not be read and was left out.",
                  "{n} entries in {path} could not be read and were left out.",
                  dropped, path=str(path))
    return TN("One entry in {path} could not be read and was left out. The original file was "
              "kept as {moved}.",
              "{n} entries in {path} could not be read and were left out. The original file "
              "was kept as {moved}.", dropped, path=str(path), moved=str(moved))


def check_version(data: Any) -> dict[str, Any]:
    """The common frame of our files: an object with an integer version we know."""
    if not isinstance(data, dict):
        raise DataError("the file does not hold an object")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise DataError(f"unknown format version {version!r:.40}")
    return data


# -- writing -------------------------------------------------------------------------------------
def write_json_atomic(path: Path, data: Any) -> None:
    """Replace `path` with `data` as JSON so that it is always either the old or the new file.

    Raises OSError naming `path` (or ValueError for data JSON cannot hold); then the old file is
    untouched and no temporary file is left behind.
    """
    write_bytes_atomic(path, json_bytes(data))


def json_bytes(data: Any) -> bytes:
    """`data` as the JSON text of our files (raises ValueError for what JSON cannot hold)."""
    text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    return text.encode("utf-8")


def write_bytes_atomic(path: Path, content: bytes) -> None:
    """`write_json_atomic` for content that is ready: raises OSError naming `path`.

    A damaged file found at `path` and left alone (it could not be set aside) is set aside
    now, before it is replaced; while it cannot be, it is not written over (OSError): what is
    left of the player's data in it is theirs to keep."""
    _clear(path)
    try:
        _replace_with(path, content)
    except OSError as error:
        if error.errno is None:
            raise
        # The error may name the temporary file; the player knows the file being saved.
        raise OSError(error.errno, error.strerror or str(error), str(path)) from error


def error_text(error: BaseException) -> str:
    """An error as a message shows it: the system's words ("Permission denied") when there are
    some, since the message names the file itself."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def _replace_with(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = _new_temporary(path.parent, path.name)
    try:
        with open(descriptor, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    _remove_stale_temporaries(path)


def _new_temporary(folder: Path, name: str) -> tuple[int, Path]:
    """A new, open temporary file ``.<name>.<random>.tmp`` in `folder`: where every write
    begins (and so where a test makes writing fail)."""
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    return descriptor, Path(temporary)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _remove_stale_temporaries(path: Path) -> None:
    """Delete temporary files a killed process left; recent ones may belong to another Aisle."""
    limit = time.time() - STALE_TEMP_SECONDS
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if leftover.is_file() and leftover.stat().st_mtime < limit:
                leftover.unlink()
        except OSError:
            continue


def remove_stale_temporaries(folder: Path, names: Iterable[str]) -> None:
    """At start: delete the temporary files a killed Aisle left while saving one of `names` in
    `folder` (only ours, and only old ones: a recent one may be another Aisle's save)."""
    for name in names:
        _remove_stale_temporaries(folder / name)


def probe_folder(folder: Path) -> OSError | None:
    """Whether files can be written in `folder` (made if missing): None, or the error met.

    Writes and deletes an empty temporary file, as a save would begin.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = _new_temporary(folder, PROBE_NAME)
        os.close(descriptor)
        temporary.unlink()
    except FileExistsError:  # a file where the folder should be: "File exists" misleads
        return NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    except OSError as error:
        return error
    return None


def remove_file(path: Path) -> OSError | None:
    """Delete a file we own (the saved game once it is over); a missing one is fine.

    Returns the error when the file is still there (it is logged too).
    """
    try:
        _clear(path)  # a damaged file left alone is kept aside, never deleted
        path.unlink(missing_ok=True)
    except IsADirectoryError:
        set_aside(path)
    except OSError as error:
        log.warning("cannot remove %s: %s", path, error)
        return error
    return None


# -- settings ------------------------------------------------------------------------------------
@record
class Settings:
    """The player's choices that outlive a session (the window reads and writes them)."""

    last_game: str | None
    #: Chosen options per game id.
    options: dict[str, dict[str, str]]
    #: Base64 of Qt's saveGeometry().
    geometry: str
    maximized: bool
    fullscreen: bool
    language: str | None
    show_toolbar: bool
    show_statusbar: bool
    animations: bool
    #: The last games played, newest first.
    recent: list[str]
    #: Keys the player gave actions, by action name, in Qt's portable text (an action not named
    #: here has its default keys; an empty list, none).
    shortcuts: dict[str, list[str]]
    #: The folder a game was last saved to or opened from ("" until then).
    game_folder: str
    #: Deals at random are only deals the solver has proven winnable.
    winnable_only: bool
    #: A click picks cards up and a second click puts them down (besides dragging).
    click_to_move: bool
    #: Cards no longer of use elsewhere go to the foundations by themselves after each move.
    auto_up: bool
    #: The card deck shown: an id of aisle.ui.cards.decks ("" for the default deck).
    card_deck: str
    #: The baize: one of our styles or a colour "#rrggbb" ("" for the default).
    baize: str
    #: High contrast (large-index four-colour deck, strong outlines); None follows the platform.
    high_contrast: bool | None
    #: The solver's word in the status bar and its "no longer winnable" notice (off: no spoilers).
    show_verdict: bool
    #: The window's colours: "system" (the platform's light or dark scheme), "light" or "dark".
    theme: str
    #: Ask before a new game takes the place of one under way (which then counts as lost).
    confirm_leave: bool

    def __init__(self, last_game: str | None = None,
                 options: dict[str, dict[str, str]] | None = None, geometry: str = "",
                 maximized: bool = False, fullscreen: bool = False, language: str | None = None,
                 show_toolbar: bool = True, show_statusbar: bool = True, animations: bool = True,
                 recent: list[str] | None = None,
                 shortcuts: dict[str, list[str]] | None = None, game_folder: str = "",
                 winnable_only: bool = False, click_to_move: bool = False,
                 auto_up: bool = False, card_deck: str = "", baize: str = "",
                 high_contrast: bool | None = None, show_verdict: bool = True,
                 theme: str = "system", confirm_leave: bool = True) -> None:
        self.last_game = last_game
        # A new container each (None stands for "none given", as a dataclass's default factory).
        self.options = {} if options is None else options
        self.geometry = geometry
        self.maximized = maximized
        self.fullscreen = fullscreen
        self.language = language
        self.show_toolbar = show_toolbar
        self.show_statusbar = show_statusbar
        self.animations = animations
        self.recent = [] if recent is None else recent
        self.shortcuts = {} if shortcuts is None else shortcuts
        self.game_folder = game_folder
        self.winnable_only = winnable_only
        self.click_to_move = click_to_move
        self.auto_up = auto_up
        self.card_deck = card_deck
        self.baize = baize
        self.high_contrast = high_contrast
        self.show_verdict = show_verdict
        self.theme = theme
        self.confirm_leave = confirm_leave

    @classmethod
    def load(cls, folder: Path | None = None) -> tuple[Settings, list[Text]]:
        """The saved settings (defaults where none), and messages about anything unusable.

        Without a `folder`, settings an older Aisle kept in the data folder are moved over first.
        """
        path = resolve_settings_folder(folder) / SETTINGS_FILE
        if folder is None:
            path = move_settings(data_dir() / SETTINGS_FILE, path)
        remove_stale_temporaries(path.parent, [SETTINGS_FILE])
        result = read_json(path, check_version)
        if result.data is None:
            return cls(), [result.problem] if result.problem is not None else []
        settings, dropped = _settings_from(result.data)
        if not dropped:
            return settings, []
        # Keep the original for the player, and write what was usable so it is not lost too.
        moved = keep_damaged(path)
        if moved is not None:
            try:
                settings.save(path.parent)
            except (OSError, ValueError) as error:
                log.warning("cannot rewrite %s: %s", path, error)
        return settings, [salvage_message(path, moved, dropped)]

    def save(self, folder: Path | None = None) -> None:
        """Write the settings at once (raises OSError when the folder is not writable)."""
        write_bytes_atomic(resolve_settings_folder(folder) / SETTINGS_FILE, self.encoded())

    def encoded(self) -> bytes:
        """The settings file's content for the settings as they are now."""
        data: dict[str, Any] = {"version": VERSION, **as_dict(self)}
        return json_bytes(data)

    def remember_game(self, variant_id: str) -> None:
        """Note the game now played: it becomes the last game and heads the recent list."""
        self.last_game = variant_id
        self.recent = [variant_id, *(g for g in self.recent if g != variant_id)][:RECENT_LENGTH]


def first_start(folder: Path | None = None) -> bool:
    """Whether Aisle has never run here: no settings file (nor one an older Aisle kept)."""
    if folder is not None:
        return not (folder / SETTINGS_FILE).exists()
    return not ((resolve_settings_folder(None) / SETTINGS_FILE).exists()
                or (data_dir() / SETTINGS_FILE).exists())


def move_settings(old: Path, new: Path) -> Path:
    """Move the settings file of an older Aisle from `old` to `new`, once; returns where the
    settings are to be read from now.

    Nothing moves when `new` exists already (the move was made) or there is nothing at `old`.
    The file is copied, the copy made durable, and only then the original deleted; if any
    step fails, the original stays where it was and is read from there.
    """
    if old == new or new.exists() or new.is_symlink() or not old.is_file():
        return new
    try:
        content = read_bounded(old, MAX_FILE_BYTES)
    except OSError as error:  # left where it is: reading it there reports what is wrong
        log.warning("cannot move the settings from %s to %s: %s", old, new, error)
        return old
    try:
        write_bytes_atomic(new, content)
    except OSError as error:
        log.warning("cannot move the settings from %s to %s: %s", old, new, error)
        return old
    try:
        old.unlink()
    except OSError as error:  # two copies, the same settings: the new one is used from now on
        log.warning("cannot remove the settings left in %s: %s", old, error)
    return new


def _short_text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= _MAX_TEXT


def _options_from(value: Any) -> tuple[dict[str, dict[str, str]], int]:
    if not isinstance(value, dict):
        return {}, 1
    kept: dict[str, dict[str, str]] = {}
    dropped = 0
    for game, chosen in value.items():
        if (_short_text(game) and isinstance(chosen, dict) and len(chosen) <= 50
                and all(_short_text(k) and _short_text(v) for k, v in chosen.items())):
            kept[game] = dict(chosen)
        else:
            dropped += 1
    return kept, dropped


def _recent_from(value: Any) -> tuple[list[str], int]:
    if not isinstance(value, list):
        return [], 1
    kept = [item for item in value if _short_text(item)]
    unique = list(dict.fromkeys(kept))[:RECENT_LENGTH]
    return unique, len(value) - len(kept)


#: The window's colour themes (Settings.theme).
THEMES = ("system", "light", "dark")


def _settings_from(data: dict[str, Any]) -> tuple[Settings, int]:
    """Settings from a parsed file, keeping every usable field; also counts unusable ones.

    Unknown keys are ignored (an older Aisle reading a file of a newer one of the same version).
    """
    settings = Settings()
    dropped = 0
    checks: dict[str, Callable[[Any], bool]] = {
        "last_game": lambda v: v is None or _short_text(v),
        "geometry": lambda v: isinstance(v, str) and len(v) <= _MAX_GEOMETRY,
        "maximized": lambda v: isinstance(v, bool),
        "fullscreen": lambda v: isinstance(v, bool),
        "language": lambda v: v is None or _short_text(v),
        "show_toolbar": lambda v: isinstance(v, bool),
        "show_statusbar": lambda v: isinstance(v, bool),
        "animations": lambda v: isinstance(v, bool),
        "game_folder": lambda v: isinstance(v, str) and len(v) <= _MAX_PATH,
        "winnable_only": lambda v: isinstance(v, bool),
        "click_to_move": lambda v: isinstance(v, bool),
        "auto_up": lambda v: isinstance(v, bool),
        "card_deck": lambda v: isinstance(v, str) and len(v) <= _MAX_PATH,
        "baize": lambda v: isinstance(v, str) and len(v) <= _MAX_TEXT,
        "high_contrast": lambda v: v is None or isinstance(v, bool),
        "show_verdict": lambda v: isinstance(v, bool),
        "theme": lambda v: v in THEMES,
    }
    for key, check in checks.items():
        if key not in data:
            continue
        if check(data[key]):
            setattr(settings, key, data[key])
        else:
            dropped += 1
    if "options" in data:
        settings.options, bad = _options_from(data["options"])
        dropped += bad
    if "recent" in data:
        settings.recent, bad = _recent_from(data["recent"])
        dropped += bad
    if "shortcuts" in data:
        settings.shortcuts, bad = _shortcuts_from(data["shortcuts"])
        dropped += bad
    return settings, dropped


def _shortcuts_from(value: Any) -> tuple[dict[str, list[str]], int]:
    """Each action's keys (a few short texts); Qt itself judges later whether they are keys."""
    if not isinstance(value, dict):
        return {}, 1
    kept: dict[str, list[str]] = {}
    dropped = 0
    for action, keys in value.items():
        if (_short_text(action) and isinstance(keys, list) and len(keys) <= _MAX_KEYS
                and all(_short_text(key) for key in keys)):
            kept[action] = list(keys)
        else:
            dropped += 1
    return kept, dropped
