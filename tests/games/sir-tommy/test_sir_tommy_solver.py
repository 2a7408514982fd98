"""Sir Tommy's solver model (solving.py: ranks only, alike piles and foundations, a card sent up
only when every card of its rank still out has a foundation waiting, no card put where it locks
its rank over lower cards) against the engine
(cross-check) and against a plain search that tells every card apart and tries every legal
action (`aisle.testing.plain_search`), on small positions near the end of a game."""

from __future__ import annotations

import random

from aisle_sir_tommy import SirTommy
from aisle_sir_tommy.locks import locked
from test_sir_tommy_rules import made_game

from aisle.engine import Game, Move
from aisle.solver import Budget, Verdict, solve
from aisle.testing.plain_search import verdicts_against_plain_search
from aisle.testing.solver_model import cross_check

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_the_model_plays_as_the_engine_does() -> None:
    assert cross_check(SirTommy, seeds=(1, 2, 3, 4), steps=200) > 200


def small_game(seed: int) -> Game:
    """The foundations built to an eight or a nine; the cards above spread at random over the
    reserve piles, at least four of them left in the stock."""
    chooser = random.Random(seed)
    low = chooser.randint(8, 9)
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in RANKS[:low])
             for n, suit in enumerate("CDHS", 1)}
    rest = [rank + suit for rank in RANKS[low:] for suit in "CDHS"]
    chooser.shuffle(rest)
    laid = chooser.randint(len(rest) // 2, len(rest) - 4)
    for code in rest[:laid]:
        pile = f"tableau-{chooser.randint(1, 4)}"
        slots[pile] = f"{slots.get(pile, '')} {code}".strip()
    slots["stock"] = " ".join(rest[laid:])
    return made_game(slots)


def test_the_model_decides_as_the_plain_search_does() -> None:
    verdicts = verdicts_against_plain_search((small_game(seed) for seed in range(40)), limit=2_500,
                                             wanted=6)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts


def test_two_cards_of_a_rank_are_both_tried_when_their_piles_differ() -> None:
    """One foundation waits for a King and two Kings lie on top: the one over the Queen another
    foundation waits for must go up first (a search trying one card of each rank calls this
    position lost)."""
    heights = {"C": 12, "D": 11, "H": 13, "S": 13}
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in RANKS[:height])
             for n, (suit, height) in enumerate(heights.items(), 1)}
    game = made_game(slots | {"tableau-1": "KC", "tableau-2": "QD KD"})
    result = solve(game, Budget(10.0))
    assert result.verdict is Verdict.WON
    assert result.solution[0] == Move("tableau-2", 1, "foundation-1")


def queens_over_jacks(jack_free: bool) -> Game:
    """Every foundation up to a ten, a King at the bottom of the first three piles under a Queen
    over a Jack, the Jack and King of Spades in the fourth pile (the Jack on top when
    `jack_free`) and the Queen of Spades in the stock."""
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in RANKS[:10])
             for n, suit in enumerate("CDHS", 1)}
    for n, suit in enumerate("CDH", 1):
        slots[f"tableau-{n}"] = f"K{suit} J{suit} Q{suit}"
    return made_game(slots | {"tableau-4": "KS JS" if jack_free else "JS KS", "stock": "QS"})


def test_a_queen_put_where_it_locks_the_queens_is_cut_as_the_plain_search_finds() -> None:
    """With the Jack of Spades free, it goes up and the Queens and Jacks follow in turn (putting
    the Queen of Spades onto it would lock the Queens: the lock test cuts only that line). Under
    its King, no Jack can go up and every place for the Queen of Spades locks the Queens: lost."""
    verdicts = verdicts_against_plain_search((queens_over_jacks(free) for free in (True, False)), wanted=2)
    assert verdicts == [Verdict.WON, Verdict.LOST]


def test_a_rank_is_locked_only_when_no_order_of_going_up_works() -> None:
    # The last Nine needs every Three up, and each Nine lies over a Three.
    assert locked((bytes([3, 9, 9]), bytes([3, 9, 3, 9]), b"", b""), bytes([3]), 9)
    # A Nine in the stock can go up last.
    assert not locked((bytes([3, 9, 9]), bytes([3, 3, 9]), b"", b""), bytes([3, 9]), 9)
    # Lower cards under the higher ones only: nothing waits.
    assert not locked((bytes([9, 3]), bytes([9, 9, 9, 3]), b"", b""), bytes([3, 3]), 9)
