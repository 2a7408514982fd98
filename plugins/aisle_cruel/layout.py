"""Cruel's table: the stock, four foundations, and twelve piles in two rows of six.

The reference puts the stock top left and the foundations in a row to its right, above the
piles. Our piles are fanned, which makes that table tall and narrow: the cards came out small
in a wide window. So the four foundations stand in a 2x2 block under the stock, on the left,
and the two rows of six piles fill the rest of the width. The second row leaves room for a
fanned pile of the first row: its four dealt cards with their rank showing (longer piles
squeeze).
"""

from __future__ import annotations

from aisle.engine import Fan, SlotKind, SlotSpec

PILES = 12
PILES_PER_ROW = 6
FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
TABLEAU_IDS = tuple(f"tableau-{n}" for n in range(1, PILES + 1))

#: Where the rows of piles start, in card heights (the reference's second row is at 1 + 1).
FIRST_ROW_Y = 0.0
SECOND_ROW_Y = 1.5
#: The foundations stand in a 2x2 block under the stock, left of the piles.
FOUNDATION_Y = 1.2
PILES_X = 2.3


def slot_specs() -> list[SlotSpec]:
    """The slots in the order `rules` relies on: stock, foundations 1-4, piles 1-12."""
    specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
    specs += [
        SlotSpec(slot_id, SlotKind.FOUNDATION, index % 2, FOUNDATION_Y + index // 2 * 1.1)
        for index, slot_id in enumerate(FOUNDATION_IDS)
    ]
    for index, slot_id in enumerate(TABLEAU_IDS):
        row, column = divmod(index, PILES_PER_ROW)
        y = FIRST_ROW_Y if row == 0 else SECOND_ROW_Y
        specs.append(SlotSpec(slot_id, SlotKind.TABLEAU, PILES_X + column, y, Fan.DOWN))
    return specs
