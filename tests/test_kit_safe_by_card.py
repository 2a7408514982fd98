"""The kit's safe automatic moves where the foundations of a suit are not one pile (`SafeUp`'s
card-by-card rule): a card goes up by itself once every card that could lie on it in a pile is
on a foundation. The table is Grandfather's Clock's: twelve foundations, three to a suit, each
based on a card the deal names, and piles built down regardless of suit."""

from __future__ import annotations

import random

from aisle.engine import Board, Card, Game, Move, Suit, new_deck
from aisle.kit import DOWN_ANY_SUIT, UP_BY_SUIT_ROUND, Empty, Foundations, KitVariant, Pick, Rows, Tableau
from aisle.kit.dealing import Named

SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
BASES = {f"foundation-{(rank + 2) % 12 + 1}": (rank, SUITS[(rank - 2) % 4]) for rank in range(2, 14)}


class ClockTable(KitVariant):
    id = "clock-table"
    table = (Foundations(12, build=UP_BY_SUIT_ROUND),
             Tableau(8, at=(0, 4), build=DOWN_ANY_SUIT, pick=Pick.TOP, empty=Empty.ANY))
    dealing = (Named(BASES), Rows(5))


def made(foundations: dict[str, str], piles: list[str]) -> Board:
    """A board with these cards ("2H 3H", bottom first), face up; the rest of the deck left out."""
    variant = ClockTable()
    cards = new_deck()
    by_code = {card.code: card for card in cards}

    def take(codes: str) -> list[Card]:
        picked = [by_code.pop(code) for code in codes.split()]
        for card in picked:
            card.face_up = True
        return picked

    board = Board(variant.layout(), cards, variant.initial_state())
    for slot, (rank, suit) in BASES.items():
        base = next(card for card in cards if card.rank == rank and card.suit == suit)
        board.place(slot, take(" ".join([base.code, *foundations.get(slot, "").split()])))
    for number, codes in enumerate(piles, start=1):
        board.place(f"tableau-{number}", take(codes))
    return board


def test_a_card_is_safe_once_every_card_of_the_rank_below_is_up() -> None:
    variant = ClockTable()
    # 3H fits on 2H (five o'clock), but 2S and 2D could still be built on it in a pile.
    board = made({"foundation-4": "AC 2C"}, ["2S 3H", "2D"])
    assert variant.safe_up_move(board) is None
    # With every 2 up, 3H has no more use in the piles.
    board = made({"foundation-4": "AC 2C", "foundation-3": "KD AD 2D",
                  "foundation-2": "QS KS AS 2S"}, ["5S 3H"])
    assert variant.safe_up_move(board) == Move("tableau-1", 1, "foundation-5")


def test_an_ace_is_safe_at_once_as_nothing_lies_on_it() -> None:
    # Piles build no King on an Ace: the Ace of hearts goes up as soon as it fits.
    board = made({"foundation-1": "JH QH KH"}, ["AH"])
    assert ClockTable().safe_up_move(board) == Move("tableau-1", 1, "foundation-1")


def test_every_automatic_move_in_random_games_was_safe_when_made() -> None:
    made_automatically = 0
    for seed in range(1, 41):
        game = Game.new(ClockTable, seed)
        game.auto_up = True
        chooser = random.Random(seed)
        replay = Game.new(ClockTable, seed)
        replay.auto_up = False
        for _ in range(60):
            actions = game.legal_actions()
            if not actions:
                break
            game.play(chooser.choice(actions))
            turn = game.history[-1]
            replay.play(turn.action)
            for move in turn.auto:
                card = replay.slot(move.source).cards[-1]
                up = {(c.rank, c.suit) for slot in replay.board.slots if slot.id.startswith("foundation")
                      for c in slot.cards}
                below = card.rank - 1
                assert below == 0 or all((below, suit) in up for suit in SUITS), (seed, move)
                replay.play(move)
                made_automatically += 1
    assert made_automatically > 20
