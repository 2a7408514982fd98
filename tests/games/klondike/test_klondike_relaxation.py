"""Klondike's coarse game (aisle_klondike/relaxation.py) can do everything the real one can: along
real winning games every position fits, every move is a coarse move and no position is called
lost; it proves lost what the dead-end test cannot, deals whose real spaces are far too large to
search, and positions spoilt by a card played from the stock."""

from __future__ import annotations

import time

import pytest
from aisle_klondike.dead_end import lost
from aisle_klondike.game import REDEALS, Klondike
from aisle_klondike.relaxation import Relaxation
from aisle_klondike.rules import FOUNDATIONS, STOCK, TABLEAU, WASTE
from aisle_klondike.solving import KlondikeModel
from test_solver_model import klondike_with

from aisle.engine import Board, Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve


def _model(game: Game) -> KlondikeModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KlondikeModel)
    return model


def _coarse(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    downs = tuple(sum(1 for card in pile.cards if not card.face_up) for pile in board.slots[TABLEAU])
    levels = [0, 0, 0, 0]
    for slot in board.slots[FOUNDATIONS]:
        if slot.cards:
            levels[slot.cards[-1].id % 52 // 13] = slot.cards[-1].rank
    return downs, tuple(levels)


def _stacked(game: Game) -> tuple[bytes, bytes]:
    """The waste as the coarse game stacks it and the stock still to deal, in its order (model
    cards): only once no redeal is left (the stock only when it deals one card at a time)."""
    variant = game.variant
    assert isinstance(variant, Klondike)
    if variant.max_redeals is None or game.board.state[REDEALS] < variant.max_redeals:
        return b"", b""
    waste = bytes(card.id % 52 // 13 * 16 + card.rank for card in game.board.slots[WASTE].cards)
    stock = bytes(card.id % 52 // 13 * 16 + card.rank for card in reversed(game.board.slots[STOCK].cards))
    return waste, stock if variant.draw == 1 else b""


@pytest.mark.parametrize(("options", "seeds"), [({}, (2, 4, 7)), ({"deal": "three"}, (3, 6)),
                                                ({"deal": "no-redeals"}, (2,))])
def test_every_real_winning_game_is_a_coarse_one(options: dict[str, str], seeds: tuple[int, ...]) -> None:
    for seed in seeds:
        game = new_game("klondike", seed, options)
        model = _model(game)
        start = model.start()
        coarse = Relaxation(model.hidden, start[0], start[2], start[3])
        result = solve(game, Budget(120, positions=200_000))
        assert result.verdict is Verdict.WON, seed
        here = _coarse(game.board)
        assert here == coarse.start[:2]
        from_stock = {card.id for card in game.board.slots[STOCK].cards + game.board.slots[WASTE].cards}
        for action in result.solution:
            game.play(action)
            # the dead-end test never calls a position of the winning game lost
            piles = game.board.slots[TABLEAU]
            committed = sum(1 << (card.id % 52 // 13 * 13 + card.rank - 1)
                            for pile in piles for card in pile.cards if card.id in from_stock)
            assert coarse.live((*_coarse(game.board), committed, *_stacked(game))), (seed, len(game.history))
            after = _coarse(game.board)
            if after == here:
                continue
            # (the coarse moves are only those where the cards fit all along)
            assert (*after, 0, b"", b"") in coarse.moves((*here, 0, b"", b"")), (seed, len(game.history))
            here = after
        assert game.status is Status.WON
        assert not coarse.lost(time.monotonic() + 60, 10**6)


def test_two_cards_that_need_the_same_parent_lose_the_deal() -> None:
    # JH lies on JD, face down over QC, 10H and 3D. JH can only go onto QS (QC lies under it,
    # 10H too), and JD then has no parent left: QC is still face down under it, QS holds JH,
    # and diamonds stop at the two while 3D is face down. The dead-end test, which lets every
    # card in the stock take any card, does not see it.
    game = klondike_with({"tableau-1": ("3D 10H QC JD", "JH")})
    model = _model(game)
    start = model.start()
    bases = tuple(up[0] if down else -1 for up, down in zip(start[0], start[1], strict=True))
    assert not lost(model.hidden, start[1], bases)
    assert model.hopeless(time.monotonic() + 60) is True
    result = solve(game, Budget(60))
    assert result.verdict is Verdict.LOST
    assert result.positions == 0  # no real position was needed


def test_a_second_free_parent_keeps_the_deal_alive() -> None:
    # The same, with QC in the stock instead: JH goes onto one black queen, JD onto the other.
    game = klondike_with({"tableau-1": ("3D 10H JD", "JH")})
    assert _model(game).hopeless(time.monotonic() + 60) is False
    assert solve(game, Budget(60)).verdict is Verdict.WON


@pytest.mark.parametrize("seed", [35, 65, 99])
def test_deals_too_large_to_search_are_proved_lost(seed: int) -> None:
    # Deals 35, 65 and 99 take the exhaustive search minutes and millions of positions.
    for options in ({}, {"deal": "three"}):
        result = solve(new_game("klondike", seed, options), Budget(60))
        assert result.verdict is Verdict.LOST, (seed, options)


def test_a_card_played_from_the_stock_can_spoil_the_position() -> None:
    # 7S must leave to uncover 8D, 6S and 6C (it cannot go up before 6S): onto 8H, the only
    # red eight not under it. With 7C played onto 8H from the stock, 7C can never leave (its
    # other parent is 8D, its suit waits for 6C) and 7S has nowhere to go: lost, though the
    # same table with 7C still in the stock is not. Only the committed card tells them apart.
    game = klondike_with({"tableau-1": ("6C 6S 8D", "7S"), "tableau-2": ("", "8H")})
    model = _model(game)
    start = model.start()
    seven_of_clubs = 0 * 16 + 7
    coarse = Relaxation(model.hidden, start[0], start[2], start[3])
    assert coarse.live((start[1], start[2], 0, b"", b""))
    assert not coarse.live((start[1], start[2], 1 << 6, b"", b""))
    played = [child for _, child in model.children(start) if seven_of_clubs in child[0][1]]
    assert played and model.children(played[0]) == []
    assert model.children(start)
    assert solve(game, Budget(60)).verdict is Verdict.WON
