"""Plugin wheels in the user's plugins folder: loaded without pip, translated, with their help,
reported like any plugin when broken, and gone once the file is removed."""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from wheel_maker import agree_to, example_wheel, make_wheel

from aisle import i18n
from aisle.registry import loading
from aisle.registry.wheels import UNPACKED_FOLDER, WheelError, describe, install_wheel, plugins_folder


@pytest.fixture(autouse=True)
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no wheel on sys.path and no plugin module imported."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    loading.reset_registry()
    yield
    for name in [name for name in sys.modules if name.startswith(("aisle_aces_up", "aisle_wheel_"))]:
        del sys.modules[name]
    loading.reset_registry()


def test_the_example_wheel_dropped_in_is_a_plugin_with_its_translations_and_help() -> None:
    agree_to(example_wheel(plugins_folder()))
    registry = loading.get_registry()
    assert registry.errors() == []
    info = registry.variants["aces-up"]
    assert (info.distribution, info.version, info.plugin) == ("aisle-aces-up", "1.0.0", "aces-up")
    assert "klondike" in registry.variants, "the built-in games are still there"
    # The catalogs and the help page are read from the unpacked wheel.
    folders = loading.help_folders()
    example_help = [folder for folder in folders if (folder / "aces-up.md").is_file()]
    assert example_help and UNPACKED_FOLDER in example_help[0].parts
    english = info.description.translate()
    i18n.set_language("de")
    assert info.description.translate() != english
    assert info.name.translate() == "Asse hoch"


def test_removing_the_wheel_removes_the_plugin_and_its_unpacked_folder() -> None:
    wheel = agree_to(example_wheel(plugins_folder()))
    assert "aces-up" in loading.get_registry().variants
    unpacked = plugins_folder() / UNPACKED_FOLDER
    assert len(list(unpacked.iterdir())) == 1
    wheel.unlink()
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    sys.path[:] = [entry for entry in sys.path if UNPACKED_FOLDER not in entry]
    loading.reset_registry()
    assert "aces-up" not in loading.get_registry().variants
    assert list(unpacked.iterdir()) == []


def test_a_new_version_of_the_wheel_is_unpacked_afresh(tmp_path: Path) -> None:
    first = agree_to(example_wheel(plugins_folder()))
    loading.get_registry()
    old = list((plugins_folder() / UNPACKED_FOLDER).iterdir())
    first.unlink()
    agree_to(example_wheel(plugins_folder(), version="1.0.1"))
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    sys.path[:] = [entry for entry in sys.path if UNPACKED_FOLDER not in entry]
    loading.reset_registry()
    assert loading.get_registry().variants["aces-up"].version == "1.0.1"
    assert list((plugins_folder() / UNPACKED_FOLDER).iterdir()) != old


def test_broken_wheels_are_reported_and_the_rest_still_loads() -> None:
    folder = plugins_folder()
    folder.mkdir(parents=True)
    (folder / "not-a-zip-1.0-py3-none-any.whl").write_text("hello")
    agree_to(make_wheel(folder, "aisle-wheel-fails", "2.0",
                        {"aisle_wheel_fails.py": b"raise ImportError('broken on purpose')\n"},
                        {"fails": "aisle_wheel_fails"}))
    make_wheel(folder, "aisle-wheel-compiled", "1.0",
               {"aisle_wheel_compiled/__init__.py": b"", "aisle_wheel_compiled/fast.so": b"\0"},
               {"compiled": "aisle_wheel_compiled"}, purelib=False)
    make_wheel(folder, "aisle-wheel-nothing", "1.0", {"aisle_wheel_nothing.py": b""}, {})
    errors = dict(loading.get_registry().errors())
    assert "not a readable wheel file" in errors["not-a-zip-1.0-py3-none-any.whl"]
    # A wheel's import error is reported as a pip-installed plugin's is.
    assert errors["fails"].startswith(
        "cannot be imported (aisle_wheel_fails): ImportError: broken on purpose")
    assert "compiled code" in errors["aisle_wheel_compiled-1.0-py3-none-any.whl"]
    assert "no entry point" in errors["aisle_wheel_nothing-1.0-py3-none-any.whl"]
    assert "klondike" in loading.get_registry().variants


def test_a_wheel_writing_outside_its_folder_is_refused() -> None:
    make_wheel(plugins_folder(), "aisle-wheel-escape", "1.0",
               {"../escaped.py": b"", "aisle_wheel_escape.py": b""}, {"escape": "aisle_wheel_escape"})
    errors = dict(loading.get_registry().errors())
    assert "outside its own folders" in errors["aisle_wheel_escape-1.0-py3-none-any.whl"]
    assert not (plugins_folder() / UNPACKED_FOLDER / "escaped.py").exists()
    assert not any(plugins_folder().parent.rglob("escaped.py"))


def test_install_from_file_copies_the_wheel_and_replaces_an_older_version(tmp_path: Path) -> None:
    old = install_wheel(example_wheel(tmp_path / "downloads", version="0.9"))
    assert old.parent == plugins_folder() and old.is_file()
    new = install_wheel(example_wheel(tmp_path / "downloads", version="1.0.0"))
    assert sorted(path.name for path in plugins_folder().glob("*.whl")) == [new.name]
    assert loading.get_registry().variants["aces-up"].version == "1.0.0"


def test_install_from_file_refuses_what_is_no_plugin_wheel(tmp_path: Path) -> None:
    text = tmp_path / "notes-1.0-py3-none-any.whl"
    text.write_text("not a zip")
    with pytest.raises(WheelError, match="not a readable wheel"):
        install_wheel(text)
    plain = tmp_path / "plain.whl"
    with zipfile.ZipFile(plain, "w") as archive:
        archive.writestr("module.py", "")
    with pytest.raises(WheelError, match="dist-info"):
        describe(plain)
    assert not plugins_folder().exists()


def test_a_wheel_whose_plugin_pip_installed_too_is_said_not_to_be_used(tmp_path: Path) -> None:
    from plugin_factory import make_distribution

    from aisle.registry.wheels import WheelStatus

    installed = make_distribution(tmp_path / "site", "aisle-aces-up", {"aisle_wheel_old": ""},
                                  {"aces-up-old": "aisle_wheel_old"}, version="0.9")
    sys.path.insert(0, str(installed))
    example_wheel(plugins_folder())  # not even asked about: it would never be loaded
    registry = loading.get_registry()
    [wheel] = registry.wheels
    assert wheel.status is WheelStatus.SHADOWED and wheel.problem == "0.9"
    assert "aces-up" not in registry.variants
    assert not any(UNPACKED_FOLDER in entry for entry in sys.path)


def test_the_list_of_games_says_which_wheel_is_not_used(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from plugin_factory import make_distribution

    from aisle.cli import list_games

    installed = make_distribution(tmp_path / "site", "aisle-aces-up", {"aisle_wheel_old": ""},
                                  {"aces-up-old": "aisle_wheel_old"}, version="0.9")
    sys.path.insert(0, str(installed))
    wheel = agree_to(example_wheel(plugins_folder()))
    list_games()
    told = capsys.readouterr().out
    assert f"{wheel.name}: not used: version 0.9 of the same plugin" in told
