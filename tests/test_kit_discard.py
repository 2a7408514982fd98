"""Foundations with a rule of the game's own (`Foundations(accepts=...)`, aisle/kit/discard.py) serve
more than Aces Up: a Monte Carlo-like game that discards a card while another card of its rank
tops another pile gets the refusals, the legal moves, the hint, the conformance kit's approval
and a solver model held to the engine, with no code of its own."""

from __future__ import annotations

import pytest

from aisle.engine import Card, Game, Move, Status
from aisle.i18n import T
from aisle.kit import Empty, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau
from aisle.kit.solver_discard import DiscardModel
from aisle.solver import Budget, Verdict, solve
from aisle.testing import check_variant
from aisle.testing.solver_model import cross_check

DISCARD = "foundation-1"


def same_rank(card: Card, top: Card) -> bool:
    return top.rank == card.rank


class RankPairs(KitVariant):
    """Five piles; a card goes while another card of its rank tops another pile, so the last
    card of each rank stays: won with 39 cards discarded."""

    id = "rank-pairs"
    name = T("Rank Pairs")
    description = T("Discard cards while another card of their rank shows.")
    table = (Stock(at=(0, 0), onto="tableau"),
             Tableau(5, at=(1, 0), build=None, pick=Pick.TOP, empty=Empty.ANY),
             Foundations(1, at=(7, 0), accepts=same_rank, refusal=T("{card} has no partner showing.")))
    dealing = (Rows(1), Rest())
    goal = 39


def test_the_rule_decides_the_refusal_and_the_moves() -> None:
    game = Game.new(RankPairs, 3)
    tops = {pile.id: pile.top for pile in game.board.of_kind("tableau")}
    for pile_id, card in tops.items():
        assert card is not None
        partnered = any(other is not None and other.rank == card.rank
                        for other_id, other in tops.items() if other_id != pile_id)
        refusal = game.why_not(Move(pile_id, 1, DISCARD))
        assert (refusal is None) is partnered
        assert (Move(pile_id, 1, DISCARD) in game.legal_actions()) is partnered
        if refusal is not None:
            assert str(refusal).endswith(" has no partner showing.")
    assert game.max_score == 39


def test_the_kit_names_the_lone_foundation_and_goes_by_the_goal() -> None:
    game = Game.new(RankPairs, 3)
    assert str(game.variant.slot_name(game.slot(DISCARD))) == "the foundation"
    assert game.status is Status.PLAYING and not game.variant.is_won(game.board)


def test_a_discard_foundation_needs_its_refusal() -> None:
    with pytest.raises(ValueError, match="refusal"):
        Foundations(1, accepts=same_rank)


def test_the_game_conforms() -> None:
    check_variant(RankPairs)


def test_its_model_plays_as_the_engine_does_and_its_wins_replay() -> None:
    game = Game.new(RankPairs, 1)
    assert isinstance(game.variant.solver_model(game.board), DiscardModel)
    assert cross_check(RankPairs, seeds=range(1, 6), steps=200) > 50
    verdicts = []
    for seed in range(1, 6):
        game = Game.new(RankPairs, seed)
        result = solve(game, Budget(seconds=600, positions=3000))
        verdicts.append(result.verdict)
        if result.verdict is Verdict.WON:
            game.auto_up = False
            for action in result.solution:
                game.play(action)
            assert game.status is Status.WON, seed
    assert Verdict.WON in verdicts or Verdict.LOST in verdicts, verdicts
