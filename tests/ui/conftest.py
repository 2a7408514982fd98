"""UI test setup: never touch the real home folder; the toy game and a window ready to play."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.registry.collect import VariantInfo
from aisle.registry.loading import get_registry
from aisle.variant import Variant


@pytest.fixture
def register() -> Iterator[Callable[[type[Variant]], None]]:
    """Put test games into the registry for one test."""
    registry = get_registry()
    added: list[str] = []

    def add(variant: type[Variant]) -> None:
        registry.variants[variant.id] = VariantInfo(
            variant.id, variant.name, variant.description, variant, "tests", "tests", "0")
        added.append(variant.id)

    yield add
    for variant_id in added:
        registry.variants.pop(variant_id, None)


@pytest.fixture
def toy(register: Callable[[type[Variant]], None]) -> type[ToyGame]:
    register(ToyGame)
    return ToyGame


@pytest.fixture
def make_window(qtbot: QtBot, isolated: Path) -> Iterator[Callable[..., object]]:
    """Build a shown main window with animations off and its own statistics and session."""
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings
    from aisle.ui.window.main_window import MainWindow

    windows: list[MainWindow] = []

    def make(variant_id: str = "toy", seed: int = 1, size: tuple[int, int] = (1000, 700),
             variants: dict[str, type[Variant]] | None = None) -> MainWindow:
        stats, _problems = Statistics.load()
        session = Session(stats, variants=variants)
        # No question before leaving a game under way: the tests deal on at will (the question
        # has tests of its own, tests/ui/window/test_leaving_a_game.py).
        window = MainWindow(Settings(animations=False, confirm_leave=False), session)
        qtbot.addWidget(window)
        window.resize(*size)
        assert window.dealer.start_game(variant_id, seed)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The offscreen platform cannot pass window size hints on and says so; that is the test
    # platform talking, not Aisle, so only that message is let through.
    for item in items:
        if "tests/ui/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints"))
