"""Table geometry (pure functions, no Qt)."""

from __future__ import annotations

import itertools

import pytest

from aisle.engine import Fan, SlotKind, SlotSpec
from aisle.ui.table.layout import GAP, MIN_STEP, TableLayout, squeeze

SPECS = [SlotSpec("stock", SlotKind.STOCK, 0, 0), SlotSpec("waste", SlotKind.WASTE, 1, 0, Fan.RIGHT, 3)]
SPECS += [SlotSpec(f"tableau-{i}", SlotKind.TABLEAU, i - 1, 1, Fan.DOWN) for i in range(1, 8)]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (640, 1000), (3000, 700)])
def test_the_table_fits_and_keeps_the_card_shape(size: tuple[int, int]) -> None:
    layout = TableLayout(SPECS, *size)
    assert layout.card_height == round(layout.card_width * 1.4)
    right = max(x for x, _y in layout.origins.values()) + layout.card_width
    assert right <= size[0]
    left = min(x for x, _y in layout.origins.values())
    assert left >= 0 and abs((size[0] - right) - left) <= 2  # centred across
    gap = layout.origins["tableau-2"][0] - layout.origins["tableau-1"][0] - layout.card_width
    assert gap == pytest.approx(GAP * layout.card_width, abs=1)


def test_long_fans_squeeze_to_the_bottom_of_the_view() -> None:
    layout = TableLayout(SPECS, 800, 600)
    short = layout.offsets("tableau-1", [True] * 3)
    long = layout.offsets("tableau-1", [False] * 6 + [True] * 13)
    assert short[1][1] - short[0][1] > long[-1][1] - long[-2][1]
    assert long[-1][1] + layout.card_height <= 600
    steps = [b[1] - a[1] for a, b in itertools.pairwise(long)]
    assert min(steps) >= round(MIN_STEP * layout.card_height) - 1


def test_a_three_card_waste_shows_only_its_top_three() -> None:
    layout = TableLayout(SPECS, 1000, 700)
    spots = layout.offsets("waste", [True] * 6)
    assert len(set(spots[:4])) == 1 and len(set(spots[3:])) == 3


def test_squeeze_keeps_steps_that_fit() -> None:
    assert squeeze([10.0, 10.0], 30.0, 1.0) == [10.0, 10.0]
    assert squeeze([10.0, 30.0], 20.0, 1.0) == [5.0, 15.0]
