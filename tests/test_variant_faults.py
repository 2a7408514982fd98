"""Every call the engine makes into a game is guarded the same way: a game that raises or answers
what the engine cannot use gives one VariantError naming the game, the method and the file and
line at fault; the game is left as it was. (No Qt here.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from toy_game import ToyGame

from aisle.engine import Board, Deal, Game, IllegalAction, Move, Slot, VariantError
from aisle.i18n import T, Text
from aisle.variant import Hint


def _raiser(*_args: Any) -> Any:
    raise ZeroDivisionError("broken on purpose")


def _game_with(**methods: Callable[..., Any]) -> type[ToyGame]:
    # The toy game's is_lost lists the legal actions; not here, so each method is met first
    # where the engine itself calls it.
    return type("Faulty", (ToyGame,), {"id": "faulty", "is_lost": lambda self, board: False,
                                       **methods})


def _a_move(game: Game) -> Move:
    return next(a for a in ToyGame().legal_actions(game.board) if isinstance(a, Move))


#: A method of the game, and how the engine comes to call it.
CALLS: dict[str, Callable[[type[ToyGame]], object]] = {
    "__init__": lambda cls: Game.new(cls, 1),
    "layout": lambda cls: Game.new(cls, 1),
    "initial_state": lambda cls: Game.new(cls, 1),
    "deal": lambda cls: Game.new(cls, 1),
    "acceptable_deal": lambda cls: Game.new(cls, 1),
    "score": lambda cls: Game.new(cls, 1).score,
    "max_score": lambda cls: Game.new(cls, 1).max_score,
    "is_won": lambda cls: Game.new(cls, 1).status,
    "is_lost": lambda cls: Game.new(cls, 1).status,
    "status_text": lambda cls: Game.new(cls, 1).status_text,
    "hint": lambda cls: Game.new(cls, 1).hint(),
    "legal_actions": lambda cls: Game.new(cls, 1).legal_actions(),
    "pick_up_refusal": lambda cls: Game.new(cls, 1).pick_up_refusal("tableau-1", 1),
    "drop_refusal": lambda cls: Game.new(cls, 1).why_not(Move("tableau-1", 1, "tableau-2")),
    "stock_refusal": lambda cls: Game.new(cls, 1).why_not(Deal()),
    "click_stock": lambda cls: Game.new(cls, 1).play(Deal()),
    "after_move": lambda cls: (lambda game: game.play(_a_move(game)))(Game.new(cls, 1)),
    "double_click": lambda cls: Game.new(cls, 1).double_click("waste"),
}


@pytest.mark.parametrize("method", sorted(CALLS))
def test_a_game_that_raises_anywhere_gives_one_clear_variant_error(method: str) -> None:
    faulty = _game_with(**{method: _raiser})
    with pytest.raises(VariantError) as caught:
        CALLS[method](faulty)
    error = caught.value
    assert error.variant_id == "faulty"
    assert f"{method}()" in str(error) and "ZeroDivisionError: broken on purpose" in str(error)
    # The file and the line of the game's own code that raised.
    assert error.location is not None and error.location.startswith(__file__)
    assert error.location.endswith(f"line {_raiser.__code__.co_firstlineno + 1}")


def test_a_failed_move_leaves_the_game_as_it_was() -> None:
    game = Game.new(_game_with(after_move=_raiser), 1)
    before = [(slot.id, [card.id for card in slot.cards]) for slot in game.slots]
    with pytest.raises(VariantError):
        game.play(_a_move(game))
    assert [(slot.id, [card.id for card in slot.cards]) for slot in game.slots] == before
    assert not game.can_undo


def _refusing(answer: object) -> type[ToyGame]:
    def pick_up_refusal(self: ToyGame, board: Board, source: Slot, count: int) -> object:
        return answer

    return _game_with(pick_up_refusal=pick_up_refusal)


def test_a_refusal_given_as_a_plain_string_is_shown_as_it_is() -> None:
    game = Game.new(_refusing("Not from here, {friend}."), 1)
    reason = game.pick_up_refusal("tableau-1", 1)
    assert isinstance(reason, Text) and reason.translate() == "Not from here, {friend}."
    with pytest.raises(IllegalAction) as caught:
        game.play(Move("tableau-1", 1, "tableau-2"))
    assert str(caught.value) == "Not from here, {friend}."


@pytest.mark.parametrize("answer", [3, b"bytes", ["a list"], False])
def test_a_refusal_that_is_no_text_is_a_variant_error(answer: object) -> None:
    game = Game.new(_refusing(answer), 1)
    with pytest.raises(VariantError, match=r"faulty: pick_up_refusal\(\) returned .*not a Text"):
        game.why_not(Move("tableau-1", 1, "tableau-2"))


@pytest.mark.parametrize("score", [-1, 53, 2.5, True, "7", None])
def test_a_score_outside_zero_to_max_score_is_a_variant_error(score: object) -> None:
    game = Game.new(_game_with(score=lambda self, board: score), 1)
    with pytest.raises(VariantError, match=r"faulty: score\(\) returned .*from 0 to max_score\(\) = 52"):
        _ = game.score


@pytest.mark.parametrize("top", [-1, 1.5, "52"])
def test_a_bad_max_score_is_a_variant_error(top: object) -> None:
    game = Game.new(_game_with(max_score=lambda self: top), 1)
    with pytest.raises(VariantError, match=r"max_score\(\) returned"):
        _ = game.max_score


def test_scores_at_both_ends_are_fine() -> None:
    assert Game.new(_game_with(score=lambda self, board: 0), 1).score == 0
    assert Game.new(_game_with(score=lambda self, board: 52), 1).score == 52


def test_status_texts_and_hints_given_as_strings_are_taken_as_they_are() -> None:
    def hint(self: ToyGame, board: Board) -> Hint:
        return Hint("Try the stock.", Deal())  # type: ignore[arg-type]

    game = Game.new(_game_with(status_text=lambda self, board: "3 left", hint=hint), 1)
    assert game.status_text is not None and game.status_text.translate() == "3 left"
    found = game.hint()
    assert found is not None and found.text.translate() == "Try the stock."
    assert found.action == Deal()


@pytest.mark.parametrize("answer", ["Move on", Hint(T("x"), "deal")])  # type: ignore[arg-type]
def test_a_hint_that_is_no_hint_is_a_variant_error(answer: object) -> None:
    game = Game.new(_game_with(hint=lambda self, board: answer), 1)
    with pytest.raises(VariantError, match=r"faulty: hint\(\) returned"):
        game.hint()


def test_a_double_click_that_yields_no_move_is_a_variant_error() -> None:
    def double_click(self: ToyGame, board: Board, slot_id: str) -> Iterator[object]:
        yield "tableau-1"

    game = Game.new(_game_with(double_click=double_click), 1)
    with pytest.raises(VariantError, match=r"double_click\(\) yielded 'tableau-1', not a Move"):
        game.double_click("waste")
