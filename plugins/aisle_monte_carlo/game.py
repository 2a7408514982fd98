"""Monte Carlo, as GNOME AisleRiot plays it (docs/rules/monte-carlo.md): remove pairs of cards of one
rank that touch in a five by five grid; a deal closes the gaps and fills the grid from the stock."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.slot_sentences import THE_FOUNDATION
from aisle.variant import Hint, Variant, card_name

if TYPE_CHECKING:
    from aisle_monte_carlo.solving import MonteCarloModel

GRID = tuple(f"tableau-{n}" for n in range(1, 26))
STOCK, OUT = "stock", "foundation-1"
#: The hint's search: to the right, below, below right, below left (steps along the grid).
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def neighbour(place: int, down: int, across: int) -> int | None:
    """The place `down` rows and `across` columns from `place`, if on the grid."""
    row, column = divmod(place, 5)
    row, column = row + down, column + across
    return row * 5 + column if 0 <= row < 5 and 0 <= column < 5 else None


def touching(one: int, other: int) -> bool:
    return one != other and abs(one // 5 - other // 5) <= 1 and abs(one % 5 - other % 5) <= 1


class MonteCarlo(Variant):
    id = "monte-carlo"
    name = T("Monte Carlo")
    description = T("Remove pairs of cards of the same rank that touch in a grid of twenty-five, "
                    "closing the gaps and filling the grid from the stock.")
    help_page = "monte-carlo"
    game_family = "pairing"
    difficulty = 2

    def layout(self) -> Sequence[SlotSpec]:
        grid = [SlotSpec(slot, SlotKind.TABLEAU, 1.25 + n % 5, n // 5) for n, slot in enumerate(GRID)]
        return [SlotSpec(STOCK, SlotKind.STOCK, 0, 0), *grid, SlotSpec(OUT, SlotKind.FOUNDATION, 6.5, 0)]

    def deal(self, board: Board, deck: list[Card]) -> None:
        for slot, card in zip(GRID, deck, strict=False):
            card.face_up = True
            board.place(slot, [card])
        board.place(STOCK, reversed(deck[25:]))

    # -- moves ---------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.id == STOCK:
            return T("Cards cannot be taken from the stock; click it to deal.")
        if source.id == OUT:
            return T("Cards on a foundation stay there.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.id not in GRID or not target.cards:
            return T("A card can only be dropped onto a card of the same rank that touches it.")
        card, other = source.cards[-1], target.cards[-1]
        if not touching(GRID.index(source.id), GRID.index(target.id)):
            return T("Only cards that touch, side by side, one above the other or corner to corner, "
                     "can be paired.")
        if card.rank != other.rank:
            return T("{card} and {target} are not of the same rank.", card=card_name(card),
                     target=card_name(other))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        board.move(move.target, 2, OUT)  # the pair leaves the grid

    def pairs(self, board: Board) -> Iterator[Move]:
        """The pairs in the hint's order: direction by direction, place by place."""
        for down, across in DIRECTIONS:
            for place, slot in enumerate(GRID):
                other = neighbour(place, down, across)
                card = board.slot(slot).top
                if other is not None and card is not None and (top := board.slot(GRID[other]).top) and (
                        top.rank == card.rank):
                    yield Move(slot, 1, GRID[other])

    def legal_actions(self, board: Board) -> list[Action]:
        moves: list[Move] = []
        for move in self.pairs(board):
            moves += [move, Move(move.target, 1, move.source)]
        moves.sort(key=lambda move: (GRID.index(move.source), GRID.index(move.target)))
        deal: list[Action] = [Deal()] if self.stock_refusal(board) is None else []
        return [*moves, *deal]

    # -- the stock -----------------------------------------------------------------------------
    def stock_refusal(self, board: Board) -> Text | None:
        filled = [bool(board.slot(slot).cards) for slot in GRID]
        # A gap with a card after it closes up; an empty place at the end takes a stock card.
        if not all(filled) and (any(filled[filled.index(False):]) or board.slot(STOCK).cards):
            return None
        return T("There is no gap to close and no card to deal.")

    def click_stock(self, board: Board) -> None:
        # Close the gaps in the order of the places, then fill the end of the grid from the stock.
        cards = [board.slot(slot).cards[-1] for slot in GRID if board.slot(slot).cards]
        stock = list(board.slot(STOCK).cards)
        dealt = stock[::-1][:25 - len(cards)]
        laid = [*cards, *dealt]
        board.rearrange({**{slot: laid[n:n + 1] for n, slot in enumerate(GRID)},
                         STOCK: stock[:len(stock) - len(dealt)]})
        for slot in GRID[len(cards):len(laid)]:
            board.flip(slot)

    # -- help ----------------------------------------------------------------------------------
    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        yield from [move for move in self.pairs(board) if slot_id in (move.source, move.target)][:1]

    def hint(self, board: Board) -> Hint | None:
        move = next(self.pairs(board), None)
        if move is not None:
            return Hint(T("Move {card} onto {target}.", card=card_name(board.slot(move.source).cards[-1]),
                          target=card_name(board.slot(move.target).cards[-1])), move)
        if self.stock_refusal(board) is None:
            return Hint(T("Close the gaps and deal more cards."), Deal())
        return None

    # -- outcome -------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return len(board.slot(OUT).cards)

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return len(board.slot(OUT).cards) == 52

    def is_lost(self, board: Board) -> bool:
        return not self.legal_actions(board)

    def status_text(self, board: Board) -> Text | None:
        return T("Stock left: {stock}", stock=len(board.slot(STOCK).cards))

    def solver_model(self, board: Board) -> MonteCarloModel:
        from aisle_monte_carlo.solving import MonteCarloModel  # loaded when the solver first asks

        return MonteCarloModel(board)

    def slot_name(self, slot: Slot) -> Text:
        return THE_FOUNDATION if slot.id == OUT else super().slot_name(slot)
