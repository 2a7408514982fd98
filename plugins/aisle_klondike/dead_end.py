"""A sound test for Klondike positions that can never be won: cards whose needs wait on each
other, through any number of piles (the solver model's dead-end test).

Cards are the model's small ints (suit index * 16 + rank). The test plays an optimistic game in
which a card may do anything the rules could ever let it do, ignoring when, and asks whether
every card could then reach its foundation. What the optimistic game still cannot do, no real
game can do either, so a card left out proves the position lost.

The optimistic facts, for the face-down cards and the lowest face-up card of each pile (every
other card is taken to be free whenever it needs to be):

- *clear(c)*: everything lying on `c` has left; it needs each face-down card above `c` and the
  pile's lowest face-up card to *leave*.
- *leave(c)*: `c` leaves the place it lies in now. It must be clear, and then go up, or be a
  King (an empty pile may come), or go onto one of its two parents (one rank higher, the other
  colour) — and a parent face down under `c` in the same pile is never uncovered while `c` lies
  on it, while a face-down parent elsewhere must be clear.
- *up(c)*: `c` reaches its foundation. It must be clear (or lie anywhere else than face down, or
  as a pile's lowest face-up card it must be clear too: nothing but free cards lie on it), and
  the card of its suit one rank lower must be up first.

Why a real winning game makes every fact true: take its moves in order. When a face-down card
first leaves its place, the cards on it were put there after it was turned up, so it leaves as
the lowest card of what moves, onto a parent that is a pile's top card at that moment (so not
one still under it), or up, or (a King) to an empty pile; the lowest face-up card of a pile
lies on face-down cards and likewise leaves as the lowest card of what moves. Each of these
needs only facts that came true at earlier moves, so by induction over the moves the
optimistic game reaches every one of them; a won game has every card up.
"""

from __future__ import annotations

from collections.abc import Sequence

_KING = 13


def _parents(card: int) -> tuple[int, int]:
    """The two cards `card` may lie on in the tableau (one rank higher, the other colour)."""
    rank = (card & 15) + 1
    return (16 + rank, 32 + rank) if (card >> 4) in (0, 3) else (rank, 48 + rank)


def lost(hidden: Sequence[bytes], downs: Sequence[int], bases: Sequence[int]) -> bool:
    """Whether the position is lost: `hidden[p][:downs[p]]` are pile p's face-down cards (the
    first at the bottom), `bases[p]` its lowest face-up card (-1: none)."""
    # Where each card that matters lies: pile and height (the base one above the face-down ones).
    pile_of: dict[int, int] = {}
    height: dict[int, int] = {}
    stacks: list[list[int]] = []
    for pile, cards in enumerate(hidden):
        stack = list(cards[:downs[pile]])
        if bases[pile] >= 0:
            stack.append(bases[pile])
        stacks.append(stack)
        for level, card in enumerate(stack):
            pile_of[card] = pile
            height[card] = level
    # up: the cards that reach their foundation; every card outside the stacks starts free.
    up: set[int] = set()
    left: set[int] = set()
    clear: set[int] = set()
    for stack in stacks:
        if stack:
            clear.add(stack[-1])  # a pile's top card (its base: free cards lie on it)
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            for rank in range(1, 14):
                card = suit * 16 + rank
                if card in up:
                    continue
                if rank > 1 and card - 1 not in up:
                    break  # the suit goes up in order
                if card in pile_of and card not in clear:
                    break
                up.add(card)
                changed = True
        for stack in stacks:
            for level in range(len(stack) - 1, -1, -1):
                card = stack[level]
                if card not in clear:
                    break
                if card not in left:
                    if not _can_leave(card, level, stack, up, clear, pile_of, height):
                        break
                    left.add(card)
                    changed = True
                if level and stack[level - 1] not in clear:
                    clear.add(stack[level - 1])
                    changed = True
    return len(up) < 52


def _can_leave(card: int, level: int, stack: list[int], up: set[int], clear: set[int],
               pile_of: dict[int, int], height: dict[int, int]) -> bool:
    if card in up or card & 15 == _KING:
        return True
    pile = pile_of[card]
    for parent in _parents(card):
        where = pile_of.get(parent)
        if where is None:
            return True  # face up elsewhere, in the stock, the waste or up: free
        if where == pile and height[parent] < level:
            continue  # under this card: never uncovered while it lies there
        if parent in clear:
            return True
    return False

