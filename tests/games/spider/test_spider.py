"""Spider: every rule of docs/rules/spider.md, each in its own small test.

Positions are real deals or tables laid out by hand with `arrange` (test setup only). Golden
deals, the decks of each option, the conformance kit and long games are in test_spider_deals.py.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from aisle_spider import Spider

from aisle.engine import Card, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.variant import Variant

TABLEAU = [f"tableau-{k}" for k in range(1, 11)]
FOUNDATIONS = [f"foundation-{k}" for k in range(1, 9)]
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
#: A stock of one round whose cards make no move anywhere in these tests.
ROUND = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD"


# -- test setup ---------------------------------------------------------------------------
def arrange(piles: dict[str, str], stock: str = "", suits: str = "four") -> Game:
    """TEST SETUP ONLY: a fresh game whose table is laid out by hand.

    `piles` maps slot ids to card codes, bottom first ("~7H" face down, "7H" face up); `stock`
    lists the stock's codes top first, all face down; "K*" is any King not named elsewhere.
    Cards not named are left off the table:
    these positions test rules, not card conservation.
    """
    game = Game.new(Spider, 1, {"suits": suits})
    unused: dict[str, list[Card]] = defaultdict(list)
    for card in game.cards:
        unused[card.code].append(card)
    for slot in game.slots:
        slot.cards.clear()
    named = [(slot_id, code) for slot_id, text in piles.items() for code in text.split()]
    # Named cards first, then "K*" (any King still unused), so a filler never takes a named card.
    taken = {index: unused[code.lstrip("~")].pop() for index, (_, code) in enumerate(named)
             if code != "K*"}
    for index, (slot_id, code) in enumerate(named):
        card = taken.get(index) or next(unused[f"K{s}"].pop() for s in "CDHS" if unused[f"K{s}"])
        card.face_up = not code.startswith("~")
        game.slot(slot_id).cards.append(card)
    for code in reversed(stock.split()):
        card = unused[code].pop()
        card.face_up = False
        game.slot("stock").cards.append(card)
    game._changed()  # the table was changed behind the game's back: forget cached answers
    return game


def run(suit: str, high: int = 13, low: int = 1) -> str:
    """Codes of a same-suit run from `high` down to `low`, bottom first ("KH QH ... AH")."""
    return " ".join(f"{NAMES.get(rank, rank)}{suit}" for rank in range(high, low - 1, -1))


def full(**piles: str) -> dict[str, str]:
    """Every pile not given holds a lone King (of any suit still unused): no pile is empty."""
    layout = dict.fromkeys(TABLEAU, "K*")
    layout.update({key.replace("_", "-"): value for key, value in piles.items()})
    return layout


def codes(game: Game, slot_id: str) -> str:
    return " ".join(("" if c.face_up else "~") + c.code for c in game.slot(slot_id).cards)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def can_send_all_up(game: Game) -> bool:
    """Read afresh, like `status`."""
    return game.can_send_all_up


def reason(game: Game, action: Move | Deal) -> str | None:
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid


# -- the table and the deal ---------------------------------------------------------------
def test_layout_follows_the_reference() -> None:
    game = Game.new(Spider, 1)
    assert [s.id for s in game.slots] == ["stock", *FOUNDATIONS, *TABLEAU]
    assert (game.slot("stock").x, game.slot("stock").y) == (0, 0)
    assert [(game.slot(f).x, game.slot(f).y) for f in FOUNDATIONS] == [(x, 0) for x in range(2, 10)]
    assert [(game.slot(t).x, game.slot(t).y) for t in TABLEAU] == [(x, 1) for x in range(10)]
    assert all(game.slot(t).fan == Fan.DOWN and game.slot(t).kind == SlotKind.TABLEAU for t in TABLEAU)
    assert all(game.slot(f).kind == SlotKind.FOUNDATION for f in FOUNDATIONS)


def test_variant_attributes_and_options() -> None:
    assert (Spider.id, Spider.decks, Spider.help_page) == ("spider", 2, "spider")
    assert Spider.has_deal_action  # Control > Deal deals a row, as a click on the stock does
    (option,) = Spider.options
    assert (option.key, option.default) == ("suits", "four")
    assert [c.value for c in option.choices] == ["four", "two", "one"]
    assert [c.label.msgid for c in option.choices] == ["Four suits", "Two suits", "One suit"]
    assert [Spider({"suits": s}).deck_suits() for s in ("four", "two", "one")] == [
        ("clubs", "diamonds", "hearts", "spades"), ("hearts", "spades"), ("spades",)]


@pytest.mark.parametrize("suits", ["four", "two", "one"])
def test_piles_1_4_7_10_get_six_cards_the_others_five_with_the_top_face_up(suits: str) -> None:
    game = Game.new(Spider, 7, {"suits": suits})
    for index, slot_id in enumerate(TABLEAU):
        cards = game.slot(slot_id).cards
        assert len(cards) == (6 if index in (0, 3, 6, 9) else 5)
        assert [c.face_up for c in cards] == [False] * (len(cards) - 1) + [True]
    assert len(game.slot("stock").cards) == 50
    assert not any(c.face_up for c in game.slot("stock").cards)
    assert (game.score, game.max_score, game.status) == (0, 96, Status.PLAYING)
    assert game.status_text is not None
    assert game.status_text.translate() == "Stock left: 50 cards (5 deals)"


# -- picking up ---------------------------------------------------------------------------
def test_the_stock_and_the_foundations_cannot_be_picked_up() -> None:
    game = arrange({"tableau-1": ROUND, "foundation-1": run("S")}, stock="5H")
    assert reason(game, Move("stock", 1, "tableau-2")) == (
        "Cards cannot be taken from the stock; click it to deal a round.")
    assert reason(game, Move("foundation-1", 1, "tableau-1")) == "A finished run on a foundation stays there."


def test_only_a_face_up_same_suit_descending_run_can_be_picked_up() -> None:
    game = arrange({"tableau-1": "~KD 9H 8H 7H", "tableau-2": "8S 7H", "tableau-3": "9D 7D"})
    assert [game.pick_up_refusal("tableau-1", n) for n in (1, 2, 3)] == [None, None, None]
    assert reason(game, Move("tableau-1", 4, "tableau-4")) == "Face-down cards cannot be moved."
    assert reason(game, Move("tableau-2", 2, "tableau-4")) == "Only cards of one suit can be moved together."
    assert reason(game, Move("tableau-3", 2, "tableau-4")) == (
        "Cards moved together must go down in rank one step at a time.")


# -- dropping -----------------------------------------------------------------------------
def test_a_run_goes_onto_a_card_one_rank_higher_of_any_suit() -> None:
    game = arrange(full(tableau_1="~KD 9H 8H 7H", tableau_2="10C", tableau_3="9S"))
    assert game.drop_targets("tableau-1", 1) == []
    assert game.drop_targets("tableau-1", 2) == ["tableau-3"]
    assert game.drop_targets("tableau-1", 3) == ["tableau-2"]
    game.play(Move("tableau-1", 3, "tableau-2"))
    assert codes(game, "tableau-2") == "10C 9H 8H 7H" and codes(game, "tableau-1") == "KD"


def test_a_wrong_rank_is_refused_with_the_cards_name() -> None:
    game = arrange({"tableau-1": "7H", "tableau-2": "9S", "tableau-3": "KH", "tableau-4": "AS"})
    refusal = game.why_not(Move("tableau-1", 1, "tableau-2"))
    assert refusal is not None and refusal.translate().startswith("7\u2665 ")
    assert reason(game, Move("tableau-3", 1, "tableau-4")) == "A King can only go onto an empty pile."


def test_an_empty_pile_takes_any_run() -> None:
    game = arrange({"tableau-1": "~2C 5H 4H 3H", "tableau-2": "KD"})
    assert [reason(game, Move("tableau-1", n, "tableau-3")) for n in (1, 2, 3)] == [None] * 3
    assert reason(game, Move("tableau-2", 1, "tableau-3")) is None


def test_only_a_complete_run_goes_onto_an_empty_foundation() -> None:
    game = arrange({"tableau-1": "~5C " + run("D"), "tableau-2": run("S", 12),
                    "foundation-1": run("H")})
    assert reason(game, Move("tableau-2", 12, "foundation-2")) == (
        "Only a complete run of one suit, from King down to Ace, can go onto a foundation.")
    assert reason(game, Move("tableau-1", 13, "foundation-1")) == (
        "This foundation already holds a finished run.")
    game.play(Move("tableau-1", 13, "foundation-8"))
    assert codes(game, "foundation-8") == run("D") and codes(game, "tableau-1") == "5C"


def test_nothing_goes_onto_the_stock() -> None:
    game = arrange({"tableau-1": ROUND}, stock="2C")
    assert reason(game, Move("tableau-1", 1, "stock")) == "Cards cannot be put on the stock."


def test_the_new_top_turns_face_up_and_undo_turns_it_back() -> None:
    game = arrange(full(tableau_1="~3D ~QS 7H", tableau_2="8C"))
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "~3D QS"
    game.undo()
    assert codes(game, "tableau-1") == "~3D ~QS 7H"


# -- the stock ----------------------------------------------------------------------------
def test_a_stock_click_deals_one_card_face_up_onto_each_pile_in_order() -> None:
    game = Game.new(Spider, 11)
    next_ten = [c.id for c in reversed(game.slot("stock").cards[-10:])]
    game.play(Deal())
    assert [game.slot(t).cards[-1].id for t in TABLEAU] == next_ten
    assert all(game.slot(t).cards[-1].face_up for t in TABLEAU)
    assert game.status_text is not None and game.status_text.translate() == "Stock left: 40 cards (4 deals)"
    game.undo()
    assert len(game.slot("stock").cards) == 50


def test_five_deals_empty_the_stock() -> None:
    game = Game.new(Spider, 11)
    for _ in range(5):
        game.play(Deal())
    assert not game.slot("stock").cards
    assert reason(game, Deal()) == "The stock is empty."
    assert game.status_text is not None and game.status_text.msgid == "The stock is empty."


def test_no_deal_while_a_pile_is_empty() -> None:
    game = arrange(full(tableau_3="", tableau_5="QH JH"), stock=ROUND)
    assert reason(game, Deal()) == "Fill every empty pile before dealing another round."
    assert Deal() not in game.legal_actions()
    game.play(Move("tableau-5", 1, "tableau-3"))
    assert reason(game, Deal()) is None
    game.play(Deal())
    assert [game.slot(t).cards[-1].code for t in TABLEAU] == ROUND.split()


def test_a_dealt_card_scores_when_it_makes_a_link() -> None:
    tops = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    game = arrange(dict(zip(TABLEAU, tops, strict=True)), stock="AS 2H 3C 4S 5H 6S 7D 8S 9C 10S")
    game.play(Deal())
    # Links: AS on 2S, 4S on 5S, 6S on 7S, 8S on 9S, 10S on JS.
    assert game.score == 5
    game.undo()
    assert game.score == 0


# -- double-click and Send All Up ---------------------------------------------------------
def test_double_click_sends_a_complete_run_to_the_first_empty_foundation() -> None:
    game = arrange({"foundation-1": run("C"), "tableau-4": "~JD " + run("H")})
    game.double_click("tableau-4")
    assert codes(game, "foundation-2") == run("H") and codes(game, "tableau-4") == "JD"
    assert game.score == 24
    game.undo()
    assert codes(game, "tableau-4") == "~JD " + run("H") and not game.slot("foundation-2").cards


def test_double_click_needs_a_complete_run_on_top() -> None:
    game = arrange({"tableau-1": run("H", 13, 2) + " AD", "tableau-2": run("S", 12), "tableau-3": "5C"},
                   stock="2C")
    for slot_id in ("tableau-1", "tableau-2", "tableau-3", "tableau-4", "stock", "foundation-1"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)


def test_send_all_up_and_a_foundation_double_click_send_every_complete_run() -> None:
    piles = {"tableau-2": "~4C " + run("S"), "tableau-5": run("D"), "tableau-6": run("H", 13, 2)}
    game = arrange(piles)
    assert can_send_all_up(game)
    game.send_all_up()
    assert [codes(game, f) for f in FOUNDATIONS[:3]] == [run("S"), run("D"), ""]
    assert codes(game, "tableau-2") == "4C" and not can_send_all_up(game)
    game.undo()
    game.double_click("foundation-4")
    assert [codes(game, f) for f in FOUNDATIONS[:2]] == [run("S"), run("D")]
    assert game.variant.safe_up_move(game.board) is None  # never by itself


def test_complete_runs_never_move_by_themselves() -> None:
    game = arrange({"tableau-1": run("S", 13, 2), "tableau-2": "~4C AS"})
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == run("S") and not any(game.slot(f).cards for f in FOUNDATIONS)


# -- scoring ------------------------------------------------------------------------------
def test_links_made_and_broken() -> None:
    game = arrange(full(tableau_1="~5C 9H 8H 7H", tableau_2="8S", tableau_3="8H"))
    assert game.score == 2
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert game.score == 1
    game.play(Move("tableau-2", 1, "tableau-3"))
    assert game.score == 2


def test_a_link_on_a_face_down_card_never_counts() -> None:
    game = arrange(full(tableau_1="~8H 7H", tableau_2="8S"))
    assert game.score == 0
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "8H" and game.score == 0


def test_the_score_is_96_at_most() -> None:
    game = arrange({t: run("CDHS"[i % 4]) for i, t in enumerate(TABLEAU[:8])})
    assert game.score == game.max_score == 96


# -- winning and losing -------------------------------------------------------------------
def test_won_with_every_run_on_a_foundation() -> None:
    game = arrange({f: run("CDHS"[i % 4]) for i, f in enumerate(FOUNDATIONS[:7])} | {"tableau-6": run("S")})
    assert status(game) is Status.PLAYING
    game.double_click("tableau-6")
    assert (game.status, game.score) == (Status.WON, 96)


def test_won_with_all_eight_runs_built_in_the_tableau() -> None:
    piles = {t: run("S") for t in TABLEAU[:8]}
    piles["tableau-8"] = run("S", 13, 2)
    piles["tableau-9"] = "AS"
    game = arrange(piles, suits="one")
    assert (game.status, game.score) == (Status.PLAYING, 95)
    game.play(Move("tableau-9", 1, "tableau-8"))
    assert (game.status, game.score) == (Status.WON, 96)


def test_runs_on_both_sides_with_a_full_score_are_not_yet_won() -> None:
    game = arrange({f: run(s) for f, s in zip(FOUNDATIONS, "CDHS", strict=False)}
                   | {t: run(s) for t, s in zip(TABLEAU, "CDHS", strict=False)})
    assert game.score == 96 and status(game) is Status.PLAYING
    game.send_all_up()
    assert status(game) is Status.WON


def test_lost_when_the_stock_is_empty_and_nothing_can_move() -> None:
    game = arrange(full(tableau_1="~9D 5H", tableau_2="~9D 9C"))
    assert status(game) is Status.LOST
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("tableau-1", 1, "tableau-2")) == game.why_not(Deal())


def test_lost_when_too_few_cards_are_left_to_fill_the_piles_for_a_deal() -> None:
    # Nine cards on ten piles and a stock still to deal: no pile can ever be filled again.
    piles = dict(zip(TABLEAU, ["5C", "5D", "5S", "9C"] * 2, strict=False)) | {"tableau-9": "~2D " + run("H")}
    game = arrange(piles, stock="2S 3S 4S 6S 7S 8S 9S 10S JS QS")
    assert status(game) is Status.PLAYING
    game.double_click("tableau-9")
    assert status(game) is Status.LOST
    game.undo()
    assert status(game) is Status.PLAYING


def test_an_empty_pile_or_cards_to_deal_keep_the_game_on() -> None:
    stuck = full(tableau_1="~9D 5H", tableau_2="~9C 9C")
    assert arrange(stuck, stock=ROUND).status is Status.PLAYING
    assert arrange(stuck | {"tableau-2": ""}).status is Status.PLAYING
    complete = {t: "K*" for t in TABLEAU[2:9]} | {"tableau-2": run("H"), "tableau-10": "~2D 5C"}
    assert arrange({"tableau-1": "~9D 5H"} | complete).status is Status.PLAYING


def test_a_deal_that_leaves_no_move_loses_and_undo_takes_it_back() -> None:
    tops = ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D"]
    game = arrange(dict(zip(TABLEAU, tops, strict=True)), stock="KS KS KH KH KD KD KC KC 8C 8D")
    assert game.legal_actions() == [Deal()]
    game.play(Deal())
    assert status(game) is Status.LOST
    game.undo()
    assert status(game) is Status.PLAYING


# -- hints --------------------------------------------------------------------------------
def test_a_same_suit_build_comes_before_an_off_suit_one() -> None:
    game = arrange(full(tableau_1="7H", tableau_2="8S", tableau_3="~2C 5D", tableau_4="6D"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "tableau-4")
    assert hint.text.translate() == "Move 5\u2666 onto 6\u2666."


def test_a_build_hint_moves_the_whole_top_run() -> None:
    game = arrange(full(tableau_1="~3C 9H 8H 7H", tableau_2="10S", tableau_3="10H"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 3, "tableau-3")


def test_an_off_suit_build_is_hinted_only_when_it_splits_nothing() -> None:
    for beneath in ("", "~8S ", "10C "):
        game = arrange(full(tableau_1=beneath + "7H", tableau_3="8S"))
        hint = game.hint()
        assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-3"), beneath
    game = arrange(full(tableau_1="8C 7H", tableau_2="8S"), stock=ROUND)
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and hint.text.msgid == "Deal another round."


def test_an_empty_pile_is_hinted_with_a_run_that_turns_a_card_up() -> None:
    game = arrange(full(tableau_1="QC JD", tableau_2="", tableau_3="~4D 9S 8S"), stock=ROUND)
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Place something on an empty slot."
    assert hint.action == Move("tableau-3", 2, "tableau-2")


def test_an_empty_pile_hint_frees_a_loose_run_or_only_names_the_idea() -> None:
    game = arrange(full(tableau_1="QC JD", tableau_2="", tableau_3="9D 4S"), stock=ROUND)
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "tableau-2")
    game = arrange(full(tableau_1="QC JD", tableau_2=""), stock=ROUND)
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Place something on an empty slot." and hint.action is None


def test_the_last_hint_sends_a_complete_run_up_or_only_names_the_idea() -> None:
    game = arrange(full(tableau_1="8C 7H", tableau_2="8S"))
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Try moving card piles around." and hint.action is None
    game = arrange(full(tableau_1="8C 7H", tableau_2="~3D " + run("S"), tableau_3="~2D 5C"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 13, "foundation-1")


def test_legal_actions_list_every_move_and_nothing_else() -> None:
    game = arrange(full(tableau_1="~3C 9H 8H 7H", tableau_2="10S", tableau_3="",
                        tableau_4="~5D " + run("C")), stock="2C")
    listed = game.legal_actions()
    assert set(listed) == set(Variant.legal_actions(game.variant, game.board))
    assert len(listed) == len(set(listed))
    assert {Move("tableau-1", 3, "tableau-2"), Move("tableau-1", 2, "tableau-3"),
            Move("tableau-4", 13, "foundation-1"), Move("tableau-4", 13, "foundation-8")} <= set(listed)
    assert Deal() not in listed  # a pile is empty
