"""TEST SETUP for the FreeCell tests: lay out a chosen position as a game.

`arranged` builds a FreeCell game whose columns and free cells hold exactly the cards a test
names; every other card lies on the foundation of its suit, so the cards named for each suit must
be the top of that suit (for example 9S to KS, with AS to 8S up). Everything is then played
through the public API. The tests at the bottom check the helper itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle_freecell import FreeCell
from aisle_freecell.layout import CELL_IDS, COLUMN_IDS, FOUNDATION_IDS

from aisle.engine import Board, Game, new_deck


def arranged(columns: Sequence[str], cells: Sequence[str] = (), suits: str = "CDHS",
             foundations: Sequence[str] = (), rest: str | None = None) -> Game:
    """TEST SETUP. `columns` are card codes bottom first ("KS QH 10C"; "" or missing: empty),
    `cells` the cards of free cells 1, 2, … ("" leaves one empty).

    Without `rest`, every card not named lies on its suit's foundation: foundation n holds the
    suit `suits[n - 1]` (empty while none of that suit is up). With `rest` (a column's id),
    the foundations hold exactly `foundations` (codes, bottom first, per foundation) and every
    card not named lies at the bottom of that column, in id order."""
    variant = FreeCell()
    cards = new_deck()
    board = Board(variant.layout(), cards, variant.initial_state())
    by_code = {card.code: card for card in cards}
    places = [*zip(COLUMN_IDS, columns, strict=False), *zip(CELL_IDS, cells, strict=False)]
    if rest is not None:
        places += list(zip(FOUNDATION_IDS, foundations, strict=False))
    named = [code for _, text in places for code in text.split()]
    assert len(set(named)) == len(named), "a card is named twice"
    if rest is not None:
        board.place(rest, [card for card in cards if card.code not in named])
    for slot_id, text in places:
        board.place(slot_id, [by_code[code] for code in text.split()])
    if rest is None:
        for foundation_id, suit in zip(FOUNDATION_IDS, suits, strict=True):
            up = [card for card in cards if card.code[-1] == suit and card.code not in named]
            assert [card.rank for card in up] == list(range(1, len(up) + 1)), f"{suit} is not A up"
            board.place(foundation_id, up)
    for card in cards:
        card.face_up = True
    return Game(variant, 1, board)


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code for card in game.slot(slot_id).cards)


def test_arranged_keeps_every_card_once() -> None:
    game = arranged(["KS QH KH QS", "", "10C JC QC KC"], cells=["", "KD"])
    ids = sorted(card.id for slot in game.slots for card in slot.cards)
    assert ids == list(range(52))
    assert codes(game, "tableau-1") == "KS QH KH QS" and codes(game, "reserve-2") == "KD"
    assert codes(game, "reserve-1") == "" and codes(game, "tableau-2") == ""
    assert [len(game.slot(f).cards) for f in FOUNDATION_IDS] == [9, 12, 11, 11]


def test_arranged_puts_the_rest_under_a_column() -> None:
    game = arranged(["9C 5H"], cells=["KS"], foundations=["AH 2H"], rest="tableau-8")
    assert codes(game, "foundation-1") == "AH 2H" and codes(game, "foundation-2") == ""
    column = game.slot("tableau-8").cards
    assert len(column) == 52 - 5 and column[-1].code == "QS"
    assert sorted(card.id for slot in game.slots for card in slot.cards) == list(range(52))


def test_arranged_foundations_follow_the_suits_given() -> None:
    game = arranged(["KD"], suits="HSCD")
    assert game.slot("foundation-1").cards[-1].code == "KH"
    assert game.slot("foundation-4").cards[-1].code == "QD"
