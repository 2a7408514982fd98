"""Send All Up: every card that may go to a foundation goes, again and again, as one undo step,
in every game that has foundations; refused with its own reason when nothing can go up."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from test_klondike_setup import arranged as klondike_arranged
from toy_game import ToyGame

from aisle.engine import (
    Board,
    Card,
    DoubleClick,
    Game,
    IllegalAction,
    Move,
    SendAllUp,
    SlotKind,
    SlotSpec,
    Status,
)
from aisle.registry.games import new_game, restore_game
from aisle.registry.loading import available_variants
from aisle.variant import Variant

NOTHING_UP = "No card can go to a foundation now."


def up_moves(game: Game) -> list[Move]:
    """The legal moves from a slot that is no foundation onto a foundation."""
    kinds = {slot.id: slot.kind for slot in game.slots}
    return [action for action in game.legal_actions() if isinstance(action, Move)
            and kinds[action.target] == SlotKind.FOUNDATION
            and kinds[action.source] != SlotKind.FOUNDATION]


def position(game: Game) -> list[tuple[str, list[tuple[int, bool]]]]:
    return [(slot.id, [(card.id, card.face_up) for card in slot.cards]) for slot in game.slots]


def cruel_deal_with_several_up() -> Game:
    """A Cruel deal where at least two cards can go up at once (found, not assumed)."""
    for seed in range(1, 500):
        game = new_game("cruel", seed)
        if len(up_moves(game)) >= 2:
            return game
    raise AssertionError("no such Cruel deal in the first numbers")


def test_cruel_sends_every_playable_card_up_in_one_undo_step() -> None:
    game = cruel_deal_with_several_up()
    before = position(game)
    playable = len(up_moves(game))
    assert game.can_send_all_up and game.why_not(SendAllUp()) is None
    events = game.send_all_up()
    assert game.score >= playable  # each playable card went, and what they uncovered
    assert up_moves(game) == []
    assert not game.can_send_all_up
    assert len(game.history) == 1 and game.history[-1].action == SendAllUp()
    assert len(game.history[-1].steps) == game.score  # one step per card sent up
    assert events == list(game.history[-1].events)
    game.undo()
    assert position(game) == before and game.score == 0


def test_nothing_to_send_up_is_refused_with_its_own_reason() -> None:
    game = cruel_deal_with_several_up()
    game.send_all_up()
    reason = game.why_not(SendAllUp())
    assert reason is not None and reason.msgid == NOTHING_UP
    with pytest.raises(IllegalAction) as refused:
        game.send_all_up()
    assert refused.value.why_not.msgid == NOTHING_UP
    assert len(game.history) == 1  # the refusal made no turn


def test_klondike_sends_up_as_a_double_click_on_a_foundation_does() -> None:
    # The reference's autoplay: waste first, then piles 1 to 7, any playable card, no safety test.
    layout = {"waste": "AH", "tableau-1": "~9C 2H", "tableau-2": "~9D AS", "tableau-3": "2S 3H"}
    sent, clicked = klondike_arranged(layout), klondike_arranged(layout)
    events = sent.play(SendAllUp())
    assert events == clicked.double_click("foundation-1")
    assert position(sent) == position(clicked)
    assert [len(slot.cards) for slot in sent.slots if slot.kind == SlotKind.FOUNDATION] == [3, 2, 0, 0]


class NoFoundations(ToyGame):
    """The toy game without its foundations: a game Send All Up does not apply to."""

    id = "toy-no-foundations"

    def layout(self) -> list[SlotSpec]:
        return [spec for spec in super().layout() if spec.kind != SlotKind.FOUNDATION]

    def is_won(self, board: Board) -> bool:
        return False


def test_a_game_without_foundations_never_sends_up() -> None:
    game = Game.new(NoFoundations, 3)
    assert not game.can_send_all_up
    reason = game.why_not(SendAllUp())
    assert reason is not None and reason.msgid == NOTHING_UP


class Stubborn(ToyGame):
    """A broken game whose Send All Up offers a move that goes nowhere near a foundation."""

    id = "toy-stubborn"

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        yield Move("tableau-1", 1, "tableau-2")


def test_a_send_up_move_that_is_no_move_up_is_the_games_fault() -> None:
    from aisle.engine import VariantError

    game = Game.new(Stubborn, 1)
    before = position(game)
    with pytest.raises(VariantError, match="not a move from elsewhere onto a foundation"):
        game.send_all_up()
    assert position(game) == before and not game.history


def _variants() -> list[tuple[type[Variant], dict[str, str]]]:
    found = [(info.variant, options) for info in available_variants().values()
             for options in info.variant.option_combinations()]
    return [*found, (ToyGame, {})]


@pytest.mark.parametrize(("variant", "options"), _variants(),
                         ids=lambda value: getattr(value, "id", None) or json.dumps(value))
def test_send_all_up_during_random_play(variant: type[Variant], options: dict[str, str]) -> None:
    """In every game: Send All Up is possible exactly when it moves something, it leaves nothing
    more for itself to send, it is one undo step, and a save restores it."""
    for seed in (1, 2, 3):
        game = Game.new(variant, seed, options)
        chance = random.Random(seed)
        for _turn in range(150):
            if game.status is not Status.PLAYING:
                break
            if game.can_send_all_up:
                before, turns = position(game), len(game.history)
                game.send_all_up()
                assert len(game.history) == turns + 1
                assert not game.can_send_all_up
                if type(game.variant).send_up_moves is Variant.send_up_moves:
                    assert up_moves(game) == []  # the default leaves nothing that may go up
                game.undo()
                assert position(game) == before
                game.redo()
            actions = game.legal_actions()
            if not actions:
                break
            game.play(chance.choice(actions))
        restored = restore_game(game.to_json(), {variant.id: variant})
        assert position(restored) == position(game)
        assert [turn.action for turn in restored.history] == [turn.action for turn in game.history]


def test_a_save_with_send_all_up_is_format_2_and_replays() -> None:
    game = cruel_deal_with_several_up()
    plain = json.loads(game.to_json())
    assert plain["version"] == 1  # nothing in it needs the newer format
    game.send_all_up()
    saved = json.loads(game.to_json())
    assert saved["version"] == 2 and saved["history"] == [{"send_all_up": True}]
    restored = restore_game(game.to_json())
    assert position(restored) == position(game)
    assert restored.history[-1].action == SendAllUp()


def test_a_double_click_still_says_it_does_nothing() -> None:
    game = new_game("cruel", 1)
    with pytest.raises(IllegalAction) as refused:
        game.play(DoubleClick("foundation-1"))
    assert refused.value.why_not.msgid == "A double-click does nothing here."


def test_every_card_sent_up_stays_the_same_card() -> None:
    # The cards are the game's own objects throughout (the table keeps one item per card).
    game = cruel_deal_with_several_up()
    cards: list[Card] = list(game.cards)
    game.send_all_up()
    assert all(a is b for a, b in zip(cards, game.cards, strict=True))
