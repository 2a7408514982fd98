"""FreeCell's table: four free cells and four foundations across the top, eight columns below.

The reference's grid: free cells left and foundations right, each group a little tighter than
the columns (1/24 of a card apart) with a quarter card between the groups, so the top row is as
wide as the eight columns in the second row.
"""

from __future__ import annotations

from aisle.engine import Fan, SlotKind, SlotSpec

CELL_IDS = tuple(f"reserve-{n}" for n in range(1, 5))
FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
COLUMN_IDS = tuple(f"tableau-{n}" for n in range(1, 9))


def slot_specs() -> list[SlotSpec]:
    """The slots in the order `rules` relies on: free cells 1-4, foundations 1-4, columns 1-8."""
    specs = [SlotSpec(slot_id, SlotKind.RESERVE, _top_x(n), 0) for n, slot_id in enumerate(CELL_IDS)]
    specs += [SlotSpec(slot_id, SlotKind.FOUNDATION, _top_x(n) + 4.125, 0)
              for n, slot_id in enumerate(FOUNDATION_IDS)]
    specs += [SlotSpec(slot_id, SlotKind.TABLEAU, x, 1, Fan.DOWN) for x, slot_id in enumerate(COLUMN_IDS)]
    return specs


def _top_x(n: int) -> float:
    return round(n * 23 / 24, 3)
