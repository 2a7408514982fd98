"""Osmosis's solver model: it plays as the engine, and its verdicts (the relaxed game's proof of
loss and the exhaustive search with the safe moves folded) match a plain search of every legal
action on small positions."""

from __future__ import annotations

import random

import pytest
from aisle_osmosis import Osmosis
from aisle_osmosis.solving import OsmosisModel
from test_osmosis_rules import made_game

from aisle.engine import Game
from aisle.solver import Budget, Verdict, solve
from aisle.testing.plain_search import plain_verdict
from aisle.testing.solver_model import cross_check

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@pytest.mark.parametrize("deal", ["single", "three"])
def test_the_solver_model_plays_as_the_engine(deal: str) -> None:
    assert cross_check(Osmosis, {"deal": deal}, seeds=(1, 2, 3), steps=150) > 150


def small_game(seed: int, deal: str) -> Game:
    """Three ranks of every suit, the base card of clubs up, the other eleven spread at random
    over the reserve piles (faces as dealt: the top card up) and the stock."""
    chooser = random.Random(seed)
    base, *others = chooser.sample(RANKS, 3)
    cards = [rank + suit for rank in (base, *others) for suit in SUITS if rank + suit != base + "C"]
    chooser.shuffle(cards)
    slots: dict[str, list[str]] = {"foundation-1": [base + "C"], "stock": []}
    for card in cards:
        slots.setdefault(chooser.choice(["tableau-1", "tableau-2", "tableau-3", "tableau-4", "stock"]),
                         []).append(card)
    faces = {slot: [("" if slot == "stock" or n == len(codes) - 1 else "~") + code
                    for n, code in enumerate(codes)] for slot, codes in slots.items()}
    return made_game({slot: " ".join(codes) for slot, codes in faces.items()}, deal)


def plain_search(game: Game) -> bool:
    """Whether any sequence of legal actions wins (these positions are small enough to tell)."""
    winnable = plain_verdict(game, limit=200_000)
    assert winnable is not None
    return winnable


@pytest.mark.parametrize("deal", ["single", "three"])
def test_the_verdicts_match_a_plain_search_on_small_positions(deal: str) -> None:
    proved = won = 0
    for seed in range(40):
        game = small_game(seed, deal)
        winnable = plain_search(game)
        model = game.variant.solver_model(game.board)
        assert isinstance(model, OsmosisModel)
        if model.hopeless(0.0):
            assert not winnable, f"deal {seed}: the relaxed game calls a winnable position lost"
            proved += 1
        verdict = solve(game, Budget(60.0)).verdict
        assert verdict is (Verdict.WON if winnable else Verdict.LOST), f"deal {seed}"
        won += winnable
    # Both kinds of position were met, and the relaxed game proved some losses by itself.
    assert 0 < won < 40 and proved > 0
