"""While the plugins still load (a third-party one slow to import, or one that never finishes),
every game of Aisle's own is on offer already: the game chooser never shows one game alone."""

from __future__ import annotations

import threading

import pytest

from aisle.registry import loading


def test_aisles_own_games_are_on_offer_while_a_plugin_is_slow_to_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loading.reset_registry()
    hold = threading.Event()
    slow = threading.Thread(target=hold.wait, name="a slow plugin's import", daemon=True)
    slow.start()
    monkeypatch.setattr(loading, "_worker", slow)  # the worker thread, stuck in an import
    try:
        assert loading.plugins_loading()
        games = loading.games_so_far()
        assert {"klondike", "freecell", "forty-thieves", "spider", "yukon"} <= set(games)
        assert len(games) > 30
        assert loading.loaded_registry() is None  # found without waiting for the registry
        assert games["freecell"].distribution == "aisle"
    finally:
        hold.set()
        slow.join()
        loading.reset_registry()
