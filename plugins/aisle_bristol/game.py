"""Bristol, as GNOME AisleRiot plays it (docs/rules/bristol.md): eight piles of three with the Kings
underneath, built down regardless of suit one card at a time, three reserve piles fed by the stock,
and foundations built up from Ace to King whatever the suits."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, UP_ANY_SUIT, Empty, Foundations, KitVariant, Pick, Stock, Tableau, Texts
from aisle.kit.build import KING
from aisle.kit.move_hint import move_hint
from aisle.kit.roles import Role
from aisle.variant import Hint

PILES = 8
#: Where the piles stand across, in each of their two rows.
COLUMNS_X = (0.0, 2.75, 5.5, 8.25)


def kings_under(cards: list[Card]) -> list[Card]:
    """A dealt pile of three (bottom first) with its Kings moved under the other cards, as the
    reference turns them round."""
    top_first = cards[::-1]
    if top_first[0].rank == KING:
        top_first = [*top_first[1:], top_first[0]]
        if top_first[0].rank == KING:
            top_first = [*top_first[1:], top_first[0]]
    elif top_first[1].rank == KING:
        top_first = [top_first[0], top_first[2], top_first[1]]
    return top_first[::-1]


def run_depth(cards: Sequence[Card]) -> int:
    """How many top cards lie in sequence, each one rank below the card under it."""
    depth = 1
    while depth < len(cards) and cards[-depth - 1].rank == cards[-depth].rank + 1:
        depth += 1
    return depth


class Bristol(KitVariant):
    id = "bristol"
    name = T("Bristol")
    description = T("Eight piles built down whatever the suit, one card at a time, three reserve piles "
                    "fed by the stock, and foundations built up from Ace to King.")
    help_page = "bristol"
    game_family = "builders"
    difficulty = 2
    # The piles are set in two rows of four by `layout`; the reserve piles have no rule of the kit's.
    table = (Stock(at=(0, 0), onto="reserve"), Role(SlotKind.RESERVE, "reserve", 3, (1.75, 0), (1, 0)),
             Foundations(4, at=(5.5, 0), build=UP_ANY_SUIT),
             Tableau(PILES, build=DOWN_ANY_SUIT, pick=Pick.TOP, empty=Empty.NOTHING, fan=Fan.RIGHT))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  waste_top=T("Only the top card of a pile can be moved."),
                  reserve_put=T("The reserve piles are filled only from the stock."))

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, spec in enumerate(specs):
            if spec.kind is SlotKind.TABLEAU:
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                specs[index] = SlotSpec(spec.id, spec.kind, COLUMNS_X[number % 4], 1 + number // 4, Fan.RIGHT)
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        for card in deck:
            card.face_up = True
        for pile in range(PILES):
            board.place(f"tableau-{pile + 1}", kings_under(deck[pile:3 * PILES:PILES]))
        for card in deck[3 * PILES:]:
            card.face_up = False
        board.place("stock", reversed(deck[3 * PILES:]))

    def reserves(self, board: Board) -> list[Slot]:
        return [slot for slot in board.slots if slot.kind is SlotKind.RESERVE]

    def piles(self, board: Board) -> list[Slot]:
        return [board.slots[place] for place in self.kit.tableau]

    def legal_actions(self, board: Board) -> list[Action]:
        # The kit lists the piles' moves; the reserve piles' cards go up or onto a pile.
        targets = [board.slots[place] for place in (*self.kit.foundations, *self.kit.tableau)]
        extra = [Move(reserve.id, 1, target.id) for reserve in self.reserves(board) if reserve.cards
                 for target in targets if self.drop_refusal(board, reserve, 1, target) is None]
        return [*extra, *super().legal_actions(board)]

    def safe_up_move(self, board: Board) -> Move | None:
        # The foundations take any suit: a card whose lower rank is all up has no other use.
        heights = [len(board.slots[place].cards) for place in self.kit.foundations]
        for source in [*self.reserves(board), *self.piles(board)]:
            card = source.top
            if card is not None and min(heights) >= card.rank - 1 and card.rank - 1 in heights:
                return Move(source.id, 1, self.kit.ids[self.kit.foundations[heights.index(card.rank - 1)]])
        return None

    def reference_hint(self, board: Board) -> Move | None:
        """The reference's hint (docs/rules/bristol.md §5): the move it suggests, else None."""
        piles = self.piles(board)
        for source in [*self.reserves(board), *piles]:
            if source.top is not None and (up := self._foundation_for(board, source.top)) is not None:
                return Move(source.id, 1, up)
        for reserve in self.reserves(board):
            target = self._pile_for_card(piles, reserve.top, reserve)
            if target is not None:
                return Move(reserve.id, 1, target.id)
        for source in piles:
            depth = run_depth(source.cards) if source.cards else 0
            if not depth or depth == len(source.cards):
                continue
            run = source.cards[-depth:]
            if all(self._pile_for_card(piles, card, source) for card in run[:-1]):
                target = self._pile_for_card(piles, run[-1], source)
                if target is not None:
                    return Move(source.id, 1, target.id)
        return None

    @staticmethod
    def _pile_for_card(piles: list[Slot], card: Card | None, source: Slot) -> Slot | None:
        """The first other pile whose top card is one rank above `card`."""
        return next((pile for pile in piles if card is not None and pile is not source
                     and pile.top is not None and pile.top.rank == card.rank + 1), None)

    def hint(self, board: Board) -> Hint | None:
        move = self.reference_hint(board)
        if move is not None:
            return move_hint(board, move)
        if board.slot("stock").cards:
            return Hint(T("Deal a new card from the stock."), Deal())
        return None

    def is_lost(self, board: Board) -> bool:
        return not board.slot("stock").cards and self.reference_hint(board) is None
