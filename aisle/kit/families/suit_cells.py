"""Games of free cells and piles built down in suit, where only a King starts an empty pile and a
run is as long as the free cells allow (Eight Off, Seahaven Towers): AisleRiot's hint for them,
the end of the game it implies, and the refusal for a run too long.

The hint, first match wins ("free" is the number of empty free cells):

1. free cells, then piles: the first top card that goes onto a foundation;
2. for each source (free cells, then piles) and each target pile: into an empty pile, the cards
   from a King in the source's top run of one suit, at most free cards below the top (not a King
   that is its pile's last card); onto a card, the cards from the one a rank lower of its suit,
   found the same way;
3. with a free cell empty, advice to put a card there (no move);
4. nothing: the game is over.

A step-2 move takes a run off a card it did not lie in sequence on (with one deck the target is
the only card it could lie on) or empties a free cell, and cards going up only remove cards: so
the cards in the free cells plus the cards out of sequence on the piles go down with every hint,
and following the hints never comes back to a position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aisle.engine import Board, Card, Move, Slot, SlotKind
from aisle.i18n import TN, T, Text
from aisle.kit.build import KING
from aisle.kit.move_hint import move_hint
from aisle.kit.texts import Texts
from aisle.variant import Hint

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant


class SuitCellTexts(Texts):
    """The kit's refusals, with a run's limit counted in free cells alone."""

    def too_many(self, most: int, cells: bool = True) -> Text:
        # TRANSLATORS: a refusal; {n} is the number of empty free cells plus one.
        return TN("With the free cells you have, only {n} card can be moved at once.",
                  "With the free cells you have, only {n} cards can be moved at once.", most)


def run_reach(cards: Sequence[Card], deepest: int) -> list[Card]:
    """The top cards of `cards` that lie in one suit going down, the top card first, at most
    `deepest` cards below the top one (AisleRiot's check-for-king and check-for-spec-card)."""
    reach = [cards[-1]] if cards else []
    for card in reversed(cards[:-1]):
        if len(reach) > deepest or card.suit != reach[-1].suit or card.rank != reach[-1].rank + 1:
            break
        reach.append(card)
    return reach


def run_onto(source: Slot, target: Slot, free: int) -> int:
    """How many of `source`'s top cards the hint moves onto pile `target` (0: none)."""
    reach = run_reach(source.cards, free)
    top = target.top
    if top is None:
        # A King already at the bottom of its pile is left where it is.
        kings = [n for n, card in enumerate(reach, start=1) if card.rank == KING
                 and not (source.kind is SlotKind.TABLEAU and n == len(source.cards))]
        return kings[0] if kings else 0
    if top.suit != reach[0].suit:
        return 0
    wanted = [n for n, card in enumerate(reach, start=1) if card.rank == top.rank - 1]
    return wanted[0] if wanted else 0


def suit_cells_hint(variant: KitVariant, board: Board) -> Hint | None:
    """AisleRiot's hint (see the module's notes); None when the game is over."""
    kit, slots = variant.kit, board.slots
    sources = [slots[place] for place in (*kit.cells, *kit.tableau)]
    piles = [slots[place] for place in kit.tableau]
    for source in sources:
        if source.top is not None:
            up = variant._foundation_for(board, source.top)
            if up is not None:
                return move_hint(board, Move(source.id, 1, up))
    free = sum(1 for place in kit.cells if not slots[place].cards)
    for source in sources:
        for target in piles:
            if target is not source and source.cards:
                count = run_onto(source, target, free)
                if count:
                    return move_hint(board, Move(source.id, count, target.id))
    if free:
        return Hint(T("Move a card into an empty free cell."))
    return None
