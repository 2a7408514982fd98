"""Eight Off, as GNOME AisleRiot plays it (docs/rules/eight-off.md): eight piles built down by
suit, eight free cells (four filled at the deal), runs as long as the free cells allow, Kings into
empty piles, and every card that fits goes up by itself."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Card, Move, Slot
from aisle.i18n import TN, T, Text
from aisle.kit import DOWN_BY_SUIT, Empty, Foundations, FreeCells, KitVariant, Pile, Rows, Tableau, Texts
from aisle.kit.build import KING
from aisle.kit.every_up import every_card_up
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint


class EightOffTexts(Texts):
    def too_many(self, most: int, cells: bool = True) -> Text:
        # TRANSLATORS: a refusal; {n} is the number of empty free cells plus one.
        return TN("With the free cells you have, only {n} card can be moved at once.",
                  "With the free cells you have, only {n} cards can be moved at once.", most)


def run_reach(cards: Sequence[Card], deepest: int) -> list[Card]:
    """The top cards of `cards` that lie in one suit going down, the top card first, at most
    `deepest` cards below the top one (the reference's check-for-king and check-for-spec-card)."""
    reach = [cards[-1]] if cards else []
    for card in reversed(cards[:-1]):
        if len(reach) > deepest or card.suit != reach[-1].suit or card.rank != reach[-1].rank + 1:
            break
        reach.append(card)
    return reach


class EightOff(KitVariant):
    id = "eight-off"
    name = T("Eight Off")
    description = T("Eight piles built down by suit and eight free cells, four of them filled at "
                    "the deal; only a King goes into an empty pile.")
    help_page = "eight-off"
    has_deal_action = False
    game_family = "freecell"
    difficulty = 2
    # Foundations in a column on the left; the free cells above the piles, half a card right.
    table = (Foundations(4, at=(0, 0), step=(0, 1)),
             FreeCells(8, at=(1.5, 0)),
             Tableau(8, at=(1.5, 1), build=DOWN_BY_SUIT, empty=Empty.KINGS, by_space=True))
    # Six rows across the piles, then one card into each of the first four free cells.
    dealing = (Rows(6), *(Pile(1, f"reserve-{n}") for n in range(1, 5)))
    texts = EightOffTexts()
    # Every card that fits goes up after every move, as a rule of the game.
    autoplay = True
    safe_up_move = every_card_up

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint (docs/rules/eight-off.md §5); None when the game is over."""
        slots = board.slots
        sources = [slots[place] for place in (*self.kit.cells, *self.kit.tableau)]
        piles = [slots[place] for place in self.kit.tableau]
        for source in sources:
            if source.top is not None:
                up = self._foundation_for(board, source.top)
                if up is not None:
                    return move_hint(board, Move(source.id, 1, up))
        free = sum(1 for place in self.kit.cells if not slots[place].cards)
        for source in sources:
            for target in piles:
                if target is not source and source.cards:
                    count = self._run_onto(source, target, free)
                    if count:
                        return move_hint(board, Move(source.id, count, target.id))
        if free:
            return Hint(T("Move a card into an empty free cell."))
        return None

    def _run_onto(self, source: Slot, target: Slot, free: int) -> int:
        """How many of `source`'s top cards the hint moves onto `target` (0: none)."""
        reach = run_reach(source.cards, free)
        top = target.top
        if top is None:
            # A King already at the bottom of its pile is left where it is.
            kings = [n for n, card in enumerate(reach, start=1) if card.rank == KING
                     and not (source.kind == "tableau" and n == len(source.cards))]
            return kings[0] if kings else 0
        if top.suit != reach[0].suit:
            return 0
        wanted = [n for n, card in enumerate(reach, start=1) if card.rank == top.rank - 1]
        return wanted[0] if wanted else 0

    def is_lost(self, board: Board) -> bool:
        return self.hint(board) is None
