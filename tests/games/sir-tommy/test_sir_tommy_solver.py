"""Sir Tommy's solver model (solving.py: ranks only, alike piles and foundations, a card sent up
only when every card of its rank still out has a foundation waiting, no step after which the
piles can never be cleared, clearing.py) against the engine (cross-check) and against a plain
search that tells every card apart and tries every legal action (`aisle.testing.plain_search`),
on small positions near the end of a game."""

from __future__ import annotations

import random

from aisle_sir_tommy import SirTommy
from aisle_sir_tommy.clearing import clearable, clears_eagerly, clears_greedily
from test_sir_tommy_rules import made_game

from aisle.engine import Game, Move
from aisle.solver import Budget, Verdict, solve
from aisle.testing.plain_search import plain_verdict, verdicts_against_plain_search
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


def test_the_piles_cannot_be_cleared_only_when_no_order_of_going_up_works() -> None:
    # The last Nine needs every Three up, and each Nine lies over a Three.
    assert not clearable((bytes([3, 9, 9]), bytes([3, 9, 3, 9]), b"", b""), bytes([3]))
    # A Nine in the stock can go up last.
    assert clearable((bytes([3, 9, 9]), bytes([3, 3, 9]), b"", b""), bytes([3, 9]))
    # Lower cards under the higher ones only: nothing waits.
    assert clearable((bytes([9, 3]), bytes([9, 9, 9, 3]), b"", b""), bytes([3, 3]))
    # One Ace, two Twos and two Threes out, all on the piles: the second Two needs the Ace up,
    # which lies under a Three, and that Three may go only once a Two is up; the other Three
    # lies on the other Two. Whichever goes first, the last Two or the last Three waits for a
    # card under it.
    assert not clearable((bytes([2, 3]), bytes([1, 3, 2])), b"")
    # With the Ace on top of its pile, it goes first and the rest follows.
    assert clearable((bytes([3, 2]), bytes([3, 2, 1])), b"")


def open_game(seed: int) -> Game:
    """The foundations built to a five, six or seven (apart), every card above on the reserve
    piles but a few left in the stock: laid from the highest down, with a few cards moved out of
    that order, so that the piles' order decides."""
    chooser = random.Random(seed)
    heights = [chooser.randint(5, 7) for _ in range(4)]
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in RANKS[:height])
             for n, (suit, height) in enumerate(zip("CDHS", heights, strict=True), 1)}
    rest = [rank + suit for suit, height in zip("CDHS", heights, strict=True) for rank in RANKS[height:]]
    rest.sort(key=lambda code: -RANKS.index(code[:-1]))
    for _ in range(chooser.randint(2, 10)):
        card = rest.pop(chooser.randrange(len(rest)))
        rest.insert(chooser.randrange(len(rest) + 1), card)
    stock = chooser.randint(0, 2)
    for code in rest[:len(rest) - stock]:
        pile = f"tableau-{chooser.randint(1, 4)}"
        slots[pile] = f"{slots.get(pile, '')} {code}".strip()
    slots["stock"] = " ".join(rest[len(rest) - stock:])
    return made_game(slots)


def test_the_clearing_test_never_calls_a_won_position_dead_and_is_exact_without_a_stock() -> None:
    """Against the plain search: a position it wins passes the test, and with the stock and the
    waste empty a position passes it exactly when it is won. The eager and greedy tests (hunches) only
    ever cut more."""
    decided = {True: 0, False: 0}
    for seed in range(150):
        game = open_game(seed)
        won = plain_verdict(game, 1_500)
        if won is None:
            continue
        model = SirTommy().solver_model(game.board)
        piles, _, waste, stock = model.start()
        loose = stock + (bytes((waste,)) if waste else b"")
        passes = clearable(piles, loose, effort=10**6)
        assert passes or not won, f"position {seed}: won, yet called dead"
        if not loose:
            assert passes == won, f"position {seed}: no stock, the test says {passes}"
        for hunch in (clears_eagerly, clears_greedily):
            assert passes or not hunch(piles, loose), f"position {seed}: {hunch.__name__} cuts less"
        decided[won] += 1
        if min(decided.values()) >= 8:
            break
    assert min(decided.values()) >= 8, decided


def test_the_model_decides_open_positions_as_the_plain_search_does() -> None:
    verdicts = verdicts_against_plain_search((open_game(seed) for seed in range(150)), limit=3_000,
                                             wanted=12)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
