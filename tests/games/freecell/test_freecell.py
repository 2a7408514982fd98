"""FreeCell's rules (docs/rules/freecell.md), one rule per test.

Positions come from real deals, or from `arranged()` (test_freecell_setup.py), which lays out a
position of our own choosing before the game starts.
"""

from __future__ import annotations

import pytest
from aisle_freecell import FreeCell, rules
from aisle_freecell.layout import CELL_IDS, COLUMN_IDS, FOUNDATION_IDS
from test_freecell_setup import arranged, codes

from aisle.engine import Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.i18n import Text
from aisle.registry.games import new_game


def refusal(game: Game, move: Move) -> str:
    reason = game.why_not(move)
    assert reason is not None, f"{move} was allowed"
    return str(reason)


def deal_one() -> Game:
    """Deal 1 (pinned in test_freecell_deals.py), columns bottom first:
    1 JD KD 2S 4C 3S 6D 6S, 2 2D KC KS 5C 10D 8S 9C, 3 9H 9S 9D 10S 4S 8D 2H,
    4 JC 5S QD QH 10H QS 6H, 5 5D AD JS 4H 8H 6C, 6 7H QC AS AC 2C 3D,
    7 7C KH AH 4D JH 8C, 8 5H 3H 3C 7S 7D 10C."""
    return new_game("freecell", 1)


#: A five-card run in column 1 that fits onto 10S in column 2; every other column holds a card.
RUN = ["9D 8C 7H 6S 5H", "10S", "KC", "KD", "KH", "KS", "QC"]


# -- layout ------------------------------------------------------------------------------------
def test_slots_follow_the_reference_grid() -> None:
    specs = FreeCell().layout()
    assert [spec.id for spec in specs] == [*CELL_IDS, *FOUNDATION_IDS, *COLUMN_IDS]
    # Each group of the top row 1/24 tighter than the columns, a quarter card between them.
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[:4]] == [
        (SlotKind.RESERVE, x, 0, Fan.NONE) for x in (0, 0.958, 1.917, 2.875)]
    assert [(s.kind, s.x, s.y) for s in specs[4:8]] == [
        (SlotKind.FOUNDATION, x, 0) for x in (4.125, 5.083, 6.042, 7.0)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[8:]] == [(SlotKind.TABLEAU, x, 1, Fan.DOWN)
                                                               for x in range(8)]


def test_the_game_describes_itself() -> None:
    assert FreeCell.id == "freecell" and FreeCell.help_page == "freecell"
    assert str(FreeCell.name) == "FreeCell" and str(FreeCell.description)
    assert FreeCell.options == () and FreeCell.option_combinations() == [{}]
    assert FreeCell.has_deal_action is False and FreeCell.decks == 1
    assert FreeCell().max_score() == 52


def test_free_cells_are_named_as_such() -> None:
    game = deal_one()
    assert str(game.variant.slot_name(game.slot("reserve-3"))) == "free cell 3"
    assert str(game.variant.slot_name(game.slot("tableau-3"))) == "tableau pile 3"


# -- the deal ----------------------------------------------------------------------------------
def test_deal_is_eight_face_up_columns_of_seven_and_six() -> None:
    game = deal_one()
    assert [len(game.slot(c).cards) for c in COLUMN_IDS] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(card.face_up for slot in game.slots for card in slot.cards)
    assert not any(game.slot(s).cards for s in (*CELL_IDS, *FOUNDATION_IDS))
    assert (game.score, game.max_score, game.status) == (0, 52, Status.PLAYING)
    assert str(game.status_text) == "Cards that can move together: 5"


def test_there_is_no_stock_to_click() -> None:
    game = deal_one()
    assert str(game.why_not(Deal())) == "There is nothing to deal."
    assert Deal() not in game.legal_actions()


# -- picking up --------------------------------------------------------------------------------
def test_a_run_of_alternating_colours_going_down_can_be_picked_up() -> None:
    game = arranged(RUN, rest="tableau-8")
    for count in range(1, 6):
        assert game.pick_up_refusal("tableau-1", count) is None


def test_cards_that_are_not_a_run_cannot_be_picked_up_together() -> None:
    game = deal_one()
    assert game.pick_up_refusal("tableau-1", 1) is None
    assert str(game.pick_up_refusal("tableau-1", 2)) == (
        "Only a run going down by one rank in alternating colours can be moved together.")


