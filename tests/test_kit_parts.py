"""The game kit's general parts, each on its own: build rules as look-up tables, the safe-move
rule with two decks, the solver's key, foundations taking whole runs, a reserve refilling piles
and a stock dealing rows only onto filled piles. The games built on them have their own tests."""

from __future__ import annotations

import pytest
from test_forty_thieves_setup import arranged as forty_thieves

from aisle.engine import Board, Deal, Game, Move, new_deck
from aisle.i18n import T
from aisle.kit import (
    DOWN_ALTERNATE,
    DOWN_ALTERNATE_ROUND,
    DOWN_ANY_SUIT,
    DOWN_BY_SUIT,
    UP_BY_SUIT,
    UP_BY_SUIT_ROUND,
    Build,
    Foundations,
    KitVariant,
    Pile,
    Reserve,
    Rest,
    Rows,
    Stock,
    Tableau,
)
from aisle.kit.build import KING, Relation
from aisle.registry.games import new_game


@pytest.mark.parametrize("build", [DOWN_ALTERNATE, DOWN_ALTERNATE_ROUND, DOWN_ANY_SUIT, DOWN_BY_SUIT,
                                   UP_BY_SUIT, UP_BY_SUIT_ROUND])
def test_a_relation_answers_as_its_build(build: Build) -> None:
    deck = new_deck(2)
    relation = Relation(build, deck)
    assert all(relation.fits[card.id][onto.id] == build.fits(card, onto) for card in deck for onto in deck)
    for card in deck:
        card.face_up = True
    for start in range(0, 100, 7):
        pile = deck[start:start + 5]
        assert relation.run_length(pile) == build.run_length(pile)


def test_with_two_decks_a_card_is_safe_once_both_cards_below_it_are_up() -> None:
    one_up = forty_thieves({"foundation-1": "AH 2H 3H 4H", "foundation-2": "AH 2H 3H", "tableau-1": "5H"})
    both_up = forty_thieves({"foundation-1": "AH 2H 3H 4H", "foundation-2": "AH 2H 3H 4H", "tableau-1": "5H"})
    assert one_up.variant.safe_up_move(one_up.board) is None
    assert both_up.variant.safe_up_move(both_up.board) == Move("tableau-1", 1, "foundation-1")


def test_piles_are_alike_for_the_solver_only_once_the_stock_deals_no_more() -> None:
    game = new_game("spider", 1)
    board, key = game.board, game.variant.solver_key
    before = key(board)
    first, second = board.slot("tableau-1").cards, board.slot("tableau-2").cards
    first[:], second[:] = second[:], first[:]
    assert key(board) != before  # each pile still gets its own card of every row
    board.slot("stock").cards.clear()
    swapped = key(board)
    first[:], second[:] = second[:], first[:]
    assert key(board) == swapped


def test_the_two_cards_of_a_rank_and_suit_are_alike_for_the_solver() -> None:
    game = forty_thieves({"tableau-1": "5H", "tableau-2": "5H"})
    before = game.variant.solver_key(game.board)
    first, second = game.slot("tableau-1").cards, game.slot("tableau-2").cards
    first[:], second[:] = second[:], first[:]
    assert game.variant.solver_key(game.board) == before


class WholeRuns(KitVariant):
    """A small table: two piles built down regardless of suit and moved by suit, a foundation
    taking whole runs, a reserve refilling emptied piles, and a stock dealing rows onto filled
    piles only."""

    id = "kit-whole-runs"
    name = T("Whole runs")
    description = T("A small table for tests.")
    table = (Stock(at=(0, 0), onto="tableau", fill_first=True),
             Foundations(1, at=(1, 0), build=DOWN_BY_SUIT, first=KING, whole_runs=True),
             Reserve(at=(2, 0), refills="tableau"),
             Tableau(2, at=(0, 1), build=DOWN_ANY_SUIT, run=DOWN_BY_SUIT))
    dealing = (Pile(3, "reserve"), Rows(1), Rest())


def laid_out(piles: dict[str, list[str]]) -> tuple[WholeRuns, Board]:
    """A `WholeRuns` game with the named slots holding these cards (face up, bottom first)."""
    game = Game.new(WholeRuns, 1)
    by_code = {card.code: card for card in game.cards}
    for slot_id, codes in piles.items():
        slot = game.slot(slot_id)
        for card in slot.cards:
            game.slot("stock").cards.insert(0, card)
            card.face_up = False
        slot.cards[:] = []
        for code in codes:
            card = by_code[code]
            for other in game.slots:
                if card in other.cards:
                    other.cards.remove(card)
            card.face_up = True
            slot.cards.append(card)
    variant = game.variant
    assert isinstance(variant, WholeRuns)
    return variant, game.board


def test_a_whole_run_goes_up_at_once_and_an_emptied_pile_is_refilled_from_the_reserve() -> None:
    run = ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    variant, board = laid_out({"tableau-1": run, "tableau-2": ["5D"], "reserve": ["2C", "9C"]})
    board.slot("reserve").cards[0].face_up = False
    up = Move("tableau-1", 13, "foundation-1")
    assert up in variant.legal_actions(board)
    assert variant.drop_refusal(board, board.slot("tableau-1"), 12, board.slot("foundation-1")) is not None
    assert list(variant.double_click(board, "tableau-1")) == [up]
    board.move("tableau-1", 13, "foundation-1")
    variant.after_move(board, up)
    assert [card.code for card in board.slot("tableau-1").cards] == ["9C"]
    assert [(card.code, card.face_up) for card in board.slot("reserve").cards] == [("2C", True)]


def test_the_stock_deals_a_row_only_onto_filled_piles() -> None:
    variant, board = laid_out({"tableau-1": ["5D"], "tableau-2": [], "reserve": []})
    assert Deal() not in variant.legal_actions(board)
    assert str(variant.stock_refusal(board)) == "Fill every empty pile before dealing another round."


@pytest.mark.parametrize("game_id", ["pyramid", "tripeaks"])
def test_a_removed_card_leaves_no_outline_in_an_overlapping_layout(game_id: str) -> None:
    from aisle.engine import SlotKind

    game = new_game(game_id, 1)
    tableau = [slot for slot in game.slots if slot.kind == SlotKind.TABLEAU]
    assert tableau and not any(slot.spec.outline for slot in tableau)
    assert all(slot.spec.outline for slot in game.slots if slot.kind != SlotKind.TABLEAU)
