"""Seahaven Towers' rules (docs/rules/seahaven.md), one rule per test, on real deals or on
positions laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_seahaven import Seahaven
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 11))
CELLS = tuple(f"reserve-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: A King alone on each of piles 2-5; pile 10 holds the cards not named, under 2C.
BASE = {"tableau-2": "KC", "tableau-3": "KD", "tableau-4": "KH", "tableau-5": "KS", "tableau-10": "2C"}


def table(slots: dict[str, str]) -> Game:
    return arranged("seahaven", {**BASE, **slots}, rest="tableau-10")


def full_cells(*codes: str) -> dict[str, str]:
    return dict(zip(CELLS, codes, strict=False))


# -- layout and deal ---------------------------------------------------------------------------
def test_foundations_at_both_ends_of_the_top_row_free_cells_between() -> None:
    specs = Seahaven().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *CELLS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, x, 0) for x in (0, 1, 8, 9)]
    assert [(s.kind, s.x, s.y) for s in specs[4:8]] == [(SlotKind.RESERVE, x, 0) for x in range(3, 7)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[8:]] == [
        (SlotKind.TABLEAU, x, 1, Fan.DOWN) for x in range(10)]


def test_the_game_describes_itself() -> None:
    assert Seahaven.id == "seahaven" and str(Seahaven.name) == "Seahaven Towers"
    assert Seahaven.options == () and Seahaven.has_deal_action is False
    assert (Seahaven.game_family, Seahaven.difficulty, Seahaven().max_score()) == ("freecell", 2, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_five_cards_on_each_pile_and_the_middle_free_cells_filled(seed: int) -> None:
    game = new_game("seahaven", seed)
    assert [len(game.slot(pile).cards) for pile in PILES] == [5] * 10
    assert [len(game.slot(cell).cards) for cell in CELLS] == [0, 1, 1, 0]
    assert all(card.face_up for card in game.cards) and game.score == 0


# -- the piles and the free cells --------------------------------------------------------------
def test_piles_build_down_in_suit_and_runs_of_one_suit_move_together() -> None:
    game = table({"tableau-1": "9H 8H 7H", "tableau-6": "10H", "tableau-7": "6C 5H", "tableau-8": "9C"})
    assert str(game.pick_up_refusal("tableau-7", 2)) == "Only cards of one suit can be moved together."
    assert refusal(game, Move("tableau-1", 3, "tableau-8")) == (
        "Piles are built down by suit: 9♥ cannot go onto 9♣.")
    game.play(Move("tableau-1", 3, "tableau-6"))
    assert codes(game, "tableau-6") == "10H 9H 8H 7H"


def test_a_run_is_no_longer_than_the_empty_free_cells_plus_one_and_empty_piles_do_not_count() -> None:
    game = table({**full_cells("3C", "4D"), "tableau-1": "5C JS 10S 9S 8S", "tableau-6": "QS",
                  "tableau-7": ""})
    assert refusal(game, Move("tableau-1", 4, "tableau-6")) == (
        "With the free cells you have, only 3 cards can be moved at once.")


def test_only_a_king_or_a_run_from_a_king_goes_into_an_empty_pile() -> None:
    game = table({"tableau-3": "5D KD QD", "tableau-6": "4C JC", "tableau-7": ""})
    assert refusal(game, Move("tableau-6", 1, "tableau-7")) == "Only a King can go onto an empty pile."
    game.play(Move("tableau-3", 2, "tableau-7"))
    assert codes(game, "tableau-7") == "KD QD"


def test_a_free_cell_holds_one_card() -> None:
    game = table({"reserve-1": "9C", "tableau-1": "10S 9S 8S"})
    assert refusal(game, Move("tableau-1", 1, "reserve-1")) == "This free cell is already taken."
    assert refusal(game, Move("tableau-1", 2, "reserve-2")) == "A free cell holds only one card."


# -- the foundations ---------------------------------------------------------------------------
def test_a_whole_run_of_a_suit_goes_up_at_once_turned_round() -> None:
    game = table({"foundation-1": "AH 2H", "tableau-1": "9C 6H 5H 4H 3H"})
    game.play(Move("tableau-1", 4, "foundation-1"))
    assert codes(game, "foundation-1") == suit_up("H", 6) and game.score == 6
    assert codes(game, "tableau-1") == "9C"


def test_a_foundation_card_comes_back_and_its_point_goes() -> None:
    game = table({"foundation-1": "AH 2H 3H", "tableau-1": "4H"})
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4H 3H" and game.score == 2
    game.play(Move("foundation-1", 1, "reserve-1"))
    assert codes(game, "reserve-1") == "2H" and game.score == 1


def test_no_card_goes_up_by_itself() -> None:
    game = table({"foundation-1": "AH", "reserve-1": "2H", "tableau-1": "9D", "tableau-6": "8D"})
    game.play(Move("tableau-6", 1, "tableau-1"))
    assert codes(game, "reserve-1") == "2H"


def test_double_click_sends_a_card_up_and_on_a_foundation_everything_that_fits() -> None:
    game = table({"foundation-1": "AH", "reserve-1": "2H", "tableau-1": "9D 3H", "tableau-6": "AD"})
    game.double_click("reserve-1")
    assert codes(game, "foundation-1") == "AH 2H"
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "AH 2H 3H" and codes(game, "foundation-2") == "AD"
    assert len(game.history) == 2


# -- score, win, loss, hint --------------------------------------------------------------------
def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 10)
    game = arranged("seahaven", {**foundations, "tableau-1": "KS QS JS"}, rest="tableau-2")
    game.play(Move("tableau-1", 3, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_hint_order_up_then_onto_a_pile_then_a_free_cell() -> None:
    game = table({"tableau-1": "3D 9H 8H", "tableau-6": "10H", "tableau-7": "7C QS", "reserve-1": "AS"})
    hints = []
    for _ in range(5):
        hint = game.hint()
        assert hint is not None
        hints.append((str(hint.text), hint.action))
        if hint.action is None:
            break
        game.play(hint.action)
    assert hints == [
        ("Move A♠ onto an empty foundation slot.", Move("reserve-1", 1, "foundation-1")),
        ("Move 9♥ onto 10♥.", Move("tableau-1", 2, "tableau-6")),
        ("Move Q♠ onto K♠.", Move("tableau-7", 1, "tableau-5")),
        ("Move a card into an empty free cell.", None),
    ]


def test_lost_when_the_hint_has_nothing_and_every_free_cell_is_full() -> None:
    game = table({**full_cells("2H", "3H", "4H", "5H"), "foundation-1": "AS 2S", "tableau-1": "4C",
                  "tableau-6": "5D", "tableau-7": "6S", "tableau-8": "8C", "tableau-9": "3S 9D",
                  "tableau-10": "7H"})
    assert game.hint() is None and game.status is Status.LOST
