"""The Game API through a small test game: refusals, undo/redo, double-click, errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_game import ToyGame

from aisle.engine import (
    Board,
    CardsMoved,
    Deal,
    DoubleClick,
    Game,
    IllegalAction,
    Move,
    Status,
    VariantError,
)
from aisle.registry.games import new_game
from aisle.testing import check_variant, position


def test_new_game_is_dealt_and_playing() -> None:
    game = Game.new(ToyGame, 5)
    assert game.status is Status.PLAYING
    assert (game.seed, game.options, game.score, game.max_score) == (5, {"redeals": "one"}, 0, 52)
    assert [len(s.cards) for s in game.slots] == [48, 0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert game.slot("tableau-1").cards[0].face_up
    assert not game.started and not game.can_undo and not game.can_redo


def test_bad_seed_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="deal number"):
        Game.new(ToyGame, -1)
    with pytest.raises(ValueError, match="deal number"):
        Game.new(ToyGame, 2**64)
    with pytest.raises(ValueError, match="takes one of"):
        Game.new(ToyGame, 1, {"redeals": "many"})
    with pytest.raises(ValueError, match="no option"):
        Game.new(ToyGame, 1, {"colour": "red"})
    with pytest.raises(KeyError, match="unknown game"):
        new_game("no-such-game", 1)


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing() -> None:
    game = Game.new(ToyGame, 5)
    before = position(game)
    for action, reason in [
        (Move("stock", 1, "waste"), "Cards cannot be taken from there."),
        (Move("tableau-1", 2, "tableau-2"), "There is no card to pick up there."),
        (Move("tableau-1", 1, "tableau-1"), "The cards are already there."),
        (Move("tableau-1", 1, "nowhere"), "There is no such place on this table."),
    ]:
        with pytest.raises(IllegalAction) as caught:
            game.play(action)
        assert str(caught.value) == reason
        assert game.why_not(action) is not None
    assert position(game) == before and not game.can_undo


def test_play_undo_redo_returns_events() -> None:
    game = Game.new(ToyGame, 5)
    events = game.play(Deal())
    assert events == [CardsMoved("stock", "waste", 1, turned=True)]
    assert game.slot("waste").cards[-1].face_up
    assert game.started and game.moves == 1
    undone = game.undo()
    assert undone == [CardsMoved("waste", "stock", 1, turned=True)]
    assert not game.slot("stock").cards[-1].face_up
    assert game.can_redo
    assert game.redo() == events
    assert game.moves == 2
    game.undo()
    game.play(Deal())
    assert not game.can_redo, "a new move after undo clears the redo list"


def test_double_click_is_one_step_and_refusal_when_nothing_happens() -> None:
    game = _game_with_ace_on_waste()
    before = position(game)
    events = game.double_click("waste")
    assert events == [CardsMoved("waste", "foundation-1", 1)]
    assert game.score == 1
    game.undo()
    assert position(game) == before
    with pytest.raises(IllegalAction):
        game.double_click("stock")
    assert game.play(DoubleClick("waste")) == events


def _game_with_ace_on_waste() -> Game:
    for seed in range(1, 200):
        game = Game.new(ToyGame, seed)
        if game.slot("stock").cards[-1].rank == 1:
            game.play(Deal())
            return game
    raise AssertionError("no seed puts an ace on top of the stock")


def test_a_won_game_refuses_moves_and_undo_reopens_it() -> None:
    game = Game.new(ToyGame, 5)
    # Arrange a won position through the board (test setup), keeping every card.
    board = game.board
    for slot in board.slots:
        slot.cards.clear()
    for index, card in enumerate(board.cards):
        card.face_up = True
        board.slot(f"foundation-{index // 13 + 1}").cards.append(card)
    game._changed()
    assert game.status is Status.WON
    assert game.legal_actions() == []
    assert game.why_not(Deal()) is not None
    assert game.hint() is None


class _Exploding(ToyGame):
    id = "exploding"

    def after_move(self, board: Board, move: Move) -> None:
        board.flip(move.target, face_up=False)
        raise RuntimeError("boom")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        yield Move("stock", 1, "waste")


def test_a_variant_that_raises_leaves_the_game_as_it_was() -> None:
    game = Game.new(_Exploding, 5)
    before = position(game)
    move = next(a for a in game.legal_actions() if isinstance(a, Move))
    with pytest.raises(VariantError, match="boom"):
        game.play(move)
    assert position(game) == before and not game.can_undo
    with pytest.raises(VariantError, match="illegal move"):
        game.double_click("waste")
    assert position(game) == before


class _LosesCards(ToyGame):
    id = "loses-cards"

    def deal(self, board: Board, deck: list) -> None:  # type: ignore[type-arg]
        board.place("stock", deck[:-1])


def test_a_deal_that_loses_cards_is_a_variant_error() -> None:
    with pytest.raises(VariantError, match="lost 1 of 52"):
        Game.new(_LosesCards, 1)


def test_time_counts_only_while_playing() -> None:
    game = Game.new(ToyGame, 5)
    game.add_time(1.5)
    game.add_time(-3)
    assert game.elapsed == 1.5


def test_restart_gives_the_same_deal() -> None:
    game = Game.new(ToyGame, 9)
    game.play(Deal())
    assert position(game.restarted()) == position(Game.new(ToyGame, 9))


def test_toy_game_passes_the_conformance_kit() -> None:
    check_variant(ToyGame)


class _DuplicatesCards(ToyGame):
    id = "duplicates"

    def after_move(self, board: Board, move: Move) -> None:
        board.slot(move.target).cards.append(board.slot(move.target).cards[-1])


def test_the_kit_catches_a_game_that_duplicates_cards() -> None:
    with pytest.raises(AssertionError, match="lost or doubled"):
        check_variant(_DuplicatesCards)


class _ListsTooLittle(ToyGame):
    id = "lists-too-little"

    def legal_actions(self, board: Board) -> list:  # type: ignore[type-arg]
        return super().legal_actions(board)[1:]

    def is_lost(self, board: Board) -> bool:
        return False


def test_the_kit_catches_legal_actions_that_disagree_with_the_rules() -> None:
    with pytest.raises(AssertionError, match="not in legal_actions"):
        check_variant(_ListsTooLittle)


def test_a_double_click_that_does_nothing_says_why_when_every_target_agrees() -> None:
    from aisle.engine.game import IllegalAction
    from aisle.registry.games import new_game

    golf = new_game("golf", 3)  # the waste is empty: every card waits for it
    with pytest.raises(IllegalAction) as refused:
        golf.double_click("tableau-1")
    assert str(refused.value.why_not) == "The waste is empty: turn a card from the stock first."
    klondike = new_game("klondike", 3)  # no Ace on top: every empty foundation says so
    with pytest.raises(IllegalAction) as refused:
        klondike.double_click("tableau-1")
    assert str(refused.value.why_not) == "Only an Ace can start an empty foundation."
    with pytest.raises(IllegalAction) as refused:
        klondike.double_click("waste")  # nothing there: nothing to say but that
    assert str(refused.value.why_not) == "A double-click does nothing here."


def test_a_hint_that_fails_halfway_through_a_trial_leaves_the_cards_as_they_were() -> None:
    from aisle.engine.game import VariantError
    from aisle.registry.games import variant_class

    klondike = variant_class("klondike")

    class Clumsy(klondike):  # type: ignore[misc, valid-type]
        def hint(self, board):  # type: ignore[no-untyped-def]
            board.start_log()
            board.move("stock", 3, "waste")  # a trial, never put back
            board.slot("waste").cards[-1].face_up = False
            raise RuntimeError("lost in thought")

    game = Game.new(Clumsy, 7)
    before = [(slot.id, [(card.id, card.face_up) for card in slot.cards]) for slot in game.slots]
    with pytest.raises(VariantError, match="lost in thought"):
        game.hint()
    assert [(slot.id, [(card.id, card.face_up) for card in slot.cards])
            for slot in game.slots] == before
    assert game.board._log is None
    game.play(Deal())  # and the game goes on

def test_asking_about_a_double_click_answers_as_the_double_click_does() -> None:
    from aisle.engine import DoubleClick
    from aisle.engine.game import IllegalAction
    from aisle.registry.games import new_game

    klondike = new_game("klondike", 3)
    asked = klondike.why_not(DoubleClick("tableau-1"))  # no Ace on top: nothing goes up
    with pytest.raises(IllegalAction) as refused:
        klondike.double_click("tableau-1")
    assert asked is not None and str(asked) == str(refused.value.why_not)
    # A deal with an Ace on top of a pile: that double-click is allowed, and asking moves nothing.
    game = next(game for game in (new_game("klondike", seed) for seed in range(1, 40))
                if any(slot.cards and slot.cards[-1].rank == 1 and slot.id.startswith("tableau")
                       for slot in game.board.slots))
    (ace,) = [slot for slot in game.board.slots
              if slot.cards and slot.cards[-1].rank == 1 and slot.id.startswith("tableau")][:1]
    top = ace.cards[-1]
    assert game.why_not(DoubleClick(ace.id)) is None
    assert ace.cards[-1] == top
