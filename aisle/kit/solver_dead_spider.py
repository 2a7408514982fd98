"""Positions of a one-deck Spider game (Spiderette, Will o' the Wisp) that can never be won,
found by a test that follows from the rules alone (so a LOST verdict stays a proof).

The kit's general test (`aisle.kit.solver_dead_end`) does not cover Spider: there any card may
start an empty pile, and cards go up only as whole runs. This is the same argument, with
Spider's ways for a card to leave. Call a card's lying on the one below it a link (a pile's
bottom card lies on the table). Take a set of links and look at the first moment one of them
breaks, all the others holding. Its card W is lifted with everything on it, so W is face up at
the bottom of a run of one suit (a link of the set on W must be one of that run), and it goes

- onto a top card one rank higher, of any suit: a card not held under a link of the set (it
  would not be a top card) and not up (runs on a foundation never come back); cards in the
  stock count as top cards, as they may be dealt onto any pile;
- into an empty pile, if some pile is empty or may be emptied (its bottom card's link is not
  in the set);
- up, a King at the bottom of its whole suit: every other card of its suit then lies in the
  run, so none of them is held under a link of the set except by the card of its suit one rank
  lower (that card moves with it), and the Ace under none.

Links whose card has none of these ways are kept, the others dropped, until nothing changes:
the links kept hold for good. Once a pile may be emptied, every card has a way (into it) and
every pile comes apart from its top, so the test answers at once where a pile is empty or a
bottom card may leave; else every bottom card stays, and a pile whose bottom card is not a
King is enough to lose. A won game keeps a link only where the card lies on the card of
its suit one rank higher (inside a run), or is a King (on the table, or on an Ace, below the
next run): at the win every card is up, or in a run of its suit from King to Ace in a pile.
So a position with a kept link of any other kind is lost. The test is sound whatever the
stock holds: a deal only puts cards over the piles' tops, which breaks no link.
"""

from __future__ import annotations

from aisle.kit.build import ACE, KING
from aisle.kit.solver_table import DOWN, ModelTable, Position

_FACE = ~DOWN & 0xFF


class SpiderDeadEnds:
    """The test for one Spider table (see the module's notes)."""

    def __init__(self, table: ModelTable) -> None:
        rules = table.role_of_pile[0]
        #: onto[card]: the cards it may lie on; links[upper][lower]: a link of one suit.
        self.onto = [tuple(target for target in rules.onto[code] if target < DOWN) for code in range(DOWN)]
        self.links = rules.links
        #: The cards that may lie on a card (one rank lower, any suit), and its suit's King: the
        #: links to look at again once the card is a top card.
        self.wanting = [tuple(other for other in range(1, DOWN) if code in self.onto[other])
                        + ((code & 0x30 | KING,) if code & 15 < KING else ()) for code in range(DOWN)]
        #: final[lower][upper]: whether a won game may keep `upper` on `lower` (0: the table).
        self.final = [[(upper & 15 == KING and (lower == 0 or lower & 15 == ACE))
                       or (lower > 0 and self.links[upper][lower]) for upper in range(DOWN)]
                      for lower in range(DOWN)]

    def dead(self, state: Position) -> bool:
        """Whether some link that no won game keeps holds for good (see the module's notes)."""
        piles = state[2]
        if not all(piles):
            return False  # with a pile empty every card may leave: each pile comes apart from its top
        gone = {code >> 4 for code in state[1] if code}
        # A link is named by its pile's number * 64 + the card's index in the pile.
        held = bytearray(64 * len(piles))
        parked = bytearray(64 * len(piles))
        at = [-1] * DOWN
        covered: set[int] = set()
        waiting: list[int] = []
        for number, pile in enumerate(piles):
            if len(pile) > 63:
                return False  # (beyond the links' numbering: no answer)
            base = number << 6
            for index, code in enumerate(pile):
                at[code & _FACE] = base + index
            held[base:base + len(pile)] = b"\x01" * len(pile)
            covered.update(pile[:-1].translate(_FACE_UP))
            waiting += range(base, base + len(pile))
        onto, links, wanting = self.onto, self.links, self.wanting
        while waiting:
            link = waiting.pop()
            number, index = link >> 6, link & 63
            pile = piles[number]
            code = pile[index]
            card = code & _FACE
            if index + 1 < len(pile) and held[link + 1] and (code & DOWN or not links[pile[index + 1]][card]):
                parked[link] = 1  # never lifted while the link on it holds
                continue
            if not (any(target not in covered and target >> 4 not in gone for target in onto[card])
                    or (card & 15 == KING and self._suit_gathers(card, piles, at, held, covered))):
                parked[link] = 1
                continue
            if not index:
                return False  # a pile may be emptied: then every card may leave into it
            held[link] = 0
            uncovered = pile[index - 1] & _FACE
            covered.discard(uncovered)
            for other in (link - 1, *(at[card] for card in wanting[uncovered])):
                if other >= 0 and parked[other]:
                    parked[other] = 0
                    waiting.append(other)
        # No pile can be emptied (so every bottom link holds: a bottom card other than a King
        # is enough).
        final = self.final
        return any(held[number << 6 | index]
                   and not final[pile[index - 1] & _FACE if index else 0][code & _FACE]
                   for number, pile in enumerate(piles) for index, code in enumerate(pile))

    def _suit_gathers(self, king: int, piles: tuple[bytes, ...], at: list[int], held: bytearray,
                      covered: set[int]) -> bool:
        """Whether every lower card of the King's suit may lie in its run: none is held under a
        card but the one of its suit one rank lower, and the Ace under none."""
        links = self.links
        for card in range(king - KING + ACE, king):
            if card not in covered:
                continue
            where = at[card]
            if where < 0 or card & 15 == ACE:
                return False
            pile = piles[where >> 6]
            above = (where & 63) + 1
            if held[where + 1] and not links[pile[above] & _FACE][card]:
                return False
        return True


#: Strips the face-down mark off every byte (for `bytes.translate`).
_FACE_UP = bytes(code & _FACE for code in range(256))
