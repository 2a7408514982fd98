"""When Canfield is lost (our decision; the reference never says so), and what the stock can show.

Dealing only changes which card lies on top of the waste, and redeals are unlimited. So when no
card can move now, the game can only go on if some card the stock and waste can bring to the top
of the waste could be played; if none can, nothing will ever change.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Card, Slot, SlotKind
from aisle_canfield.rules import DRAW, STOCK, WASTE, Targets, run_length


def waste_tops_to_come(slots: Sequence[Slot]) -> Iterator[Card]:
    """Every card that dealing (and turning the waste over, as often as needed) brings to the top
    of the waste, the present top excluded."""
    waste = slots[WASTE].cards
    # The order the cards come out in, from the start of a pass: the waste's, then the stock's.
    cycle = [*waste, *reversed(slots[STOCK].cards)]
    total = len(cycle)
    shown = len(waste)
    while shown < total:  # the rest of this pass
        shown = min(shown + DRAW, total)
        yield cycle[shown - 1]
    for shown in range(DRAW, total + DRAW, DRAW):  # every later pass, from the start
        yield cycle[min(shown, total) - 1]


def stock_can_help(slots: Sequence[Slot], targets: Targets) -> bool:
    """Whether some card the stock can still bring to the top of the waste could be played."""
    return any(targets.takes(card) for card in waste_tops_to_come(slots))


def is_lost(slots: Sequence[Slot]) -> bool:
    targets = Targets(slots)
    if _any_move(slots, targets):
        return False  # the common case: something can be played right now
    return not stock_can_help(slots, targets)


def _any_move(slots: Sequence[Slot], targets: Targets) -> bool:
    """Whether some card move is legal: `legal_moves` cut short, as a plain loop (it is asked
    after every action, so it avoids building the moves)."""
    ups, piles, base = targets.foundation_for, targets.piles_for, targets.base
    empty_foundation, empty_pile = bool(targets.empty_foundations), bool(targets.empty_piles)
    for slot in slots[WASTE:]:
        cards = slot.cards
        if not cards:
            continue
        card = cards[-1]
        if slot.kind == SlotKind.FOUNDATION:
            if card.rank == base:
                continue  # stays on its foundation
        elif (card.suit, card.rank) in ups or (empty_foundation and card.rank == base):
            return True
        if empty_pile:
            return True
        if slot.kind != SlotKind.TABLEAU:
            if (card.rank, card.red) in piles:
                return True
            continue
        for count in range(1, run_length(cards) + 1):
            deepest = cards[-count]
            takers = piles.get((deepest.rank, deepest.red))
            if takers and (len(takers) > 1 or takers[0] != slot.id):
                return True
    return False
