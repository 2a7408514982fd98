"""Settings live where each platform keeps settings; an older Aisle's file is moved over once."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from aisle import storage
from aisle.storage import Settings, settings_folder_for


def no_home() -> Path:
    raise AssertionError("the home folder must not be asked for")


def test_the_settings_folder_per_platform(tmp_path: Path) -> None:
    def home() -> Path:
        return tmp_path

    linux = settings_folder_for("linux", {"XDG_CONFIG_HOME": str(tmp_path / "c")}, no_home)
    assert linux == tmp_path / "c" / "aisle"
    assert settings_folder_for("linux", {}, home) == tmp_path / ".config" / "aisle"
    # A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
    assert settings_folder_for("linux", {"XDG_CONFIG_HOME": "rel"}, home) == tmp_path / ".config" / "aisle"
    # Windows keeps settings in the roaming application data, macOS in Application Support:
    # where the data folder is.
    roaming = {"APPDATA": str(tmp_path / "roam")}
    assert settings_folder_for("win32", roaming, no_home) == storage.folder_for("win32", roaming, no_home)
    assert settings_folder_for("darwin", {}, home) == tmp_path / "Library" / "Application Support" / "Aisle"
    # The variables: one for the settings, and the data folder's, which then holds everything.
    both = {"AISLE_DATA_DIR": str(tmp_path / "d"), "AISLE_SETTINGS_DIR": str(tmp_path / "s")}
    assert settings_folder_for("linux", both, no_home) == tmp_path / "s"
    assert settings_folder_for("win32", {"AISLE_DATA_DIR": str(tmp_path / "d")}, no_home) == tmp_path / "d"


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The platform's own folders (no AISLE_* variable): the old and the new settings file."""
    monkeypatch.delenv(storage.DATA_DIR_VARIABLE)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "share" / "aisle" / "settings.json", tmp_path / "config" / "aisle" / "settings.json"


def old_settings(path: Path) -> bytes:
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "last_game": "cruel", "language": "de"}))
    return path.read_bytes()


def test_settings_are_written_to_the_settings_folder(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    Settings(last_game="doublets").save()
    assert new.is_file() and not old.exists()
    assert Settings.load()[0].last_game == "doublets"


def test_an_older_aisles_settings_are_moved_over_once(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    content = old_settings(old)
    settings, problems = Settings.load()
    assert (settings.last_game, settings.language, problems) == ("cruel", "de", [])
    assert new.read_bytes() == content and not old.exists()
    # Once moved, a file appearing in the old place again (an older Aisle) is left alone.
    old.write_text(json.dumps({"version": 1, "last_game": "klondike"}))
    assert Settings.load()[0].last_game == "cruel" and old.exists()


def test_a_failed_move_keeps_the_settings_where_they_were(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    content = old_settings(old)
    new.parent.parent.mkdir(parents=True)
    new.parent.write_text("")  # a file where the settings folder should be
    settings, problems = Settings.load()
    assert (settings.last_game, settings.language, problems) == ("cruel", "de", [])
    assert old.read_bytes() == content
    new.parent.unlink()
    assert Settings.load()[0].last_game == "cruel"  # moved now
    assert new.read_bytes() == content and not old.exists()


def test_a_bad_file_in_the_old_place_is_set_aside_in_the_new(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    old.parent.mkdir(parents=True)
    old.write_text("garbage")
    settings, (problem,) = Settings.load()
    assert settings == Settings() and str(new) in str(problem)
    assert [p.read_text() for p in new.parent.glob("settings.broken-*.json")] == ["garbage"]
