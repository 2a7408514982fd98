"""Test helper: write a plugin wheel file (a zip with a dist-info folder) the way build tools do.

The Aces Up example becomes a real wheel without a build backend or network: its package folder,
METADATA, WHEEL and entry_points.txt. A wheel dropped into the plugins folder is loaded only
with the player's permission: `agree_to` gives it, as Install from File does.
"""

from __future__ import annotations

import hashlib
import io
import warnings
import zipfile
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "aisle-aces-up"
_JUNK = ("__pycache__", ".mypy_cache", ".ruff_cache")


def make_wheel(folder: Path, name: str, version: str, files: dict[str, bytes],
               entry_points: dict[str, str], purelib: bool = True, author: str = "") -> Path:
    """A wheel of distribution `name` holding `files` (archive path: content) in `folder`."""
    stem = f"{name.replace('-', '_')}-{version}"
    info = f"{stem}.dist-info"
    points = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
        header = f"Author: {author}\n" if author else ""
        archive.writestr(f"{info}/METADATA",
                         f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n{header}")
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: tests\n"
                         f"Root-Is-Purelib: {'true' if purelib else 'false'}\nTag: py3-none-any\n")
        if entry_points:
            archive.writestr(f"{info}/entry_points.txt", f"[aisle]\n{points}")
        archive.writestr(f"{info}/RECORD", "")
    return wheel


def example_wheel(folder: Path, version: str = "1.0.0", author: str = "") -> Path:
    """The Aces Up example (examples/aisle-aces-up) as its wheel: code, catalogs and help page."""
    package = EXAMPLE / "aisle_aces_up"
    files = {path.relative_to(EXAMPLE).as_posix(): path.read_bytes()
             for path in sorted(package.rglob("*"))
             if path.is_file() and not any(part in _JUNK for part in path.parts)}
    return make_wheel(folder, "aisle-aces-up", version, files, {"aces-up": "aisle_aces_up"}, author=author)


def agree_to(wheel: Path) -> Path:
    """Note the player's permission to load `wheel` (as Install from File does); the wheel."""
    from aisle.registry.consent import Answer, remember

    remember({hashlib.sha256(wheel.read_bytes()).hexdigest(): (wheel.name, Answer.ALLOW)})
    return wheel


# -- hostile samples, made from a valid wheel by changing its bytes ------------------------------
#: A tiny plugin module, so a sample wheel is a real plugin but for the damage done to it.
SAMPLE_MODULE = "aisle_wheel_sample"
SAMPLE_SOURCE = b"# A plugin wheel that offers nothing but is whole.\n" * 40


def sample_wheel(folder: Path, name: str = "aisle-wheel-sample") -> Path:
    """A whole, valid plugin wheel with one deflated module (the one the samples damage)."""
    return make_wheel(folder, name, "1.0", {f"{SAMPLE_MODULE}/__init__.py": SAMPLE_SOURCE},
                      {"sample": SAMPLE_MODULE}, author="Sam Ple")


def _headers(data: bytes, member: str) -> tuple[int, int, int]:
    """Offsets of the local header and the central directory entry of `member`, and the size
    of its (compressed) data."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(member)
        central = archive.start_dir  # where the central directory begins
    while True:
        name_length = int.from_bytes(data[central + 28:central + 30], "little")
        if data[central + 46:central + 46 + name_length] == member.encode():
            return info.header_offset, central, info.compress_size
        central = data.index(b"PK\x01\x02", central + 4)


def _data_start(data: bytes, local: int) -> int:
    name_length = int.from_bytes(data[local + 26:local + 28], "little")
    extra_length = int.from_bytes(data[local + 28:local + 30], "little")
    return local + 30 + name_length + extra_length


def damage(wheel: Path, how: str, member: str = f"{SAMPLE_MODULE}/__init__.py") -> Path:
    """Damage `member` of `wheel` in place: "deflate" (a broken deflate stream), "crc" (a byte
    of its data changed: give a stored member), "encrypted" (flag bit 0 set in both headers) or
    "method" (compression method 99 in both headers)."""
    data = bytearray(wheel.read_bytes())
    local, central, size = _headers(bytes(data), member)
    start = _data_start(bytes(data), local)
    if how == "deflate":
        data[start] = 0xFF  # block type 3: no such deflate block
    elif how == "crc":
        data[start + size // 2] ^= 0x55
    elif how == "encrypted":
        data[local + 6] |= 0x01
        data[central + 8] |= 0x01
    elif how == "method":
        data[local + 8:local + 10] = (99).to_bytes(2, "little")
        data[central + 10:central + 12] = (99).to_bytes(2, "little")
    else:
        raise ValueError(how)
    wheel.write_bytes(bytes(data))
    return wheel


def wheel_with(folder: Path, name: str, extra: dict[str, bytes],
               compression: int = zipfile.ZIP_DEFLATED) -> Path:
    """A valid sample wheel with `extra` members added (names taken as they are)."""
    wheel = sample_wheel(folder, name)
    with warnings.catch_warnings(), zipfile.ZipFile(wheel, "a", compression) as archive:
        warnings.simplefilter("ignore")  # "Duplicate name": a sample may want one
        for member, content in extra.items():
            archive.writestr(zipfile.ZipInfo(member), content, compress_type=compression)
    return wheel
