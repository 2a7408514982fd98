"""Baker's Game's rules (docs/rules/bakers-game.md): FreeCell with columns built down in suit and
every fitting card sent up; one rule per test, on real deals or on positions laid out with
`arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_bakers_game import BakersGame
from aisle_freecell import FreeCell
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Game, Move, Status
from aisle.registry.games import new_game

COLUMNS = tuple(f"tableau-{n}" for n in range(1, 9))
CELLS = tuple(f"reserve-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: A King alone on each of columns 2-5; column 8 holds the cards not named, under 2C.
BASE = {"tableau-2": "KC", "tableau-3": "KD", "tableau-4": "KH", "tableau-5": "KS", "tableau-8": "2C"}


def table(slots: dict[str, str]) -> Game:
    return arranged("bakers-game", {**BASE, **slots}, rest="tableau-8")


def test_freecells_table() -> None:
    assert [(s.id, s.kind, s.x, s.y, s.fan) for s in BakersGame().layout()] == [
        (s.id, s.kind, s.x, s.y, s.fan) for s in FreeCell().layout()]


def test_the_game_describes_itself() -> None:
    assert BakersGame.id == "bakers-game" and str(BakersGame.name) == "Baker's Game"
    assert BakersGame.options == () and BakersGame.has_deal_action is False
    assert (BakersGame.game_family, BakersGame.difficulty, BakersGame().max_score()) == ("freecell", 3, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_seven_cards_on_the_first_four_columns_six_on_the_others(seed: int) -> None:
    game = new_game("bakers-game", seed)
    assert [len(game.slot(column).cards) for column in COLUMNS] == [7] * 4 + [6] * 4
    assert all(card.face_up for card in game.cards) and not any(game.slot(c).cards for c in CELLS)
    assert str(game.status_text) == "Cards that can move together: 5"


def test_columns_build_down_in_suit_and_runs_of_one_suit_move() -> None:
    game = table({"tableau-1": "9H 8H 7H", "tableau-6": "10H", "tableau-7": "6C 5H", "tableau-8": "9C"})
    assert str(game.pick_up_refusal("tableau-7", 2)) == "Only cards of one suit can be moved together."
    assert refusal(game, Move("tableau-1", 3, "tableau-8")) == (
        "Piles are built down by suit: 9♥ cannot go onto 9♣.")
    game.play(Move("tableau-1", 3, "tableau-6"))
    assert codes(game, "tableau-6") == "10H 9H 8H 7H"


def test_an_empty_column_takes_any_card_and_doubles_the_run_limit() -> None:
    cells = {"reserve-1": "3C", "reserve-2": "4D", "reserve-3": "3H"}  # one free cell
    game = table({**cells, "tableau-1": "5C JS 10S 9S 8S 7S", "tableau-6": "QS", "tableau-7": ""})
    assert refusal(game, Move("tableau-1", 5, "tableau-6")) == (
        "With the free cells and empty columns you have, only 4 cards can be moved at once.")
    game.play(Move("tableau-1", 1, "tableau-7"))
    assert codes(game, "tableau-7") == "7S"
    assert refusal(game, Move("tableau-1", 4, "tableau-6")) == (
        "With the free cells and empty columns you have, only 2 cards can be moved at once.")


def test_every_card_that_fits_goes_up_after_a_move() -> None:
    game = table({"foundation-1": suit_up("H", 4), "reserve-1": "5H", "tableau-1": "7H 6H",
                  "tableau-6": "9D", "tableau-7": "8D"})
    game.play(Move("tableau-7", 1, "tableau-6"))
    assert codes(game, "foundation-1") == suit_up("H", 7) and len(game.history) == 1


def test_foundation_cards_stay_there() -> None:
    game = table({"foundation-1": "AH 2H"})
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


def test_double_click_moves_a_card_into_a_free_cell() -> None:
    game = table({"tableau-1": "10S 9S"})
    game.double_click("tableau-1")
    assert codes(game, "reserve-1") == "9S"


def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged("bakers-game", foundations, rest="tableau-1")
    game.play(Move("tableau-1", 1, "reserve-1"))  # KS goes up by itself from the free cell
    assert (game.score, game.status) == (52, Status.WON)


def test_lost_when_only_single_cards_shuffle_between_the_columns() -> None:
    cells = {"reserve-1": "2H", "reserve-2": "3H", "reserve-3": "4H", "reserve-4": "5H"}
    game = table({**cells, "tableau-1": "4C", "tableau-6": "5D", "tableau-7": "6S", "tableau-8": "8C"})
    assert game.status is Status.LOST


def test_hint_sends_a_card_up_first() -> None:
    game = table({"tableau-1": "9D AS", "tableau-6": "10H"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "foundation-1")
