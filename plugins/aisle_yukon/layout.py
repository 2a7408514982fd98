"""Yukon's table: the four foundations in a column on the left, the seven piles across the top.

The reference's grid, with its blank column narrowed to a quarter card so the cards can be larger.
"""

from __future__ import annotations

from aisle.engine import Fan, SlotKind, SlotSpec

FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 8))
#: Every slot id, in the order of `Board.slots`.
SLOT_IDS = (*FOUNDATION_IDS, *PILE_IDS)


def slot_specs() -> list[SlotSpec]:
    """The slots in the order `rules` relies on: foundations 1-4, then piles 1-7."""
    specs = [SlotSpec(slot_id, SlotKind.FOUNDATION, 0, y) for y, slot_id in enumerate(FOUNDATION_IDS)]
    specs += [SlotSpec(slot_id, SlotKind.TABLEAU, 1.25 + x, 0, Fan.DOWN)
              for x, slot_id in enumerate(PILE_IDS)]
    return specs
