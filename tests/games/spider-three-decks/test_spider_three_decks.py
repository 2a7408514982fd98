"""Spider Three Decks: every rule of RULES.md §4 and §9 (7-8), each in its own small test.

Positions are either real deals or tables laid out by hand with `arrange` (test setup only).
Deals, golden layouts and the conformance kit are in test_spider_three_decks_deals.py.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from aisle_spider_three_decks import SpiderThreeDecks

from aisle.engine import Card, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.variant import Variant

TABLEAU = [f"tableau-{k}" for k in range(1, 13)]
FOUNDATIONS = [f"foundation-{k}" for k in range(1, 13)]
SUIT_LETTERS = "CDHS"


# -- test setup ---------------------------------------------------------------------------
def arrange(piles: dict[str, str], stock: str = "") -> Game:
    """TEST SETUP ONLY: a fresh game whose table is laid out by hand.

    `piles` maps slot ids to card codes, bottom first ("~7H" is face down, "7H" face up, "K*"
    a King of any suit still unused); `stock` lists the stock's codes top first (dealt first),
    all face down. Cards not named are left off the table: these positions test rules, not
    card conservation.
    """
    game = Game.new(SpiderThreeDecks, 1)
    unused: dict[str, list[Card]] = defaultdict(list)
    for card in game.cards:
        unused[card.code].append(card)
    for slot in game.slots:
        slot.cards.clear()

    def take(code: str) -> Card:
        if code.endswith("*"):  # resolved after every named card is taken
            return next(unused[code[:-1] + suit].pop() for suit in SUIT_LETTERS if unused[code[:-1] + suit])
        return unused[code.lstrip("~")].pop()

    laid: dict[str, list[tuple[str, Card | None]]] = {
        slot_id: [(c, None if c.endswith("*") else take(c)) for c in text.split()]
        for slot_id, text in piles.items()
    }
    for slot_id, cards in laid.items():
        for code, named in cards:
            placed = named if named is not None else take(code)
            placed.face_up = not code.startswith("~")
            game.slot(slot_id).cards.append(placed)
    for code in reversed(stock.split()):
        card = take(code)
        card.face_up = False
        game.slot("stock").cards.append(card)
    return game


def run(suit: str, high: int = 13, low: int = 1) -> str:
    """Codes of a same-suit run from `high` down to `low`, bottom first ("KH QH ... AH")."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{names.get(rank, rank)}{suit}" for rank in range(high, low - 1, -1))


def codes(game: Game, slot_id: str) -> str:
    return " ".join(("" if c.face_up else "~") + c.code for c in game.slot(slot_id).cards)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def reason(game: Game, action: Move | Deal) -> str | None:
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid


def full_tableau(**piles: str) -> dict[str, str]:
    """Every pile not given holds a lone King: no pile is empty, and those Kings cannot move."""
    layout = dict.fromkeys(TABLEAU, "K*")
    layout.update({key.replace("_", "-"): value for key, value in piles.items()})
    return layout


# -- the table ----------------------------------------------------------------------------
def test_layout_follows_the_reference() -> None:
    game = Game.new(SpiderThreeDecks, 1)
    assert [s.id for s in game.slots] == ["stock", *FOUNDATIONS, *TABLEAU]
    stock = game.slot("stock")
    assert (stock.kind, stock.x, stock.y, stock.fan) == (SlotKind.STOCK, 0, 0, Fan.NONE)
    assert [game.slot(f).x for f in FOUNDATIONS] == [
        1.0, 1.91, 2.82, 3.73, 4.64, 5.55, 6.46, 7.37, 8.28, 9.19, 10.1, 11.01]
    assert all(game.slot(f).y == 0 and game.slot(f).kind == SlotKind.FOUNDATION for f in FOUNDATIONS)
    assert [(game.slot(t).x, game.slot(t).y) for t in TABLEAU] == [(k, 1) for k in range(12)]
    assert all(game.slot(t).fan == Fan.DOWN and game.slot(t).kind == SlotKind.TABLEAU for t in TABLEAU)


