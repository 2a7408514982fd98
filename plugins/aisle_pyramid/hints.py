"""Pyramid's hint, in the reference's order (docs/rules/pyramid.md §6); the first match wins.

1. the top two cards of the waste make 13;
2. the waste's top card, then each pyramid card in order: a King in play goes; any other card
   pairs with the first card in play after it that makes 13 with it;
3. deal a card from the stock.

Every suggestion removes cards or deals one; nothing ever comes back.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Deal, Move, Slot
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_pyramid import rules


def pyramid_hint(slots: Sequence[Slot]) -> Hint | None:
    waste = slots[rules.WASTE]
    if rules.waste_pair(waste):
        return Hint(T("Match the top two cards of the waste."), Move(waste.id, 2, rules.FOUNDATION_ID))
    order = [waste, *slots[rules.PYRAMID]]
    playable = [(slot, card) for slot in order if (card := rules.in_play(slot)) is not None]
    for index, (slot, card) in enumerate(playable):
        if card.rank == rules.KING:
            # TRANSLATORS: {card} is a King such as "K♣".
            return Hint(T("Remove {card}.", card=card_name(card)), Move(slot.id, 1, rules.FOUNDATION_ID))
        for partner_slot, partner in playable[index + 1:]:
            if card.rank + partner.rank == rules.TOTAL:
                # TRANSLATORS: {card} and {target} are cards such as "6♥" and "7♠".
                return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(partner)),
                            Move(slot.id, 1, partner_slot.id))
    if slots[rules.STOCK].cards:
        return Hint(T("Deal a new card from the stock."), Deal())
    return None
