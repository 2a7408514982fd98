"""Cards going up from the window: Send All Up (enabled only when a card can go up) and the
automatic moves (a remembered option); both are one undo step and shown one step at a time."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from toy_game import ToyGame

from aisle.engine import Board, Game, Move, SlotKind, SlotSpec
from aisle.registry.games import new_game
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant

from ..table_helpers import card_point, drag, find_seed, items_match_model

MakeWindow = Callable[..., MainWindow]
Register = Callable[[type[Variant]], None]


def up_moves(game: Game) -> list[Move]:
    kinds = {slot.id: slot.kind for slot in game.slots}
    return [a for a in game.legal_actions() if isinstance(a, Move)
            and kinds[a.target] == SlotKind.FOUNDATION and kinds[a.source] != SlotKind.FOUNDATION]


def position(game: Game) -> list[list[tuple[int, bool]]]:
    return [[(card.id, card.face_up) for card in slot.cards] for slot in game.slots]


def test_send_all_up_in_cruel(make_window: MakeWindow) -> None:
    from aisle_cruel import Cruel

    window = make_window("cruel", find_seed(Cruel, lambda g: len(up_moves(g)) >= 2))
    game = window.game
    assert game is not None
    before = position(game)
    action = window.acts.send_all_up
    assert action.isVisible() and action.isEnabled()
    action.trigger()
    assert game.score >= 2 and up_moves(game) == []
    assert not action.isEnabled()  # nothing more can go up
    status = game.status_text
    assert status is not None  # the game's own line, no refusal, no word about double-clicks
    assert window.status.message.text() == status.translate()
    assert items_match_model(window)
    window.acts.undo.trigger()  # one step takes it all back
    assert position(game) == before and action.isEnabled()


def test_send_all_up_is_off_when_no_card_can_go_up(make_window: MakeWindow) -> None:
    from aisle_cruel import Cruel

    window = make_window("cruel", find_seed(Cruel, lambda g: not up_moves(g)))
    assert not window.acts.send_all_up.isEnabled()


class NoFoundations(ToyGame):
    """A game without foundations, as a third party might write one."""

    id = "toy-no-foundations"

    def layout(self) -> list[SlotSpec]:
        return [spec for spec in super().layout() if spec.kind != SlotKind.FOUNDATION]

    def is_won(self, board: Board) -> bool:
        return False


def test_send_all_up_is_off_in_a_game_without_foundations(register: Register,
                                                          make_window: MakeWindow) -> None:
    register(NoFoundations)
    window = make_window(NoFoundations.id, 1)
    assert not window.acts.send_all_up.isEnabled()
    window.acts.send_all_up.trigger()  # a disabled action does nothing, says nothing
    assert window.game is not None and not window.game.history


def _klondike_with_an_automatic_move() -> tuple[int, Move]:
    """A Klondike deal and a first move after which a card goes up by itself."""
    for seed in range(1, 1000):
        game = new_game("klondike", seed)
        game.auto_up = True
        for action in game.legal_actions():
            if isinstance(action, Move):
                game.play(action)
                if game.history[-1].auto:
                    return seed, action
                game.undo()
    raise AssertionError("no such deal in the first numbers")


def test_automatic_moves_are_off_by_default_and_remembered(make_window: MakeWindow) -> None:
    window = make_window("klondike", 1)
    assert not window.acts.auto_up.isChecked() and window.game is not None
    assert not window.game.auto_up
    window.acts.auto_up.trigger()
    assert window.settings.auto_up and window.game.auto_up
    window.dealer.new_game()
    assert window.game.auto_up  # every game on the table plays the chosen way


def test_automatic_moves_follow_a_drag_in_the_same_undo_step(make_window: MakeWindow) -> None:
    seed, move = _klondike_with_an_automatic_move()
    window = make_window("klondike", seed)
    window.acts.auto_up.trigger()
    game = window.game
    assert game is not None
    before = position(game)
    drag(window, card_point(window, move.source), card_point(window, move.target))
    assert len(game.history) == 1 and game.history[-1].auto
    assert items_match_model(window)
    window.acts.undo.trigger()
    assert position(game) == before and items_match_model(window)


def test_the_steps_of_a_turn_are_shown_one_after_another(make_window: MakeWindow) -> None:
    seed, move = _klondike_with_an_automatic_move()
    window = make_window("klondike", seed)
    window.acts.auto_up.trigger()
    window.acts.animations.trigger()  # the test window starts with them off
    assert window.scene.animator.enabled
    game = window.game
    assert game is not None
    window.player.act(move)
    auto = game.history[-1].auto[0]
    went_up = game.slot(auto.target).cards[-1]
    item = next(i for i in window.scene.items() if getattr(i, "card", None) is went_up)
    layout = window.scene.layout
    assert layout is not None
    # The first stage moves only the player's card: the card going up by itself waits.
    assert window.scene.animator.running
    assert item.pos() != QPointF(*layout.origins[auto.target])
    window.scene.animator.finish()  # any new action lands every stage at once
    assert not window.scene.animator.running
    assert items_match_model(window)


def test_a_double_click_with_click_to_move_sends_the_card_up(make_window: MakeWindow) -> None:
    from aisle_klondike import Klondike

    def ace_on_a_pile(game: Game) -> bool:
        return any(s.top is not None and s.top.rank == 1 for s in game.slots if s.kind == "tableau")

    window = make_window("klondike", find_seed(Klondike, ace_on_a_pile))
    window.acts.click_to_move.trigger()
    game = window.game
    assert game is not None
    source = next(s.id for s in game.slots if s.kind == "tableau" and s.top and s.top.rank == 1)
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, card_point(window, source))
    assert any(slot.cards for slot in game.slots if slot.kind == "foundation")
    assert window.player.selection is None
