"""Cards laid out so that some cover others (Pyramid, TriPeaks): the places, which card covers
which, and turning a card up once nothing covers it any more.

Each place holds one card. A card covers the cards of the row above it (a row is `drop` card
heights higher) lying half a card to its left and right, as in every pyramid-shaped layout; a
card is free, in play, when every card covering it is gone. The deal lays the free cards face up
and the others face down, and a card turns up when its last cover goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.slots import SlotKind
from aisle.kit.dealing import Step
from aisle.kit.roles import Point, Role

#: How much lower each row lies than the one it covers, in card heights.
ROW_DROP = 1 / 3


class Overlap(Role):
    """Places of one card each, numbered from 0 (slot ids from "tableau-1"), covering each
    other as the module's notes say."""

    # A card taken from the layout never comes back: its place shows bare baize.
    outline = False

    def __init__(self, points: Sequence[Point], drop: float = ROW_DROP, prefix: str = "tableau") -> None:
        super().__init__(SlotKind.TABLEAU, prefix, len(points), points[0], (0, 0))
        self.points = tuple(points)
        #: The cards covering each card, and the cards each card covers, by number.
        self.covered_by: tuple[tuple[int, ...], ...] = tuple(
            tuple(m for m, (mx, my) in enumerate(points)
                  if round(my - y, 3) == round(drop, 3) and abs(mx - x) == 0.5)
            for x, y in points)
        self.covers: tuple[tuple[int, ...], ...] = tuple(
            tuple(m for m, covering in enumerate(self.covered_by) if n in covering)
            for n in range(len(points)))
        #: The cards covering no other: they are the last to go (a pyramid's apex).
        self.last = tuple(n for n, covered in enumerate(self.covers) if not covered)

    @classmethod
    def pyramids(cls, count: int, rows: int, apex: Point, drop: float = ROW_DROP) -> Overlap:
        """`count` pyramids of `rows` rows side by side, the first apex at `apex` and the next
        ones `rows - 1` cards further right each, so that neighbours share their bottom rows'
        end cards (TriPeaks: three of four rows); numbered row by row, left to right."""
        points: list[Point] = []
        for row in range(rows):
            across = sorted({apex[0] + peak * (rows - 1) - row / 2 + i
                             for peak in range(count) for i in range(row + 1)})
            points += [(x, apex[1] + row * drop) for x in across]
        return cls(points, drop)

    def places(self) -> list[Point]:
        return [(x, round(y, 4)) for x, y in self.points]

    def above(self, n: int) -> Iterator[int]:
        """Every card lying on card `n`, directly or through others."""
        yield from _reach(n, self.covered_by)

    def below(self, n: int) -> Iterator[int]:
        """Every card card `n` lies on, directly or through others."""
        yield from _reach(n, self.covers)


def _reach(n: int, links: Sequence[tuple[int, ...]]) -> Iterator[int]:
    seen: set[int] = set()
    waiting = list(links[n])
    while waiting:
        m = waiting.pop()
        if m not in seen:
            seen.add(m)
            waiting += links[m]
    yield from sorted(seen)


class Lay(Step):
    """One card onto each place of `role`, in number order; face up where nothing covers it."""

    def __init__(self, role: Overlap) -> None:
        self.role = role

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        for slot_id, covering in zip(self.role.ids(), self.role.covered_by, strict=True):
            card = next(cards)
            card.face_up = not covering
            board.place(slot_id, [card])


@cache
def freeing(role: Overlap, first: int) -> dict[int, tuple[tuple[int, tuple[int, ...]], ...]]:
    """For each place of `role` (its slots from place `first` on): the cards it covers, each as
    (its place, the places of all the cards covering it), in number order. Made once per layout."""
    return {first + m: tuple((first + n, tuple(first + c for c in role.covered_by[n]))
                             for n in role.covers[m])
            for m in range(role.count) if role.covers[m]}


def turn_up(board: Board, freed: Iterable[tuple[int, tuple[int, ...]]]) -> None:
    """Turn up each card of `freed` (from `freeing`) that nothing covers any more."""
    slots = board.slots
    for place, covering in freed:
        cards = slots[place].cards
        if cards and not cards[-1].face_up:
            for other in covering:
                if slots[other].cards:
                    break
            else:
                board.flip(slots[place].id)
