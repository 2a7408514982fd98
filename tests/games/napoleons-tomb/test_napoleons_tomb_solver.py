"""Napoleon's Tomb's solver model (solving.py: ranks only, reserves and corners alike, a
reserve's card that fits sent up) against a plain search that tells every card apart and tries
every legal action, on small positions late in a game; and against the engine (cross-check)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from aisle_napoleons_tomb import NapoleonsTomb
from aisle_napoleons_tomb.dead_end import overloaded
from aisle_napoleons_tomb.game import RESERVES
from aisle_napoleons_tomb.projection import high_part, low_part
from aisle_napoleons_tomb.solving import State, TombModel

from aisle.engine import Deal, Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, clock, solve
from aisle.solver.model_search import ModelSearch
from aisle.solver.position import copy_board
from aisle.testing.plain_search import without_solver_knowledge
from aisle.testing.solver_model import cross_check, start_key

OPTIONS = [{"deal": "single"}, {"deal": "three"}]


#: The same rules with no solver knowledge: every card told apart, every action tried.
PlainTomb = without_solver_knowledge(NapoleonsTomb)


def late_positions(options: dict[str, str], seeds: range, left: int) -> list[Game]:
    """Positions of games played at random until at most `left` cards are out of the
    foundations, taking a card up whenever one can go (so that some are won)."""
    found = []
    for seed in seeds:
        game = new_game("napoleons-tomb", seed, options)
        chooser = random.Random(seed)
        while game.status is Status.PLAYING and sum(
                len(game.slot(slot).cards) for slot in ("stock", "waste", *RESERVES)) > left:
            ups = game.variant.up_moves(game.board)
            game.play(ups[0] if ups else chooser.choice(game.legal_actions()))
        if game.status is Status.PLAYING:
            found.append(game)
    return found


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
def test_the_model_decides_as_the_plain_search_does(options: dict[str, str]) -> None:
    verdicts = []
    looked_at = plainly = 0
    for game in late_positions(options, range(1, 40), 12):
        plain = Game(PlainTomb(options), 1, copy_board(game.board))
        known = solve(game, Budget(600, 200_000))
        expected = solve(plain, Budget(600, 200_000))
        assert Verdict.UNKNOWN not in (known.verdict, expected.verdict)
        assert known.verdict is expected.verdict
        looked_at += known.positions
        plainly += expected.positions
        verdicts.append(known.verdict)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
    # Together, not each: on a tiny position the beam hunt's first pass (one card a click) may
    # look at a few more positions than the plain search needs for the whole of it.
    assert looked_at <= plainly


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
def test_the_model_plays_as_the_engine_does(options: dict[str, str]) -> None:
    assert cross_check(NapoleonsTomb, options, seeds=(1, 2, 3), steps=200) > 100


def test_positions_alike_but_for_suits_share_a_key() -> None:
    game = new_game("napoleons-tomb", 1)
    board = game.board

    before = start_key(game)
    stock = board.slot("stock").cards
    twin = next(index for index, card in enumerate(stock[:-1]) if card.rank == stock[-1].rank)
    stock[-1], stock[twin] = stock[twin], stock[-1]
    assert start_key(game) == before
    stock[-1], stock[-2] = stock[-2], stock[-1]
    assert stock[-1].rank == stock[-2].rank or start_key(game) != before


def part_lost(state: State, part: Callable[[State], State]) -> bool:
    """Whether the exhaustive search of `state`'s part (projection.py) finds no win."""
    search = ModelSearch(TombModel.at(part(state), 1, 1), Budget(600, 200_000), None, clock.now() + 600)
    verdict = search.run()
    assert verdict is not Verdict.UNKNOWN
    return verdict is Verdict.LOST


def test_a_part_that_cannot_be_won_means_the_position_is_lost() -> None:
    # The theorem of projection.py against the plain search (every card told apart, every
    # action tried), on small positions late in single-card games; and the whole search with
    # the parts (`hopeless` at the start, the low part at every position) agrees with it.
    options = {"deal": "single"}
    lost_parts = won_parts_lost_whole = 0
    for game in late_positions(options, range(1, 80), 20):
        state = game.variant.solver_model(game.board).start()
        plain = solve(Game(PlainTomb(options), 1, copy_board(game.board)), Budget(600, 30_000))
        if plain.verdict is Verdict.UNKNOWN:
            continue  # too large for the plain search
        assert solve(game, Budget(600, 300_000)).verdict is plain.verdict
        if part_lost(state, low_part) or part_lost(state, high_part):
            lost_parts += 1
            assert plain.verdict is Verdict.LOST
        elif plain.verdict is Verdict.LOST:
            won_parts_lost_whole += 1
    # Both kinds occur: the parts prove many losses, not all (they are coarser games).
    assert lost_parts >= 5 and won_parts_lost_whole >= 3


def test_the_parts_are_for_single_card_deals_only() -> None:
    # With three cards a click, striking cards out changes which come up together.
    game = new_game("napoleons-tomb", 3, {"deal": "three"})
    assert game.variant.solver_model(game.board).hopeless(clock.now() + 5) is None


def test_a_start_whose_low_part_cannot_be_won_is_lost_at_once() -> None:
    # Single-card deal 3: its 24 low cards alone cannot all reach the centre (the part's
    # exhaustive search), so the deal is lost before any search of the whole.
    game = new_game("napoleons-tomb", 3, {"deal": "single"})
    state = game.variant.solver_model(game.board).start()
    assert part_lost(state, low_part)
    result = solve(game, Budget(60, 1_000_000))
    assert result.verdict is Verdict.LOST and result.positions == 0


def test_an_overloaded_position_is_lost() -> None:
    # dead_end.py against the plain search: small single-card positions late in games, each
    # also after every number of clicks (where the model tests it); wherever more cards must
    # wait at once than the reserves hold, the plain search finds no win.
    options = {"deal": "single"}
    overloaded_lost = other_lost = 0
    for game in late_positions(options, range(1, 60), 20):
        while True:
            state = game.variant.solver_model(game.board).start()
            plain = solve(Game(PlainTomb(options), 1, copy_board(game.board)), Budget(600, 30_000))
            if plain.verdict is not Verdict.UNKNOWN:  # else too large for the plain search
                if overloaded(*state[:5]):
                    assert plain.verdict is Verdict.LOST
                    overloaded_lost += 1
                    break  # more clicks: overloaded too
                other_lost += plain.verdict is Verdict.LOST
            if not game.slot("stock").cards:
                break
            game.play(Deal())
    # The test sees many losses it proves, and many it does not (a coarse bound).
    assert overloaded_lost >= 10 and other_lost >= 5
