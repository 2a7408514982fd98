"""The table for screen readers: the accessible name follows the keyboard focus, turns, pick-ups,
refusals and the status are announced, in the player's language; high contrast.

Read the way a screen reader reads them: through QAccessible.queryAccessibleInterface (no
AT-SPI needed). Klondike deal 4 starts with J♠ on tableau 1 and Q♦ on top of tableau 4, and
five of clubs first from the stock.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsPixmapItem

from aisle.engine import Move
from aisle.ui.cards.decks.own import LargeIndexDeck
from aisle.ui.table.marks import Mark
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]
_RANK_WORDS = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
               8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king"}


def _name(window: MainWindow) -> str:
    face = QAccessible.queryAccessibleInterface(window.view)
    assert face is not None
    return face.text(QAccessible.Text.Name)


def _press(window: MainWindow, key: Qt.Key, times: int = 1, ctrl: bool = False) -> None:
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    for _ in range(times):
        QTest.keyClick(window.view, key, modifier)


def _heard(window: MainWindow) -> list[str]:
    said: list[str] = []
    window.accessible.announced.connect(said.append)
    return said


def _focus(window: MainWindow, slot_id: str) -> None:
    """Step with PageDown from the first slot to `slot_id`."""
    assert window.game is not None
    ids = [slot.id for slot in window.game.slots]
    _press(window, Qt.Key.Key_Home, ctrl=True)
    _press(window, Qt.Key.Key_PageDown, ids.index(slot_id))
    assert window.view.keys.focus is not None and window.view.keys.focus[0] == slot_id


def test_the_name_follows_the_keyboard_focus(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    face = QAccessible.queryAccessibleInterface(window.view)
    assert face is not None and face.role() == QAccessible.Role.Client
    assert _name(window) == "Card table"
    assert "Arrow keys" in face.text(QAccessible.Text.Description)
    _press(window, Qt.Key.Key_Right)
    assert _name(window) == "The stock, 24 cards"
    _press(window, Qt.Key.Key_Right)
    assert _name(window) == "The waste, empty"
    _press(window, Qt.Key.Key_Right)
    assert _name(window) == "Foundation 1, empty"
    _press(window, Qt.Key.Key_End, ctrl=True)
    assert _name(window) == "King of spades, tableau pile 7, card 7 of 7"
    _press(window, Qt.Key.Key_Left)
    assert _name(window) == "Ten of clubs, tableau pile 6, card 6 of 6"


def test_a_keyboard_move_is_announced_and_renames_the_focus(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    _focus(window, "tableau-1")
    assert _name(window) == "Jack of spades, tableau pile 1, card 1 of 1"
    _press(window, Qt.Key.Key_Space)
    assert heard[-1] == "Picked up jack of spades."
    _focus(window, "tableau-4")
    _press(window, Qt.Key.Key_Space)
    assert heard[-1] == "Jack of spades onto queen of diamonds, tableau pile 4."
    assert _name(window) == "Jack of spades, tableau pile 4, card 5 of 5"
    window.acts.undo.trigger()
    assert heard[-1] == "Taken back: jack of spades onto queen of diamonds, tableau pile 4."
    assert _name(window) == "Queen of diamonds, tableau pile 4, card 4 of 4"


def test_a_deal_says_the_card_dealt_and_the_stock_left(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    _focus(window, "stock")
    _press(window, Qt.Key.Key_Return)
    assert heard[-1] == "Dealt. Five of clubs on the waste, card 1 of 1. Stock: 23 cards."
    assert _name(window) == "The stock, 23 cards"


def test_a_run_of_cards_is_picked_up_and_a_refusal_is_said(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    _focus(window, "tableau-1")
    _press(window, Qt.Key.Key_Space)
    _focus(window, "tableau-4")
    _press(window, Qt.Key.Key_Space)  # J♠ onto Q♦: a run of two
    _press(window, Qt.Key.Key_Up)
    assert _name(window) == "Queen of diamonds, tableau pile 4, card 4 of 5"
    _press(window, Qt.Key.Key_Space)
    assert heard[-1] == "Picked up 2 cards from queen of diamonds up."
    _focus(window, "tableau-6")
    _press(window, Qt.Key.Key_Space)  # onto the ten of clubs: refused, the reason is said
    assert window.status.passing is not None
    shown = window.status.passing.translate()
    assert shown == "Q♦ must be one rank lower than 10♣."  # the cards as the screen shows them
    # In words, and the cards are still held: said so.
    assert heard[-1] == ("Queen of diamonds must be one rank lower than ten of clubs. "
                         "The cards stay picked up.")
    _focus(window, "tableau-7")
    _press(window, Qt.Key.Key_Space)
    moved, turned = heard[-1].split(". ")
    assert moved == "Queen of diamonds and 1 card on it onto king of spades, tableau pile 7"
    game = window.game
    assert game is not None
    uncovered = game.slot("tableau-4").cards[-1]
    assert uncovered.face_up and turned.endswith(" turned face up, tableau pile 4.")
    assert turned.lower().startswith(f"{_RANK_WORDS[uncovered.rank]} of {uncovered.suit.value}")


def test_a_mouse_move_and_a_hint_are_announced(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    window.hint()
    assert heard[-1] == "Move jack of spades onto queen of diamonds."  # the cards in words
    hint = window.game.hint() if window.game is not None else None
    assert hint is not None and hint.action is not None
    window.player.act(hint.action)  # the way a drop or a double-click plays it
    assert heard[-1] == "Jack of spades onto queen of diamonds, tableau pile 4."


def test_the_status_is_read_on_demand(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    window.key_bindings.apply()  # the keys come after the first frame
    assert window.acts.read_status.shortcuts()  # a key of its own (configurable)
    assert window.key_bindings.action("read_status") is window.acts.read_status
    window.acts.read_status.trigger()
    lines = heard[-1].split("\n")
    assert "Score: 0 of 52" in lines and "Deal 4" in lines
    assert window.status.message.text() in lines
    own = window.status.message.text()
    window.hint()  # shown over the game's line for a while
    assert window.status.message.text() != own
    window.acts.read_status.trigger()
    lines = heard[-1].split("\n")
    # The game's own line first (the hint took its place), then the hint, its cards in words.
    assert lines[0] == own and lines[1] == "Move jack of spades onto queen of diamonds."


def test_names_and_announcements_in_russian(make_window: MakeWindow) -> None:
    # The shipped Russian catalog: what a Russian screen-reader user hears.
    window = make_window("klondike", 4)
    heard = _heard(window)
    _press(window, Qt.Key.Key_Right)
    assert _name(window) == "The stock, 24 cards"
    window.switch_language("ru")
    assert _name(window) == "Колода, 24 карты"  # follows the language at once
    _press(window, Qt.Key.Key_End, ctrl=True)
    assert _name(window) == "Король пик, стопка 7 игрового поля, карта 7 из 7"
    _press(window, Qt.Key.Key_Left)
    assert _name(window) == "Десятка треф, стопка 6 игрового поля, карта 6 из 6"
    window.player.deal()
    assert heard[-1].startswith("Карты сданы.") and heard[-1].endswith("В колоде 23 карты.")
    for _ in range(2):
        window.player.deal()
    assert heard[-1].endswith("В колоде 21 карта.")  # Russian's own plural forms
    for _ in range(4):
        window.player.deal()
    assert heard[-1].endswith("В колоде 17 карт.")


def test_high_contrast_switches_the_deck_and_is_remembered(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    assert window.settings.high_contrast is None
    before = window.appearance.deck.id
    _press(window, Qt.Key.Key_Right)
    thin = window.scene.marks.rects[Mark.FOCUS]
    window.acts.high_contrast.trigger()
    assert window.settings.high_contrast is True
    assert window.appearance.deck.id == LargeIndexDeck.id
    assert window.scene.marks.strong
    assert window.scene.marks.rects[Mark.FOCUS] == thin  # the same place, drawn stronger
    assert _outline_alpha(window) > 200  # the empty foundations' outlines too
    window.acts.high_contrast.trigger()
    assert window.settings.high_contrast is False
    assert window.appearance.deck.id == before
    assert not window.scene.marks.strong
    assert _outline_alpha(window) < 200


def _outline_alpha(window: MainWindow) -> int:
    """The most opaque point of the empty slots' outlines (every one the same strength)."""
    outlines = [item.pixmap().toImage() for item in window.scene.items()
                if isinstance(item, QGraphicsPixmapItem) and item.zValue() == -1]
    edges = {image.pixelColor(0, image.height() // 2).alpha() for image in outlines}
    assert len(edges) == 1
    return edges.pop()


@pytest.mark.parametrize("language", ["en", "de", "ru", "it"])
def test_hints_and_refusals_are_said_with_the_cards_in_words(make_window: MakeWindow,
                                                             language: str) -> None:
    # Shown as "J♠" on the screen, a card is said as words: a speech synthesiser reads the
    # rank letter and the suit sign as a letter and a symbol's name.
    window = make_window("klondike", 4)
    window.switch_language(language)
    heard = _heard(window)
    window.hint()
    assert window.status.passing is not None and "♠" in window.status.passing.translate()
    said = heard[-1]
    assert not set(said) & set("♠♥♦♣"), said
    assert said[:1].isupper()
    _focus(window, "tableau-4")
    _press(window, Qt.Key.Key_Space)
    _focus(window, "tableau-6")
    _press(window, Qt.Key.Key_Space)  # refused: the reason is said
    assert window.status.passing is not None and "♣" in window.status.passing.translate()
    assert not set(heard[-1]) & set("♠♥♦♣"), heard[-1]


def test_a_card_that_goes_up_by_itself_after_a_deal_is_named(make_window: MakeWindow) -> None:
    # Klondike deal 7: the second card dealt is the ace of spades, which goes up by itself.
    window = make_window("klondike", 7)
    window.acts.auto_up.setChecked(True)
    heard = _heard(window)
    window.player.deal()
    window.player.deal()
    assert window.game is not None and window.game.score == 1
    said = heard[-1]
    assert said.startswith("Dealt. Ace of spades onto foundation 1, which was empty. "), said
    assert said.endswith("Stock: 22 cards."), said


def test_a_new_deal_and_a_restart_are_said(make_window: MakeWindow) -> None:
    # The table's name only became "Card table": nothing told that the cards were new.
    window = make_window("klondike", 4)
    heard = _heard(window)
    window.player.deal()
    window.dealer.restart()
    assert heard[-1] == "Klondike: deal 4 is on the table."
    window.dealer.start_game("freecell", 7)
    assert heard[-1] == "FreeCell: deal 7 is on the table."
    window.switch_language("de")
    try:
        window.dealer.start_game("freecell", 8)
        assert heard[-1] == "FreeCell: Spiel Nr. 8 liegt auf dem Tisch."
    finally:
        window.switch_language("en")


def test_letting_go_with_esc_is_said_and_a_move_is_said_as_a_move(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    _focus(window, "tableau-4")
    _press(window, Qt.Key.Key_Space)
    assert heard[-1].startswith("Picked up")
    _press(window, Qt.Key.Key_Escape)
    assert heard[-1] == "Cards let go."
    # Cards dropped another way (a new game, a click) are no letting go: not said.
    _press(window, Qt.Key.Key_Space)
    window.dealer.new_game()
    _press(window, Qt.Key.Key_Right)
    assert "Cards let go." not in heard[-2:]
    window.dealer.start_game("klondike", 4)
    hint = window.game.hint() if window.game is not None else None  # J♠ onto Q♦
    assert hint is not None and isinstance(hint.action, Move)
    _focus(window, hint.action.source)
    _press(window, Qt.Key.Key_Space)
    _focus(window, hint.action.target)
    _press(window, Qt.Key.Key_Space)  # the move takes the cards: said as the move
    assert heard[-1] == "Jack of spades onto queen of diamonds, tableau pile 4."


def test_undo_says_which_move_it_took_back(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    heard = _heard(window)
    hint = window.game.hint() if window.game is not None else None  # J♠ onto Q♦
    assert hint is not None and hint.action is not None
    assert window.player.act(hint.action)
    assert window.game is not None and len(window.game.history) == 1
    assert window.player.undo(), heard
    assert heard[-1] == "Taken back: jack of spades onto queen of diamonds, tableau pile 4.", heard
    assert window.player.deal() and window.player.undo()
    assert heard[-1] == "Deal taken back. Stock: 24 cards.", heard
    # Several at once (as Undo to Last Winnable Position takes them back): counted.
    assert window.player.deal() and window.player.deal()
    player = window.player
    player.before_action()
    player.ask(lambda game: [game.undo() for _step in range(2)])
    player.after_change()
    assert heard[-1] == "2 moves taken back.", heard
