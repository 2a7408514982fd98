"""Files on disk: where they live, atomic writes, bad files set aside, settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aisle import storage
from aisle.i18n import Text
from aisle.storage import Settings, folder_for, read_json, write_json_atomic


def asides(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.broken-*.json"))


def no_home() -> Path:
    raise AssertionError("the home folder must not be asked for")


# -- where -----------------------------------------------------------------------------------------
def test_data_dir_follows_the_variable(isolated: Path) -> None:
    assert storage.data_dir() == isolated


def test_data_dir_per_platform(tmp_path: Path) -> None:
    def home() -> Path:
        return tmp_path

    assert folder_for("win32", {"APPDATA": str(tmp_path / "roam")}, no_home) == tmp_path / "roam" / "Aisle"
    assert folder_for("win32", {}, home) == tmp_path / "AppData" / "Roaming" / "Aisle"
    assert folder_for("darwin", {}, home) == tmp_path / "Library" / "Application Support" / "Aisle"
    assert folder_for("linux", {"XDG_DATA_HOME": str(tmp_path / "x")}, no_home) == tmp_path / "x" / "aisle"
    assert folder_for("linux", {}, home) == tmp_path / ".local" / "share" / "aisle"
    # A relative XDG_DATA_HOME is invalid by the spec and ignored.
    assert folder_for("linux", {"XDG_DATA_HOME": "rel"}, home) == tmp_path / ".local" / "share" / "aisle"
    assert folder_for("darwin", {"AISLE_DATA_DIR": str(tmp_path / "o")}, no_home) == tmp_path / "o"


# -- writing ---------------------------------------------------------------------------------------
def test_round_trip_creates_the_folder(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "file.json"
    data = {"version": 1, "text": "Ärger – ёж", "numbers": [1, 2.5, None, True]}
    write_json_atomic(path, data)
    assert read_json(path) == storage.LoadResult(data, None)
    assert [p.name for p in path.parent.iterdir()] == ["file.json"]


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         failing: str) -> None:
    path = tmp_path / "stats.json"
    write_json_atomic(path, {"version": 1, "old": True})
    before = path.read_bytes()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
        if failing == "write":
            # The temporary file is partly written when the disk fills up.
            real_open = open

            class Half:
                def __init__(self, *args: object, **kwargs: object) -> None:
                    self.file = real_open(*args, **kwargs)  # type: ignore[call-overload]

                def __enter__(self) -> Half:
                    return self

                def __exit__(self, *exc: object) -> None:
                    self.file.close()

                def write(self, data: bytes) -> None:
                    self.file.write(data[: len(data) // 2])
                    self.file.flush()
                    raise OSError(28, "No space left on device")

            patch.setattr("builtins.open", Half)
        else:
            patch.setattr(os, failing, boom)
        with pytest.raises(OSError):
            write_json_atomic(path, {"version": 1, "new": list(range(1000))})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]


def test_unserialisable_data_leaves_everything_alone(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, [1])
    with pytest.raises(ValueError):
        write_json_atomic(path, {"x": float("nan")})
    assert json.loads(path.read_text()) == [1]
    assert len(list(tmp_path.iterdir())) == 1


KILLED_WRITER = """
import os, sys
from pathlib import Path
from aisle import storage

def die(descriptor):
    os._exit(9)  # killed after the temporary file was written, before the rename

