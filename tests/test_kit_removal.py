"""The kit's games of removal (aisle.kit.overlap, removal, pairing, chain and their families):
the overlapping shapes, the rules' parameters, a chain game of columns (Golf's shape) made of
the same parts, and the solver models: they play as the engine does, and their dead-end tests
never call a position lost that can be won."""

from __future__ import annotations

import random

import pytest
from aisle_pyramid import Pyramid
from aisle_pyramid.game import PYRAMID
from aisle_tripeaks import TriPeaks
from aisle_tripeaks.game import PEAKS

from aisle.engine import Board, Deal, Game, Move, Status
from aisle.i18n import T
from aisle.kit import Foundations, Pick, Rest, Rows, Stock, Tableau
from aisle.kit.chain import UP_OR_DOWN, ChainVariant, Start
from aisle.kit.pairing import Pairs
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.solver_model import check_position, cross_check


class Columns(ChainVariant):
    """Golf's shape: seven face-up columns of five, the stock turned onto the one foundation,
    a rank up or down without the corner, nothing on a King."""

    id = "test-columns"
    name = T("Columns")
    description = T("Clear seven columns onto the foundation.")
    table = (Tableau(7, at=(0, 0), build=None, pick=Pick.TOP),
             Stock(at=(0, 2), onto="foundation"), Foundations(1, at=(1, 2)))
    dealing = (Rows(5), Start("foundation-1"), Rest())
    chain, ends, onto = UP_OR_DOWN, frozenset({13}), "foundation-1"


test_conformance = conformance(Columns)


class PlainPyramid(Pyramid):
    """Pyramid searched on the board, without the model and its dead-end test."""

    def solver_model(self, board: Board) -> None:
        return None


class PlainTriPeaks(TriPeaks):
    def solver_model(self, board: Board) -> None:
        return None


# -- shapes and rules --------------------------------------------------------------------------
def test_pyramids_are_numbered_row_by_row_and_covered_half_a_card_to_either_side() -> None:
    assert (PYRAMID.count, PYRAMID.covered_by[0], PYRAMID.covered_by[20], PYRAMID.last) == (
        28, (1, 2), (26, 27), (0,))
    assert PYRAMID.covers[27] == (20,) and list(PYRAMID.below(0)) == []
    assert list(PYRAMID.above(0)) == list(range(1, 28)) and list(PYRAMID.below(27)) == [0, 2, 5, 9, 14, 20]
    # Three peaks of four rows side by side share the ends of their bottom rows.
    rows = [sorted({x for x, y in PEAKS.points if round(y, 4) == round(1 + row / 3, 4)}) for row in range(4)]
    assert rows == [[2, 5, 8], [1.5, 2.5, 4.5, 5.5, 7.5, 8.5], list(range(1, 10)),
                    [x + 0.5 for x in range(10)]]
    assert PEAKS.last == (0, 1, 2) and PEAKS.covered_by[9] == (18, 19)


def test_pairs_add_up_to_a_total_or_match_by_rank() -> None:
    thirteen = Pairs.adding_up_to(13, alone=(13,))
    assert thirteen.partner[1:] == (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert Pairs.adding_up_to(14).partner[13] == 1 and Pairs.same_rank().partner[7] == 7


def test_a_chain_turns_the_corner_only_when_its_rule_says_so() -> None:
    tripeaks, columns = TriPeaks(), Columns()
    assert tripeaks.follows[13][1] and tripeaks.follows[1][13] and tripeaks.follows[5][4]
    assert not columns.follows[1][13] and columns.follows[12][13] and not any(columns.follows[13])


# -- a chain game of columns -------------------------------------------------------------------
def test_columns_deal_play_their_top_cards_and_end_on_a_king() -> None:
    game = Game.new(Columns, 3)
    assert [len(game.slot(f"tableau-{n}").cards) for n in range(1, 8)] == [5] * 7
    assert (len(game.slot("foundation-1").cards), len(game.slot("stock").cards)) == (1, 16)
    top = game.slot("foundation-1").cards[-1]
    for action in game.legal_actions():
        if isinstance(action, Move):
            card = game.slot(action.source).cards[-1]
            assert action.count == 1 and abs(card.rank - top.rank) == 1 and top.rank != 13
    refusal = game.why_not(Move("tableau-1", 2, "foundation-1"))
    assert refusal is not None and refusal.msgid == "Only the top card of a pile can be moved."
    game.play(Deal())
    assert len(game.slot("stock").cards) == 15 and len(game.slot("foundation-1").cards) == 2


# -- the solver models -------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [Pyramid, TriPeaks, Columns], ids=lambda v: v.id)
def test_the_models_play_as_the_engine_does(variant: type[ChainVariant]) -> None:
    assert cross_check(variant, seeds=(1, 2, 3), steps=80) > 40


@pytest.mark.parametrize(("variant", "seed"), [(Pyramid, 2), (Pyramid, 97), (TriPeaks, 1), (TriPeaks, 3)])
def test_every_position_along_a_win_is_found_winnable(variant: type[ChainVariant], seed: int) -> None:
    game = Game.new(variant, seed)
    solution = solve(game, Budget(30)).solution
    assert solution
    for number, action in enumerate(solution):
        if number % 4 == 0:
            check_position(game)
            assert solve(game, Budget(30)).verdict is Verdict.WON, f"deal {seed}, move {number}"
        game.play(action)
    assert game.status is Status.WON


@pytest.mark.parametrize(("variant", "plain", "left"),
                         [(Pyramid, PlainPyramid, 18), (TriPeaks, PlainTriPeaks, 22)])
def test_late_positions_get_the_verdict_of_a_search_without_the_model(
        variant: type[ChainVariant], plain: type[ChainVariant], left: int) -> None:
    decided = 0
    for seed in range(1, 13):
        chance = random.Random(seed)
        game, board_game = Game.new(variant, seed), Game.new(plain, seed)
        while game.status is Status.PLAYING and sum(len(s.cards) for s in game.slots[3:]) + len(
                game.slot("stock").cards) > left:
            actions = game.legal_actions()
            moves = [action for action in actions if isinstance(action, Move)]
            action = chance.choice(moves or actions)
            game.play(action)
            board_game.play(action)
        if game.status is not Status.PLAYING:
            continue
        by_model = solve(game, Budget(30)).verdict
        on_board = solve(board_game, Budget(30, positions=40_000)).verdict
        assert by_model is not Verdict.UNKNOWN
        if on_board is not Verdict.UNKNOWN:
            assert by_model is on_board, f"deal {seed}"
            decided += 1
    assert decided >= 6


def test_a_card_in_a_line_with_all_its_partners_loses_the_deal_at_once() -> None:
    # Pyramid deal 9: the ten of diamonds (second row) lies on the apex three and under the
    # other three threes, so it can never meet a three to go with.
    game = Game.new(Pyramid, 9)
    codes = {slot.id: slot.cards[0].code for slot in game.slots[3:]}
    assert [codes[f"tableau-{n}"] for n in (1, 3, 6, 8, 27)] == ["3D", "10D", "3C", "3H", "3S"]
    result = solve(game, Budget(10))
    assert result.verdict is Verdict.LOST and result.positions == 0
