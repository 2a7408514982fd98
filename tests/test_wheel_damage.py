"""Damaged and hostile plugin wheels: each is refused by Install from File with the reason, and in
the plugins folder each is listed as broken by its file name while every other game still works
(``--list-games`` included). Every sample is made here from a valid wheel. (No Qt here.)"""

from __future__ import annotations

import os
import sys
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from wheel_maker import agree_to, damage, example_wheel, sample_wheel, wheel_with

from aisle.cli import list_games
from aisle.registry import loading
from aisle.registry.wheel_check import MAX_MEMBERS, MAX_WHEEL_BYTES, WheelError, check_wheel
from aisle.registry.wheels import UNPACKED_FOLDER, WheelStatus, install_wheel, plugins_folder

SAMPLE = "aisle_wheel_sample/__init__.py"
DATA = "aisle_wheel_sample/data.txt"


@pytest.fixture(autouse=True)
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no wheel on sys.path and no plugin module imported."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    loading.reset_registry()
    yield
    for name in [name for name in sys.modules if name.startswith(("aisle_aces_up", "aisle_wheel_"))]:
        del sys.modules[name]
    loading.reset_registry()


def _stored(folder: Path) -> Path:
    return wheel_with(folder, "aisle-wheel-crc", {DATA: b"data " * 50}, zipfile.ZIP_STORED)


#: name: (make the sample in a folder, what the reason says)
SAMPLES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "corrupt deflate": (lambda f: damage(sample_wheel(f, "aisle-wheel-deflate"), "deflate"),
                        f"is damaged: {SAMPLE} cannot be read (error: Error -3"),
    "bad crc": (lambda f: damage(_stored(f), "crc", DATA),
                f"is damaged: {DATA} does not match its checksum"),
    "encrypted": (lambda f: damage(sample_wheel(f, "aisle-wheel-locked"), "encrypted"),
                  f"holds an encrypted file ({SAMPLE})"),
    "method 99": (lambda f: damage(sample_wheel(f, "aisle-wheel-method"), "method"),
                  "with a compression method wheels do not use (method 99)"),
    "lzma": (lambda f: wheel_with(f, "aisle-wheel-lzma", {DATA: b"x" * 100}, zipfile.ZIP_LZMA),
             "with a compression method wheels do not use (method 14)"),
    "parent path": (lambda f: wheel_with(f, "aisle-wheel-up", {"../escaped.py": b""}),
                    "holds a file outside its own folders: '../escaped.py'"),
    "deep parent path": (lambda f: wheel_with(f, "aisle-wheel-deep",
                                              {"aisle_wheel_sample/../../escaped.py": b""}),
                         "outside its own folders"),
    "absolute path": (lambda f: wheel_with(f, "aisle-wheel-abs", {"/tmp/escaped.py": b""}),
                      "holds a file outside its own folders: '/tmp/escaped.py'"),
    "drive letter": (lambda f: wheel_with(f, "aisle-wheel-drive", {"C:/escaped.py": b""}),
                     "outside its own folders: 'C:/escaped.py'"),
    "backslashes": (lambda f: wheel_with(f, "aisle-wheel-back", {"..\\escaped.py": b""}),
                    "outside its own folders"),
    "zip bomb": (lambda f: wheel_with(f, "aisle-wheel-bomb",
                                      {DATA: bytes(65 * 1024 * 1024)}),
                 "would unpack to more than 64 MiB"),
    "twice": (lambda f: wheel_with(f, "aisle-wheel-twice", {SAMPLE: b"# again\n"}),
              f"holds '{SAMPLE}' twice"),
    "missing module": (lambda f: _point_at(sample_wheel(f, "aisle-wheel-nomod"),
                                           "aisle_wheel_gone"),
                       "whose module aisle_wheel_gone is not in the wheel"),
    "no module": (lambda f: _point_at(sample_wheel(f, "aisle-wheel-bad"), "not a module!"),
                  "does not name a Python module"),
}


