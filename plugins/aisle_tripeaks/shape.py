"""The three peaks: four overlapping rows of 3, 6, 9 and 10 cards, numbered row by row from the
peaks down (docs/rules/tripeaks.md §1). Each row lies a third of a card lower than the one above;
a card is covered by the cards of the next row half a card to its left and right."""

from __future__ import annotations

#: Where each card lies, in grid units, by number: the peaks, then each row left to right.
PLACES: tuple[tuple[float, float], ...] = (
    *((x, 1.0) for x in (2, 5, 8)),
    *((x, 4 / 3) for x in (1.5, 2.5, 4.5, 5.5, 7.5, 8.5)),
    *((float(x), 5 / 3) for x in range(1, 10)),
    *((x + 0.5, 2.0) for x in range(10)),
)
SIZE = len(PLACES)
#: The first card of the bottom row, which nothing covers.
BOTTOM = 18
PEAKS = (0, 1, 2)

#: The cards covering each card: those of the next row half a card to either side.
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m, (mx, my) in enumerate(PLACES)
          if round(my - y, 3) == round(1 / 3, 3) and abs(mx - x) == 0.5)
    for x, y in PLACES
)

#: The cards each card covers: the ones that may turn up once it is gone.
COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m, covering in enumerate(COVERED_BY) if n in covering) for n in range(SIZE)
)
#: Each tableau slot's id, by number.
IDS: tuple[str, ...] = tuple(f"tableau-{n + 1}" for n in range(SIZE))
#: Each tableau slot's number, by id.
NUMBERS: dict[str, int] = {slot_id: n for n, slot_id in enumerate(IDS)}
