"""Select Game lists the games in the current language's alphabetical order, numbers by value."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import i18n
from aisle.i18n import Text
from aisle.registry.collect import VariantInfo
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.qt.name_order import name_sort_key

NAMES = ["Golf 10", "Zebra", "Golf 9", "Ärger", "Паук", "Ёлка", "Abc", "golf 2", "Гольф"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def infos(names: list[str]) -> dict[str, VariantInfo]:
    """Games named as given (plain names that no catalog translates)."""
    return {f"game-{n}": VariantInfo(f"game-{n}", Text("{name}", params={"name": name}),
                                     Text("{name}", params={"name": name}), ToyGame, "tests", "tests", "0")
            for n, name in enumerate(names)}


def listed(dialog: SelectGameDialog) -> list[str]:
    return [dialog.games.item(row).text() for row in range(dialog.games.count())]


def test_numbers_in_names_go_by_value() -> None:
    key = name_sort_key("en")
    assert sorted(["Golf 10", "Golf 9", "golf 2", "Golf", "Golf 100"], key=key) == [
        "Golf", "golf 2", "Golf 9", "Golf 10", "Golf 100"]


def test_letters_go_by_the_languages_alphabet() -> None:
    # Code-point order would put Ä after Z, and Ё before every other Cyrillic letter.
    german = sorted(["Zebra", "Ärger", "Abc", "Bad"], key=name_sort_key("de"))
    assert german == ["Abc", "Ärger", "Bad", "Zebra"]
    assert sorted(["Паук", "Ёлка", "Гольф", "Елка"], key=name_sort_key("ru")) == [
        "Гольф", "Елка", "Ёлка", "Паук"]
    # Russian puts its own script first, the others the Latin one.
    assert sorted(["Zebra", "Паук"], key=name_sort_key("ru")) == ["Паук", "Zebra"]
    assert sorted(["Zebra", "Паук"], key=name_sort_key("it")) == ["Zebra", "Паук"]


def test_the_dialog_lists_the_games_in_that_order_and_follows_the_language(qtbot: QtBot) -> None:
    dialog = SelectGameDialog(infos(NAMES), None)
    qtbot.addWidget(dialog)
    assert listed(dialog) == ["Abc", "Ärger", "golf 2", "Golf 9", "Golf 10", "Zebra", "Гольф", "Ёлка", "Паук"]
    i18n.set_language("ru")
    dialog.retranslate()
    assert listed(dialog) == ["Гольф", "Ёлка", "Паук", "Abc", "Ärger", "golf 2", "Golf 9", "Golf 10", "Zebra"]
    dialog.search.setText("golf")
    assert dialog.chosen() is not None and dialog.games.currentItem().text() == "golf 2"
