"""What may be removed in Pyramid, and why not (docs/rules/pyramid.md §3).

A card is in play when it is face up in the pyramid (it turns up once both cards covering it are
gone) or on top of the waste. Two cards in play making 13 go together; a King goes alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Move, Slot, SlotKind
from aisle.i18n import T, Text
from aisle.variant import card_name

#: Indexes in `Board.slots` (the order of the layout).
STOCK = 0
WASTE = 1
FOUNDATION = 2
PYRAMID = slice(3, 31)
FOUNDATION_ID = "foundation-1"

KING = 13
TOTAL = 13


def in_play(slot: Slot) -> Card | None:
    """The slot's card in play: a face-up top card of the waste or the pyramid."""
    if slot.kind not in (SlotKind.WASTE, SlotKind.TABLEAU) or not slot.cards:
        return None
    top = slot.cards[-1]
    return top if top.face_up else None


def waste_pair(waste: Slot) -> bool:
    """Whether the top two cards of the waste make 13 together."""
    cards = waste.cards
    return len(cards) >= 2 and cards[-1].rank + cards[-2].rank == TOTAL


def pick_up_refusal(source: Slot, count: int) -> Text | None:
    if source.kind == SlotKind.STOCK:
        return T("Cards cannot be taken from the stock; click it to deal.")
    if source.kind == SlotKind.FOUNDATION:
        return T("Cards on the foundation stay there.")
    if source.kind == SlotKind.WASTE and count > 1:
        if count == 2 and waste_pair(source):
            return None
        return T("Only the top card of the waste can be played, or its top two cards together "
                 "when they make 13.")
    if not source.cards[-1].face_up:
        return T("This card is still covered: both cards lying on it must go first.")
    return None


def drop_refusal(source: Slot, count: int, target: Slot) -> Text | None:
    card = source.cards[-1]
    if target.kind == SlotKind.FOUNDATION:
        if count == 2 or card.rank == KING:
            return None
        return T("Only a King goes onto the foundation alone; put {card} onto a card that makes 13 "
                 "with it.", card=card_name(card))
    if count == 2:
        return T("These two cards make 13: put them onto the foundation.")
    if target.kind == SlotKind.STOCK:
        return T("Nothing can be put onto the stock.")
    if card.rank == KING:
        return T("A King needs no partner: put it onto the foundation.")
    partner = in_play(target)
    if partner is None:
        if target.cards:
            return T("That card is still covered.")
        return T("There is no card there to pair it with.")
    if card.rank + partner.rank != TOTAL:
        return T("{card} and {target} do not make 13 together.", card=card_name(card),
                 target=card_name(partner))
    return None


def legal_moves(slots: Sequence[Slot]) -> list[Move]:
    """Every legal move: each King in play to the foundation, the waste's top pair, and each
    card in play onto each other card in play that makes 13 with it."""
    playable = [(slot, card) for slot in (slots[WASTE], *slots[PYRAMID])
                if (card := in_play(slot)) is not None]
    moves: list[Move] = []
    by_rank: dict[int, list[str]] = {}
    for slot, card in playable:
        by_rank.setdefault(card.rank, []).append(slot.id)
    for slot, card in playable:
        if card.rank == KING:
            moves.append(Move(slot.id, 1, FOUNDATION_ID))
            continue
        for partner in by_rank.get(TOTAL - card.rank, ()):
            moves.append(Move(slot.id, 1, partner))
    if waste_pair(slots[WASTE]):
        moves.append(Move(slots[WASTE].id, 2, FOUNDATION_ID))
    return moves
