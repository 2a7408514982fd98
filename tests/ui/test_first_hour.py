"""What a new player notices in the first hour: no empty game menu, status fields that stay put."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGraphicsPixmapItem
from toy_game import ToyGame

from aisle.engine import SlotKind, SlotSpec
from aisle.ui.main_window import MainWindow
from aisle.variant import Variant

MakeWindow = Callable[..., MainWindow]


def test_a_game_without_options_shows_no_game_menu(make_window: MakeWindow) -> None:
    window = make_window("yukon", 3)
    menu = window.acts.options_menu
    assert not window.game.variant.options  # type: ignore[union-attr]
    assert not menu.menuAction().isVisible()
    # A game with options brings its menu back, named after the game, with its choices.
    window.start_game("klondike", 3)
    assert menu.menuAction().isVisible() and menu.isEnabled()
    assert menu.title() == "Klondike" and menu.actions()
    window.start_game("freecell", 3)
    assert not menu.menuAction().isVisible()


def test_status_fields_keep_their_place_when_the_deal_number_gets_shorter(
        make_window: MakeWindow) -> None:
    window = make_window("klondike", 123_456_789)
    bar = window.status

    def places() -> list[int]:
        return [label.geometry().left() for label in (bar.score, bar.time, bar.deal)]

    window.status.bar.layout().activate()  # type: ignore[union-attr]
    before = places()
    assert window.start_game("klondike", 7)
    window.status.bar.layout().activate()  # type: ignore[union-attr]
    assert window.status.deal.text() == "Deal 7"
    assert places() == before


class _NoOutlineToy(ToyGame):
    """The toy game whose tableau piles show nothing when empty (as Pyramid's places)."""

    id = "toy-no-outline"

    def layout(self) -> list[SlotSpec]:
        return [SlotSpec(spec.id, spec.kind, spec.x, spec.y, spec.fan, spec.fan_limit,
                         outline=spec.kind != SlotKind.TABLEAU) for spec in super().layout()]


def test_a_slot_without_outline_leaves_bare_baize(make_window: MakeWindow,
                                                   register: Callable[[type[Variant]], None]) -> None:
    register(_NoOutlineToy)
    window = make_window("toy-no-outline", 1)
    outlined = {item.pos().toTuple() for item in window.scene.items()
                if isinstance(item, QGraphicsPixmapItem) and item.zValue() == -1}
    layout = window.scene.layout
    assert layout is not None
    for slot in window.game.slots:  # type: ignore[union-attr]
        place = layout.origins[slot.id]
        assert (place in outlined) == (slot.kind != SlotKind.TABLEAU), slot.id
