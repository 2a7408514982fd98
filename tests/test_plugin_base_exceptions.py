"""A plugin that raises SystemExit or KeyboardInterrupt (not Exceptions) while it is imported or
asked is reported like any broken plugin, and Aisle starts all the same; the thread that loads
plugins never ends without the registry knowing. (No Qt here.)"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from plugin_factory import make_distribution

from aisle.registry import loading, manager

__all__ = ["install_plugin"]  # the fixture, used by name

RAISED = ["SystemExit(3)", "KeyboardInterrupt()", "GeneratorExit()"]


def _errors(plugin: str) -> list[str]:
    return [error for name, error in loading.get_registry().errors() if name == plugin]


@pytest.mark.parametrize("raised", RAISED)
def test_raised_at_import_is_reported_and_the_rest_loads(
        install_plugin: InstallPlugin, raised: str) -> None:
    path = install_plugin("aisle_quits", f"x = 1\nraise {raised}\n")
    name = raised.partition("(")[0]
    (error,) = _errors("aisle_quits")
    assert error.startswith(f"cannot be imported (aisle_quits): {name}") and f"(in {path}, line 2)" in error
    assert "klondike" in loading.available_variants()


@pytest.mark.parametrize("raised", RAISED)
def test_raised_in_a_hook_or_a_game_check_is_reported(
        install_plugin: InstallPlugin, raised: str) -> None:
    hook = toy_plugin("quitting-hook", "Quits").replace("    return [Broken]", f"    raise {raised}")
    install_plugin("aisle_quitshook", hook)
    layout = toy_plugin("quitting-layout", "Quits Too", methods=(
        f"def layout(self):\n    raise {raised}\n"))
    install_plugin("aisle_quitslayout", layout)
    name = raised.partition("(")[0]
    assert _errors("aisle_quitshook")[0].startswith(f"aisle_register_variants raised {name}")
    assert f"quitting-layout: layout() raised {name}" in _errors("aisle_quitslayout")[0]
    variants = loading.available_variants()
    assert "klondike" in variants and "quitting-hook" not in variants
    assert "quitting-layout" not in variants


def test_a_class_whose_attributes_raise_is_reported(install_plugin: InstallPlugin) -> None:
    source = toy_plugin("odd-meta", "Odd", extra=(
        "class Meta(type(ToyGame)):\n"
        "    def __getattribute__(cls, name):\n"
        "        if name == 'id':\n"
        "            raise SystemExit('no id for you')\n"
        "        return super().__getattribute__(name)\n")).replace(
        "class Broken(ToyGame):", "class Broken(ToyGame, metaclass=Meta):")
    install_plugin("aisle_oddmeta", source)
    (error,) = _errors("aisle_oddmeta")
    assert "cannot be checked: SystemExit: no id for you" in error
    assert "klondike" in loading.available_variants()


def test_a_start_with_a_plugin_that_exits_lists_it_and_exits_well(tmp_path: Path) -> None:
    root = make_distribution(tmp_path / "site", "aisle-exits", {"aisle_exits": "raise SystemExit(3)\n"},
                             {"exits": "aisle_exits"})
    env = {**os.environ, "PYTHONPATH": str(root), "AISLE_DATA_DIR": str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-m", "aisle", "--list-games"], capture_output=True,
                            text=True, timeout=120, env=env)
    assert result.returncode == 1, result.stderr  # a plugin's error fails the listing
    assert "exits: cannot be imported (aisle_exits): SystemExit: 3" in result.stdout
    assert "klondike" in result.stdout


def test_the_worker_reports_a_failure_outside_every_plugin_and_says_it_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(self: manager.Registry, disabled: object = ()) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(manager.Registry, "load_entry_points", stop)
    loading.reset_registry()
    done = threading.Event()
    try:
        loading.load_in_background(done.set)
        assert done.wait(60)
        errors = loading.get_registry().errors()
        assert errors and errors[0][1].startswith("loading the plugins stopped: KeyboardInterrupt")
    finally:
        loading.reset_registry()


def test_a_worker_that_cannot_even_begin_says_why_and_that_it_is_done(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    calls: list[str] = []

    def broken(publish_now: bool) -> manager.Registry:
        calls.append("load")
        raise SystemExit("pluggy is gone")

    try:
        with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
            patch.setattr(loading, "_load_registry", broken)
            loading.reset_registry()
            done = threading.Event()
            loading.load_in_background(done.set)
            assert done.wait(60) and calls == ["load"]
            assert not loading.plugins_loading() and not loading.plugins_ready()
            logged = [record for record in caplog.records
                      if record.name == "aisle.registry.loading"]
            assert logged and "could not be loaded in the background" in logged[0].getMessage()
            assert "pluggy is gone" in (logged[0].exc_text or "")
    finally:
        loading.reset_registry()