def test_variant_attributes() -> None:
    assert SpiderThreeDecks.id == "spider-three-decks"
    assert SpiderThreeDecks.decks == 3
    assert SpiderThreeDecks.options == ()
    assert SpiderThreeDecks.help_page == "spider-three-decks"
    assert SpiderThreeDecks.name.translate() and SpiderThreeDecks.description.translate()
    # No Control > Deal: dealing is a click on the stock only.
    assert SpiderThreeDecks.has_deal_action


# -- the deal -----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 7, 123456])
def test_deal_gives_five_then_four_cards_with_the_top_face_up(seed: int) -> None:
    game = Game.new(SpiderThreeDecks, seed)
    for index, slot_id in enumerate(TABLEAU):
        cards = game.slot(slot_id).cards
        assert len(cards) == (5 if index < 6 else 4)
        assert [c.face_up for c in cards] == [False] * (len(cards) - 1) + [True]
    assert len(game.slot("stock").cards) == 102
    assert not any(c.face_up for c in game.slot("stock").cards)
    assert all(not game.slot(f).cards for f in FOUNDATIONS)
    assert len(game.cards) == 156


def test_deal_starts_at_score_zero_with_the_stock_in_the_status() -> None:
    game = Game.new(SpiderThreeDecks, 3)
    assert (game.score, game.max_score, game.status) == (0, 144, Status.PLAYING)
    assert game.status_text is not None
    assert game.status_text.translate() == "Stock left: 102 cards (9 deals)"


# -- picking up ---------------------------------------------------------------------------
def test_the_stock_cannot_be_picked_up() -> None:
    game = Game.new(SpiderThreeDecks, 1)
    assert reason(game, Move("stock", 1, "tableau-1")) == (
        "Cards cannot be taken from the stock; click it to deal a round.")


def test_foundation_cards_never_come_back() -> None:
    game = arrange({"foundation-1": run("S"), "tableau-1": "2C"})
    for count in (1, 13):
        assert reason(game, Move("foundation-1", count, "tableau-2")) == (
            "A finished run on a foundation stays there.")