def test_foundation_cards_stay_there() -> None:
    game = arranged(["2H"], foundations=["AH"], rest="tableau-8")
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


# -- the free cells ----------------------------------------------------------------------------
def test_a_free_cell_takes_one_card() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "reserve-2"))
    assert codes(game, "reserve-2") == "6S" and codes(game, "tableau-1") == "JD KD 2S 4C 3S 6D"
    assert str(game.status_text) == "Cards that can move together: 4"


def test_a_taken_free_cell_refuses_another_card() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "reserve-1"))
    assert refusal(game, Move("tableau-2", 1, "reserve-1")) == "This free cell is already taken."


def test_a_free_cell_refuses_several_cards() -> None:
    game = arranged(RUN, rest="tableau-8")
    assert refusal(game, Move("tableau-1", 2, "reserve-1")) == "A free cell holds only one card."


def test_a_card_may_go_from_one_free_cell_to_another_and_back_into_play() -> None:
    game = arranged(["KC 6S"], cells=["5H"], rest="tableau-8")
    game.play(Move("reserve-1", 1, "reserve-4"))
    assert codes(game, "reserve-4") == "5H" and codes(game, "reserve-1") == ""
    game.play(Move("reserve-4", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "KC 6S 5H" and codes(game, "reserve-4") == ""


# -- the foundations ---------------------------------------------------------------------------
def test_any_ace_starts_any_empty_foundation() -> None:
    game = arranged(["9C AH", "9D AS"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "foundation-3"))
    # The other Ace follows by autoplay, onto the first empty foundation.
    assert codes(game, "foundation-3") == "AH" and codes(game, "foundation-1") == "AS"
    assert game.score == 2


def test_a_foundation_builds_up_in_suit() -> None:
    game = arranged(["2H", "3H", "2S"], foundations=["AH"], rest="tableau-8")
    assert refusal(game, Move("tableau-2", 1, "foundation-1")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-3", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    assert refusal(game, Move("tableau-1", 1, "foundation-2")) == (
        "Only an Ace can start an empty foundation.")
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "foundation-1").startswith("AH 2H")


def test_a_foundation_takes_one_card_at_a_time() -> None:
    game = arranged(["3S 2H"], foundations=["AH"], rest="tableau-8")
    assert refusal(game, Move("tableau-1", 2, "foundation-1")) == "Cards go onto a foundation one at a time."


# -- the columns -------------------------------------------------------------------------------
def test_a_column_builds_down_in_alternating_colours() -> None:
    game = arranged(["5H", "6S", "6D", "7S"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-2") == "6S 5H"
    assert refusal(game, Move("tableau-3", 1, "tableau-2")) == (
        "6♦ and 5♥ are both red; the colours must alternate.")
    assert refusal(game, Move("tableau-4", 1, "tableau-3")) is not None
    game.play(Move("tableau-3", 1, "tableau-4"))
    assert codes(game, "tableau-4") == "7S 6D"


def test_an_empty_column_takes_any_card() -> None:
    game = arranged(["KC 5H", ""], rest="tableau-8")
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-2") == "5H"


# -- how many cards move at once ---------------------------------------------------------------
@pytest.mark.parametrize(("free", "empty", "to_empty", "most"), [
    (4, 0, False, 5), (3, 0, False, 4), (0, 0, False, 1), (4, 1, False, 10), (4, 2, False, 20),
    (2, 3, False, 24), (4, 1, True, 5), (4, 2, True, 10), (0, 1, True, 1),
])
def test_capacity_is_free_cells_plus_one_doubled_by_each_empty_column(
    free: int, empty: int, to_empty: bool, most: int
) -> None:
    assert rules.capacity(free, empty, to_empty) == most


def test_five_cards_move_with_four_free_cells() -> None:
    game = arranged(RUN, rest="tableau-8")
    game.play(Move("tableau-1", 5, "tableau-2"))
    assert codes(game, "tableau-2") == "10S 9D 8C 7H 6S 5H" and codes(game, "tableau-1") == ""


def test_a_full_free_cell_lowers_the_limit() -> None:
    game = arranged(RUN, cells=["QD"], rest="tableau-8")
    assert refusal(game, Move("tableau-1", 5, "tableau-2")) == (
        "With the free cells and empty columns you have, only 4 cards can be moved at once.")
    assert not any(move.count == 5 for move in game.legal_actions() if isinstance(move, Move))


def test_the_limit_speaks_of_one_card_in_the_singular() -> None:
    game = arranged(["KC 5H 4S", "6S", "KD", "KH", "KS", "QC", "QS"], cells=["QD", "QH", "JC", "JD"],
                    rest="tableau-8")
    assert refusal(game, Move("tableau-1", 2, "tableau-2")) == (
        "With the free cells and empty columns you have, only 1 card can be moved at once.")


def test_an_empty_column_doubles_the_limit() -> None:
    columns = [*RUN[:2], ""]  # column 3 empty, the rest full
    columns += ["KD", "KH", "KS", "QC"]
    game = arranged(columns, cells=["QD", "QH"], rest="tableau-8")
    assert str(game.status_text) == "Cards that can move together: 6"
    game.play(Move("tableau-1", 5, "tableau-2"))
    assert codes(game, "tableau-2") == "10S 9D 8C 7H 6S 5H"


def test_the_empty_target_column_does_not_count() -> None:
    columns = ["9D 8C 7H 6S 5H", "10S", "", "KD", "KH", "KS", "QC"]
    game = arranged(columns, cells=["QD"], rest="tableau-8")
    # Three free cells and one empty column: 8 onto a card, but only 4 into the empty column.
    assert rules.capacity(3, 1, False) == 8
    assert refusal(game, Move("tableau-1", 5, "tableau-3")) == (
        "With the free cells and empty columns you have, only 4 cards can be moved at once.")
    game.play(Move("tableau-1", 4, "tableau-3"))
    assert codes(game, "tableau-3") == "8C 7H 6S 5H"


def test_the_column_a_whole_run_leaves_does_not_count_as_empty() -> None:
    game = arranged(RUN, cells=["QD"], rest="tableau-8")
    # Column 1 would be empty after the move, but that gives no extra room during it.
    assert Move("tableau-1", 5, "tableau-2") not in game.legal_actions()


# -- autoplay ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("tops", "red", "black"), [
    ({"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0}, 2, 2),
    ({"clubs": 1, "diamonds": 0, "hearts": 2, "spades": 1}, 3, 2),
    ({"clubs": 5, "diamonds": 6, "hearts": 6, "spades": 5}, 7, 8),
    ({"clubs": 6, "diamonds": 3, "hearts": 4, "spades": 9}, 6, 5),
    ({"clubs": 13, "diamonds": 13, "hearts": 13, "spades": 13}, 15, 15),
])
def test_safe_ranks_follow_the_reference_formula(tops: dict[str, int], red: int, black: int) -> None:
    assert (rules.safe_rank(tops, True), rules.safe_rank(tops, False)) == (red, black)


def test_an_uncovered_ace_goes_up_by_itself_in_the_same_move() -> None:
    game = arranged(["AH 9C"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "reserve-1"))
    assert codes(game, "foundation-1") == "AH" and codes(game, "tableau-1") == ""
    assert game.score == 1 and len(game.history) == 1
    game.undo()
    assert codes(game, "tableau-1") == "AH 9C" and game.score == 0


def test_autoplay_looks_again_from_the_first_free_cell_after_each_card() -> None:
    game = arranged(["AC 9H"], cells=["2C"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "reserve-2"))
    assert codes(game, "foundation-1") == "AC 2C" and codes(game, "reserve-1") == ""


def test_a_red_three_waits_for_both_black_aces() -> None:
    game = arranged(["3H 9C"], foundations=["AH 2H", "AC"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "reserve-1"))
    assert codes(game, "tableau-1") == "3H"
    game = arranged(["3H 9C"], foundations=["AH 2H", "AC", "AS"], rest="tableau-8")
    game.play(Move("tableau-1", 1, "reserve-1"))
    assert codes(game, "tableau-1") == "" and codes(game, "foundation-1") == "AH 2H 3H"


def test_aces_on_top_at_the_deal_wait_for_the_first_move() -> None:
    game = new_game("freecell", 2)
    assert codes(game, "tableau-1").endswith("AS") and game.score == 0
    game.play(Move("tableau-8", 1, "reserve-1"))
    assert codes(game, "foundation-1") == "AS" and game.score == 1


# -- double-click ------------------------------------------------------------------------------
def test_double_click_sends_a_fitting_card_up() -> None:
    game = arranged(["9C 2H"], foundations=["AH"], rest="tableau-8")
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AH 2H" and len(game.history) == 1


def test_double_click_parks_any_other_card_in_the_first_empty_free_cell() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "reserve-1"))
    game.double_click("tableau-2")
    assert codes(game, "reserve-2") == "9C" and len(game.history) == 2


def test_double_click_does_nothing_when_no_free_cell_is_empty() -> None:
    game = arranged(["KC 5H"], cells=["QD", "QH", "JC", "JD"], rest="tableau-8")
    with pytest.raises(IllegalAction):
        game.double_click("tableau-1")
    assert not game.can_undo


def test_double_click_on_a_free_cell_only_sends_its_card_up() -> None:
    game = arranged(["KC"], cells=["2H", "5D"], foundations=["AH"], rest="tableau-8")
    with pytest.raises(IllegalAction):
        game.double_click("reserve-2")
    game.double_click("reserve-1")
    assert codes(game, "foundation-1") == "AH 2H" and codes(game, "reserve-1") == ""


def test_double_click_on_a_foundation_sends_every_fitting_card_up() -> None:
    # 5H and 6H are not safe (the black cards are far behind), so autoplay leaves them.
    game = arranged(["KC 5H"], cells=["6H"], foundations=["AH 2H 3H 4H"], rest="tableau-8")
    game.play(Move("tableau-8", 1, "reserve-2"))
    assert codes(game, "foundation-1") == "AH 2H 3H 4H"
    game.double_click("foundation-2")
    assert codes(game, "foundation-1") == "AH 2H 3H 4H 5H 6H" and game.score == 6
    game.undo()
    assert codes(game, "foundation-1") == "AH 2H 3H 4H" and codes(game, "reserve-1") == "6H"


def test_double_click_on_an_empty_place_does_nothing() -> None:
    game = deal_one()
    for slot_id in ("reserve-1", "foundation-1"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)


# -- score and win -----------------------------------------------------------------------------
def test_the_score_counts_the_cards_on_the_foundations() -> None:
    game = arranged(["KH", "KS"])
    # Four free cells and six empty columns make room for (4 + 1) × 2^6 = 320 cards; no run is
    # longer than thirteen.
    assert game.score == 50 and str(game.status_text) == "Cards that can move together: 13"


def test_won_when_all_cards_are_up() -> None:
    game = arranged(["KH", "KS"])
    assert game.status is Status.PLAYING
    game.play(Move("tableau-1", 1, "foundation-3"))  # KS follows by autoplay
    assert (game.status, game.score, len(game.history)) == (Status.WON, 52, 1)
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("foundation-4", 1, "tableau-1")) == Text("The game is over.")


