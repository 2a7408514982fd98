"""Cruel's table: the stock, four foundations, and twelve piles in two rows of six.

The grid follows the reference (stock top left, a gap, the foundations to its right, two rows
of six piles below), with one change: our piles are fanned, so the second row sits lower to
leave room for a fanned pile of the first row (four cards plus a few built onto them).
"""

from __future__ import annotations

from aisle.engine import Fan, SlotKind, SlotSpec

PILES = 12
PILES_PER_ROW = 6
FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
TABLEAU_IDS = tuple(f"tableau-{n}" for n in range(1, PILES + 1))

#: Where the rows of piles start, in card heights (the reference's second row is at 1 + 1).
FIRST_ROW_Y = 1.0
SECOND_ROW_Y = 2.8


def slot_specs() -> list[SlotSpec]:
    """The slots in the order `rules` relies on: stock, foundations 1-4, piles 1-12."""
    specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
    specs += [
        SlotSpec(slot_id, SlotKind.FOUNDATION, 2 + index, 0)
        for index, slot_id in enumerate(FOUNDATION_IDS)
    ]
    for index, slot_id in enumerate(TABLEAU_IDS):
        row, column = divmod(index, PILES_PER_ROW)
        y = FIRST_ROW_Y if row == 0 else SECOND_ROW_Y
        specs.append(SlotSpec(slot_id, SlotKind.TABLEAU, column, y, Fan.DOWN))
    return specs