def test_face_down_cards_cannot_be_picked_up() -> None:
    game = arrange({"tableau-1": "~8H 7H"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == "Face-down cards cannot be moved."


def test_a_group_of_mixed_suits_cannot_be_picked_up() -> None:
    game = arrange({"tableau-1": "8S 7H"})
    assert game.pick_up_refusal("tableau-1", 2) is not None
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == (
        "Only cards of one suit can be moved together.")


def test_a_same_suit_group_must_go_down_one_by_one() -> None:
    game = arrange({"tableau-1": "9H 7H"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == (
        "Cards moved together must go down in rank one step at a time.")


def test_a_same_suit_run_and_a_single_card_can_be_picked_up() -> None:
    game = arrange({"tableau-1": "~KD 9H 8H 7H"})
    assert [game.pick_up_refusal("tableau-1", n) for n in (1, 2, 3)] == [None, None, None]
    assert game.pick_up_refusal("tableau-1", 4) is not None


# -- dropping -----------------------------------------------------------------------------
def test_a_run_goes_onto_any_card_one_rank_higher_whatever_its_suit() -> None:
    game = arrange(full_tableau(tableau_1="~KD 9H 8H 7H", tableau_2="10C", tableau_3="9S"))
    assert game.drop_targets("tableau-1", 1) == []
    assert game.drop_targets("tableau-1", 2) == ["tableau-3"]
    assert game.drop_targets("tableau-1", 3) == ["tableau-2"]
    game.play(Move("tableau-1", 3, "tableau-2"))
    assert codes(game, "tableau-2") == "10C 9H 8H 7H"
    assert codes(game, "tableau-1") == "KD"


def test_a_card_not_one_rank_lower_is_refused_with_its_name() -> None:
    game = arrange({"tableau-1": "7H", "tableau-2": "9S"})
    refusal = game.why_not(Move("tableau-1", 1, "tableau-2"))
    assert refusal is not None
    assert refusal.msgid == (
        "{card} can only go onto a card one rank higher, of any suit, or onto an empty pile.")
    assert refusal.translate().startswith("7\u2665 ")


def test_a_king_goes_only_onto_an_empty_pile() -> None:
    game = arrange({"tableau-1": "KH", "tableau-2": "AS", "tableau-3": "QC"})
    assert reason(game, Move("tableau-1", 1, "tableau-2")) == "A King can only go onto an empty pile."
    assert reason(game, Move("tableau-1", 1, "tableau-4")) is None


def test_any_run_goes_onto_an_empty_pile() -> None:
    game = arrange({"tableau-1": "~2C 5H 4H 3H", "tableau-2": "JD"})
    for count in (1, 2, 3):
        assert reason(game, Move("tableau-1", count, "tableau-3")) is None
    game.play(Move("tableau-1", 2, "tableau-3"))
    assert codes(game, "tableau-3") == "4H 3H"


def test_only_a_complete_run_goes_onto_an_empty_foundation() -> None:
    game = arrange({"tableau-1": "~5C " + run("D"), "tableau-2": run("S", 12)})
    assert reason(game, Move("tableau-2", 12, "foundation-1")) == (
        "Only a complete run of one suit, from King down to Ace, can go onto a foundation.")
    assert reason(game, Move("tableau-1", 1, "foundation-1")) is not None
    # Any empty foundation takes it.
    assert reason(game, Move("tableau-1", 13, "foundation-7")) is None
    game.play(Move("tableau-1", 13, "foundation-7"))
    assert codes(game, "foundation-7") == run("D")
    assert codes(game, "tableau-1") == "5C"


def test_a_foundation_with_a_run_takes_nothing_more() -> None:
    game = arrange({"foundation-1": run("H"), "tableau-1": run("H")})
    assert reason(game, Move("tableau-1", 13, "foundation-1")) == (
        "This foundation already holds a finished run.")


def test_nothing_goes_onto_the_stock() -> None:
    game = arrange({"tableau-1": "5H"}, stock="2C")
    assert reason(game, Move("tableau-1", 1, "stock")) == "Cards cannot be put on the stock."


def test_the_new_top_turns_face_up_and_undo_turns_it_back() -> None:
    game = arrange({"tableau-1": "~3D ~QS 7H", "tableau-2": "8C"})
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "~3D QS"
    game.undo()
    assert codes(game, "tableau-1") == "~3D ~QS 7H"


def test_a_face_up_top_stays_as_it_is() -> None:
    game = arrange({"tableau-1": "~3D 9S 8H", "tableau-2": "9C"})
    events = game.play(Move("tableau-1", 1, "tableau-2"))
    assert len(events) == 1 and codes(game, "tableau-1") == "~3D 9S"


# -- the stock ----------------------------------------------------------------------------
def test_a_stock_click_deals_one_card_face_up_onto_each_pile_in_order() -> None:
    game = Game.new(SpiderThreeDecks, 11)
    next_twelve = [c.id for c in reversed(game.slot("stock").cards[-12:])]
    game.play(Deal())
    assert [game.slot(t).cards[-1].id for t in TABLEAU] == next_twelve
    assert all(game.slot(t).cards[-1].face_up for t in TABLEAU)
    assert len(game.slot("stock").cards) == 90
    assert game.status_text is not None and game.status_text.translate() == "Stock left: 90 cards (8 deals)"


def test_the_last_round_deals_six_cards_then_the_stock_is_empty() -> None:
    game = Game.new(SpiderThreeDecks, 11)
    for _ in range(8):
        game.play(Deal())
    assert game.status_text is not None and game.status_text.translate() == "Stock left: 6 cards (1 deal)"
    sizes = [len(game.slot(t).cards) for t in TABLEAU]
    game.play(Deal())
    assert [len(game.slot(t).cards) for t in TABLEAU] == [n + (i < 6) for i, n in enumerate(sizes)]
    assert not game.slot("stock").cards
    assert Deal() not in game.legal_actions()
    assert reason(game, Deal()) == "The stock is empty."
    assert game.status_text is not None and game.status_text.msgid == "The stock is empty."


def test_empty_piles_do_not_block_the_deal() -> None:
    game = arrange({"tableau-1": "5H", "tableau-5": "9C"},
                   stock="2D 2D 2D 3S 3S 3S 4C 4C 4C 6H 6H 6H")
    assert Deal() in game.legal_actions()
    game.play(Deal())
    assert [len(game.slot(t).cards) for t in TABLEAU] == [2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1]
    assert codes(game, "tableau-2") == "2D" and codes(game, "tableau-12") == "6H"


def test_a_deal_is_one_undo_step() -> None:
    game = Game.new(SpiderThreeDecks, 5)
    before = {s.id: codes(game, s.id) for s in game.slots}
    game.play(Deal())
    game.undo()
    assert {s.id: codes(game, s.id) for s in game.slots} == before


# -- double-click -------------------------------------------------------------------------
def test_double_click_sends_a_complete_run_to_the_first_empty_foundation() -> None:
    game = arrange({"foundation-1": run("C"), "tableau-4": "~JD " + run("H")})
    game.double_click("tableau-4")
    assert codes(game, "foundation-2") == run("H")
    assert codes(game, "tableau-4") == "JD"
    game.undo()
    assert codes(game, "tableau-4") == "~JD " + run("H") and not game.slot("foundation-2").cards


def test_double_click_needs_thirteen_cards_of_one_suit_on_top() -> None:
    game = arrange({"tableau-1": run("H", 13, 2) + " AD", "tableau-2": run("S", 12), "tableau-3": "5C"})
    for slot_id in ("tableau-1", "tableau-2", "tableau-3", "tableau-4", "stock", "foundation-1"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)


def test_a_complete_run_never_moves_on_its_own() -> None:
    game = arrange({"tableau-1": run("S", 13, 2), "tableau-2": "~4C AS"})
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == run("S")
    assert all(not game.slot(f).cards for f in FOUNDATIONS)
    assert Move("tableau-1", 13, "foundation-1") in game.legal_actions()


# -- scoring (RULES.md §4.4) --------------------------------------------------------------
def test_breaking_a_link_costs_one() -> None:
    game = arrange(full_tableau(tableau_1="~5C 9H 8H 7H", tableau_2="8S"))
    assert game.score == 2
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert game.score == 1


def test_making_a_link_scores_one() -> None:
    game = arrange(full_tableau(tableau_1="~5C 7H", tableau_2="8H"))
    assert game.score == 0
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert game.score == 1


def test_links_inside_a_moved_run_are_kept() -> None:
    game = arrange(full_tableau(tableau_1="~5C 8H 7H 6H", tableau_2="9S", tableau_3="9H"))
    assert game.score == 2
    game.play(Move("tableau-1", 3, "tableau-2"))
    assert game.score == 2
    game.play(Move("tableau-2", 3, "tableau-3"))
    assert game.score == 3


def test_moving_from_one_link_to_another_keeps_the_score() -> None:
    game = arrange(full_tableau(tableau_1="8H 7H", tableau_2="8H"))
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert game.score == 1


def test_a_link_on_a_face_down_card_never_counts() -> None:
    # 7H lies on a face-down 8H: no link; taking it away costs nothing, and the 8H turned up
    # makes no link either (it is the new top).
    game = arrange(full_tableau(tableau_1="~8H 7H", tableau_2="8S"))
    assert game.score == 0
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "8H"
    assert game.score == 0


def test_dealt_cards_that_make_a_link_score() -> None:
    tops = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    tableau = dict(zip(TABLEAU, tops, strict=True))
    tableau["tableau-3"] = ""
    # Onto 2S, 3S, (empty), 5S ... : AS links, 2H does not, the card on the empty pile cannot.
    game = arrange(tableau, stock="AS 2H 3C 4S 5H 6S 7D 8S 9C 10S JD QS")
    game.play(Deal())
    assert [c.code for c in (game.slot(t).cards[-1] for t in TABLEAU)] == [
        "AS", "2H", "3C", "4S", "5H", "6S", "7D", "8S", "9C", "10S", "JD", "QS"]
    # Links: AS on 2S, 4S on 5S, 6S on 7S, 8S on 9S, 10S on JS, QS on KS.
    assert game.score == 6
    game.undo()
    assert game.score == 0


def test_a_run_sent_up_keeps_its_twelve() -> None:
    game = arrange({"tableau-1": "~3C " + run("D"), "tableau-2": "~4H " + run("S")})
    assert game.score == 24
    game.double_click("tableau-1")
    assert game.score == 24
    game.play(Move("tableau-2", 13, "foundation-5"))
    assert game.score == 24


def test_the_score_is_144_at_most() -> None:
    game = arrange({t: run("CDHS"[i % 4]) for i, t in enumerate(TABLEAU)})
    assert game.score == game.max_score == 144


# -- winning and losing (RULES.md §4.5, "Our decisions" 4) -------------------------------
def test_won_with_every_run_on_a_foundation() -> None:
    game = arrange({f: run("CDHS"[i % 4]) for i, f in enumerate(FOUNDATIONS[:11])}
                   | {"tableau-6": run("S")})
    assert status(game) is Status.PLAYING
    game.double_click("tableau-6")
    assert codes(game, "foundation-12") == run("S")
    assert (game.status, game.score) == (Status.WON, 144)
    assert game.legal_actions() == [] and game.hint() is None


def test_won_with_all_twelve_runs_built_in_the_tableau() -> None:
    piles = {t: run("CDHS"[i % 4]) for i, t in enumerate(TABLEAU)}
    piles["tableau-12"] = run("S", 13, 2)
    piles["tableau-10"] = run("D") + " AS"
    game = arrange(piles)
    assert (game.status, game.score) == (Status.PLAYING, 143)
    game.play(Move("tableau-10", 1, "tableau-12"))
    assert (game.status, game.score) == (Status.WON, 144)
    assert all(not game.slot(f).cards for f in FOUNDATIONS)


def test_a_full_score_with_runs_on_both_sides_is_not_yet_won() -> None:
    game = arrange({f: run(suit) for f, suit in zip(FOUNDATIONS, "CDHSCD", strict=False)}
                   | {t: run(suit) for t, suit in zip(TABLEAU, "HSCDHS", strict=False)})
    assert game.score == 144 and status(game) is Status.PLAYING
    for t in TABLEAU[:6]:
        game.double_click(t)
    assert status(game) is Status.WON


def test_an_empty_tableau_with_cards_in_the_stock_is_not_won() -> None:
    game = arrange({"foundation-1": run("H")}, stock="5C 6C")
    assert status(game) is Status.PLAYING
    assert game.legal_actions() == [Deal()]


def test_lost_when_the_stock_is_empty_and_nothing_can_move() -> None:
    game = arrange(full_tableau(tableau_1="~9D 5H", tableau_2="~9D 9C"))
    assert status(game) is Status.LOST
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("tableau-1", 1, "tableau-2")) is not None


def test_an_empty_pile_or_cards_in_the_stock_keep_the_game_on() -> None:
    stuck = full_tableau(tableau_1="~9D 5H")
    assert arrange(stuck, stock="2C").status is Status.PLAYING
    assert arrange(stuck | {"tableau-2": ""}).status is Status.PLAYING
    assert arrange(stuck | {"tableau-1": "~9D " + run("H")}).status is Status.PLAYING


def test_a_deal_that_leaves_no_move_loses_and_undo_takes_it_back() -> None:
    fives = ["5C", "5D", "5H", "5S"] * 3
    game = arrange(dict(zip(TABLEAU, fives, strict=True)),
                   stock="KS KS KS KH KH KH KD KD KD KC KC KC")
    assert status(game) is Status.PLAYING
    assert game.legal_actions() == [Deal()]
    game.play(Deal())
    assert status(game) is Status.LOST
    game.undo()
    assert status(game) is Status.PLAYING


# -- hints (RULES.md §4.5) ----------------------------------------------------------------
def test_a_same_suit_build_comes_before_an_off_suit_one() -> None:
    game = arrange(full_tableau(tableau_1="7H", tableau_2="8S", tableau_3="~2C 5D", tableau_4="6D"),
                   stock="2C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "tableau-4")
    assert hint.text.msgid == "Move {card} onto {target}."
    assert hint.text.translate() == "Move 5\u2666 onto 6\u2666."


def test_a_build_hint_moves_the_whole_top_run_to_the_first_target() -> None:
    game = arrange(full_tableau(tableau_1="~3C 9H 8H 7H", tableau_2="10S", tableau_3="10H",
                                tableau_4="10H"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 3, "tableau-3")


def test_an_off_suit_build_is_hinted_when_it_breaks_nothing() -> None:
    for beneath in ("", "~8S ", "10C "):
        game = arrange(full_tableau(tableau_1=beneath + "7H", tableau_3="8S"))
        hint = game.hint()
        assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-3"), beneath


def test_an_off_suit_build_that_splits_a_descending_pile_is_not_hinted() -> None:
    game = arrange(full_tableau(tableau_1="8C 7H", tableau_2="8S"), stock="2C")
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
    assert hint.text.msgid == "Deal another round."


def test_an_empty_pile_is_hinted_before_the_stock() -> None:
    game = arrange(full_tableau(tableau_1="~4D 9S 8S", tableau_2="", tableau_3="JC"), stock="2C")
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Place something on an empty slot."
    assert hint.action == Move("tableau-1", 2, "tableau-2")
    assert game.why_not(hint.action) is None


def test_when_nothing_else_fits_the_hint_says_to_move_piles_around() -> None:
    # 7H could go onto 8S, but that splits 8C 7H, and the next hint could move it straight
    # back: the hint names the idea, not a move.
    game = arrange(full_tableau(tableau_1="8C 7H", tableau_2="8S"))
    assert Move("tableau-1", 1, "tableau-2") in game.legal_actions()
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Try moving card piles around."
    assert hint.action is None


def test_a_complete_run_is_offered_first() -> None:
    piles = {t: run(suit) for t, suit in zip(TABLEAU, "CDHSCDHSCDH", strict=False)}
    game = arrange(piles | {"tableau-12": "~2S AS"})
    assert status(game) is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 13, "foundation-1")
    assert hint.text.translate() == "Move the run from K\u2663 down to the Ace onto an empty foundation."


def test_legal_actions_list_every_move_and_nothing_else() -> None:
    game = arrange(full_tableau(tableau_1="~3C 9H 8H 7H", tableau_2="10S", tableau_3="",
                                tableau_4="~5D " + run("C")), stock="2C")
    listed = game.legal_actions()
    # The base class tries every pick-up on every target through the refusal methods.
    assert set(listed) == set(Variant.legal_actions(game.variant, game.board))
    assert len(listed) == len(set(listed))
    assert {Move("tableau-1", 3, "tableau-2"), Move("tableau-1", 2, "tableau-3"), Deal(),
            Move("tableau-4", 13, "foundation-1"), Move("tableau-4", 13, "foundation-12"),
            Move("tableau-4", 12, "tableau-5")} <= set(listed)
    assert Move("tableau-1", 1, "tableau-2") not in listed