# -- no more moves -----------------------------------------------------------------------------
#: Four Kings fill the free cells and no column is empty. Only 5H moves: onto 6S or 6C and
#: back, which never frees anything (9C under it goes nowhere, nothing goes onto 9C).
SHUTTLE = ["9C 5H", "QD 6S", "QH 6C", "QS 9D", "JD", "JH", "3D"]
KINGS = ["KC", "KD", "KH", "KS"]


def test_lost_when_nothing_can_move() -> None:
    game = arranged(["9C 5S", *SHUTTLE[1:]], cells=KINGS, rest="tableau-8")
    assert game.variant.legal_actions(game.board) == []
    assert game.status is Status.LOST and game.hint() is None


def test_lost_when_only_a_card_going_back_and_forth_can_move() -> None:
    game = arranged(SHUTTLE, cells=KINGS, rest="tableau-8")
    assert game.variant.legal_actions(game.board) == [Move("tableau-1", 1, "tableau-2"),
                                                      Move("tableau-1", 1, "tableau-3")]
    assert game.status is Status.LOST


def test_not_lost_when_moving_cards_about_uncovers_a_way_out() -> None:
    game = arranged(["AC 5H", *SHUTTLE[1:]], cells=KINGS, rest="tableau-8")
    assert game.status is Status.PLAYING
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "foundation-1") == "AC"


