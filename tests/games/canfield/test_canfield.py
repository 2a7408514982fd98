"""Canfield: every rule of docs/rules/canfield.md, each in its own small test.

Positions are real deals or tables laid out by hand with `arrange` (test setup only); golden
deals, the conformance kit and long games are in test_canfield_deals.py.
"""

from __future__ import annotations

import pytest
from aisle_canfield import Canfield

from aisle.engine import Card, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.variant import Variant

FOUNDATIONS = [f"foundation-{k}" for k in range(1, 5)]
TABLEAU = [f"tableau-{k}" for k in range(1, 5)]
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


# -- test setup ---------------------------------------------------------------------------
def arrange(piles: dict[str, str], stock: str = "") -> Game:
    """TEST SETUP ONLY: a fresh game whose table is laid out by hand.

    `piles` maps slot ids to card codes, bottom first ("~7H" face down, "7H" face up); the base
    rank is that of foundation-1's first card. `stock` lists the stock's codes top first, face
    down. Cards not named are left off the table: these positions test rules, not conservation.
    """
    game = Game.new(Canfield, 1)
    unused: dict[str, Card] = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()
    for slot_id, text in piles.items():
        for code in text.split():
            card = unused.pop(code.lstrip("~"))
            card.face_up = not code.startswith("~")
            game.slot(slot_id).cards.append(card)
    for code in reversed(stock.split()):
        card = unused.pop(code)
        card.face_up = False
        game.slot("stock").cards.append(card)
    game._changed()  # the table was changed behind the game's back: forget cached answers
    return game


def up(suit: str, first: int, count: int) -> str:
    """`count` cards of a suit from rank `first` upwards, round the corner ("QH KH AH")."""
    return " ".join(f"{NAMES.get((first + i - 1) % 13 + 1, (first + i - 1) % 13 + 1)}{suit}"
                    for i in range(count))


def codes(game: Game, slot_id: str) -> str:
    return " ".join(("" if c.face_up else "~") + c.code for c in game.slot(slot_id).cards)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def reason(game: Game, action: Move | Deal) -> str | None:
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid


# -- the table and the deal ---------------------------------------------------------------
def test_layout_follows_the_reference() -> None:
    game = Game.new(Canfield, 1)
    assert [s.id for s in game.slots] == ["stock", "waste", *FOUNDATIONS, "reserve", *TABLEAU]
    places = {s.id: (s.x, s.y) for s in game.slots}
    assert [places["stock"], places["waste"], places["reserve"]] == [(0, 0), (1, 0), (0, 1)]
    assert [places[f] for f in FOUNDATIONS] == [(3, 0), (4, 0), (5, 0), (6, 0)]
    assert [places[t] for t in TABLEAU] == [(3, 1), (4, 1), (5, 1), (6, 1)]
    waste = game.slot("waste")
    assert (waste.kind, waste.fan, waste.spec.fan_limit) == (SlotKind.WASTE, Fan.RIGHT, 3)
    assert game.slot("reserve").kind == SlotKind.RESERVE and game.slot("reserve").fan == Fan.NONE
    assert all(game.slot(t).fan == Fan.DOWN for t in TABLEAU)
    assert (Canfield.id, Canfield.decks, Canfield.options) == ("canfield", 1, ())
    assert Canfield.help_page == "canfield"
    assert Canfield.has_deal_action


@pytest.mark.parametrize("seed", [1, 7, 123456])
def test_the_deal_reserve_thirteen_one_per_pile_and_the_base_card(seed: int) -> None:
    game = Game.new(Canfield, seed)
    reserve = game.slot("reserve").cards
    assert len(reserve) == 13 and [c.face_up for c in reserve] == [False] * 12 + [True]
    assert all(len(game.slot(t).cards) == 1 and game.slot(t).cards[0].face_up for t in TABLEAU)
    base = game.slot("foundation-1").cards
    assert len(base) == 1 and base[0].face_up
    assert [len(game.slot(f).cards) for f in FOUNDATIONS[1:]] == [0, 0, 0]
    assert len(game.slot("stock").cards) == 34 and not any(c.face_up for c in game.slot("stock").cards)
    assert (game.score, game.max_score) == (1, 52)
    assert game.status_text is not None
    assert game.status_text.msgid == "Stock left: {stock}   Reserve left: {reserve}   Base card: {base}"


