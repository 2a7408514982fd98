"""Scorpion's hint, the reference's three steps in order (first match wins):

1. for each pile that is not empty (the target), each other pile: the face-up card that is of the
   target's top suit and one rank lower moves onto it, with every card on it;
2. with a pile empty: the first face-up King that is not the bottom card of its pile moves there;
3. the stock deals, while it holds its cards.

A step-1 move makes a new pair in sequence and breaks none (the moving card could only have lain in
sequence on the target's top card itself); a step-2 move puts a King at the bottom of a pile for
good; a deal empties the stock for good. So following the hints never comes back to a position,
and when no step applies nothing can change any more: the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Deal, Move, Slot
from aisle_scorpion.rules import KING, PILES, STOCK


def hint_action(slots: Sequence[Slot]) -> Action | None:
    piles = slots[PILES]
    # Every card exists once, so each pile's top card has at most one card that fits onto it.
    face_up: dict[tuple[str, int], tuple[Slot, int]] = {}
    for pile in piles:
        cards = pile.cards
        for count in range(1, len(cards) + 1):
            card = cards[-count]
            if not card.face_up:
                break
            face_up[(card.suit, card.rank)] = (pile, count)
    for target in piles:
        top = target.top
        if top is None:
            continue
        found = face_up.get((top.suit, top.rank - 1))
        if found is not None and found[0] is not target:
            return Move(found[0].id, found[1], target.id)
    empty = next((pile for pile in piles if not pile.cards), None)
    if empty is not None:
        for source in piles:
            cards = source.cards
            for count in range(1, len(cards)):  # never the bottom card
                card = cards[-count]
                if not card.face_up:
                    break
                if card.rank == KING:
                    return Move(source.id, count, empty.id)
    if slots[STOCK].cards:
        return Deal()
    return None
