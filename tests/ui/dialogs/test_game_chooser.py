"""Select Game as a chooser: tiles with live thumbnails (drawn lazily, with the current deck),
family and played filters, a search that ignores case and accents, keys, screen reader texts,
reopening, and a language switch while it is open."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import i18n
from aisle.engine import Board, Card
from aisle.i18n import T, Text
from aisle.registry.collect import VariantInfo
from aisle.registry.loading import available_variants
from aisle.stats import Statistics
from aisle.ui.cards.card_art import CardArt
from aisle.ui.cards.decks.own import ClassicDeck, ModernDeck
from aisle.ui.dialogs.game_facts import difficulty_of, family_of
from aisle.ui.dialogs.game_thumbnails import session_thumbnails
from aisle.ui.dialogs.game_tile import ID_ROLE, RECORD_ROLE, THUMBNAIL
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant

MakeWindow = Callable[..., MainWindow]


@pytest.fixture(autouse=True)
def fresh_thumbnails() -> Iterator[None]:
    session_thumbnails().clear()
    yield
    session_thumbnails().clear()


def game(variant_id: str, name: str, description: str = "A game for the chooser.",
         **traits: Any) -> type[Variant]:
    """A toy game under another id and name (plain names that no catalog translates)."""
    return type(f"Game_{variant_id.replace('-', '_')}", (ToyGame,), {
        "id": variant_id, "name": Text("{name}", params={"name": name}),
        "description": Text("{text}", params={"text": description}), **traits})


def infos(*variants: type[Variant]) -> dict[str, VariantInfo]:
    return {v.id: VariantInfo(v.id, v.name, v.description, v, "tests", "tests", "0")
            for v in variants}


def shown(dialog: SelectGameDialog) -> list[str]:
    grid = dialog.games
    return [grid.item(row).text() for row in range(grid.count()) if not grid.item(row).isHidden()]


def in_view(dialog: SelectGameDialog) -> list[str]:
    grid = dialog.games
    view = grid.viewport().rect()
    return [grid.item(row).data(ID_ROLE) for row in range(grid.count())
            if not grid.item(row).isHidden() and grid.visualItemRect(grid.item(row)).intersects(view)]


def open_dialog(qtbot: QtBot, variants: dict[str, VariantInfo], current: str | None = None,
                **kwargs: Any) -> SelectGameDialog:
    dialog = SelectGameDialog(variants, current, **kwargs)
    qtbot.addWidget(dialog)
    dialog.resize(800, 600)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def thumbnails_of(dialog: SelectGameDialog, ids: list[str]) -> list[QImage | None]:
    dpr = dialog.games.devicePixelRatioF()
    pictures = [dialog.loader.thumbnail(variant_id, dpr) for variant_id in ids]
    return [picture.toImage() if picture is not None else None for picture in pictures]


def wait_for_thumbnails(qtbot: QtBot, dialog: SelectGameDialog) -> list[QImage]:
    qtbot.waitUntil(lambda: None not in thumbnails_of(dialog, in_view(dialog)), timeout=20_000)
    return [image for image in thumbnails_of(dialog, in_view(dialog)) if image is not None]


# -- thumbnails -------------------------------------------------------------------------------
def test_the_games_in_view_get_thumbnails_and_only_they(qtbot: QtBot) -> None:
    many = infos(*(game(f"many-{n}", f"Game {n:02}") for n in range(40)))
    dialog = open_dialog(qtbot, many, "many-00")
    images = wait_for_thumbnails(qtbot, dialog)
    assert images and len(images) == len(in_view(dialog))
    dpr = dialog.games.devicePixelRatioF()
    for image in images:
        assert image.width() == round(THUMBNAIL.width() * dpr)
        # The baize in the middle of the table, not a transparent hole.
        assert image.pixelColor(image.width() // 2, image.height() - 4).alpha() == 255
    # Drawn lazily: the games further down are not drawn before they are scrolled to.
    assert len(session_thumbnails()) < 40
    dialog.games.scrollToItem(dialog.games.item(39))
    qtbot.waitUntil(lambda: "many-39" in in_view(dialog))
    wait_for_thumbnails(qtbot, dialog)


def test_a_thumbnail_shows_the_deal_with_the_current_deck_and_follows_a_new_one(
        qtbot: QtBot) -> None:
    art = CardArt(deck=ClassicDeck())
    dialog = open_dialog(qtbot, infos(ToyGame), "toy", pictures=art)
    [classic] = wait_for_thumbnails(qtbot, dialog)
    art.set_deck(ModernDeck())
    dialog.games.viewport().update()
    qtbot.waitUntil(lambda: None not in thumbnails_of(dialog, ["toy"]))
    [modern] = thumbnails_of(dialog, ["toy"])
    assert modern is not None and modern != classic
    # The next opening finds them drawn (the session keeps them per deck).
    again = open_dialog(qtbot, infos(ToyGame), "toy", pictures=art)
    assert thumbnails_of(again, ["toy"]) == [modern]


class NoDeal(ToyGame):
    id = "no-deal"
    name = T("No Deal")

    def deal(self, board: Board, deck: list[Card]) -> None:
        raise RuntimeError("this game cannot deal")


def test_a_game_that_cannot_deal_is_listed_without_a_picture(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, infos(NoDeal, ToyGame), "no-deal")
    qtbot.waitUntil(lambda: dialog.loader.pending() == 0 and thumbnails_of(dialog, ["toy"])[0]
                    is not None)
    assert thumbnails_of(dialog, ["no-deal"]) == [None]
    assert "No Deal" in shown(dialog) and dialog.chosen() == "no-deal"


# -- filters and search -----------------------------------------------------------------------
def chooser_games() -> dict[str, VariantInfo]:
    return infos(
        game("k1", "Kings", "Seven piles", game_family="klondike", difficulty=2),
        game("k2", "Queens", "Eight piles", game_family="klondike", difficulty=1),
        game("s1", "Arachne", "Ten piles of one suit", game_family="spider", difficulty=3),
        game("o1", "Ärger", "A puzzle with coins", game_family="no-such-family"),
    )


def played(*ids: str) -> Statistics:
    stats = Statistics()
    for variant_id in ids:
        stats.record(variant_id, {}, True, 60.0, 90)
        stats.record(variant_id, {"redeals": "none"}, False, 60.0, 90)
    return stats


def test_the_families_present_can_be_chosen_and_so_can_played_or_not(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1", stats=played("k2", "s1"))
    family = dialog.family
    assert family.isVisible()
    assert [family.itemText(i) for i in range(family.count())] == [
        "All games", "Klondike-like", "Spider-like", "Other"]
    assert shown(dialog) == ["Arachne", "Ärger", "Kings", "Queens"]
    family.setCurrentIndex(family.findData("klondike"))
    assert shown(dialog) == ["Kings", "Queens"] and dialog.chosen() == "k1"
    dialog.played.setCurrentIndex(dialog.played.findData(True))
    assert shown(dialog) == ["Queens"] and dialog.chosen() == "k2"
    family.setCurrentIndex(0)
    assert shown(dialog) == ["Arachne", "Queens"]
    dialog.played.setCurrentIndex(dialog.played.findData(False))
    assert shown(dialog) == ["Ärger", "Kings"]


def test_the_difficulty_filter_says_what_the_dots_mean(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1", stats=played("k2"))
    levels = dialog.difficulty
    assert levels.isVisible()
    assert [levels.itemText(i) for i in range(levels.count())] == [
        "Any difficulty", "Easy  \u25cf\u25cb\u25cb", "Medium  \u25cf\u25cf\u25cb",
        "Hard  \u25cf\u25cf\u25cf"]
    assert levels.itemData(3, Qt.ItemDataRole.AccessibleTextRole) == "Hard"  # read without the dots
    levels.setCurrentIndex(levels.findData(2))
    assert shown(dialog) == ["Kings"]
    dialog.family.setCurrentIndex(dialog.family.findData("spider"))
    assert shown(dialog) == []
    assert dialog.note.isVisible() and "No game matches" in dialog.note.text()  # not a bare grid
    levels.setCurrentIndex(0)
    assert shown(dialog) == ["Arachne"] and not dialog.note.isVisible()
    i18n.set_language("de")
    QApplication.processEvents()
    assert levels.itemText(levels.count() - 1) == "Schwer  \u25cf\u25cf\u25cf" and levels.currentIndex() == 0


def test_no_family_filter_when_every_game_is_of_one_and_no_played_filter_without_statistics(
        qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, infos(ToyGame, game("t2", "Toy Two")), "toy")
    assert not dialog.family.isVisible() and not dialog.played.isVisible()
    assert not dialog.difficulty.isVisible()  # neither says how hard it is
    assert shown(dialog) == ["Toy", "Toy Two"]


@pytest.mark.parametrize("language", ["en", "de", "ru", "it"])
def test_the_filters_go_below_the_search_rather_than_squeeze_it(qtbot: QtBot, language: str) -> None:
    """Two tiles across (a small screen), Russian's filter names would leave the search a few
    letters wide: the filters take a row of their own, and go back beside it when there is room."""
    from aisle.ui.dialogs.select_game import SEARCH_CHARACTERS

    i18n.set_language(language)
    dialog = open_dialog(qtbot, chooser_games(), "k1", stats=played("k2"))
    least = dialog.search.fontMetrics().averageCharWidth() * SEARCH_CHARACTERS
    for width in (420, 498, 640, 1000):
        dialog.resize(width, 600)
        QApplication.processEvents()
        assert dialog.search.width() >= min(least, dialog.width() - 30), width
        below = dialog.family.y() > dialog.search.y()
        assert below == (dialog.played.y() > dialog.search.y()) == (dialog.difficulty.y() > dialog.search.y())
        if not below:
            assert dialog.family.x() > dialog.search.x() + least - 10
    dialog.resize(1000, 600)
    QApplication.processEvents()
    assert dialog.family.y() == dialog.search.y()  # beside it again, in every language


def test_the_search_ignores_case_and_accents_and_reads_the_descriptions(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    dialog.search.setText("ARGER")
    assert shown(dialog) == ["Ärger"] and dialog.chosen() == "o1"
    dialog.search.setText("one suit")
    assert shown(dialog) == ["Arachne"]
    dialog.search.setText("nothing is called this")
    assert shown(dialog) == [] and dialog.chosen() is None
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_the_game_whose_name_answers_the_search_best_is_chosen(qtbot: QtBot) -> None:
    games = infos(
        game("bakers", "Baker's Game", "FreeCell with suits instead of colours"),
        game("freecell", "FreeCell", "Four free cells"),
        game("freecell-two", "Double FreeCell", "Two decks"),
    )
    dialog = open_dialog(qtbot, games, "bakers")
    dialog.search.setText("freecell")  # listed first, Baker's Game names FreeCell only in its text
    assert shown(dialog) == ["Baker's Game", "Double FreeCell", "FreeCell"]
    assert dialog.chosen() == "freecell"
    dialog.search.setText("free")
    assert dialog.chosen() == "freecell"  # its name starts so; Double FreeCell's word only
    dialog.search.setText("double")
    assert dialog.chosen() == "freecell-two"
    dialog.search.setText("cell")
    assert dialog.chosen() == "freecell-two"  # a name with it, the first listed; still the one chosen
    dialog.search.setText("")
    assert dialog.chosen() == "freecell-two"  # no search: the choice stays


def test_traits_a_game_gets_wrong_are_ignored() -> None:
    class Raising(type):
        def __getattribute__(cls, name: str) -> Any:
            if name in ("difficulty", "game_family"):
                raise RuntimeError("no")
            return super().__getattribute__(name)

    for wrong in ("3", 7, True, 2.0, None):
        assert difficulty_of(game("w", "W", difficulty=wrong)) is None
    assert difficulty_of(game("w", "W", difficulty=3)) == 3
    assert family_of(game("w", "W", game_family=5)) == "other"
    # A kit game's `family` is its rule object: not a family of the chooser.
    assert family_of(game("w", "W", family=property(lambda self: None))) == "other"
    assert family_of(Raising("R", (), {})) == "other" and difficulty_of(Raising("R", (), {})) is None


# -- what a tile tells --------------------------------------------------------------------------
def test_each_tile_names_its_game_for_screen_readers_and_tells_the_rest(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1", stats=played("s1"))
    face = QAccessible.queryAccessibleInterface(dialog.games)
    assert face is not None and face.role() == QAccessible.Role.List
    told = {face.child(i).text(QAccessible.Text.Name): face.child(i).text(QAccessible.Text.Description)
            for i in range(face.childCount())}
    assert set(told) == {"Arachne", "Ärger", "Kings", "Queens"}
    assert told["Arachne"] == "Ten piles of one suit\nDifficulty: Hard\nWon 1 of 2 games"
    assert told["Ärger"] == "A puzzle with coins\nNot played yet"
    tip = dialog.games.item(0).toolTip()
    assert "Arachne" in tip and "Difficulty: Hard" in tip and "Won 1 of 2 games" in tip
    assert dialog.description.text() == "Seven piles"


def test_a_screen_reader_hears_the_games_the_search_leaves(qtbot: QtBot) -> None:
    # Games hidden in the list were still counted by Qt's accessible list: the highlighted
    # game was read out as the game at its place in the whole list.
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    dialog.search.setText("queens")
    assert shown(dialog) == ["Queens"]
    dialog.games.setFocus()
    face = QAccessible.queryAccessibleInterface(dialog.games)
    assert face is not None
    names = [face.child(i).text(QAccessible.Text.Name) for i in range(face.childCount())]
    assert names == ["Queens"]
    focused = face.focusChild()
    assert focused is not None and focused.text(QAccessible.Text.Name) == "Queens"
    assert dialog.chosen() == dialog.games.currentItem().data(ID_ROLE)
    dialog.search.setText("")  # every game back, in its place
    assert len(shown(dialog)) == 4 and dialog.chosen() == dialog.games.currentItem().data(ID_ROLE)


# -- keys -------------------------------------------------------------------------------------
def test_keys_move_search_and_choose(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    grid = dialog.games
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is grid)
    assert dialog.chosen() == "k1"
    QTest.keyClick(grid, Qt.Key.Key_Right)
    assert dialog.chosen() == "k2"
    QTest.keyClick(grid, Qt.Key.Key_Left)
    QTest.keyClick(grid, Qt.Key.Key_Left)
    assert dialog.chosen() == "o1"
    # Typing goes to the search field.
    QTest.keyClicks(grid, "ar")
    assert QApplication.focusWidget() is dialog.search and dialog.search.text() == "ar"
    assert shown(dialog) == ["Arachne", "Ärger"]
    QTest.keyClick(dialog.search, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is grid
    QTest.keyClick(grid, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is dialog.search and dialog.search.selectedText() == "ar"
    QTest.keyClick(dialog.search, Qt.Key.Key_Down)
    QTest.keyClick(grid, Qt.Key.Key_Home)
    QTest.keyClick(grid, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.chosen() == "s1"


def test_escape_closes_and_a_double_click_chooses(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    QTest.keyClick(dialog.games, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected and not dialog.isVisible()
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    grid = dialog.games
    item = grid.item(3)
    centre: QPoint = grid.visualItemRect(item).center()
    # A double-click is a click first (the view acts on the item pressed), then the second.
    QTest.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     centre)
    QTest.mouseDClick(grid.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      centre)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.chosen() == "k2"


# -- in the window ----------------------------------------------------------------------------
def test_the_chooser_opens_again_and_again_and_deals_the_chosen_game(
        make_window: MakeWindow, qtbot: QtBot) -> None:
    window = make_window("klondike", 3)
    seen: list[SelectGameDialog] = []
    for _time in range(3):
        window.acts.select_game.trigger()
        dialog = window.extras.open["select_game"]
        assert isinstance(dialog, SelectGameDialog) and dialog not in seen
        qtbot.waitExposed(dialog)
        assert dialog.chosen() == "klondike"
        wait_for_thumbnails(qtbot, dialog)
        seen.append(dialog)
        dialog.reject()
        qtbot.waitUntil(lambda: "select_game" not in window.extras.open)
    window.acts.select_game.trigger()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    dialog.search.setText("pyramid")
    # The other games' plugins load once the chooser asks for them: the list fills in.
    qtbot.waitUntil(lambda: dialog.chosen() == "pyramid")
    QTest.keyClick(dialog.games, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id == "pyramid")


def test_a_language_switch_while_open_retranslates_the_tiles(make_window: MakeWindow,
                                                             qtbot: QtBot) -> None:
    window = make_window("klondike", 3)
    window.session.stats.record("klondike", window.game.options, True, 90.0, 100)  # type: ignore[union-attr]
    window.extras.select_game()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    dialog.search.setText("pyr")
    # The other games' plugins load once the chooser asks for them: the list fills in.
    qtbot.waitUntil(lambda: any(dialog.games.item(row).data(ID_ROLE) == "pyramid"
                                for row in range(dialog.games.count())))
    english = {dialog.games.item(row).data(ID_ROLE): dialog.games.item(row).text()
               for row in range(dialog.games.count())}
    i18n.set_language("de")
    assert dialog.windowTitle() == i18n._("Select Game") != "Select Game"
    names = {dialog.games.item(row).data(ID_ROLE): dialog.games.item(row).text()
             for row in range(dialog.games.count())}
    variants = available_variants()
    assert names == {variant_id: variants[variant_id].name.translate() for variant_id in english}
    assert names["pyramid"] != english["pyramid"]
    # The search stays, and so does the choice it led to.
    assert dialog.search.text() == "pyr" and dialog.chosen() == "pyramid"
    dialog.search.clear()
    by_id = {dialog.games.item(row).data(ID_ROLE): dialog.games.item(row)
             for row in range(dialog.games.count())}
    description = by_id["klondike"].data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert i18n.TN("Won {won} of {n} game", "Won {won} of {n} games", 1, won=1).translate() in description
    assert T("Not played yet").translate() in by_id["spider"].data(
        Qt.ItemDataRole.AccessibleDescriptionRole)
    i18n.set_language("en")
    assert dialog.windowTitle() == "Select Game"


def test_the_game_on_the_table_is_not_called_not_played(make_window: MakeWindow,
                                                        qtbot: QtBot) -> None:
    window = make_window("klondike", 3)
    window.extras.select_game()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    qtbot.waitUntil(lambda: any(dialog.games.item(row).data(ID_ROLE) == "spider"
                                for row in range(dialog.games.count())))
    by_id = {dialog.games.item(row).data(ID_ROLE): dialog.games.item(row)
             for row in range(dialog.games.count())}
    told = by_id["klondike"].data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert T("First game under way").translate() in told
    assert T("Not played yet").translate() not in told
    assert by_id["klondike"].data(RECORD_ROLE) == T("First game under way").translate()
    assert T("Not played yet").translate() in by_id["spider"].data(
        Qt.ItemDataRole.AccessibleDescriptionRole)
    dialog.reject()
    # Once a game of it has ended, its record is told as usual.
    window.session.stats.record("klondike", window.game.options, False, 90.0, 100)  # type: ignore[union-attr]
    window.extras.select_game()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    by_id = {dialog.games.item(row).data(ID_ROLE): dialog.games.item(row)
             for row in range(dialog.games.count())}
    assert by_id["klondike"].data(RECORD_ROLE) == i18n.TN(
        "Won {won} of {n} game", "Won {won} of {n} games", 1, won=0).translate()
    dialog.reject()


@pytest.mark.parametrize(("language", "typed"), [("en", "solitaire"), ("en", "patience"),
                                                 ("de", "solitär"), ("de", "solitaire"),
                                                 ("ru", "косынка"), ("it", "solitario")])
def test_a_game_is_found_by_its_other_names(qtbot: QtBot, language: str, typed: str) -> None:
    # A new player who knows Klondike as Windows' "Solitaire" searched for it in vain.
    i18n.set_language(language)
    try:
        dialog = open_dialog(qtbot, available_variants(), "freecell")
        dialog.search.setText(typed)
        assert dialog.chosen() == "klondike"
        told = dialog.games.currentItem().data(Qt.ItemDataRole.AccessibleDescriptionRole)
        also = T("Also known as: {names}", names="").translate()
        assert also in told and also != "Also known as: " * (language != "en")
        # Never the game's own name again (Klondike is "Косынка" in Russian).
        (line,) = [line for line in told.split("\n") if line.startswith(also)]
        assert dialog.games.currentItem().text() not in line
    finally:
        i18n.set_language("en")


def test_the_search_says_how_many_games_it_finds_and_tab_goes_to_them(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from aisle.ui.dialogs import select_game

    monkeypatch.setattr(select_game, "COUNT_AFTER_MS", 10)
    dialog = open_dialog(qtbot, chooser_games(), "k1")
    dialog.search.setFocus()
    qtbot.waitUntil(dialog.search.hasFocus)
    QTest.keyClicks(dialog.search, "queens")
    qtbot.waitUntil(lambda: dialog.said != "")
    assert shown(dialog) == ["Queens"] and dialog.said == "1 game matches."
    QTest.keyClicks(dialog.search, "zzz")
    qtbot.waitUntil(lambda: dialog.said.startswith("No game"))
    dialog.search.clear()
    QTest.keyClick(dialog.search, Qt.Key.Key_Tab)
    assert dialog.games.hasFocus()