def test_the_status_line_names_the_base_rank() -> None:
    game = arrange({"foundation-1": "QD", "reserve": "~2C 3H", "tableau-1": "5S"}, stock="9C 8C")
    assert game.status_text is not None
    assert game.status_text.translate() == "Stock left: 2   Reserve left: 2   Base card: Q"


# -- the foundations ----------------------------------------------------------------------
def test_foundations_start_with_the_base_rank_and_go_round_the_corner() -> None:
    game = arrange({"foundation-1": "QD KD", "reserve": "AD", "tableau-1": "QS", "tableau-2": "2D",
                    "tableau-3": "KH"}, stock="9C")
    assert reason(game, Move("reserve", 1, "foundation-1")) is None  # an Ace on a King
    assert reason(game, Move("tableau-1", 1, "foundation-2")) is None  # the base rank, any suit
    assert reason(game, Move("tableau-3", 1, "foundation-2")) == (
        "Only a card of the base rank, {rank}, can start an empty foundation.")
    assert reason(game, Move("tableau-2", 1, "foundation-1")) == (
        "{card} must be the next card of the foundation: one rank higher, or an Ace on a King.")
    assert reason(game, Move("tableau-3", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    game.play(Move("reserve", 1, "foundation-1"))
    game.play(Move("tableau-2", 1, "foundation-1"))
    assert codes(game, "foundation-1") == "QD KD AD 2D" and game.score == 4


def test_foundation_cards_come_back_except_those_of_the_base_rank() -> None:
    game = arrange({"foundation-1": "5C 6C", "foundation-2": "5H", "tableau-1": "7D", "tableau-2": "6S"},
                   stock="9C")
    assert reason(game, Move("foundation-1", 1, "tableau-1")) is None
    assert reason(game, Move("foundation-2", 1, "tableau-2")) == (
        "A card of the base rank stays on its foundation.")
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "7D 6C" and game.score == 2


def test_foundations_take_one_card_at_a_time() -> None:
    game = arrange({"foundation-1": "5C", "tableau-1": "7D 6C"}, stock="9C")
    assert reason(game, Move("tableau-1", 2, "foundation-1")) == "Cards go onto a foundation one at a time."


# -- picking up and dropping --------------------------------------------------------------
def test_only_top_cards_of_the_waste_and_the_reserve_and_runs_of_the_tableau() -> None:
    game = arrange({"foundation-1": "5C", "waste": "9H 4S 2D", "reserve": "~JD 10C", "tableau-1": "9D 8S 7H",
                    "tableau-2": ""}, stock="3C")
    assert reason(game, Move("waste", 2, "tableau-2")) == "Only the top card of the waste can be played."
    assert reason(game, Move("reserve", 2, "tableau-2")) == "Only the top card of the reserve can be played."
    assert reason(game, Move("stock", 1, "tableau-2")) == (
        "Cards cannot be taken from the stock; click it to deal.")
    assert [reason(game, Move("tableau-1", n, "tableau-2")) for n in (1, 2, 3)] == [None] * 3


def test_tableau_builds_down_in_alternating_colours_and_a_king_goes_on_an_ace() -> None:
    game = arrange({"foundation-1": "5C", "tableau-1": "AH", "tableau-2": "KS", "tableau-3": "KD",
                    "tableau-4": "QC"}, stock="9C")
    assert reason(game, Move("tableau-2", 1, "tableau-1")) is None
    assert reason(game, Move("tableau-3", 1, "tableau-1")) == (
        "{card} and {target} are both red; the colours must alternate.")
    assert str(game.why_not(Move("tableau-4", 1, "tableau-1"))) == (
        "Q♣ must be one rank lower than A♥, or a King on an Ace.")
    assert reason(game, Move("tableau-4", 1, "tableau-3")) is None
    assert reason(game, Move("tableau-4", 1, "tableau-2")) is not None


def test_nothing_goes_onto_the_stock_the_waste_or_the_reserve() -> None:
    game = arrange({"foundation-1": "5C", "waste": "9H", "reserve": "JD", "tableau-1": "2S"}, stock="3C")
    assert reason(game, Move("tableau-1", 1, "stock")) == "Nothing can be put onto the stock."
    assert reason(game, Move("tableau-1", 1, "waste")) == (
        "Nothing can be put onto the waste; it is filled from the stock.")
    assert reason(game, Move("tableau-1", 1, "reserve")) == "Nothing can be put onto the reserve."


def test_an_emptied_pile_is_filled_from_the_reserve_at_once() -> None:
    game = arrange({"foundation-1": "5C", "reserve": "~JD ~2S 9H", "tableau-1": "8C", "tableau-2": "9D"},
                   stock="3C")
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "9H" and codes(game, "reserve") == "~JD 2S"
    assert game.slot("reserve").cards[-1].face_up
    game.undo()
    assert codes(game, "tableau-1") == "8C" and codes(game, "reserve") == "~JD ~2S 9H"


def test_a_card_leaving_the_reserve_turns_the_next_one_up() -> None:
    game = arrange({"foundation-1": "5C", "reserve": "~JD 9H", "tableau-1": "10C"}, stock="3C")
    game.play(Move("reserve", 1, "tableau-1"))
    assert codes(game, "reserve") == "JD"


def test_with_the_reserve_empty_an_empty_pile_takes_anything() -> None:
    game = arrange({"foundation-1": "5C", "waste": "QH", "tableau-1": "8C 7D 6S", "tableau-2": "9D"},
                   stock="3C")
    game.play(Move("tableau-1", 3, "tableau-3"))
    assert codes(game, "tableau-3") == "8C 7D 6S" and not game.slot("tableau-1").cards
    assert reason(game, Move("waste", 1, "tableau-1")) is None


# -- the stock ----------------------------------------------------------------------------
def test_the_stock_deals_three_cards_and_the_last_deal_fewer() -> None:
    game = arrange({"foundation-1": "5C", "tableau-1": "KH"}, stock="2C 3C 4C 6C 7C")
    game.play(Deal())
    assert codes(game, "waste") == "2C 3C 4C" and codes(game, "stock") == "~7C ~6C"
    game.play(Deal())
    assert codes(game, "waste") == "2C 3C 4C 6C 7C" and not game.slot("stock").cards


def test_redeals_are_unlimited_and_keep_the_order() -> None:
    game = arrange({"foundation-1": "5C", "tableau-1": "KH"}, stock="2C 3C 4C 6C")
    for _ in range(5):
        game.play(Deal())
        game.play(Deal())
        assert codes(game, "waste") == "2C 3C 4C 6C"
        game.play(Deal())  # turning the waste over deals no card
        assert not game.slot("waste").cards and codes(game, "stock") == "~6C ~4C ~3C ~2C"


def test_no_deal_with_the_stock_and_the_waste_empty() -> None:
    game = arrange({"foundation-1": "5C", "tableau-1": "KH", "tableau-2": "QS"})
    assert reason(game, Deal()) == "The stock and the waste are both empty."


# -- double-click and Send All Up ---------------------------------------------------------
def test_double_click_sends_the_top_card_up() -> None:
    game = arrange({"foundation-1": "5C 6C", "waste": "9H 7C", "reserve": "5H", "tableau-1": "8D"},
                   stock="3C")
    game.double_click("waste")
    assert codes(game, "foundation-1") == "5C 6C 7C"
    game.double_click("reserve")  # the base rank: the first empty foundation
    assert codes(game, "foundation-2") == "5H"
    for slot_id in ("tableau-1", "stock", "waste"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)


def test_send_all_up_and_a_foundation_double_click_send_every_card_that_fits() -> None:
    game = arrange({"foundation-1": "5C", "waste": "6C", "reserve": "~9H 5D", "tableau-1": "7C",
                    "tableau-2": "6D"}, stock="3C")
    game.send_all_up()
    assert codes(game, "foundation-1") == "5C 6C 7C" and codes(game, "foundation-2") == "5D 6D"
    # 7C left tableau-1 empty: the reserve's last card (9H, turned up) filled it; tableau-2
    # emptied after the reserve was used up, so it stays empty.
    assert codes(game, "tableau-1") == "9H" and not game.slot("tableau-2").cards
    game.undo()
    game.double_click("foundation-3")
    assert game.score == 5


def test_safe_cards_go_up_by_themselves_with_automatic_moves() -> None:
    # Base 5: 6S is rank 2 relative to it; both red suits have started, so it is safe.
    game = arrange({"foundation-1": "5S", "foundation-2": "5H", "foundation-3": "5D",
                    "tableau-1": "6S", "tableau-2": "6H", "tableau-3": "KC"}, stock="3C")
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    # 6H needs both black suits started: clubs has not.
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert game.variant.safe_up_move(game.board) is None
    # A base card never goes by itself.
    game = arrange({"foundation-1": "5S", "tableau-1": "5H"}, stock="3C")
    assert game.variant.safe_up_move(game.board) is None


# -- winning and losing -------------------------------------------------------------------
def test_won_with_every_card_on_the_foundations() -> None:
    piles = {f"foundation-{i + 1}": up(s, 5, 13) for i, s in enumerate("CDHS")}
    piles["foundation-4"] = up("S", 5, 12)
    piles["tableau-1"] = "4S"
    game = arrange(piles)
    assert status(game) is Status.PLAYING
    game.double_click("tableau-1")
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_nothing_can_move_and_the_stock_shows_nothing_useful() -> None:
    # Base 5; no move now, and the stock's cards (9C, 10C) fit nowhere.
    game = arrange({"foundation-1": "5C", "tableau-1": "KH", "tableau-2": "KD", "tableau-3": "QH",
                    "tableau-4": "QD"}, stock="9C 10C")
    assert status(game) is Status.LOST
    assert game.legal_actions() == [] and game.hint() is None


def test_a_card_the_stock_will_show_keeps_the_game_on() -> None:
    # The third card dealt is the one on top of the waste: the JS fits on the QH.
    game = arrange({"foundation-1": "5C", "tableau-1": "KH", "tableau-2": "KD", "tableau-3": "QH",
                    "tableau-4": "QD"}, stock="9C 10C JS 2H")
    assert status(game) is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and hint.text.msgid == "Deal a new card from the stock."
    game.play(Deal())
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, "tableau-3")


def test_a_card_hidden_in_the_middle_of_three_is_no_help() -> None:
    # Dealing three at a time, the JS is always the second of its three: never on top.
    game = arrange({"foundation-1": "5C", "tableau-1": "KH", "tableau-2": "KD", "tableau-3": "QH",
                    "tableau-4": "QD"}, stock="9C JS 10C")
    assert status(game) is Status.LOST


# -- hints --------------------------------------------------------------------------------
def test_hints_follow_the_reference_order() -> None:
    table = {"foundation-1": "5C", "reserve": "~2D 6C", "waste": "8S", "tableau-1": "9H",
             "tableau-2": "JD", "tableau-3": "10S", "tableau-4": "KC"}
    game = arrange(table, stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("reserve", 1, "foundation-1")  # 1. up
    game = arrange(table | {"reserve": "~2D 3H"}, stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, "tableau-1")  # 2. the waste down
    game = arrange(table | {"reserve": "~2D 3H", "waste": "4D"}, stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-3")  # 3. a whole pile


def test_the_hint_turns_the_waste_over_only_when_that_helps() -> None:
    # Turned over and dealt three at a time, the waste shows the JS, which fits on the QH.
    game = arrange({"foundation-1": "5C", "waste": "9C 10C JS 2H", "tableau-1": "KH", "tableau-2": "KD",
                    "tableau-3": "QH", "tableau-4": "QD"})
    assert status(game) is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
    assert hint.text.msgid == "Move the waste back to the stock."


def test_when_nothing_helps_the_hint_only_names_the_idea() -> None:
    game = arrange({"foundation-1": "5C 6C", "tableau-1": "KH", "tableau-2": "7H", "tableau-3": "QH",
                    "tableau-4": "QD"}, stock="9C")
    hint = game.hint()
    assert hint is not None and hint.text.msgid == "Try rearranging the cards." and hint.action is None
    assert status(game) is Status.PLAYING  # the 6C may still come down onto the 7H


def test_legal_actions_list_every_move_and_nothing_else() -> None:
    game = arrange({"foundation-1": "5C 6C", "foundation-2": "5H", "waste": "2D 4S", "reserve": "~9C 8H",
                    "tableau-1": "9S", "tableau-2": "8D 7C", "tableau-3": "", "tableau-4": "5D"}, stock="3C")
    listed = game.legal_actions()
    assert set(listed) == set(Variant.legal_actions(game.variant, game.board))
    assert len(listed) == len(set(listed))
    assert {Move("reserve", 1, "tableau-1"), Move("tableau-2", 2, "tableau-3"),
            Move("foundation-1", 1, "tableau-3"), Move("tableau-4", 1, "foundation-3"),
            Deal()} <= set(listed)
    assert Move("foundation-2", 1, "tableau-3") not in listed
