"""Grandfather's Clock's rules on real deals, and what the kit's solver makes of its deals 1-20."""

from __future__ import annotations

from aisle.engine import Board, Game, Move, Rank, Status
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.solver_model import cross_check

from aisle_grandfathers_clock import GrandfathersClock

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
HOURS = tuple(f"foundation-{hour}" for hour in range(1, 13))
DEALS = range(1, 21)

test_grandfathers_clock_conforms = conformance(GrandfathersClock)


class Unmodelled(GrandfathersClock):
    """The same game solved through its Variant methods alone, with no model of the kit's."""

    def solver_model(self, board: Board) -> None:
        return None


def test_each_hour_starts_with_its_card_and_forty_cards_lie_in_eight_piles_of_five() -> None:
    game = Game.new(GrandfathersClock, 3)
    assert [game.slot(hour).cards[0].code for hour in HOURS] == [
        "10H", "JS", "QD", "KC", "2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C"]
    assert all(len(game.slot(hour).cards) == 1 for hour in HOURS)
    assert [len(game.slot(pile).cards) for pile in PILES] == [5] * 8
    assert all(card.face_up for pile in PILES for card in game.slot(pile).cards)
    # The piles differ from deal to deal; the clock never does.
    other = Game.new(GrandfathersClock, 4)
    assert [c.code for c in other.slot("tableau-1").cards] != [c.code for c in game.slot("tableau-1").cards]


def test_only_top_cards_move_and_piles_build_down_regardless_of_suit() -> None:
    game = Game.new(GrandfathersClock, 1)
    # Deal 1: 10D tops pile 7, JD pile 8, 3H pile 4 (2H is at five o'clock).
    assert game.why_not(Move("tableau-7", 1, "tableau-8")) is None
    assert game.why_not(Move("tableau-8", 1, "tableau-7")) is not None
    assert game.why_not(Move("tableau-7", 2, "tableau-8")) is not None
    assert game.why_not(Move("tableau-4", 1, "foundation-5")) is None
    assert game.why_not(Move("tableau-4", 1, "foundation-9")) is not None
    assert game.why_not(Move("foundation-5", 1, "tableau-1")) is not None


def won(seed: int) -> Game:
    game = Game.new(GrandfathersClock, seed)
    result = solve(game, Budget(seconds=600, positions=10_000))
    assert result.verdict is Verdict.WON, seed
    for action in result.solution:
        game.play(action)
    return game


def test_a_won_clock_shows_every_hour() -> None:
    for seed in (2, 14):
        game = won(seed)
        assert game.status is Status.WON
        assert [game.slot(hour).cards[-1].rank for hour in HOURS] == [
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, Rank.JACK, Rank.QUEEN]
        # Four cards on the hours five to twelve, five on one to four: the base card included.
        assert [len(game.slot(hour).cards) for hour in HOURS] == [5] * 4 + [4] * 8


def test_the_kits_model_plays_the_game_as_the_engine_does() -> None:
    assert cross_check(GrandfathersClock, seeds=DEALS, steps=150) > 1_000


def test_the_kits_solver_decides_deals_1_to_20_in_a_position_budget() -> None:
    budget = Budget(seconds=600, positions=10_000)
    verdicts = {seed: solve(Game.new(GrandfathersClock, seed), budget).verdict for seed in DEALS}
    assert [seed for seed, verdict in verdicts.items() if verdict is not Verdict.WON] == [1], verdicts
    assert verdicts[1] is Verdict.LOST


def test_deal_1_is_lost_by_a_search_with_no_rule_of_the_kits() -> None:
    # Five moves forward (3H and 5D up, 10D onto JD, QS and AC up) and no move is left.
    result = solve(Game.new(Unmodelled, 1), Budget(seconds=600, positions=10_000))
    assert result.verdict is Verdict.LOST
    game = Game.new(GrandfathersClock, 1)
    for move in (Move("tableau-4", 1, "foundation-5"), Move("tableau-6", 1, "foundation-7"),
                 Move("tableau-7", 1, "tableau-8"), Move("tableau-7", 1, "foundation-2"),
                 Move("tableau-7", 1, "foundation-4")):
        game.play(move)
    assert game.status is Status.LOST and game.legal_actions() == []



def test_automatic_moves_send_up_cards_the_piles_no_longer_need() -> None:
    game = Game.new(GrandfathersClock, 2)
    solution = solve(game, Budget(seconds=600, positions=10_000)).solution
    game.auto_up = True
    for action in solution:
        if game.why_not(action) is None:  # else it went up by itself already
            game.play(action)
    assert game.status is Status.WON
    assert sum(len(turn.auto) for turn in game.history) > 0


def test_the_score_counts_the_cards_played_up_not_the_base_cards() -> None:
    game = Game.new(GrandfathersClock, 1)
    assert (game.score, game.variant.max_score()) == (0, 40)
    game.play(Move("tableau-4", 1, "foundation-5"))
    assert game.score == 1
    assert won(2).score == 40
