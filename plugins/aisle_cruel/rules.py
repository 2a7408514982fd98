"""Cruel's rules as plain functions on the board: which moves exist, how a redeal lays the
cards out again, and when the game can go no further.

The layout is fixed (see `layout.py`), so piles are found by their place in `board.slots`
instead of by looking ids up: these functions run after every change of the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Board, Card, Move, Slot

#: How many cards each pile gets, at the deal and at every redeal.
PILE_SIZE = 4
#: Cards outside the foundations at the start (the aces go up at once).
TABLEAU_CARDS = 48
#: The variant's own value: true from a deal or redeal until the next accepted move.
JUST_REDEALT = "just_redealt"

# Places in `board.slots`, in the order `layout.slot_specs()` creates them.
_FOUNDATIONS = slice(1, 5)
_TABLEAU = slice(5, 17)


def foundations(board: Board) -> list[Slot]:
    return board.slots[_FOUNDATIONS]


def tableau(board: Board) -> list[Slot]:
    return board.slots[_TABLEAU]


def builds_on(card: Card, onto: Card) -> bool:
    """Whether `card` may go onto the pile whose top is `onto`: same suit, one rank lower."""
    return card.suit == onto.suit and card.rank + 1 == onto.rank


def goes_up_on(card: Card, foundation_top: Card) -> bool:
    """Whether `card` may go onto a foundation whose top is `foundation_top`."""
    return card.suit == foundation_top.suit and card.rank == foundation_top.rank + 1


def moves(board: Board, sources: Sequence[Slot]) -> Iterator[Move]:
    """Every legal move of a top card of `sources`, in the reference's order: source piles in
    order, and for each the foundations before the piles.

    A card has exactly one possible foundation and at most one possible pile (the one whose
    top is the same suit and one higher), so both are found by a look-up, not a scan.
    """
    # Card ids run suit by suit, ace to king (one deck), so the card one rank higher of the
    # same suit has the next id; the rank guards below keep a king from meeting the next suit's ace.
    foundation_by_top = {slot.cards[-1].id: slot.id for slot in foundations(board) if slot.cards}
    pile_by_top = {slot.cards[-1].id: slot.id for slot in tableau(board) if slot.cards}
    for source in sources:
        if not source.cards:
            continue
        card = source.cards[-1]
        if card.rank > 1:
            target = foundation_by_top.get(card.id - 1)
            if target is not None:
                yield Move(source.id, 1, target)
        if card.rank < 13:
            target = pile_by_top.get(card.id + 1)
            if target is not None:
                yield Move(source.id, 1, target)


def has_move(board: Board, sources: Sequence[Slot]) -> bool:
    return next(moves(board, sources), None) is not None


def foundation_for(board: Board, card: Card) -> Slot | None:
    """The foundation that takes `card` now, if any."""
    for slot in foundations(board):
        if slot.cards and goes_up_on(card, slot.cards[-1]):
            return slot
    return None


def clears_by_going_up(board: Board) -> bool:
    """Whether sending cards up, and nothing else, empties every pile. A card sent up never
    keeps another from going up, so the order does not matter."""
    wanted = {slot.cards[-1].suit: slot.cards[-1].rank + 1 for slot in foundations(board) if slot.cards}
    piles = [list(slot.cards) for slot in tableau(board)]
    going = True
    while going:
        going = False
        for pile in piles:
            while pile and wanted.get(pile[-1].suit) == pile[-1].rank:
                wanted[pile[-1].suit] += 1
                pile.pop()
                going = True
    return not any(piles)


def redealt_piles(piles: Sequence[Slot]) -> dict[str, list[Card]]:
    """The piles after a redeal: all cards gathered pile by pile, each pile bottom first, then
    dealt again four at a time from the first pile. No card changes its order."""
    gathered = [card for pile in piles for card in pile.cards]
    return {
        pile.id: gathered[index * PILE_SIZE:(index + 1) * PILE_SIZE]
        for index, pile in enumerate(piles)
    }


def is_lost(board: Board) -> bool:
    """Whether nothing can change the game any more (asked only when it is not won).

    Right after a move a redeal is allowed, so the game goes on; only a fresh deal or redeal
    can be the end.
    """
    if not board.state[JUST_REDEALT]:
        return False
    piles = tableau(board)
    return not has_move(board, piles) or in_redeal_loop(board, piles)


def in_redeal_loop(board: Board, piles: Sequence[Slot]) -> bool:
    """The reference's "headbanger": right after a redeal the last pile holds one card, and
    the only move is that card onto the pile before it. Making it and redealing deals the
    card straight back, so the game cannot progress.

    Unlike the reference, a lone card that can go to its foundation is a way out.
    """
    remaining = sum(len(pile.cards) for pile in piles)
    if remaining % PILE_SIZE != 1 or remaining == 1:
        return False
    last = remaining // PILE_SIZE
    lone, before = piles[last].cards, piles[last - 1].cards
    # A redeal always leaves full piles and then the lone card; check it anyway, since the
    # argument above only holds for that shape.
    if len(lone) != 1 or len(before) != PILE_SIZE:
        return False
    card = lone[0]
    if not builds_on(card, before[-1]) or foundation_for(board, card) is not None:
        return False
    return not has_move(board, piles[:last])
