"""A newcomer's first start: automatic moves on, and (in the window) Winnable Deals Only offered;
a returning player's settings stay as they are."""

from __future__ import annotations

from pathlib import Path

from aisle.launch import Launch, prepare
from aisle.storage import Settings, first_start, resolve_settings_folder


def test_the_first_start_turns_automatic_moves_on(isolated: Path) -> None:
    assert first_start()
    start = prepare(Launch(game="klondike", seed=3))
    assert start.first_start and start.settings.auto_up


def test_a_returning_player_keeps_automatic_moves_off(isolated: Path) -> None:
    Settings(auto_up=False).save()
    assert not first_start()
    start = prepare(Launch(game="klondike", seed=3))
    assert not start.first_start and not start.settings.auto_up
    assert (resolve_settings_folder(None) / "settings.json").exists()


def test_a_read_only_start_is_never_a_first_start(isolated: Path) -> None:
    start = prepare(Launch(game="klondike", seed=3), read_only=True)
    assert not start.first_start and not start.settings.auto_up


def test_settings_lost_to_damage_start_as_a_newcomers_and_say_so(isolated: Path) -> None:
    folder = resolve_settings_folder(None)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text("[1, 2, 3]")  # damaged: nothing of it can be used
    start = prepare(Launch(game="klondike", seed=3))
    assert start.problems  # the player is told, and the file kept aside
    assert any(path.name.startswith("settings.broken-") for path in folder.iterdir())
    assert start.first_start and start.settings.auto_up
