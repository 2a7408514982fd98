"""The kit's deal step `Named`: named cards onto named slots, taken out of the shuffled deck
wherever they lie, the other cards keeping their order for the steps after it."""

from __future__ import annotations

import pytest

from aisle.engine import Board, Game, Rank, Suit, new_deck
from aisle.kit import AllAround, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau
from aisle.kit.dealing import Named, deal
from aisle.registry.games import new_game

ACES = {f"foundation-{n}": (Rank.ACE, suit)
        for n, suit in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES), start=1)}


class AcesOut(KitVariant):
    """Beleaguered Castle's deal told as kit steps (the game deals by a method of its own): its
    id, so the same shuffled deck, the Aces onto the foundations, the rest round the piles."""

    id = "beleaguered-castle"
    table = (Foundations(4, at=(4, 0), step=(0, 1), first=None),
             Tableau(8, at=(0, 0), step=(0, 1), pick=Pick.TOP))
    dealing = (Named(ACES), AllAround())


def codes(game: Game) -> list[list[str]]:
    return [[card.code for card in slot.cards] for slot in game.board.slots]


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
def test_named_cards_leave_the_others_in_their_shuffled_order(seed: int) -> None:
    assert codes(Game.new(AcesOut, seed)) == codes(new_game("beleaguered-castle", seed))


def test_named_cards_come_out_wherever_they_lie_and_face_up() -> None:
    variant = AcesOut()
    deck = new_deck()
    deck.reverse()  # the Aces lie at 12, 25, 38 and 51: none where the step starts
    board = Board(variant.layout(), deck, variant.initial_state())
    variant.deal(board, deck)
    for slot, (rank, suit) in ACES.items():
        (card,) = board.slot(slot).cards
        assert (card.rank, card.suit, card.face_up) == (rank, suit, True)
    rest = [card for card in reversed(new_deck()) if card.rank != Rank.ACE]
    assert [board.slot(f"tableau-{n % 8 + 1}").cards[n // 8].code for n in range(48)] == [
        card.code for card in rest]


class Stocked(KitVariant):
    id = "named-then-rows"
    table = (Stock(at=(0, 0), onto="tableau"), Foundations(1, at=(2, 0)), Tableau(2, at=(0, 1)))
    dealing = (Named({"foundation-1": (5, Suit.HEARTS), "tableau-2": (Rank.KING, Suit.CLUBS)}),
               Rows(1), Rest())


def test_later_steps_deal_on_top_of_named_cards() -> None:
    variant = Stocked()
    deck = new_deck()
    board = Board(variant.layout(), deck, variant.initial_state())
    deal(board, deck, variant.dealing, {"tableau": 2, "foundation": 1, "stock": 1})
    assert [card.code for card in board.slot("foundation-1").cards] == ["5H"]
    # AC and 2C are the deck's first two cards: one row goes on top of the King.
    assert [card.code for card in board.slot("tableau-1").cards] == ["AC"]
    assert [card.code for card in board.slot("tableau-2").cards] == ["KC", "2C"]
    assert len(board.slot("stock").cards) == 52 - 4


def test_a_card_the_deck_no_longer_holds_is_an_error() -> None:
    twice = (Named({"foundation-1": (5, Suit.HEARTS)}), Named({"tableau-1": (5, Suit.HEARTS)}), Rest())
    variant = Stocked()
    deck = new_deck()
    board = Board(variant.layout(), deck, variant.initial_state())
    with pytest.raises(ValueError, match="no 5 of hearts left"):
        deal(board, deck, twice, {"tableau": 2, "foundation": 1, "stock": 1})


class _ShortNoStock(KitVariant):
    id = "short-no-stock"
    table = (Foundations(4, at=(3, 0)), Tableau(10, at=(0, 1)))
    dealing = (Rows(4),)


class _RestNoStock(KitVariant):
    id = "rest-no-stock"
    table = _ShortNoStock.table
    dealing = (Rows(4), Rest())


@pytest.mark.parametrize(("variant", "told"), [
    (_ShortNoStock, r"leaves 12 of its 52 cards in no slot; the game has no stock to take them: "
                    r"deal every card to the table"),
    (_RestNoStock, r"Rest\(\) puts the cards left onto the slot 'stock', and the game has none"),
])
def test_a_deal_that_leaves_cards_over_in_a_game_with_no_stock_says_what_to_do(
        variant: type[KitVariant], told: str) -> None:
    game = variant()
    deck = new_deck()
    board = Board(game.layout(), deck, game.initial_state())
    with pytest.raises(ValueError, match=told):
        game.deal(board, deck)
