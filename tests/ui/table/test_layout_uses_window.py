"""Every game's table uses the window: large cards, the width used, nothing overlapping or outside.

The numbers come from the real window (for the installed games) and from the layout alone (for
any view size, long piles and third-party-shaped tables).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from aisle.engine import Fan, Game, SlotKind, SlotSpec
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.ui.table.layout import FAN_ROOM, Rect, TableLayout, last_row_fan_room
from aisle.ui.window.main_window import MainWindow

#: A table should cover at least this much of the view's width at a common window size.
USED_WIDTH = 0.6
INSTALLED = sorted(available_variants())


def overlap(a: Rect, b: Rect) -> bool:
    return (a.x < b.x + b.width and b.x < a.x + a.width
            and a.y < b.y + b.height and b.y < a.y + a.height)


def pile_rects(layout: TableLayout, piles: dict[str, list[bool]]) -> dict[str, Rect]:
    return {slot_id: layout.pile_rect(slot_id, faces) for slot_id, faces in piles.items()}


def assert_tidy(layout: TableLayout, rects: dict[str, Rect], width: float, height: float) -> None:
    """Every pile lies inside the view, and no two piles overlap that the game set apart.

    (A game may lay slots over each other on purpose, as Pyramid's rows do; the fans must
    never make piles meet that the game's grid keeps apart.)"""
    for slot_id, rect in rects.items():
        assert rect.x >= 0 and rect.y >= 0, slot_id
        assert rect.x + rect.width <= width and rect.y + rect.height <= height, slot_id
    ids = sorted(rects)
    for index, first in enumerate(ids):
        for second in ids[index + 1:]:
            if not overlap(layout.slot_rect(first), layout.slot_rect(second)):
                assert not overlap(rects[first], rects[second]), (first, second)


def used_width(rects: dict[str, Rect], width: float) -> float:
    left = min(rect.x for rect in rects.values())
    right = max(rect.x + rect.width for rect in rects.values())
    return (right - left) / width


@pytest.mark.parametrize("variant_id", INSTALLED)
def test_every_game_uses_the_width_of_a_common_window(
    make_window: Callable[..., MainWindow], variant_id: str,
) -> None:
    window = make_window(variant_id, 1, size=(1024, 720))
    scene, game = window.scene, window.game
    assert game is not None and scene.layout is not None
    view = window.view.viewport()
    width, height = view.width(), view.height()
    assert (scene.layout.width, scene.layout.height) == (width, height)
    rects = {slot.id: scene.pile_rect(slot.id) for slot in game.slots}
    assert used_width(rects, width) >= USED_WIDTH, variant_id
    assert_tidy(scene.layout, rects, width, height)


def grown(game: Game, cards: int) -> dict[str, list[bool]]:
    """The dealt piles, with every down-fanned pile made `cards` long (half of them face down)."""
    piles = {slot.id: [card.face_up for card in slot.cards] for slot in game.slots}
    for slot in game.slots:
        if slot.spec.fan is Fan.DOWN:
            piles[slot.id] = [False] * (cards // 2) + [True] * (cards - cards // 2)
    return piles


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1000), (640, 400), (700, 1000)])
@pytest.mark.parametrize("variant_id", INSTALLED)
def test_dealt_and_grown_piles_stay_apart_and_inside(variant_id: str, size: tuple[int, int]) -> None:
    variant = available_variants()[variant_id].variant
    for options in variant.option_combinations():
        game = new_game(variant_id, 1, options)
        layout = TableLayout([slot.spec for slot in game.slots], *size)
        dealt = {slot.id: [card.face_up for card in slot.cards] for slot in game.slots}
        assert_tidy(layout, pile_rects(layout, dealt), *size)
        assert_tidy(layout, pile_rects(layout, grown(game, 10)), *size)


def two_rows_of_fans(gap_rows: float) -> list[SlotSpec]:
    """A third-party-shaped table: a top row, and two rows of six fanned piles `gap_rows` apart."""
    specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
    specs += [SlotSpec(f"foundation-{n}", SlotKind.FOUNDATION, 1 + n, 0) for n in range(1, 5)]
    specs += [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 1, 1, Fan.DOWN) for n in range(1, 7)]
    specs += [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 7, 1 + gap_rows, Fan.DOWN)
              for n in range(7, 13)]
    return specs


def fan_room(layout: TableLayout, slot_id: str) -> float:
    """The room a fanned slot has past its own card, in card heights."""
    return layout.room[slot_id] / layout.card_height - 1


def test_the_last_row_of_fans_gets_the_room_the_game_gives_its_other_rows() -> None:
    specs = two_rows_of_fans(1.5)
    given = last_row_fan_room(specs)
    assert 0 < given < FAN_ROOM
    layout = TableLayout(specs, 1024, 640)
    # The height limits this table; both rows of piles get the same room, the cards the rest.
    assert fan_room(layout, "tableau-1") == pytest.approx(given, abs=0.03)
    assert fan_room(layout, "tableau-7") == pytest.approx(given, abs=0.03)
    worst_case = TableLayout(two_rows_of_fans(1 + FAN_ROOM * 1.4 / 1.56), 1024, 640)
    assert layout.card_width > worst_case.card_width


def test_one_row_of_fans_keeps_the_full_room() -> None:
    specs = [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 1, 1, Fan.DOWN) for n in range(1, 8)]
    specs.append(SlotSpec("stock", SlotKind.STOCK, 0, 0))
    assert last_row_fan_room(specs) == FAN_ROOM


def test_a_tall_view_shares_its_spare_height_between_the_rows_of_fans() -> None:
    specs = two_rows_of_fans(1.5)
    wide = TableLayout(specs, 1024, 640)
    tall = TableLayout(specs, 700, 1200)
    spare_top, spare_bottom = fan_room(tall, "tableau-1"), fan_room(tall, "tableau-7")
    assert spare_top > fan_room(wide, "tableau-1") + 0.5
    assert spare_bottom == pytest.approx(spare_top, abs=0.05)
    assert_tidy(tall, pile_rects(tall, {spec.id: [True] * 8 for spec in specs}), 700, 1200)


def test_golf_like_stock_under_the_fans_moves_down_with_the_spare_height() -> None:
    specs: Sequence[SlotSpec] = [
        *(SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 1, 0, Fan.DOWN) for n in range(1, 8)),
        SlotSpec("stock", SlotKind.STOCK, 0, 2), SlotSpec("foundation-1", SlotKind.FOUNDATION, 1, 2),
    ]
    layout = TableLayout(specs, 800, 1200)
    stock_top = layout.origins["stock"][1]
    assert stock_top > layout.top + 2 * layout.pitch_y + 1
    assert stock_top + layout.card_height < 1200
    assert_tidy(layout, pile_rects(layout, {spec.id: [True] * 5 for spec in specs}), 800, 1200)
