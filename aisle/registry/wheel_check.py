"""Checking a plugin wheel file before anything of it is used: read it whole, bounded, and look
at every byte of it.

A wheel in the plugins folder, or one chosen for Install from File, may be anything a download,
a full disk or a hostile author made of it: a damaged zip, a member whose data does not match
its checksum, an encrypted member, a compression method no wheel uses, names that climb out of
the folder they are unpacked into, a zip bomb, or a FIFO or a device named ``*.whl``. Every such
file raises `WheelError` here, whose message names the file and says what is wrong; nothing
else escapes `check_wheel`.

The file is read once into memory (at most `MAX_WHEEL_BYTES`), so what is checked is exactly
what is hashed (the player's permission is kept per SHA-256), unpacked or installed.

No Qt here: the registry checks wheels in its worker thread.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from aisle.bounded_read import FileTooLargeError, NotAFileError, read_bounded, regular_file_size
from aisle.i18n import T, Text
from aisle.registry.entry_points import GROUP, section
from aisle.source_text import source_text

#: A plugin wheel is a few hundred KiB; anything near these limits is no plugin.
MAX_WHEEL_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
MAX_MEMBERS = 10_000
_MIB = 1024 * 1024
#: Read in pieces of this size, so a member can never be held whole past the limits.
_CHUNK = 1024 * 1024
#: The only compression methods wheels use (anything else is no wheel, or a trap).
_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
#: General-purpose flag bit 0: the member is encrypted.
_ENCRYPTED = 0x1
#: Endings of compiled extension modules: a wheel with one is made for one platform and Python.
_COMPILED = (".so", ".pyd", ".dylib", ".dll")
#: The dist-info files read for the checks (small text files).
_INFO_FILES = ("METADATA", "WHEEL", "entry_points.txt")
_MAX_INFO_CHARS = 256 * 1024


class WheelError(Exception):
    """Why a wheel file cannot be used as a plugin (written for its author and the player):
    `why`, in the player's language when shown; the exception's own text is its English."""

    def __init__(self, why: Text) -> None:
        super().__init__(source_text(why))
        self.why = why


class WheelInfo(NamedTuple):
    """What a wheel's METADATA says of it (shown when the player is asked to allow it)."""

    name: str
    version: str
    #: "Author" or "Author-email" of the METADATA; "" when it names none.
    author: str


class CheckedWheel(NamedTuple):
    """A wheel file that passed every check, with the bytes that were checked."""

    path: Path
    data: bytes
    #: SHA-256 of `data`, in hex.
    digest: str
    info: WheelInfo


def check_wheel(path: Path) -> CheckedWheel:
    """Read and check the wheel file `path`; WheelError, naming the file, when it cannot be used."""
    import hashlib  # only here: it loads OpenSSL (megabytes), and most starts check no wheel

    data = _read(path)
    name = path.name
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            _check_names(name, members)
            texts = _read_members(name, archive, members)
    except WheelError:
        raise
    except Exception as error:  # the zip's own structure is damaged (any parser error)
        raise WheelError(T("{name} is not a readable wheel file: {error}", name=name,
                           error=_said(error))) from error
    names = [member.filename for member in members]
    info = _dist_info(names, name)
    _check_pure(name, names, texts.get(f"{info}/WHEEL", ""))
    _check_entry_points(name, names, texts.get(f"{info}/entry_points.txt", ""))
    headers = _headers(texts[f"{info}/METADATA"])
    wheel_info = WheelInfo(headers.get("name") or info.partition("-")[0],
                           headers.get("version") or "?", _author(headers))
    return CheckedWheel(path, data, hashlib.sha256(data).hexdigest(), wheel_info)


