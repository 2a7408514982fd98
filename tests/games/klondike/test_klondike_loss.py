"""Klondike is lost when no card move is legal and none ever becomes legal for a card the
stock can still show (RULES.md "Our decisions" 4; the reference never declares a loss)."""

from __future__ import annotations

import random

import pytest
from aisle_klondike import Klondike
from test_klondike_setup import arranged

from aisle.engine import Game, Move, Status
from aisle.engine.events import inverse
from aisle.i18n import Text
from aisle.registry.games import new_game

#: Seven black tops (wanting a red 4, 6, 8, 10 or queen): nothing builds on anything.
STUCK = {"tableau-1": "5C", "tableau-2": "7S", "tableau-3": "9C", "tableau-4": "9S",
         "tableau-5": "JC", "tableau-6": "JS", "tableau-7": "KC"}


def stuck(piles: dict[str, str], deal: str = "single", redeals: int = 0) -> Game:
    """STUCK with some piles changed; the other cards lie face down under the KC."""
    return arranged({**STUCK, **piles}, {"deal": deal}, rest="tableau-7", redeals=redeals)


@pytest.mark.parametrize("deal", ["three", "single", "no-redeals", "unlimited"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_fresh_deal_is_not_lost(deal: str, seed: int) -> None:
    assert new_game("klondike", seed, {"deal": deal}).status is Status.PLAYING


def test_a_dead_end_is_lost_and_undo_brings_the_game_back() -> None:
    game = stuck({"waste": "4D"}, redeals=2)
    statuses = [game.status]
    game.play(Move("waste", 1, "tableau-1"))
    statuses.append(game.status)
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("tableau-1", 1, "tableau-2")) == Text("The game is over.")
    game.undo()
    statuses.append(game.status)
    assert statuses == [Status.PLAYING, Status.LOST, Status.PLAYING]


def test_lost_although_the_stock_could_still_be_turned_over() -> None:
    # Redeals are left, but no card of the stock or the waste ever fits anywhere.
    game = stuck({"waste": "5H 2D 7H", "stock": "2S 3H"}, redeals=0)
    assert game.variant.stock_refusal(game.board) is None
    assert game.status is Status.LOST


def test_not_lost_while_a_stock_card_will_fit() -> None:
    game = stuck({"stock": "8D 3H"}, redeals=2)
    assert game.status is Status.PLAYING


@pytest.mark.parametrize(("redeals", "status"), [(1, Status.PLAYING), (2, Status.LOST)])
def test_a_waste_card_counts_only_while_a_redeal_is_left(redeals: int, status: Status) -> None:
    game = stuck({"waste": "8D 5H"}, redeals=redeals)
    assert game.status is status


@pytest.mark.parametrize(("deal", "status"), [("three", Status.LOST), ("unlimited", Status.PLAYING)])
def test_three_card_deals_never_show_some_cards(deal: str, status: Status) -> None:
    # The stock deals 8D, 6H, 7D in one click: only 7D comes on top, every time round.
    game = stuck({"stock": "7D 6H 8D"}, deal=deal)
    assert game.status is status


def test_a_redeal_regroups_three_card_deals() -> None:
    # This pass shows 7D only; the next one deals 5H 6H 8D, then 7D: 8D comes on top.
    game = stuck({"waste": "5H", "stock": "7D 8D 6H"}, deal="three")
    assert game.status is Status.PLAYING


# -- the rule against brute force -------------------------------------------------------------
def dealing_never_helps(game: Game) -> bool:
    """Deal through the stock click by click, redeals included, looking for a card move;
    the table is put back afterwards."""
    board, variant = game.board, game.variant
    board.start_log()
    try:
        for _ in range(200):  # more clicks than several whole cycles of 52 cards
            if any(isinstance(action, Move) for action in variant.legal_actions(board)):
                return False
            if variant.stock_refusal(board) is not None:
                return True
            variant.click_stock(board)
        return True
    finally:
        for event in reversed(board.stop_log()):
            board.apply(inverse(event))


def scrambled(seed: int, deal: str) -> Game:
    """TEST SETUP: a random position: some stock, some waste, the rest in random piles with
    only their tops face up, and a random number of redeals used."""
    chooser = random.Random(seed)
    game = Game.new(Klondike, seed, {"deal": deal})
    cards = list(game.cards)
    chooser.shuffle(cards)
    for slot in game.slots:
        slot.cards.clear()
    stock_size, waste_size = chooser.randrange(12), chooser.randrange(8)
    for card in cards:
        card.face_up = False
    game.slot("stock").cards.extend(cards[:stock_size])
    for card in cards[stock_size:stock_size + waste_size]:
        card.face_up = True
        game.slot("waste").cards.append(card)
    piles = game.slots[6:13]
    for card in cards[stock_size + waste_size:]:
        chooser.choice(piles).cards.append(card)
    for pile in piles:
        if pile.cards:
            pile.cards[-1].face_up = True
    game.board.state["redeals"] = chooser.randrange(3)
    return game


@pytest.mark.parametrize("deal", ["three", "single", "no-redeals", "unlimited"])
def test_the_loss_rule_agrees_with_dealing_it_out(deal: str) -> None:
    outcomes = []
    for seed in range(500):
        game = scrambled(seed, deal)
        lost = game.status is Status.LOST
        assert lost == dealing_never_helps(game), f"deal {deal}, position {seed}"
        outcomes.append(lost)
    assert True in outcomes and False in outcomes
