"""Labyrinth, as GNOME AisleRiot plays it (docs/rules/labyrinth.md): the Aces start the
foundations, and each of eight columns offers two cards, the one in the first row and the last of
the pile under it; nothing is built on the tableau."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from aisle.engine import Board, Card, Fan, Move, SlotKind, SlotSpec, Suit
from aisle.i18n import T
from aisle.kit import Empty, Foundations, KitVariant, Pick, Stock, Tableau, Texts
from aisle.kit.build import ACE

COLUMNS = 8
#: The foundations' Aces, left to right.
ACE_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: The state key: True until the stock is first clicked (the first row is refilled from the stock).
FIRST_ROW = "first_row"


def first_row(column: int) -> str:
    return f"tableau-{column + 1}"


def pile_under(column: int) -> str:
    return f"tableau-{column + COLUMNS + 1}"


class Labyrinth(KitVariant):
    id = "labyrinth"
    name = T("Labyrinth")
    description = T("The Aces start the foundations; eight columns each offer their first and their "
                    "last card, and nothing is built on the tableau.")
    help_page = "labyrinth"
    game_family = "other"
    difficulty = 3
    # The first row and the piles under it are one role, set in two rows by `layout`.
    table = (Stock(at=(0, 0), onto="tableau"), Foundations(4, at=(2, 0)),
             Tableau(2 * COLUMNS, at=(0, 1), build=None, pick=Pick.TOP, empty=Empty.NOTHING))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  no_building=T("Cards go only onto the foundations."),
                  nothing_on_empty=T("Cards go only onto the foundations."))

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, spec in enumerate(specs):
            if spec.kind is SlotKind.TABLEAU:
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                lower = number >= COLUMNS
                specs[index] = SlotSpec(spec.id, spec.kind, number % COLUMNS, 1 + lower,
                                        Fan.DOWN if lower else Fan.NONE)
        return specs

    def initial_state(self) -> dict[str, Any]:
        return {FIRST_ROW: True}

    def deal(self, board: Board, deck: list[Card]) -> None:
        for card in deck:
            card.face_up = True
        aces = {card.suit: card for card in deck if card.rank == ACE}
        for number, suit in enumerate(ACE_ORDER, start=1):
            board.place(f"foundation-{number}", [aces[suit]])
        rest = [card for card in deck if card.rank != ACE]
        for column, card in enumerate(rest[:COLUMNS]):
            board.place(first_row(column), [card])
        for card in rest[COLUMNS:]:
            card.face_up = False
        board.place("stock", reversed(rest[COLUMNS:]))

    def after_move(self, board: Board, move: Move) -> None:
        # A first-row card that went up is replaced: from the stock until its first click, then by
        # the nearest card of the pile under it.
        super().after_move(board, move)
        if not move.source.startswith("tableau-") or board.slot(move.source).cards:
            return
        column = int(move.source.rsplit("-", 1)[1]) - 1
        if column >= COLUMNS:
            return
        under = board.slot(pile_under(column)).cards
        if board.state[FIRST_ROW] and board.slot("stock").cards:
            board.turn_over("stock", 1, move.source)
        elif under:
            board.rearrange({move.source: under[:1], pile_under(column): under[1:]})

    def click_stock(self, board: Board) -> None:
        board.set(FIRST_ROW, False)
        for column in range(COLUMNS):
            if not board.slot("stock").cards:
                return
            empty = not board.slot(first_row(column)).cards
            board.turn_over("stock", 1, first_row(column) if empty else pile_under(column))

    def safe_up_move(self, board: Board) -> Move | None:
        # Before the first click a card going up draws the stock's next card into the first row,
        # which changes where every later card is dealt: the player decides (rules §6).
        if board.state[FIRST_ROW] and board.slot("stock").cards:
            return None
        return super().safe_up_move(board)

    def score(self, board: Board) -> int:
        # The Aces were put there by the deal: only the cards played up count.
        return super().score(board) - len(ACE_ORDER)

    def max_score(self) -> int:
        return 52 - len(ACE_ORDER)

    def solver_key(self, board: Board) -> Hashable | None:
        # A column is its first-row card and the pile under it; once nothing more is dealt the
        # columns are alike.
        def codes(slot_id: str) -> str:
            return " ".join(card.code for card in board.slot(slot_id).cards)

        columns = [(codes(first_row(column)), codes(pile_under(column))) for column in range(COLUMNS)]
        stock = codes("stock")
        ups = tuple(len(board.slot(f"foundation-{n}").cards) for n in range(1, 5))
        return (stock, ups, board.state[FIRST_ROW], tuple(columns if stock else sorted(columns)))
