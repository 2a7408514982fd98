"""The conformance kit checks that legal_actions and the refusal methods agree at every step of
play, random and by the hints, and reaches positions with empty piles even in games with long
piles."""

from __future__ import annotations

import pytest
from aisle_freecell import FreeCell
from aisle_spider_three_decks import SpiderThreeDecks
from toy_game import ToyGame

from aisle.engine import Action, Board, Game, Move, SlotKind, Status
from aisle.testing import check_variant
from aisle.testing.conformance import SEEDS, check_agreement, check_hinted_play, playing_seeds, random_play


def _leaves_out_moves_to_empty_piles(base: type[ToyGame] | type[SpiderThreeDecks]) -> type:
    """`base` whose own list of actions forgets that a card may go onto an empty tableau pile."""

    class LeavesOutEmptyPiles(base):  # type: ignore[valid-type,misc]
        id = f"forgets-empty-{base.id}"

        def legal_actions(self, board: Board) -> list[Action]:
            return [action for action in super().legal_actions(board)
                    if not (isinstance(action, Move) and board.slot(action.target).kind
                            == SlotKind.TABLEAU and not board.slot(action.target).cards)]

    return LeavesOutEmptyPiles


def test_the_kit_catches_legal_actions_that_leave_out_moves_to_empty_piles() -> None:
    # Spider Three Decks: any card may go onto an empty pile, but random play over its long piles
    # never empties one; sampling every 40th step let this pass.
    forgetful = _leaves_out_moves_to_empty_piles(SpiderThreeDecks)
    with pytest.raises(AssertionError, match=r"emptying piles\) step \d+: Move\(.*target='tableau-\d+'\) "
                                             r"is not in legal_actions\(\) but the refusal methods allow it"):
        check_variant(forgetful)


def test_the_emptying_walk_reaches_empty_piles() -> None:
    # Purely random play over Spider's long piles never empties one in 320 steps.
    seen_empty = 0
    for steps in range(20, 141, 20):
        game = random_play(SpiderThreeDecks, {}, 1, steps=steps, sweep_every=0, agreement=False,
                           empty_piles=True)
        seen_empty += any(not slot.cards for slot in game.board.of_kind(SlotKind.TABLEAU))
    assert seen_empty > 0


def _toy_with_an_empty_pile(variant: type[ToyGame]) -> Game:
    """A toy game played until a tableau pile is empty and the waste holds a card."""
    game = Game.new(variant, 5)
    for _ in range(200):
        empty = [s for s in game.board.of_kind(SlotKind.TABLEAU) if not s.cards]
        if empty and game.slot("waste").cards:
            return game
        moves = [a for a in ToyGame.legal_actions(game.variant, game.board)
                 if isinstance(a, Move) and game.slot(a.source).kind == SlotKind.TABLEAU
                 and len(game.slot(a.source).cards) == 1 and game.slot(a.target).cards]
        game.play(moves[0] if moves else ToyGame.legal_actions(game.variant, game.board)[-1])
    raise AssertionError("no position with an empty pile in 200 steps")


def test_agreement_names_the_move_left_out() -> None:
    game = _toy_with_an_empty_pile(_leaves_out_moves_to_empty_piles(ToyGame))
    with pytest.raises(AssertionError, match=r"here: Move\(source='waste', count=1, target='tableau-\d'\) "
                                             r"is not in legal_actions\(\)"):
        check_agreement(game, "here")
    check_agreement(_toy_with_an_empty_pile(ToyGame), "here")  # the real toy agrees with itself


class _ListsARefusedMove(ToyGame):
    id = "lists-refused"

    def legal_actions(self, board: Board) -> list[Action]:
        return [*super().legal_actions(board), Move("stock", 1, "waste")]


def test_agreement_names_a_listed_move_the_refusals_refuse() -> None:
    game = Game.new(_ListsARefusedMove, 1)
    with pytest.raises(AssertionError, match=r"lists Move\(source='stock', count=1, target='waste'\), "
                                             r"which the refusal methods refuse \(Cards cannot be taken"):
        check_agreement(game, "here")


def test_the_kit_follows_the_hints_and_checks_every_step() -> None:
    class ForgetsLongRuns(FreeCell):
        """FreeCell whose own list of actions forgets moves of three cards or more."""

        id = "forgets-long-runs"

        def legal_actions(self, board: Board) -> list[Action]:
            return [action for action in super().legal_actions(board)
                    if not (isinstance(action, Move) and action.count >= 3)]

    with pytest.raises(AssertionError, match=r"forgets-long-runs \(default options\) deal \d by its hints "
                                             r"step \d+: Move\(.*count=3.*is not in legal_actions\(\)"):
        check_hinted_play(ForgetsLongRuns, {})
    check_hinted_play(FreeCell, {})  # the real game agrees with itself along its hints


class _OverWhenRed(ToyGame):
    """Over as dealt when the first pile's card is red (about every other deal)."""

    id = "toy-over-when-red"

    def is_lost(self, board: Board) -> bool:
        first = board.slot("tableau-1").cards
        dealt = len(board.slot("stock").cards) == 48 and len(first) == 1
        return super().is_lost(board) or (dealt and first[0].suit in ("hearts", "diamonds"))


class _AlwaysOver(ToyGame):
    id = "toy-always-over"

    def is_lost(self, board: Board) -> bool:
        return True


def test_the_kit_plays_the_next_deals_still_played_when_some_are_over_as_dealt() -> None:
    seeds = playing_seeds(_OverWhenRed, {})
    assert len(set(seeds)) == len(SEEDS)
    assert all(Game.new(_OverWhenRed, seed).status is Status.PLAYING for seed in seeds)
    assert all(seed >= asked for seed, asked in zip(seeds, SEEDS, strict=True))
    assert any(Game.new(_OverWhenRed, seed).status is Status.LOST for seed in SEEDS)  # the case
    check_variant(_OverWhenRed)


def test_a_game_whose_every_deal_is_over_as_dealt_is_told() -> None:
    with pytest.raises(AssertionError, match=r"deals 1 to 40 are all over as soon as dealt"):
        check_variant(_AlwaysOver)
