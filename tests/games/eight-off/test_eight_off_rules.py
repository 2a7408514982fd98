"""Eight Off's rules (docs/rules/eight-off.md), one rule per test, on real deals or on positions
laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_eight_off import EightOff
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
CELLS = tuple(f"reserve-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: A King alone on each of piles 2-5; pile 8 holds the cards not named, under 2C.
BASE = {"tableau-2": "KC", "tableau-3": "KD", "tableau-4": "KH", "tableau-5": "KS", "tableau-8": "2C"}


def table(slots: dict[str, str]) -> Game:
    return arranged("eight-off", slots, rest="tableau-8")


def full_cells(*codes: str) -> dict[str, str]:
    return dict(zip(CELLS, codes, strict=False))


# -- layout and deal ---------------------------------------------------------------------------
def test_foundations_on_the_left_free_cells_over_the_piles() -> None:
    specs = EightOff().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *CELLS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, 0, y) for y in range(4)]
    assert [(s.kind, s.x, s.y) for s in specs[4:12]] == [(SlotKind.RESERVE, 1.5 + x, 0) for x in range(8)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[12:]] == [
        (SlotKind.TABLEAU, 1.5 + x, 1, Fan.DOWN) for x in range(8)]


def test_the_game_describes_itself() -> None:
    assert EightOff.id == "eight-off" and str(EightOff.name) == "Eight Off"
    assert EightOff.options == () and EightOff.has_deal_action is False
    assert (EightOff.game_family, EightOff.difficulty, EightOff().max_score()) == ("freecell", 2, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_six_cards_on_each_pile_and_four_free_cells_filled(seed: int) -> None:
    game = new_game("eight-off", seed)
    assert [len(game.slot(pile).cards) for pile in PILES] == [6] * 8
    assert [len(game.slot(cell).cards) for cell in CELLS] == [1] * 4 + [0] * 4
    assert all(card.face_up for card in game.cards) and game.score == 0


# -- picking up and the piles ------------------------------------------------------------------
def test_runs_of_one_suit_going_down_move_together() -> None:
    game = table({**BASE, "tableau-1": "9H 8H 7H", "tableau-6": "10H", "tableau-7": "6C 5H"})
    assert str(game.pick_up_refusal("tableau-7", 2)) == "Only cards of one suit can be moved together."
    game.play(Move("tableau-1", 3, "tableau-6"))
    assert codes(game, "tableau-6") == "10H 9H 8H 7H"


def test_piles_build_down_in_suit() -> None:
    game = table({**BASE, "tableau-1": "9H", "tableau-6": "8C", "tableau-7": "7H"})
    assert refusal(game, Move("tableau-6", 1, "tableau-1")) == (
        "Piles are built down by suit: 8♣ cannot go onto 9♥.")
    assert refusal(game, Move("tableau-7", 1, "tableau-1")) == "7♥ must be one rank lower than 9♥."


def test_a_run_is_no_longer_than_the_empty_free_cells_plus_one_and_empty_piles_do_not_count() -> None:
    cells = full_cells("3C", "4D", "2H", "2S", "3D", "3H")  # two free cells left
    game = table({**BASE, **cells, "tableau-1": "5C JS 10S 9S 8S", "tableau-6": "QS", "tableau-7": ""})
    assert refusal(game, Move("tableau-1", 4, "tableau-6")) == (
        "With the free cells you have, only 3 cards can be moved at once.")


def test_only_a_king_or_a_run_from_a_king_goes_into_an_empty_pile() -> None:
    game = table({**BASE, "tableau-3": "5D KD QD", "tableau-6": "4C JC", "tableau-7": ""})
    assert refusal(game, Move("tableau-6", 1, "tableau-7")) == "Only a King can go onto an empty pile."
    game.play(Move("tableau-3", 2, "tableau-7"))
    assert codes(game, "tableau-7") == "KD QD"


def test_a_free_cell_holds_one_card() -> None:
    game = table({**BASE, "reserve-1": "9C", "tableau-1": "10S 9S 8S"})
    assert refusal(game, Move("tableau-1", 1, "reserve-1")) == "This free cell is already taken."
    assert refusal(game, Move("tableau-1", 2, "reserve-2")) == "A free cell holds only one card."
    game.play(Move("tableau-1", 1, "reserve-2"))
    assert codes(game, "reserve-2") == "8S"


def test_foundation_cards_stay_there() -> None:
    game = table({**BASE, "foundation-1": "AH 2H"})
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


# -- autoplay, double-click, Send All Up -------------------------------------------------------
def test_after_every_move_every_card_that_fits_goes_up() -> None:
    game = table({**BASE, "foundation-1": suit_up("H", 4), "reserve-1": "5H", "tableau-1": "7H 6H",
                  "tableau-6": "9D", "tableau-7": "8D"})
    game.play(Move("tableau-7", 1, "tableau-6"))  # unrelated: then 5H, 6H and 7H go up
    assert codes(game, "foundation-1") == suit_up("H", 7) and game.score == 7 and len(game.history) == 1


def test_double_click_moves_a_pile_card_into_the_first_empty_free_cell() -> None:
    game = table({**BASE, "reserve-1": "9C", "tableau-1": "10S 9S"})
    game.double_click("tableau-1")
    assert codes(game, "reserve-2") == "9S"
    with pytest.raises(IllegalAction):
        game.double_click("reserve-1")


def test_before_the_first_move_a_double_click_or_send_all_up_sends_cards_up() -> None:
    layout = {**BASE, "tableau-1": "9C AD", "tableau-6": "2D", "reserve-1": "AS"}
    game = table(layout)
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AD 2D" and codes(game, "foundation-2") == "AS"
    game = table(layout)
    game.send_all_up()
    assert sorted(codes(game, f) for f in FOUNDATIONS) == ["", "", "AD 2D", "AS"]


# -- score, win, loss, hint --------------------------------------------------------------------
def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged("eight-off", foundations, rest="tableau-1")
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_hint_order_up_then_onto_a_pile_then_a_free_cell() -> None:
    game = table({**BASE, "tableau-1": "3D 9H 8H", "tableau-6": "10H", "tableau-7": "7C QS",
                  "reserve-1": "AS"})
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


def test_hint_moves_a_king_with_its_run_into_an_empty_pile_but_not_one_at_the_bottom() -> None:
    cells = full_cells(*["2H", "3H", "4H", "5H", "6H", "7H", "8H"])  # one free cell: runs of two
    game = table({**BASE, **cells, "tableau-1": "", "tableau-3": "4C KD QD", "tableau-6": "JD",
                  "tableau-7": "JS"})
    hint = game.hint()  # not KC, the only card of pile 2, though it is looked at first
    assert hint is not None and hint.action == Move("tableau-3", 2, "tableau-1")
    assert str(hint.text) == "Move K♦ onto an empty tableau slot."


def test_lost_when_the_hint_has_nothing_and_every_free_cell_is_full() -> None:
    cells = full_cells(*["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"])
    game = table({**BASE, **cells, "tableau-1": "4C", "tableau-6": "5D", "tableau-7": "6S",
                  "tableau-8": "8C"})
    assert game.hint() is None and game.status is Status.LOST


def test_not_lost_while_a_free_cell_is_empty() -> None:
    game = table({**BASE, "tableau-1": "4C", "tableau-6": "5D", "tableau-7": "6S"})
    hint = game.hint()
    assert hint is not None and hint.action is None and game.status is Status.PLAYING
