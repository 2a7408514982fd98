"""The sentence a hint says for one move, in the words Aisle's kit games share: a card onto a
card, onto an empty foundation or pile, or into a free cell (the same messages as FreeCell's
hints, so they are translated once)."""

from __future__ import annotations

from aisle.engine import Board, Move, SlotKind
from aisle.i18n import T
from aisle.variant import Hint, card_name


def move_hint(board: Board, move: Move) -> Hint:
    """A hint naming `move`: its lowest moving card and where it goes."""
    card = card_name(board.slot(move.source).cards[-move.count])
    target = board.slot(move.target)
    if target.top is not None:
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card, target=card_name(target.top)), move)
    if target.kind is SlotKind.FOUNDATION:
        # TRANSLATORS: {card} is a card such as "A♦".
        return Hint(T("Move {card} onto an empty foundation slot.", card=card), move)
    if target.kind is SlotKind.RESERVE:
        # TRANSLATORS: {card} is a card such as "7♣".
        return Hint(T("Move {card} to a free cell.", card=card), move)
    # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving run).
    return Hint(T("Move {card} onto an empty tableau slot.", card=card), move)

