"""`aisle --install-desktop-entry` / `--uninstall-desktop-entry` and the packaged Linux files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aisle import desktop_entry
from aisle.cli import main
from aisle.desktop_entry import APP_ID, desktop_text, exec_line

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux desktop's files")


def installed(xdg: Path) -> list[str]:
    return sorted(path.relative_to(xdg).as_posix() for path in xdg.rglob("*") if path.is_file())


@linux_only
def test_install_puts_the_entry_the_metainfo_and_every_icon_under_xdg_data_home(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xdg = tmp_path / "xdg"  # conftest points XDG_DATA_HOME here
    assert main(["--install-desktop-entry"]) == 0
    files = installed(xdg)
    assert f"applications/{APP_ID}.desktop" in files
    assert f"metainfo/{APP_ID}.metainfo.xml" in files
    assert f"icons/hicolor/scalable/apps/{APP_ID}.svg" in files
    for size in (16, 32, 48, 64, 128, 256):
        assert f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png" in files
    entry = (xdg / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    command = desktop_entry.current_command()
    assert f"Exec={exec_line(command)}" in entry.splitlines()
    assert f"Icon={APP_ID}" in entry.splitlines()
    out = capsys.readouterr().out
    assert "applications menu" in out and str(xdg / "applications") in out

    assert main(["--uninstall-desktop-entry"]) == 0
    assert installed(xdg) == []
    assert "11 files" in capsys.readouterr().out
    # Nothing left to remove is not an error.
    assert main(["--uninstall-desktop-entry"]) == 0
    assert "No menu entry" in capsys.readouterr().out


@linux_only
def test_a_relative_xdg_data_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    monkeypatch.chdir(tmp_path)
    assert main(["--install-desktop-entry"]) == 0
    assert (tmp_path / "home" / ".local" / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert not (tmp_path / "relative").exists()


@linux_only
def test_an_unwritable_folder_is_a_clear_error_with_status_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["--install-desktop-entry"]) == 2
    assert "could not be changed" in capsys.readouterr().err


def test_other_systems_are_told_it_is_for_linux_desktops(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert main(["--install-desktop-entry"]) == 2
    assert "for Linux desktops" in capsys.readouterr().err
    assert installed(tmp_path / "xdg") == [] if (tmp_path / "xdg").exists() else True


def test_install_and_uninstall_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--install-desktop-entry", "--uninstall-desktop-entry"])
    assert exit_.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_exec_quotes_and_escapes_what_the_specification_asks() -> None:
    assert exec_line(["/usr/bin/aisle"]) == "/usr/bin/aisle"
    assert exec_line(["/home/a b/bin/python", "-m", "aisle"]) == '"/home/a b/bin/python" -m aisle'
    # A "$" is escaped inside quotes, and that backslash is escaped again for the string value.
    assert exec_line(["/opt/$x/aisle"]) == '"/opt/\\\\$x/aisle"'
    assert exec_line(["/opt/100%/aisle"]) == "/opt/100%%/aisle"


def test_desktop_text_replaces_exec_and_sets_tryexec() -> None:
    text = desktop_text("[Desktop Entry]\nName=Aisle\nExec=aisle\n", ["/opt/aisle/aisle"])
    assert text.splitlines() == ["[Desktop Entry]", "Name=Aisle", "TryExec=/opt/aisle/aisle",
                                 "Exec=/opt/aisle/aisle"]


def _packaged() -> Path:
    folder = desktop_entry.source_folder()
    assert folder is not None, "the desktop files are part of every installation"
    return folder


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils missing")
def test_the_packaged_and_the_installed_desktop_entries_are_valid(tmp_path: Path) -> None:
    packaged = _packaged() / f"{APP_ID}.desktop"
    desktop_entry.install(tmp_path, ["/home/some one/.local/bin/aisle"])
    for entry in (packaged, tmp_path / "applications" / f"{APP_ID}.desktop"):
        result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream missing")
def test_the_metainfo_is_valid() -> None:
    result = subprocess.run(["appstreamcli", "validate", "--no-net",
                             str(_packaged() / f"{APP_ID}.metainfo.xml")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_icon_is_a_square_png_of_its_folder_size() -> None:
    pngs = sorted((_packaged() / "icons").glob("*/aisle.png"))
    assert len(pngs) >= 6
    for png in pngs:
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == png.parent.name and width == height