def test_not_lost_while_a_free_cell_or_a_column_is_empty() -> None:
    game = arranged(["9C 5S", *SHUTTLE[1:]], cells=KINGS[:3], rest="tableau-8")
    assert game.status is Status.PLAYING
    columns = ["9C 5S", *SHUTTLE[1:6], ""]
    game = arranged(columns, cells=KINGS, rest="tableau-7")
    assert game.status is Status.PLAYING


def test_undo_after_a_loss_plays_on() -> None:
    game = arranged(["9C 5S", *SHUTTLE[1:]], cells=KINGS[:3], rest="tableau-8")
    top = game.slot("tableau-8").cards[-1].code
    game.play(Move("tableau-8", 1, "reserve-4"))  # the last free cell: nothing moves any more
    statuses = [game.status]
    game.undo()
    statuses.append(game.status)
    assert statuses == [Status.LOST, Status.PLAYING] and codes(game, "tableau-8").endswith(top)


# -- hint --------------------------------------------------------------------------------------
def test_hint_sends_a_card_up_before_anything_else() -> None:
    # 5H is not safe for autoplay (no black card is up), and 8D could join 9S.
    game = arranged(["9C 5H", "3S 8D", "9S"], foundations=["AH 2H 3H 4H"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "foundation-1")
    assert str(hint.text) == "Move 5♥ onto 4♥."


def test_hint_joins_runs() -> None:
    game = arranged(["KC 8D", "9S", "QC 2D"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2")
    assert str(hint.text) == "Move 8♦ onto 9♠."


def test_hint_parks_a_card_to_free_the_one_below() -> None:
    game = arranged(["AH 9C", "QC 2D"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "reserve-1")
    assert str(hint.text) == "Move 9♣ to a free cell."


def test_hint_looks_two_moves_ahead() -> None:
    # Nothing improves in one move; parking 7D and then 9C frees the Ace.
    game = arranged(["AH 9C 7D", "QC 2D"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "reserve-1")


def test_hint_names_an_empty_column_and_an_empty_foundation() -> None:
    game = arranged(["AH"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and str(hint.text) == "Move A♥ onto an empty foundation slot."
    game = arranged(["KC QD 5H", "", "AH 4D"], cells=["QH", "JC", "JD", "KD"], rest="tableau-8")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "tableau-2")
    assert str(hint.text) == "Move 4♦ onto an empty tableau slot."


def test_hint_says_so_when_it_knows_nothing() -> None:
    # Met in play (deal 2): twelve moves are legal, but none of them, nor any two in a row,
    # improves the position.
    game = arranged(["QD 4D 10D 9S 8D 7S 6D 5C", "KS QH JC 10H 9C 8H", "KC", "3C 6H 6C 7C 2S 3D 2C",
                     "4C QS 8S 7D 6S", "JH 10S", "KD 2D 5D AC 9H KH QC JD 10C 9D 8C 7H", "JS"],
                    cells=["3S", "4S", "", "5S"], suits="SHDC")
    assert len(game.legal_actions()) == 12
    hint = game.hint()
    assert hint is not None and hint.action is None
    assert str(hint.text) == "No hint available right now."


# -- cards going up by themselves --------------------------------------------------------------
def test_the_safe_card_is_the_one_autoplay_would_send() -> None:
    game = new_game("freecell", 2)  # AS lies on top of column 1 at the deal
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    game.play(Move("tableau-8", 1, "reserve-1"))
    assert game.variant.safe_up_move(game.board) is None  # autoplay has already sent it


def test_an_unsafe_card_is_not_called_safe() -> None:
    game = arranged(["KC 5H"], foundations=["AH 2H 3H 4H"], rest="tableau-8")
    assert game.variant.safe_up_move(game.board) is None


def test_send_all_up_sends_every_fitting_card() -> None:
    game = arranged(["KC 5H"], cells=["6H"], foundations=["AH 2H 3H 4H"], rest="tableau-8")
    assert next(game.variant.send_up_moves(game.board)) == Move("tableau-1", 1, "foundation-1")
    game.send_all_up()
    assert codes(game, "foundation-1") == "AH 2H 3H 4H 5H 6H" and len(game.history) == 1