def _point_at(wheel: Path, value: str) -> Path:
    """`wheel` again, its entry point naming `value`."""
    with zipfile.ZipFile(wheel) as archive:
        members = {info.filename: archive.read(info) for info in archive.infolist()}
    for name in members:
        if name.endswith("entry_points.txt"):
            members[name] = f"[aisle]\nsample = {value}\n".encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return wheel


@pytest.fixture(params=sorted(SAMPLES))
def hostile(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    make, reason = SAMPLES[request.param]
    return make(tmp_path / "downloads"), reason


def test_a_sample_starts_as_a_valid_wheel(tmp_path: Path) -> None:
    checked = check_wheel(sample_wheel(tmp_path))
    assert checked.info == ("aisle-wheel-sample", "1.0", "Sam Ple")
    check_wheel(_stored(tmp_path / "stored"))


def test_install_from_file_refuses_each_with_the_file_and_the_reason(
        hostile: tuple[Path, str]) -> None:
    wheel, reason = hostile
    with pytest.raises(WheelError) as refused:
        install_wheel(wheel)
    assert str(refused.value).startswith(wheel.name) and reason in str(refused.value)
    assert not plugins_folder().exists()


def test_in_the_plugins_folder_each_is_listed_broken_and_the_rest_plays(
        hostile: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    bad, reason = hostile
    folder = plugins_folder()
    folder.mkdir(parents=True)
    # Allowed, as if it had been whole when the player allowed it: it is checked all the same.
    agree_to(bad.rename(folder / bad.name))
    agree_to(example_wheel(folder))
    registry = loading.get_registry()
    states = {wheel.file: wheel for wheel in registry.wheels}
    assert states[bad.name].status is WheelStatus.BROKEN and reason in states[bad.name].problem
    assert reason in dict(registry.errors())[bad.name]
    assert {"klondike", "aces-up"} <= set(registry.variants), "every other game still works"
    assert list_games() == 1  # the broken wheel is a plugin error
    out = capsys.readouterr().out
    assert f"\n  {bad.name} " in out and reason in out and "aces-up" in out
    assert not any(folder.parent.parent.rglob("escaped.py"))


def test_a_fifo_or_a_device_named_whl_is_no_wheel_and_never_waited_on(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    folder = plugins_folder()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe-1.0-py3-none-any.whl")
    (folder / "zero-1.0-py3-none-any.whl").symlink_to("/dev/zero")
    for path in folder.iterdir():
        with pytest.raises(WheelError, match="is not a regular file"):
            check_wheel(path)
    states = {wheel.file: wheel.status for wheel in loading.get_registry().wheels}
    assert states == {"pipe-1.0-py3-none-any.whl": WheelStatus.BROKEN,
                      "zero-1.0-py3-none-any.whl": WheelStatus.BROKEN}
    assert "klondike" in loading.available_variants()


def test_a_file_far_too_large_is_not_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge-1.0-py3-none-any.whl"
    with huge.open("wb") as stream:
        stream.truncate(MAX_WHEEL_BYTES + 1)  # sparse: nothing written
    with pytest.raises(WheelError, match="larger than 64 MiB"):
        check_wheel(huge)


def test_too_many_members_are_refused(tmp_path: Path) -> None:
    many = {f"aisle_wheel_sample/f{number}.py": b"" for number in range(MAX_MEMBERS)}
    wheel = wheel_with(tmp_path, "aisle-wheel-many", many, zipfile.ZIP_STORED)
    with pytest.raises(WheelError, match=f"holds more than {MAX_MEMBERS} files"):
        check_wheel(wheel)


def test_a_whole_wheel_is_unpacked_from_the_bytes_that_were_checked(tmp_path: Path) -> None:
    folder = plugins_folder()
    wheel = agree_to(sample_wheel(folder))
    registry = loading.get_registry()
    assert [state.status for state in registry.wheels] == [WheelStatus.USED]
    unpacked = next((folder / UNPACKED_FOLDER).iterdir())
    assert (unpacked / SAMPLE).read_bytes() == zipfile.ZipFile(wheel).read(SAMPLE)
