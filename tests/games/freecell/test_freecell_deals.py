"""FreeCell's deals are the classic Microsoft ones (pinned against published layouts), its
registration, whole games played by the hints, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_freecell import FreeCell, deals
from aisle_freecell.layout import COLUMN_IDS
from aisle_klondike import Klondike

from aisle.engine import MAX_SEED, Game, Status, new_deck
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_conformance = conformance(FreeCell)

#: Published layouts of the classic program (rows across the eight columns, "T" for ten), as
#: solvers and FreeCell sites print them; deal 11982 is the one that cannot be won.
CLASSIC = {
    1: ["JD 2D 9H JC 5D 7H 7C 5H", "KD KC 9S 5S AD QC KH 3H", "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S", "3S TD 4S TH 8H 2C JH 7D", "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H"],
    617: ["7D AD 5C 3S 5S 8C 2D AH", "TD 7S QD AC 6D 8H AS KH", "TH QC 3H 9D 6S 8D 3D TC",
          "KD 5H 9S 3C 8S 7H 4D JS", "4C QS 9C 9H 7C 6H 2C 2S", "4S TS 2H 5D JC 6C JH QH",
          "JD KS KC 4H"],
    11982: ["AH AS 4H AC 2D 6S TS JS", "3D 3H QS QC 8S 7H AD KS", "KD 6H 5S 4D 9H JH 9S 3C",
            "JC 5D 5C 8C 9D TD KH 7C", "6C 2C TH QH 6D TC 4S 7S", "JD 7D 8H 9C 2H QD 4C 5H",
            "KC 8D 2S 3S"],
}

#: Deal 24 as a solver's test prints it: one line per column, bottom first.
DEAL_24_COLUMNS = ["4C 2C 9C 8C QS 4S 2H", "5H QH 3C AC 3H 4H QD", "QC 9S 6H 9H 3S KS 3D",
                   "5D 2S JC 5C JH 6D AS", "2D KD TH TC TD 8D", "7H JS KH TS KC 7C",
                   "AH 5S 6S AD 8H JD", "7S 6C 7D 4D 8S 9D"]


def rows(game: Game) -> list[str]:
    """The columns read across in rows, as the classic layouts are printed."""
    columns = [[card.code.replace("10", "T") for card in game.slot(c).cards] for c in COLUMN_IDS]
    return [" ".join(column[row] for column in columns if row < len(column)) for row in range(7)]


def play_by_hints(seed: int, most: int = 300) -> Game:
    game = new_game("freecell", seed)
    for _ in range(most):
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
    return game


def test_the_entry_point_registers_freecell() -> None:
    info = available_variants()["freecell"]
    assert info.variant is FreeCell and info.plugin == "freecell"


# -- the classic deals -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", sorted(CLASSIC))
def test_golden_deals_are_the_classic_programs(seed: int) -> None:
    assert rows(new_game("freecell", seed)) == CLASSIC[seed]


def test_deal_24_column_by_column() -> None:
    game = new_game("freecell", 24)
    columns = [" ".join(card.code.replace("10", "T") for card in game.slot(c).cards) for c in COLUMN_IDS]
    assert columns == DEAL_24_COLUMNS


def test_the_generator_is_the_microsoft_c_rand() -> None:
    # Deal 1's first card: state 1 -> 1 * 214013 + 2531011 = 2745024, >> 16 = 41, and
    # 41 mod 52 picks index 41 of A♣ A♦ A♥ A♠ 2♣ …: J♦ (4 × 10 + 1).
    assert deals.classic_indexes(1)[0] == 41
    assert sorted(deals.classic_indexes(11982)) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, deals.LAST_DEAL + 1])
def test_the_classic_generator_only_takes_its_own_numbers(number: int) -> None:
    with pytest.raises(ValueError, match="classic deals run from 1 to 2147483647"):
        deals.classic_indexes(number)


@pytest.mark.parametrize(("seed", "plays"), [
    (1, 1), (11982, 11982), (deals.LAST_DEAL, deals.LAST_DEAL), (0, deals.LAST_DEAL),
    (deals.LAST_DEAL + 1, 1), (deals.LAST_DEAL + 11982, 11982), (MAX_SEED, 3),
])
def test_numbers_outside_the_classic_range_wrap_round(seed: int, plays: int) -> None:
    assert deals.classic_number(seed) == plays
    game = new_game("freecell", seed)
    assert position(game) == position(new_game("freecell", plays))
    assert game.seed == seed  # the number the player chose stays the deal's number


def test_the_engine_asks_the_game_for_its_deck_order() -> None:
    cards = new_deck()
    order = FreeCell().deck_order(1, cards)
    assert order is not None and sorted(card.id for card in order) == list(range(52))
    assert [card.code for card in order[:8]] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
    # Games without an order of their own leave the shuffle to Aisle.
    assert Klondike().deck_order(1, cards) is None
    assert Variant.deck_order(Klondike(), 1, cards) is None


# -- whole games -------------------------------------------------------------------------------
def test_a_whole_game_won_by_following_the_hints() -> None:
    game = play_by_hints(3)
    assert (game.status, game.score, len(game.history)) == (Status.WON, 52, 48)


def test_a_whole_game_that_the_hints_lead_into_a_dead_end() -> None:
    game = play_by_hints(1)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, 6, 21)
    assert game.legal_actions() == [] and game.hint() is None


@pytest.mark.parametrize("seed", [1, 3, 11982])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("freecell", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
