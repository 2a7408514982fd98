"""The dead-end test (plugins/aisle_forty_thieves/dead_ends.py) against a plain search that tries
every legal action of the engine (`aisle.testing.plain_search`), on small hand-made positions: most
cards up, a few left in the piles and the stock, so the plain search sees the whole space."""

from __future__ import annotations

from aisle_forty_thieves.dead_ends import lost
from aisle_forty_thieves.solving import FortyThievesModel
from test_forty_thieves_setup import arranged

from aisle.engine import Game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import ModelSearch
from aisle.testing.plain_search import plain_verdict

#: Rank names of the cards' codes, Ace first.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def up_to(rank: int, suit: str) -> str:
    """The codes of a foundation of `suit` built from the Ace to `rank`."""
    return " ".join(name + suit for name in RANKS[:rank])


def small(piles: list[str], stock: str = "", heights: dict[str, int] | None = None) -> Game:
    """A position with `piles` on the first piles, `stock` (in the order it deals) in the stock
    and every other card up: each suit's two foundations as high as `heights` says (13 when it
    does not name the suit)."""
    heights = heights or {}
    slots: dict[str, str] = {}
    for index, suit in enumerate("CDHS"):
        for twin in range(2):
            slots[f"foundation-{2 * index + twin + 1}"] = up_to(heights.get(suit, 13), suit)
    for index, pile in enumerate(piles):
        slots[f"tableau-{index + 1}"] = pile
    game = arranged(slots, rest="waste")
    # the cards `stock` names were put in the waste as the leftovers: deal them from the stock
    waste, stock_slot = game.slot("waste").cards, game.slot("stock").cards
    assert sorted(card.code for card in waste) == sorted(stock.split()), "the stock must name the rest"
    by_code = {code: [card for card in waste if card.code == code] for code in stock.split()}
    dealt = [by_code[code].pop() for code in stock.split()]
    waste.clear()
    stock_slot.extend(reversed(dealt))  # the stock deals from its end
    for card in dealt:
        card.face_up = False
    return game


def verdicts(game: Game) -> tuple[bool, Verdict]:
    """The dead-end test's verdict and that of the model's exhaustive search with the test left
    out (its moves are the engine's: see the cross-check in test_forty_thieves_model.py)."""
    model = game.variant.solver_model(game.board)
    assert isinstance(model, FortyThievesModel)
    state = model.start()
    called_lost = lost(*state[:4])
    model.check_dead = False
    search = ModelSearch(model, Budget(600, 200_000), None, float("inf"))
    return called_lost, search.run()


# Hearts up to the Fours: each Five lies under a Six, each Seven under an Eight, the Nines at
# the bottom of piles going up to the Kings (no top card is one below another of its suit);
# Clubs and Diamonds stuck under their Kings; two Jacks of Clubs in the stock go up, and
# nothing else can move.
STUCK = ["5H 6H", "5H 6H", "7H 8H", "7H 8H", "9H 10H JH QH KH", "9H 10H JH QH KH",
         "QC KC", "QC KC", "QD KD", "QD KD"]
STUCK_HEIGHTS = {"C": 10, "D": 11, "H": 4}


def test_where_the_test_fires_no_search_finds_a_win() -> None:
    game = small(STUCK, "JC JC", STUCK_HEIGHTS)
    assert verdicts(game) == (True, Verdict.LOST)
    assert plain_verdict(game, 2_000) is False  # the engine's own moves, every one of them


def test_where_a_pile_can_empty_the_test_keeps_out_and_the_game_is_won() -> None:
    # One Queen of Clubs alone on its pile: it goes up, the pile empties, and through it the
    # Hearts come loose (a Six into the empty pile, its Five up, and so on).
    piles = [*STUCK[:6], "QC", "QC KC", "QD KD", "QD KD"]
    game = small(piles, "JC JC KC", STUCK_HEIGHTS)
    assert verdicts(game) == (False, Verdict.WON)


def test_where_a_top_card_has_a_place_the_test_keeps_out_and_the_game_is_won() -> None:
    # As the stuck position, but a Nine of Hearts on top of a pile: an Eight goes onto it, the
    # Seven under it onto the other Eight, and its pile is empty.
    piles = [*STUCK[:4], "10H JH QH KH 9H", "9H 10H JH QH KH", *STUCK[6:]]
    game = small(piles, "JC JC", STUCK_HEIGHTS)
    assert verdicts(game) == (False, Verdict.WON)
