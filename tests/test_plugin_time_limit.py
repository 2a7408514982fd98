"""A third-party plugin whose import or hooks never return is left out after a time limit,
named with its error; the other games load, and nothing waits for it for good."""

from __future__ import annotations

import time

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin

from aisle.registry import loading, manager

__all__ = ["install_plugin"]  # the fixture, used by name

#: Longer than the limit the tests set, and short enough that the left-behind thread ends soon.
STUCK_FOR = 3.0


@pytest.mark.parametrize("where", ["hook", "import"])
def test_a_plugin_that_does_not_return_is_left_out_and_named(
        install_plugin: InstallPlugin, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    monkeypatch.setattr(manager, "PLUGIN_TIME_LIMIT", 0.5)
    stuck = f"time.sleep({STUCK_FOR})"
    if where == "hook":
        source = toy_plugin("stuck-game", "Stuck", extra="import time").replace(
            "def aisle_register_variants():\n",
            f"def aisle_register_variants():\n    {stuck}\n")
    else:
        source = toy_plugin("stuck-game", "Stuck", extra=f"import time\n{stuck}")
    install_plugin("aisle_stuck", source)
    install_plugin("aisle_fine", toy_plugin("fine-game", "Fine"))
    began = time.monotonic()
    registry = loading.get_registry()
    assert time.monotonic() - began < STUCK_FOR - 0.5
    assert "fine-game" in registry.variants and "stuck-game" not in registry.variants
    assert "klondike" in registry.variants
    [stuck_plugin] = [plugin for plugin in registry.plugins if plugin.name == "aisle_stuck"]
    assert stuck_plugin.games == []
    assert any("did not finish loading within 0.5 s" in error for error in stuck_plugin.errors)
    assert ("aisle_stuck", stuck_plugin.errors[0]) in loading.plugin_errors()
    # Once it has finished after all, nothing of it joins the registry behind the player's back.
    time.sleep(STUCK_FOR)
    assert "stuck-game" not in loading.get_registry().variants


def test_a_plugin_in_time_loads_as_before(install_plugin: InstallPlugin,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(manager, "PLUGIN_TIME_LIMIT", 5.0)
    install_plugin("aisle_fine", toy_plugin("fine-game", "Fine"))
    install_plugin("aisle_taken", toy_plugin("klondike", "Not Klondike"))
    registry = loading.get_registry()
    [fine] = [plugin for plugin in registry.plugins if plugin.name == "aisle_fine"]
    assert fine.games == ["fine-game"] and not fine.errors
    assert registry.variants["fine-game"].plugin == "aisle_fine"
    # A built-in game's id stays the built-in game's, as before.
    [taken] = [plugin for plugin in registry.plugins if plugin.name == "aisle_taken"]
    assert taken.games == [] and any("already taken" in error for error in taken.errors)
    assert registry.variants["klondike"].plugin == "klondike"


def test_an_unknown_game_names_the_plugins_that_failed(install_plugin: InstallPlugin) -> None:
    assert "could not be loaded" not in str(loading.unknown_game("nosuch"))
    install_plugin("aisle_noimport", "raise RuntimeError('broken on purpose')\n")
    told = str(loading.unknown_game("nosuch"))
    assert "“nosuch”" in told and "klondike" in told
    assert told.endswith("aisle_noimport")


def test_a_plugin_spinning_forever_is_stopped_and_not_tried_again(
        install_plugin: InstallPlugin, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    monkeypatch.setattr(manager, "PLUGIN_TIME_LIMIT", 0.5)
    source = toy_plugin("spin-game", "Spin").replace(
        "def aisle_register_variants():\n", "def aisle_register_variants():\n    while True:\n"
        "        pass\n")
    install_plugin("aisle_spin", source)
    registry = loading.get_registry()
    assert "spin-game" not in registry.variants and "klondike" in registry.variants

    def spinning() -> bool:
        return any(thread.name == "aisle-plugin-aisle_spin" for thread in threading.enumerate())

    deadline = time.monotonic() + 5
    while spinning() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not spinning()  # stopped: it no longer keeps a processor busy
    # A second load in this run does not wait for it again.
    began = time.monotonic()
    again = manager.Registry(publish_now=False)
    again.load_entry_points()
    assert time.monotonic() - began < 0.5
    [spin] = [plugin for plugin in again.plugins if plugin.name == "aisle_spin"]
    assert "did not finish loading" in spin.errors[0]
