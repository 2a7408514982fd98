"""Monte Carlo's rules on hand-made grids: pairs that touch, the refusals, the deal that closes the
gaps and fills the grid, double-click, hints and the end of the game."""

from __future__ import annotations

import pytest
from aisle_monte_carlo import MonteCarlo
from aisle_monte_carlo.game import GRID, OUT, STOCK

from aisle.engine import Board, Deal, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(grid: str, stock: str = "", out: str = "") -> Game:
    """A game whose grid holds the cards named place by place ("-" for an empty place), whose
    stock holds `stock` (the last dealt first) and whose foundation holds `out`; the other cards
    are left out, which the rules never look at."""
    variant = MonteCarlo()
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, {})
    for slot, code in zip(GRID, grid.split(), strict=False):
        if code != "-":
            by_code[code].face_up = True
            board.place(slot, [by_code[code]])
    board.place(STOCK, [by_code[code] for code in stock.split()])
    board.place(OUT, [by_code[code] for code in out.split()])
    return Game(variant, 0, board)


def grid(game: Game) -> str:
    codes = [game.slot(slot).cards[0].code if game.slot(slot).cards else "-" for slot in GRID]
    return " ".join(codes).rstrip(" -")


def refusal(game: Game, source: int, target: str | int) -> str | None:
    variant, board = game.variant, game.board
    target_id = target if isinstance(target, str) else GRID[target - 1]
    why = variant.pick_up_refusal(board, board.slot(GRID[source - 1]), 1) or variant.drop_refusal(
        board, board.slot(GRID[source - 1]), 1, board.slot(target_id))
    return None if why is None else str(why)


#: Row one: 5C 5D 9H 2S 7C; row two: KD 5H 9S 3S 3D; place 11 on is row three.
ROWS = "5C 5D 9H 2S 7C KD 5H 9S 3S 3D 4C"


@pytest.mark.parametrize(("source", "target", "why"), [
    (1, 2, None),  # side by side
    (2, 1, None),
    (3, 8, None),  # one above the other
    (1, 7, None),  # corner to corner
    (1, 3, "Only cards that touch, side by side, one above the other or corner to corner, can be paired."),
    (5, 6, "Only cards that touch, side by side, one above the other or corner to corner, can be paired."),
    (9, 10, None),
    (4, 9, "2♠ and 3♠ are not of the same rank."),
    (4, 20, "A card can only be dropped onto a card of the same rank that touches it."),
    (4, OUT, "A card can only be dropped onto a card of the same rank that touches it."),
    (4, STOCK, "A card can only be dropped onto a card of the same rank that touches it."),
])
def test_pairs_that_touch(source: int, target: str | int, why: str | None) -> None:
    game = made_game(ROWS, stock="QS")
    assert refusal(game, source, target) == why


def test_a_pair_leaves_the_grid_for_the_foundation() -> None:
    game = made_game(ROWS, stock="QS")
    game.play(Move(GRID[2], 1, GRID[7]))
    assert grid(game) == "5C 5D - 2S 7C KD 5H - 3S 3D 4C"
    assert [card.code for card in game.slot(OUT).cards] == ["9S", "9H"] and game.score == 2


def test_the_foundation_and_the_stock_give_nothing() -> None:
    game = made_game(ROWS, stock="QS", out="AC AD")
    variant, board = game.variant, game.board
    assert str(variant.pick_up_refusal(board, board.slot(OUT), 1)) == "Cards on a foundation stay there."
    assert str(variant.pick_up_refusal(board, board.slot(STOCK), 1)) == (
        "Cards cannot be taken from the stock; click it to deal.")


def test_a_deal_closes_the_gaps_then_fills_the_end_from_the_stock() -> None:
    game = made_game("5C - 9H - 7C", stock="QS JD")
    game.play(Deal())
    assert grid(game) == "5C 9H 7C JD QS"
    assert all(game.slot(slot).cards[0].face_up for slot in GRID[:5])
    assert str(game.status_text) == "Stock left: 0"


def test_a_deal_with_nothing_to_close_or_deal_is_refused() -> None:
    def why(game: Game) -> str | None:
        refusal = game.variant.stock_refusal(game.board)
        return None if refusal is None else str(refusal)

    full = " ".join(card.code for card in new_deck()[:25])
    assert why(made_game(full, stock="KS")) == "There is no gap to close and no card to deal."
    assert why(made_game("5C 9H", stock="")) == "There is no gap to close and no card to deal."
    assert why(made_game("5C - 9H")) is None  # a gap to close, with the stock empty


def test_double_click_pairs_with_the_first_touching_card() -> None:
    game = made_game(ROWS, stock="QS")
    game.double_click(GRID[6])  # 5H: 5D above it comes before 5C corner to corner
    assert [card.code for card in game.slot(OUT).cards] == ["5H", "5D"]
    with pytest.raises(IllegalAction):
        game.double_click(GRID[3])  # 2S pairs with nothing


def test_hints_take_the_pairs_in_order_then_deal() -> None:
    game = made_game(ROWS, stock="QS")
    hint = game.hint()
    assert hint is not None and hint.action == Move(GRID[0], 1, GRID[1])
    assert str(hint.text) == "Move 5♣ onto 5♦."
    game = made_game("5C - 9H", stock="QS")
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
    assert str(hint.text) == "Close the gaps and deal more cards."


def test_nothing_is_sent_up_by_itself() -> None:
    game = made_game(ROWS, stock="QS")
    assert not game.can_send_all_up and game.variant.safe_up_move(game.board) is None
    with pytest.raises(IllegalAction):
        game.play(SendAllUp())


def test_won_when_every_card_is_gone_and_lost_when_stuck() -> None:
    everything = [card.code for card in new_deck()]
    game = made_game("7C 7D", out=" ".join(code for code in everything if code not in ("7C", "7D")))
    game.play(Move(GRID[0], 1, GRID[1]))
    assert game.status is Status.WON and game.score == 52
    assert made_game("7C 8D 9H").status is Status.LOST
