"""Forty Thieves' table, the reference's grid: the stock and eight foundations across the top, the
waste fanned out in a row of its own (so every card in it can be seen), ten piles below."""

from __future__ import annotations

from aisle.engine import Fan, SlotKind, SlotSpec

FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 9))
PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 11))
#: Every slot id, in the order of `Board.slots`.
SLOT_IDS = ("stock", *FOUNDATION_IDS, "waste", *PILE_IDS)


def slot_specs() -> list[SlotSpec]:
    """The slots in the order `rules` relies on: stock, foundations 1-8, waste, piles 1-10."""
    specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
    specs += [SlotSpec(slot_id, SlotKind.FOUNDATION, 2 + x, 0) for x, slot_id in enumerate(FOUNDATION_IDS)]
    specs.append(SlotSpec("waste", SlotKind.WASTE, 0, 1, Fan.RIGHT))
    specs += [SlotSpec(slot_id, SlotKind.TABLEAU, x, 2, Fan.DOWN) for x, slot_id in enumerate(PILE_IDS)]
    return specs
