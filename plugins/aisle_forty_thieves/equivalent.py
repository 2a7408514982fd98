"""Piles of Forty Thieves that one move apart, and that move undone, the solver takes for one
(`canonical`, used by the solver model's key: plugins/aisle_forty_thieves/solving.py).

Two positions that differ by a move whose reverse is legal too reach the same positions: from
either, the other is one move away. So a search that has seen one of them need not look at the
other. A WON line found from the one it kept is a real line from there; a LOST verdict still
covers every position either could reach. The key of a position is that of the piles this
module moves them to, with two such moves only, each legal both ways whatever else is on the
table (docs/rules/forty-thieves.md §3):

- a pile's only card onto a pile whose top card is one code higher (its suit, one rank higher),
  as the piles are built; back, the card goes into the pile it left empty, which takes any card;
- a pile's top card lying in sequence (on the card one code higher) onto the twin of that card,
  the top card of another pile; back, the same move the other way.

Only one card moves, never a run: how far a run may move depends on the empty piles. Neither
move changes the top cards' codes in a way that lets a card go up safely (`safe_up`): the second
keeps them all, the first covers one (a card one rank above a card still in play, which cannot
go up safely). So the positions the model keeps, with their safe cards up, stay so.

A depth-first search of every position with the model's steps (and its dead-end test) proves
deal 11 lost after 4,500 positions instead of 299,000, deal 1 after 94,000 instead of 225,000,
deal 14 (undecided in 30 s before) after 1.1 million; the solver at 10 s proves deal 11 lost in
3.2 s instead of 9.
"""

from __future__ import annotations

from collections.abc import Sequence

#: More moves than any table could need (each move empties a pile or moves a card onto a pile
#: that sorts first): a guard, not a limit met in play. Stopping early is sound too, only less
#: thorough: the piles are still one reversible move after another from where they were.
_MOST_MOVES = 64


def canonical(piles: Sequence[bytes]) -> Sequence[bytes]:
    """`piles` with the moves of the module's notes made while there are any: a lone card onto
    its higher card (the pile that sorts first, of two), a card in sequence onto its higher
    card's twin where that pile (without the card) sorts first. `piles` itself when none is to
    be made (most positions: checked first, quickly)."""
    # The top card each move would go onto: a lone card's higher card, the twin of the card
    # that a top card lies in sequence on.
    wanted = [pile[0] + 1 if len(pile) == 1 else pile[-2] for pile in piles
              if pile and (len(pile) == 1 or pile[-2] == pile[-1] + 1)]
    if not wanted or {pile[-1] for pile in piles if pile}.isdisjoint(wanted):
        return piles
    return _moved(sorted(piles))


def canonical_moves(piles: Sequence[bytes]) -> list[tuple[bytes, bytes]]:
    """The moves `canonical` makes, each as (the source pile, the target pile) before it (for
    the tests, which play them in the engine, and back)."""
    moves: list[tuple[bytes, bytes]] = []
    _moved(sorted(piles), moves)
    return moves


def _moved(piles: list[bytes], moves: list[tuple[bytes, bytes]] | None = None) -> list[bytes]:
    for _ in range(_MOST_MOVES):
        found = _lone_card_move(piles) or _twin_move(piles)
        if found is None:
            break
        source, target = found
        if moves is not None:
            moves.append((piles[source], piles[target]))
        card = piles[source][-1:]
        piles[target] += card
        piles[source] = piles[source][:-1]
    return piles


def _lone_card_move(piles: list[bytes]) -> tuple[int, int] | None:
    for source, pile in enumerate(piles):
        if len(pile) == 1:
            higher = pile[0] + 1
            targets = [index for index, other in enumerate(piles) if other and other[-1] == higher]
            if targets:
                return source, min(targets, key=piles.__getitem__)
    return None


def _twin_move(piles: list[bytes]) -> tuple[int, int] | None:
    for source, pile in enumerate(piles):
        if len(pile) > 1 and pile[-2] == pile[-1] + 1:
            below = pile[:-1]
            for target, other in enumerate(piles):
                if target != source and other and other[-1] == pile[-2] and other < below:
                    return source, target
    return None