def _read(path: Path) -> bytes:
    name = path.name
    try:
        # Asked first: zipfile would open a FIFO and wait, or read /dev/zero forever.
        regular_file_size(path)
        return read_bounded(path, MAX_WHEEL_BYTES)
    except NotAFileError as error:
        raise WheelError(T("{name} is not a regular file (a folder, a device or a pipe), so it "
                           "cannot be a plugin wheel", name=name)) from error
    except FileTooLargeError as error:
        raise WheelError(T("{name} is larger than {mib} MiB, far larger than a plugin wheel",
                           name=name, mib=MAX_WHEEL_BYTES // _MIB)) from error
    except OSError as error:
        raise WheelError(T("{name} cannot be read: {error}", name=name,
                           error=error.strerror or str(error))) from error


def _said(error: BaseException) -> str:
    return str(error) or type(error).__name__


def _check_names(name: str, members: list[zipfile.ZipInfo]) -> None:
    """Member names that unpack inside the wheel's folder, each once, within the limits."""
    if len(members) > MAX_MEMBERS:
        raise WheelError(T("{name} holds more than {count} files; a plugin wheel holds far "
                           "fewer", name=name, count=MAX_MEMBERS))
    seen: set[str] = set()
    total = 0
    for member in members:
        filename = member.filename
        path = PurePosixPath(filename)
        if (path.is_absolute() or ".." in path.parts or ":" in filename or "\\" in filename
                or not path.parts):
            raise WheelError(T("{name} holds a file outside its own folders: {file}", name=name,
                               file=f"{filename!r:.120}"))
        if any(ord(character) < 32 for character in filename):
            raise WheelError(T("{name} holds a file whose name has control characters: {file}",
                               name=name, file=f"{filename!r:.120}"))
        key = path.as_posix()
        if key in seen:
            raise WheelError(T("{name} holds {file} twice", name=name, file=f"{filename!r:.120}"))
        seen.add(key)
        if member.flag_bits & _ENCRYPTED:
            raise WheelError(T("{name} holds an encrypted file ({file}); a plugin wheel is "
                               "never encrypted", name=name, file=f"{filename:.120}"))
        if member.compress_type not in _METHODS:
            raise WheelError(T("{name} stores {file} with a compression method wheels do not "
                               "use (method {method}); only stored and deflated files can be "
                               "read", name=name, file=f"{filename:.120}",
                               method=str(member.compress_type)))
        total += member.file_size
        if total > MAX_UNPACKED_BYTES:
            raise _too_large(name)


def _too_large(name: str) -> WheelError:
    return WheelError(T("{name} would unpack to more than {mib} MiB, far more than a plugin "
                        "wheel (is it a zip bomb?)", name=name, mib=MAX_UNPACKED_BYTES // _MIB))


def _read_members(name: str, archive: zipfile.ZipFile,
                  members: list[zipfile.ZipInfo]) -> dict[str, str]:
    """Read every member to its end, so zipfile checks its data and its CRC; the texts of the
    dist-info files the checks need."""
    texts: dict[str, str] = {}
    total = 0
    for member in members:
        if member.is_dir():
            continue
        keep = member.filename.partition("/")[2] in _INFO_FILES and \
            member.filename.partition("/")[0].endswith(".dist-info")
        pieces: list[bytes] = []
        try:
            with archive.open(member) as stream:
                while piece := stream.read(_CHUNK):
                    total += len(piece)
                    if total > MAX_UNPACKED_BYTES:
                        raise _too_large(name)
                    if keep and sum(map(len, pieces)) < _MAX_INFO_CHARS:
                        pieces.append(piece)
        except WheelError:
            raise
        except zipfile.BadZipFile as error:
            raise WheelError(T("{name} is damaged: {file} does not match its checksum or "
                               "cannot be read ({error})", name=name,
                               file=f"{member.filename:.120}", error=_said(error))) from error
        except Exception as error:  # zlib.error, EOFError, OSError: the member's data is damaged
            raise WheelError(T("{name} is damaged: {file} cannot be read ({error})", name=name,
                               file=f"{member.filename:.120}",
                               error=f"{type(error).__name__}: {_said(error)}")) from error
        if keep:
            texts[member.filename] = b"".join(pieces)[:_MAX_INFO_CHARS].decode("utf-8", "replace")
    return texts


def _dist_info(names: list[str], name: str) -> str:
    folders = {entry.split("/", 1)[0] for entry in names if "/" in entry}
    found = sorted(folder for folder in folders if folder.endswith(".dist-info"))
    if len(found) != 1 or f"{found[0]}/METADATA" not in names:
        raise WheelError(T("{name} has no single *.dist-info folder with METADATA: is it a "
                           "wheel built by a build tool (python -m build)?", name=name))
    return found[0]


def _check_pure(name: str, names: list[str], wheel_file: str) -> None:
    compiled = [entry for entry in names if entry.endswith(_COMPILED)]
    if "root-is-purelib: false" in wheel_file.lower() or compiled:
        what = compiled[0] if compiled else "Root-Is-Purelib: false"
        raise WheelError(T("{name} holds compiled code ({what}); only a pure-Python plugin "
                           "wheel can be loaded from the plugins folder", name=name, what=what))


def _check_entry_points(name: str, names: list[str], text: str) -> None:
    """At least one entry point of the group "aisle", each naming a module the wheel holds."""
    points = section(text.splitlines(), GROUP)
    if not points:
        raise WheelError(T("{name} declares no entry point in the group {group}, so it offers "
                           "Aisle nothing", name=name, group=repr(GROUP)))
    held = set(names)
    for point, value in points:
        module, _colon, attribute = value.partition(":")
        parts = module.strip().split(".")
        attributes = attribute.split("[")[0].strip()
        if not all(part.isidentifier() for part in parts) or (
                attributes and not all(part.isidentifier() for part in attributes.split("."))):
            raise WheelError(T("{name} declares the entry point {point} = {value}, which does not "
                               "name a Python module (module or module:attribute)", name=name,
                               point=point, value=f"{value:.120}"))
        stem = "/".join(parts)
        if f"{stem}.py" not in held and f"{stem}/__init__.py" not in held:
            raise WheelError(T("{name} declares the entry point {point} = {value}, whose module "
                               "{module} is not in the wheel", name=name, point=point,
                               value=f"{value:.120}", module=module.strip()))


def _headers(text: str) -> dict[str, str]:
    """The METADATA headers Aisle shows (the header ends at the first blank line)."""
    headers: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in ("name", "version", "author", "author-email"):
            headers.setdefault(key.strip().lower(), value.strip()[:200])
    return headers


def _author(headers: dict[str, str]) -> str:
    return headers.get("author") or headers.get("author-email") or ""