storage.os.fsync = die
storage.write_json_atomic(Path(sys.argv[1]), {"version": 1, "new": "x" * 100000})
"""


def test_a_process_killed_during_a_save_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    write_json_atomic(path, {"version": 1, "games": ["old"]})
    before = path.read_bytes()
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path)], timeout=60, check=False)
    assert done.returncode == 9
    assert path.read_bytes() == before
    leftovers = list(tmp_path.glob(".statistics.json.*.tmp"))
    assert len(leftovers) == 1 and leftovers[0].stat().st_size > 0
    assert read_json(path).data == {"version": 1, "games": ["old"]}
    # A recent leftover may be another Aisle's save in progress: kept. An old one is removed.
    write_json_atomic(path, {"version": 1})
    assert leftovers[0].exists()
    old = time.time() - 2 * storage.STALE_TEMP_SECONDS
    os.utime(leftovers[0], (old, old))
    write_json_atomic(path, {"version": 1})
    assert not leftovers[0].exists()


# -- reading bad files -----------------------------------------------------------------------------
def test_a_missing_file_is_no_problem(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope.json") == storage.LoadResult(None, None)
    assert read_json(tmp_path / "no" / "folder.json") == storage.LoadResult(None, None)


BAD_FILES: dict[str, bytes] = {
    "not json": b"this is not json",
    "truncated": b'{"version": 1, "games": [{"game": "klondike", "pla',
    "binary junk": bytes(range(256)) * 4,
    "empty": b"",
    "deep nesting": b"[" * 200_000 + b"]" * 200_000,
    "NaN": b'{"version": 1, "x": NaN}',
    "infinite float": b'{"version": 1, "x": 1e999}',
    "huge integer": b'{"version": 1, "x": ' + b"9" * 5000 + b"}",
    "newer version": b'{"version": 2, "games": []}',
    "far newer version": b'{"version": 1' + b"0" * 30 + b"}",
    "version of wrong type": b'{"version": "1"}',
    "bad utf-8": b'{"version": 1, "x": "\xff\xfe"}',
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_moved_aside_with_a_message(tmp_path: Path, name: str) -> None:
    path = tmp_path / "statistics.json"
    path.write_bytes(BAD_FILES[name])
    result = read_json(path)
    assert result.data is None
    assert isinstance(result.problem, Text)
    (moved,) = asides(tmp_path, "statistics")
    assert moved.read_bytes() == BAD_FILES[name]
    assert not path.exists()
    message = str(result.problem)
    assert str(path) in message and str(moved) in message


def test_a_newer_version_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"version": 7}')
    assert "newer version" in str(read_json(path).problem)


def test_a_folder_in_place_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (path / "inner").mkdir(parents=True)
    result = read_json(path)
    assert result.data is None and "folder" in str(result.problem)
    (moved,) = asides(tmp_path, "settings")
    assert (moved / "inner").is_dir()


def test_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1}')

    def denied(path: Path, limit: int) -> bytes:
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
        patch.setattr(storage, "read_bounded", denied)
        result = read_json(path)
    assert result.data is None and "cannot be read" in str(result.problem)
    (moved,) = asides(tmp_path, "settings")
    assert moved.read_text() == '{"version": 1}'


def test_a_huge_file_is_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 100)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "x": "y" * 200}))
    result = read_json(path)
    assert result.data is None and "too large" in str(result.problem)
    assert len(asides(tmp_path, "settings")) == 1


def test_a_failed_validation_moves_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text("[1, 2]")
    result = read_json(path, storage.check_version)
    assert result.data is None and "not what Aisle expects" in str(result.problem)
    assert len(asides(tmp_path, "f")) == 1
    path.write_text('{"version": 1}')
    assert read_json(path, storage.check_version) == storage.LoadResult({"version": 1}, None)


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b'\xef\xbb\xbf{"version": 1}')
    assert read_json(path).data == {"version": 1}


def test_setting_aside_twice_in_one_second_keeps_both(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "_timestamp", lambda: "20240101-120000")
    path = tmp_path / "statistics.json"
    for content in ("one", "two", "three"):
        path.write_text(content)
        assert read_json(path).problem is not None
    moved = asides(tmp_path, "statistics")
    assert sorted(p.read_text() for p in moved) == ["one", "three", "two"]
    assert {p.name for p in moved} == {"statistics.broken-20240101-120000.json",
                                       "statistics.broken-20240101-120000-2.json",
                                       "statistics.broken-20240101-120000-3.json"}


# -- settings --------------------------------------------------------------------------------------
def test_settings_default_when_there_is_no_file(isolated: Path) -> None:
    settings, problems = Settings.load()
    assert settings == Settings() and problems == []
    assert settings.show_toolbar and settings.animations and settings.recent == []


def test_settings_round_trip(isolated: Path) -> None:
    settings = Settings(last_game="klondike", options={"klondike": {"deal": "three"}},
                        geometry="AdnQywADAAA=", maximized=True, fullscreen=False, language="de",
                        show_toolbar=False, show_statusbar=False, animations=False,
                        recent=["klondike", "cruel"])
    settings.save()
    assert (isolated / "settings.json").is_file()
    assert Settings.load() == (settings, [])
    assert Settings.load(isolated) == (settings, [])


def test_remember_game_keeps_five_newest_first() -> None:
    settings = Settings()
    for game in ["a", "b", "c", "a", "d", "e", "f", "g"]:
        settings.remember_game(game)
    assert settings.last_game == "g"
    assert settings.recent == ["g", "f", "e", "d", "a"]


def test_settings_keep_what_is_usable_of_a_damaged_file(isolated: Path) -> None:
    isolated.mkdir()
    original = json.dumps({
        "version": 1, "last_game": "cruel", "maximized": "yes", "language": 5,
        "options": {"klondike": {"deal": "three"}, "spider": {"suits": 4}, "x": []},
        "recent": ["cruel", 3, None, "klondike"], "geometry": "QUJD", "future_key": {"a": 1},
    })
    (isolated / "settings.json").write_text(original)
    settings, problems = Settings.load()
    assert settings.last_game == "cruel" and settings.geometry == "QUJD"
    assert settings.maximized is False and settings.language is None
    assert settings.options == {"klondike": {"deal": "three"}}
    assert settings.recent == ["cruel", "klondike"]
    (problem,) = problems
    assert "6 entries" in str(problem)
    (moved,) = asides(isolated, "settings")
    assert moved.read_text() == original and str(moved) in str(problem)
    # What was usable is on disk again, so the next start has it without a message.
    assert Settings.load() == (settings, [])


@pytest.mark.parametrize("content", ["[]", "null", '"text"', '{"version": 0}', '{"no": "version"}'])
def test_settings_that_are_no_settings(isolated: Path, content: str) -> None:
    isolated.mkdir()
    (isolated / "settings.json").write_text(content)
    settings, problems = Settings.load()
    assert settings == Settings() and len(problems) == 1
    assert len(asides(isolated, "settings")) == 1


def test_saving_settings_into_an_unwritable_place_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OSError):
        Settings().save(blocker)


def test_a_file_where_the_folder_should_be_is_said_to_be_no_folder(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file")
    error = storage.probe_folder(tmp_path / "data")
    assert isinstance(error, NotADirectoryError) and storage.error_text(error) == "Not a directory"


def test_a_damaged_file_left_alone_is_never_removed_nor_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "saved-game.json"
    path.write_text("{not json")
    with monkeypatch.context() as patch:  # a read-only folder: nothing can be renamed
        patch.setattr(Path, "rename", lambda *_args: (_ for _ in ()).throw(OSError(30, "Read-only")))
        assert read_json(path).problem is not None
        assert isinstance(storage.remove_file(path), storage.DamagedFileKeptError)
        with pytest.raises(storage.DamagedFileKeptError):
            write_json_atomic(path, {"version": 1})
        assert path.read_text() == "{not json"
    assert storage.remove_file(path) is None  # the folder can be written again: kept aside first
    (kept,) = tmp_path.glob("saved-game.broken-*.json")
    assert kept.read_text() == "{not json" and not path.exists()
