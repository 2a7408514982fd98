"""Union Square's solver model (solving.py: copies of a card alike, piles sorted in the key, one
empty pile tried, the game's safe move folded in) against a plain search that tells every card
apart and tries every legal action, on small positions late in a game; and against the engine
(cross-check)."""

from __future__ import annotations

import random

from aisle_union_square import UnionSquare
from hand_laid import laid

from aisle.engine import Game
from aisle.solver import Budget, Verdict, solve
from aisle.testing.plain_search import without_solver_knowledge
from aisle.testing.solver_model import cross_check, start_key

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"


#: The same rules with no solver knowledge: every card told apart, every action tried.
PlainUnion = without_solver_knowledge(UnionSquare)


def late_position(seed: int, variant: type[UnionSquare] = UnionSquare, out: int = 19,
                  dropped: bool = False) -> Game:
    """A position near the end: each suit's foundation on its way down, `out` cards left, one
    to each pile and the rest shuffled into the stock, the waste and the piles. `dropped`
    leaves one of them off the table: its suit can never be completed, so the position is lost,
    and a search must see every position to say so."""
    chooser = random.Random(seed)
    out_by_suit = [0, 0, 0, 0]
    for _ in range(out):
        out_by_suit[chooser.randrange(4)] += 1
    laid_out: dict[str, list[str]] = {}
    left: list[str] = []
    for number, (suit, count) in enumerate(zip(SUITS, out_by_suit, strict=True), start=1):
        down = [f"{rank}{suit}" for rank in reversed(RANKS)]
        laid_out[f"foundation-{number}"] = [f"{rank}{suit}" for rank in RANKS] + down[:13 - count]
        left += down[13 - count:]
    chooser.shuffle(left)
    if dropped:
        left.pop()
    piles = [f"tableau-{number}" for number in range(1, 17)]
    for pile, card in zip(piles, left, strict=False):
        laid_out[pile] = [card]
    for card in left[len(piles):]:
        laid_out.setdefault(chooser.choice(["stock", "waste", *piles]), []).append(card)
    return laid(variant, {place: " ".join(cards) for place, cards in laid_out.items()})


def plain_model_search(game: Game) -> Verdict:
    """Every action the model's `legal` lists (the cross-check holds it to the engine's), with
    nothing alike: positions told apart by every pile and foundation in its place."""
    model = game.variant.solver_model(game.board)
    assert model is not None
    start = model.start()
    seen = {start}
    waiting = [start]
    while waiting:
        state = waiting.pop()
        if model.won(state):
            return Verdict.WON
        for _, child in model.legal(state):
            if child not in seen:
                seen.add(child)
                waiting.append(child)
    return Verdict.LOST


def test_the_model_decides_as_the_plain_search_does() -> None:
    verdicts = []
    for seed in range(1, 16):
        known = solve(late_position(seed), Budget(600, 200_000))
        expected = solve(late_position(seed, PlainUnion), Budget(600, 200_000))
        assert Verdict.UNKNOWN not in (known.verdict, expected.verdict)
        assert known.verdict is expected.verdict, seed
        assert known.positions <= expected.positions
        verdicts.append(known.verdict)
    assert Verdict.WON in verdicts


def test_the_model_finds_a_loss_where_every_move_was_tried() -> None:
    # Positions with a few cards and one left off: the plain search over the model's own legal
    # actions sees every arrangement of them.
    for seed in range(1, 6):
        game = late_position(seed, out=4, dropped=True)
        assert plain_model_search(game) is Verdict.LOST
        assert solve(game, Budget(600, 200_000)).verdict is Verdict.LOST
    game = late_position(1, out=4)
    assert plain_model_search(game) is Verdict.WON
    assert solve(game, Budget(600, 200_000)).verdict is Verdict.WON


def test_the_model_plays_as_the_engine_does() -> None:
    assert cross_check(UnionSquare, None, seeds=(1, 2, 3), steps=200) > 100


def test_copies_of_a_card_and_alike_piles_share_a_key() -> None:
    game = Game.new(UnionSquare, 1)
    board = game.board

    before = start_key(game)
    piles = [board.slot(f"tableau-{number}").cards for number in range(1, 17)]
    piles[0][:], piles[1][:] = piles[1][:], piles[0][:]
    assert start_key(game) == before
    stock = board.slot("stock").cards
    # A pile's card and its twin in the stock trade places: the same position by the rules.
    pile, twin = next((pile, index) for pile in piles for index, card in enumerate(stock)
                      if card.code == pile[0].code)
    pile[0], stock[twin] = stock[twin], pile[0]
    assert start_key(game) == before
    other = next(index for index, card in enumerate(stock) if card.code != pile[0].code)
    pile[0], stock[other] = stock[other], pile[0]
    assert start_key(game) != before
