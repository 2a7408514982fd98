"""A plugin wheel that appeared in the plugins folder by itself waits for the player's permission;
the answer is kept per file hash across starts, a damaged answers file never crashes nor allows
anything silently, and Install from File counts as the player's yes. (No Qt here.)"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from wheel_maker import agree_to, example_wheel

from aisle.cli import list_games
from aisle.registry import loading, manager
from aisle.registry.consent import FILE, Answer, Permissions, remember
from aisle.registry.late_wheels import load_allowed
from aisle.registry.wheels import WheelStatus, install_wheel, plugins_folder
from aisle.storage import data_dir

__all__ = ["install_plugin"]  # the fixture, used by name


@pytest.fixture(autouse=True)
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(sys, "path", list(sys.path))
    loading.reset_registry()
    yield
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    loading.reset_registry()


def _digest(wheel: Path) -> str:
    return hashlib.sha256(wheel.read_bytes()).hexdigest()


def _restart() -> manager.Registry:
    """The registry as the next start loads it (answers read from the file again)."""
    for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
        del sys.modules[name]
    loading.reset_registry()
    return loading.get_registry()


def _state(registry: manager.Registry, wheel: Path) -> WheelStatus:
    return {state.file: state.status for state in registry.wheels}[wheel.name]


def test_a_wheel_dropped_in_waits_for_permission_and_is_no_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    wheel = example_wheel(plugins_folder())
    registry = loading.get_registry()
    assert _state(registry, wheel) is WheelStatus.WAITING
    assert "aces-up" not in registry.variants and "aisle_aces_up" not in sys.modules
    assert registry.errors() == []
    assert not (plugins_folder() / ".unpacked").exists() or not any(
        (plugins_folder() / ".unpacked").iterdir()), "nothing of it was unpacked"
    assert list_games() == 0
    out = capsys.readouterr().out
    assert f"Plugin files not loaded:\n  {wheel.name}: waiting for your permission" in out


def test_allowed_is_loaded_and_stays_allowed_at_the_next_start() -> None:
    wheel = example_wheel(plugins_folder())
    assert remember({_digest(wheel): (wheel.name, Answer.ALLOW)}) == []
    registry = _restart()
    assert _state(registry, wheel) is WheelStatus.USED and "aces-up" in registry.variants
    saved = json.loads((data_dir() / FILE).read_text())
    assert saved["wheels"][_digest(wheel)] == {"answer": "allow", "file": wheel.name}
    assert "aces-up" in _restart().variants


def test_never_is_remembered_and_listed_as_refused(capsys: pytest.CaptureFixture[str]) -> None:
    wheel = example_wheel(plugins_folder())
    remember({_digest(wheel): (wheel.name, Answer.NEVER)})
    registry = _restart()
    assert _state(registry, wheel) is WheelStatus.REFUSED and "aces-up" not in registry.variants
    assert registry.errors() == []
    list_games()
    assert f"  {wheel.name}: refused: you chose Never" in capsys.readouterr().out


def test_a_changed_file_is_asked_about_again(tmp_path: Path) -> None:
    wheel = agree_to(example_wheel(plugins_folder()))
    example_wheel(tmp_path, version="6.6.6").replace(wheel)  # same name, other bytes
    registry = _restart()
    assert _state(registry, wheel) is WheelStatus.WAITING and "aces-up" not in registry.variants


def test_install_from_file_counts_as_the_players_yes(tmp_path: Path) -> None:
    installed = install_wheel(example_wheel(tmp_path / "downloads"))
    assert Permissions.load().answer(_digest(installed)) is Answer.ALLOW
    assert _state(loading.get_registry(), installed) is WheelStatus.USED


def test_a_corrupt_answers_file_is_said_kept_aside_and_allows_nothing() -> None:
    wheel = agree_to(example_wheel(plugins_folder()))
    path = data_dir() / FILE
    path.write_text("{ not json")
    registry = _restart()
    assert _state(registry, wheel) is WheelStatus.WAITING, "asked again, not silently allowed"
    told = [problem.translate() for problem in registry.permission_problems]
    assert len(told) == 1 and str(path) in told[0] and "not a valid JSON file" in told[0]
    kept = sorted(data_dir().glob("plugin-permissions.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{ not json"
    # Answering again writes a new file; the next start reads it without a word.
    remember({_digest(wheel): (wheel.name, Answer.ALLOW)})
    registry = _restart()
    assert registry.permission_problems == [] and _state(registry, wheel) is WheelStatus.USED


@pytest.mark.parametrize("content", ['{"version": 1, "wheels": []}', "[1, 2]",
                                     '{"version": 99, "wheels": {}}', "\udcff"])
def test_any_unusable_answers_file_never_crashes(content: str) -> None:
    (data_dir()).mkdir(parents=True, exist_ok=True)
    (data_dir() / FILE).write_bytes(content.encode("utf-8", "surrogateescape"))
    permissions = Permissions.load()
    assert permissions.answers == {} and len(permissions.problems) == 1


def test_bad_entries_are_left_out_and_said_the_good_ones_kept() -> None:
    good, other = "a" * 64, "b" * 64
    data = {"version": 1, "wheels": {
        good: {"answer": "allow", "file": "good.whl"},
        other: {"answer": "never", "file": "other.whl"},
        "not-a-hash": {"answer": "allow", "file": "x.whl"},
        "c" * 64: {"answer": "maybe", "file": "y.whl"}}}
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / FILE).write_text(json.dumps(data))
    permissions = Permissions.load()
    assert permissions.answers == {good: ("good.whl", Answer.ALLOW),
                                   other: ("other.whl", Answer.NEVER)}
    assert "2 entries" in permissions.problems[0].translate()
    kept = sorted(data_dir().glob("plugin-permissions.broken-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == data
    # What was usable was written back: the next read says nothing and keeps both answers.
    again = Permissions.load()
    assert again.problems == [] and again.answers == permissions.answers


def test_pip_installed_plugins_need_no_question(install_plugin: InstallPlugin) -> None:
    install_plugin("aisle_piped", toy_plugin("piped-game", "Piped"))
    registry = loading.get_registry()
    assert "piped-game" in registry.variants and registry.wheels == []


def test_an_allowed_wheel_is_loaded_without_a_restart() -> None:
    wheel = example_wheel(plugins_folder())
    registry = loading.get_registry()
    assert "aces-up" not in registry.variants
    remember({_digest(wheel): (wheel.name, Answer.ALLOW)})
    done = threading.Event()
    later: list[manager.Registry] = []

    def finished(loaded: manager.Registry) -> None:
        later.append(loaded)
        done.set()

    load_allowed({_digest(wheel): wheel.name}, finished)
    assert done.wait(60)
    registry.absorb(later[0])
    assert registry.variants["aces-up"].distribution == "aisle-aces-up"
    assert _state(registry, wheel) is WheelStatus.USED
    assert registry.errors() == [] and "klondike" in registry.variants
