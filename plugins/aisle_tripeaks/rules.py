"""What may be played in TriPeaks, and why not (docs/rules/tripeaks.md §3): a tableau card in
play goes onto the waste when it is one rank above or below the waste's top card, round the
corner between King and Ace."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Move, Slot, SlotKind
from aisle.i18n import T, Text
from aisle.variant import card_name

#: Indexes in `Board.slots` (the order of the layout).
STOCK = 0
PLAYED = 1
WASTE = 2
TABLEAU = slice(3, 31)
WASTE_ID = "waste"


def fits(card: Card, top: Card) -> bool:
    """One rank up or down, whatever the suit; an Ace is next to both a 2 and a King."""
    return (card.rank - top.rank) % 13 in (1, 12)


def pick_up_refusal(source: Slot, count: int) -> Text | None:
    if source.kind == SlotKind.STOCK:
        return T("Cards cannot be taken from the stock; click it to deal.")
    if source.kind == SlotKind.WASTE:
        return T("Cards on the waste stay there; play cards from the peaks onto it.")
    if not source.cards[-1].face_up:
        return T("This card is still covered: the cards lying on it must go first.")
    return None


def drop_refusal(source: Slot, count: int, target: Slot) -> Text | None:
    if target.id != WASTE_ID or not target.cards:
        return T("Cards from the peaks can only be played onto the waste.")
    card, top = source.cards[-1], target.cards[-1]
    if fits(card, top):
        return None
    # TRANSLATORS: {card} and {top} are cards such as "9♥" and "J♠".
    return T("{card} is not one rank above or below {top}.", card=card_name(card), top=card_name(top))


def playable(tableau: Sequence[Slot], waste: Slot) -> list[Slot]:
    """The tableau slots whose card can be played onto the waste now, in slot order."""
    if not waste.cards:
        return []
    top_rank = waste.cards[-1].rank
    return [slot for slot in tableau
            if slot.cards and slot.cards[-1].face_up and (slot.cards[-1].rank - top_rank) % 13 in (1, 12)]


def legal_moves(tableau: Sequence[Slot], waste: Slot) -> list[Move]:
    return [Move(slot.id, 1, waste.id) for slot in playable(tableau, waste)]
