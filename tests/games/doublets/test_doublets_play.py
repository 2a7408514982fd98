"""Doublets in play: the doubling rule, Kings, refills (the same by every way of moving), the
stock and its two redeals, score, win, loss, hints and the status line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pytest
from aisle_doublets import Doublets, texts
from aisle_doublets.rules import wanted_rank

from aisle.engine import Deal, Game, IllegalAction, Move, Status, new_deck
from aisle.registry.games import new_game
from aisle.testing.conformance import position

FOUNDATION = "foundation-1"
#: The doubling order as the rules state it: A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7, and round again.
CYCLE = (1, 2, 4, 8, 3, 6, 12, 11, 9, 5, 10, 7)
CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_LETTERS = "CDHS"


def code(rank: int, suit: str) -> str:
    return f"{CODES.get(rank, str(rank))}{suit}"


def full_run() -> list[str]:
    """The 48 cards of a won foundation from AC: one cycle per suit, clubs first."""
    return [code(rank, suit) for suit in SUIT_LETTERS for rank in CYCLE]


def arranged(layout: Mapping[str, Sequence[str]], *, redeals: int = 0, rest: str = "stock") -> Game:
    """TEST SETUP: a fresh game whose cards are laid out by hand instead of dealt.

    `layout` maps slot ids to card codes, bottom first; every card not named goes, in deck
    order, under the named cards of `rest`. Stock cards lie face down, all others face up.
    It runs before anything reads the game's status or score, so nothing cached goes stale.
    """
    game = Game.new(Doublets, 1)
    by_code = {card.code: card for card in game.cards}
    named = [card_code for codes in layout.values() for card_code in codes]
    assert len(named) == len(set(named)), "a card is named twice"
    leftover = [card for card in game.cards if card.code not in set(named)]
    assert game.board.has_slot(rest) or not leftover
    for slot in game.slots:
        cards = [by_code[card_code] for card_code in layout.get(slot.id, ())]
        if slot.id == rest:
            cards = leftover + cards
        for card in cards:
            card.face_up = slot.id != "stock"
        slot.cards[:] = cards
    game.board.state["redeals"] = redeals
    assert sorted(card.id for slot in game.slots for card in slot.cards) == list(range(52))
    return game


def codes(game: Game, slot_id: str) -> list[str]:
    return [card.code for card in game.slot(slot_id).cards]


def status(game: Game) -> Status:
    # A function call, so mypy does not keep an earlier `game.status is ...` narrowing.
    return game.status


def reason(game: Game, action: Move | Deal) -> str:
    why = game.why_not(action)
    assert why is not None, f"{action} was allowed"
    return why.translate()


#: Four Kings: they fill reserves that must not offer a playable card.
KINGS = {"reserve-4": ["KC"], "reserve-5": ["KD"], "reserve-6": ["KH"], "reserve-7": ["KS"]}


# -- the doubling rule -----------------------------------------------------------------------
def test_wanted_rank_follows_the_cycle() -> None:
    for here, following in zip(CYCLE, CYCLE[1:] + CYCLE[:1], strict=True):
        assert wanted_rank(here) == following


def test_only_the_doubled_rank_goes_onto_the_foundation() -> None:
    following = dict(zip(CYCLE, CYCLE[1:] + CYCLE[:1], strict=True))
    for top in CYCLE:
        for rank in range(1, 14):
            if rank == top:
                continue
            game = arranged({FOUNDATION: [code(top, "H")], "reserve-1": [code(rank, "C")]})
            allowed = game.why_not(Move("reserve-1", 1, FOUNDATION)) is None
            assert allowed == (rank == following[top]), (top, rank)


def test_suit_and_colour_do_not_matter() -> None:
    for suit in SUIT_LETTERS:
        game = arranged({FOUNDATION: ["4D"], "reserve-2": [code(8, suit)]})
        assert Move("reserve-2", 1, FOUNDATION) in game.legal_actions()


def test_a_whole_cycle_from_the_ace() -> None:
    run = full_run()
    # The waste holds the cycle's next twelve cards, the first of them on top.
    game = arranged({FOUNDATION: [run[0]], "waste": run[12:0:-1], **KINGS, "stock": ["9D"]})
    for step in range(12):
        assert game.legal_actions() == [Move("waste", 1, FOUNDATION), Deal()], step
        game.play(Move("waste", 1, FOUNDATION))
    assert codes(game, FOUNDATION) == run[:13]
    assert game.score == 13
    # The waste's last card went up, so the stock's top card refilled it.
    assert codes(game, "waste") == ["9D"]


def test_wrong_rank_is_refused_with_the_rank_needed() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-3": ["9C"]})
    assert reason(game, Move("reserve-3", 1, FOUNDATION)) == (
        "Only a card of rank 8 can go onto 4\u2665: each card must double the rank below it "
        "(less 13 when the double is above 13)."
    )


# -- what can be picked up and where it can go ---------------------------------------------------
@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Move("stock", 1, FOUNDATION), texts.FROM_STOCK),
        (Move("stock", 1, "waste"), texts.FROM_STOCK),
        (Move(FOUNDATION, 1, "reserve-1"), texts.FROM_FOUNDATION),
        (Move("waste", 2, FOUNDATION), texts.ONE_AT_A_TIME),
        (Move("reserve-2", 1, FOUNDATION), texts.KING_ON_RESERVE),
        (Move("reserve-1", 1, "reserve-3"), texts.ONTO_RESERVE),
        (Move("waste", 1, "reserve-5"), texts.ONTO_RESERVE),
        (Move("reserve-1", 1, "waste"), texts.ONLY_FOUNDATION),
        (Move("reserve-1", 1, "stock"), texts.ONLY_FOUNDATION),
    ],
)
def test_refusals_say_why(action: Move, expected: object) -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-1": ["8C"], "reserve-2": ["KC"], "reserve-3": ["9C"],
                     "waste": ["2D", "8D"]})
    why = game.why_not(action)
    assert why == expected
    assert why is not None and why.translate().strip()


def test_a_king_on_the_waste_never_moves() -> None:
    game = arranged({FOUNDATION: ["4H"], "waste": ["8D", "KS"]})
    assert reason(game, Move("waste", 1, FOUNDATION)) == texts.KING_ON_WASTE.translate()
    with pytest.raises(IllegalAction):
        game.double_click("waste")


def test_a_king_freezes_its_reserve() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-2": ["KC"]})
    assert all(not isinstance(a, Move) or a.source != "reserve-2" for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.double_click("reserve-2")


def test_a_king_brought_by_a_refill_freezes_the_reserve_for_good() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-1": ["8C"], "waste": ["3D", "KS"]})
    game.play(Move("reserve-1", 1, FOUNDATION))
    assert codes(game, "reserve-1") == ["KS"]
    assert reason(game, Move("reserve-1", 1, FOUNDATION)) == texts.KING_ON_RESERVE.translate()


def test_double_click_elsewhere_does_nothing() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-1": ["9C"], "reserve-2": ["8C"]})
    for slot_id in ("stock", FOUNDATION, "reserve-1", "waste"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)
    assert not game.can_undo


# -- refills -----------------------------------------------------------------------------------
def test_reserve_refilled_from_the_waste() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-3": ["8C"], "waste": ["2S", "5S"]})
    stock_before = codes(game, "stock")
    game.play(Move("reserve-3", 1, FOUNDATION))
    assert codes(game, "reserve-3") == ["5S"] and game.slot("reserve-3").cards[0].face_up
    assert codes(game, "waste") == ["2S"]
    assert codes(game, "stock") == stock_before


def test_reserve_refilled_with_the_wastes_last_card_leaves_the_waste_empty() -> None:
    # Only a move *from* the waste refills the waste; a reserve taking its last card does not.
    game = arranged({FOUNDATION: ["4H"], "reserve-3": ["8C"], "waste": ["5S"]})
    stock_before = codes(game, "stock")
    game.play(Move("reserve-3", 1, FOUNDATION))
    assert codes(game, "reserve-3") == ["5S"]
    assert codes(game, "waste") == []
    assert codes(game, "stock") == stock_before


def test_reserve_refilled_from_the_stock_when_the_waste_is_empty() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-3": ["8C"], "stock": ["2S", "9D"]})
    stock_size = len(game.slot("stock").cards)
    game.play(Move("reserve-3", 1, FOUNDATION))
    assert codes(game, "reserve-3") == ["9D"] and game.slot("reserve-3").cards[0].face_up
    assert len(game.slot("stock").cards) == stock_size - 1
    assert codes(game, "stock")[-1] == "2S"


def test_no_refill_when_stock_and_waste_are_empty() -> None:
    run = full_run()
    game = arranged({FOUNDATION: run[:45], "reserve-1": [run[45]], "reserve-2": [run[46]],
                     "reserve-3": [run[47]], **KINGS})
    game.play(Move("reserve-1", 1, FOUNDATION))
    assert codes(game, "reserve-1") == []
    assert game.status is Status.PLAYING
    assert game.legal_actions() == [Move("reserve-2", 1, FOUNDATION)]


def test_waste_keeping_cards_is_not_refilled() -> None:
    game = arranged({FOUNDATION: ["4H"], "waste": ["2S", "8C"]})
    stock_before = codes(game, "stock")
    game.play(Move("waste", 1, FOUNDATION))
    assert codes(game, "waste") == ["2S"]
    assert codes(game, "stock") == stock_before


def _drag(game: Game, source: str) -> None:
    game.play(Move(source, 1, FOUNDATION))


def _double_click(game: Game, source: str) -> None:
    game.double_click(source)


def _hint(game: Game, source: str) -> None:
    hint = game.hint()
    assert hint is not None and hint.action == Move(source, 1, FOUNDATION)
    game.play(hint.action)


WAYS: dict[str, Callable[[Game, str], None]] = {"drag": _drag, "double-click": _double_click, "hint": _hint}


@pytest.mark.parametrize("way", sorted(WAYS))
def test_emptied_waste_is_refilled_from_the_stock_by_every_way(way: str) -> None:
    game = arranged({FOUNDATION: ["4H"], "waste": ["8C"], **KINGS, "stock": ["2S", "9D"]})
    WAYS[way](game, "waste")
    assert codes(game, FOUNDATION)[-1] == "8C"
    assert codes(game, "waste") == ["9D"] and game.slot("waste").cards[0].face_up
    assert codes(game, "stock")[-1] == "2S"
    assert len(game.history) == 1


@pytest.mark.parametrize(("source", "layout"), [
    ("waste", {FOUNDATION: ["4H"], "waste": ["8C"], **KINGS, "stock": ["9D"]}),
    ("waste", {FOUNDATION: ["4H"], "waste": ["3S", "8C"], **KINGS}),
    ("reserve-2", {FOUNDATION: ["4H"], "reserve-2": ["8C"], "waste": ["3S", "5S"], **KINGS}),
    ("reserve-2", {FOUNDATION: ["4H"], "reserve-2": ["8C"], **KINGS, "stock": ["9D"]}),
])
def test_every_way_of_moving_gives_the_same_table(source: str, layout: dict[str, list[str]]) -> None:
    results = []
    for way in sorted(WAYS):
        game = arranged(layout)
        start = position(game)
        WAYS[way](game, source)
        results.append((position(game), game.score))
        game.undo()  # everything, refill included, is one undo step
        assert position(game) == start, way
    assert results[0] == results[1] == results[2]


# -- the stock -----------------------------------------------------------------------------------
def test_stock_click_turns_one_card_onto_the_waste() -> None:
    game = new_game("doublets", 1)
    top = game.slot("stock").cards[-1]
    game.play(Deal())
    assert game.slot("waste").cards == [top] and top.face_up
    assert len(game.slot("stock").cards) == 43
    status = game.status_text
    assert status is not None and status.translate() == "Stock left: 43   Redeals left: 2"


def test_two_redeals_make_three_passes() -> None:
    game = new_game("doublets", 1)
    first_order = codes(game, "stock")
    dealt_out = 0
    for redeals_left in (2, 1, 0):
        assert codes(game, "stock") == first_order
        assert not any(card.face_up for card in game.slot("stock").cards)
        while game.slot("stock").cards:
            game.play(Deal())
            dealt_out += 1
        assert codes(game, "waste") == first_order[::-1]
        status = game.status_text
        assert status is not None
        assert status.translate() == f"Stock left: 0   Redeals left: {redeals_left}"
        if redeals_left:
            game.play(Deal())  # the redeal itself deals no card
            assert codes(game, "waste") == []
    assert dealt_out == 3 * 44
    assert game.state["redeals"] == 2
    # Deal 1 still has a move (7C on reserve 2 fits the 10S), so the game goes on without a deal.
    assert game.status is Status.PLAYING
    assert game.why_not(Deal()) == texts.NO_REDEALS
    assert Deal() not in game.legal_actions()


def test_nothing_to_deal_from_empty_stock_and_waste() -> None:
    run = full_run()
    game = arranged({FOUNDATION: run[:45], "reserve-1": [run[45]], "reserve-2": [run[46]],
                     "reserve-3": [run[47]], **KINGS})
    assert game.why_not(Deal()) == texts.STOCK_AND_WASTE_EMPTY


# -- score, win, loss ----------------------------------------------------------------------------
def test_score_counts_the_foundation() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-1": ["8C"], "waste": ["6S", "3D"]})
    assert game.score == 1
    game.play(Move("reserve-1", 1, FOUNDATION))  # 8C up, 3D comes down from the waste
    assert game.score == 2
    game.play(Move("reserve-1", 1, FOUNDATION))  # 3D up, 6S comes down
    game.play(Move("reserve-1", 1, FOUNDATION))
    assert codes(game, FOUNDATION) == ["4H", "8C", "3D", "6S"]
    assert game.score == 4
    game.undo()
    assert game.score == 3


def test_won_with_48_cards_on_the_foundation() -> None:
    run = full_run()
    game = arranged({FOUNDATION: run[:47], "reserve-1": [run[47]], **KINGS})
    assert game.status is Status.PLAYING and game.score == 47
    game.play(Move("reserve-1", 1, FOUNDATION))
    assert game.score == game.max_score == 48
    assert status(game) is Status.WON
    assert game.legal_actions() == []
    assert game.hint() is None


# Nothing fits the foundation's 4H (an 8 is wanted): the 8s lie deep in the waste.
STUCK = {FOUNDATION: ["4H"], "reserve-1": ["9C"], "reserve-2": ["2C"], "reserve-3": ["3C"], "waste": ["5D"]}


def test_lost_when_no_redeal_is_left_and_nothing_fits() -> None:
    game = arranged({**STUCK, "stock": ["6D"]}, redeals=2, rest="waste")
    assert game.status is Status.PLAYING  # the stock still has a card
    game.play(Deal())
    assert status(game) is Status.LOST
    assert game.legal_actions() == []
    assert game.hint() is None
    game.undo()
    assert game.status is Status.PLAYING


def test_not_lost_while_a_redeal_is_left() -> None:
    game = arranged(STUCK, redeals=1, rest="waste")
    assert game.status is Status.PLAYING
    assert game.legal_actions() == [Deal()]


@pytest.mark.parametrize("where", ["waste", "reserve-1"])
def test_not_lost_while_a_top_card_fits(where: str) -> None:
    layout = dict(STUCK)
    layout[where] = [*STUCK[where], "8S"] if where == "waste" else ["8S"]
    game = arranged(layout, redeals=2, rest="waste")
    assert game.status is Status.PLAYING
    assert game.legal_actions() == [Move(where, 1, FOUNDATION)]


# -- hints and texts -----------------------------------------------------------------------------
SEARCHING = {
    1: "You are searching for an Ace.", 2: "You are searching for a two.",
    3: "You are searching for a three.", 4: "You are searching for a four.",
    5: "You are searching for a five.", 6: "You are searching for a six.",
    7: "You are searching for a seven.", 8: "You are searching for an eight.",
    9: "You are searching for a nine.", 10: "You are searching for a ten.",
    11: "You are searching for a Jack.", 12: "You are searching for a Queen.",
}


@pytest.mark.parametrize("top", CYCLE)
def test_hint_names_the_wanted_rank(top: int) -> None:
    game = arranged({FOUNDATION: [code(top, "H")], **KINGS})
    hint = game.hint()
    assert hint is not None
    assert hint.text.translate() == SEARCHING[wanted_rank(top)]
    assert hint.action == Deal()  # nothing fits: the stock is where to look


def test_hint_points_at_a_playable_reserve_card() -> None:
    game = arranged({FOUNDATION: ["4H"], "reserve-5": ["8S"], "waste": ["2D"]})
    hint = game.hint()
    assert hint is not None and hint.action == Move("reserve-5", 1, FOUNDATION)
    assert hint.text.translate() == (
        "You are searching for rank 8: move 8\u2660 from reserve 5 onto the foundation."
    )


def test_hint_points_at_the_waste() -> None:
    game = arranged({FOUNDATION: ["6C"], "waste": ["QD"], "reserve-1": ["2C"]})
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, FOUNDATION)
    assert hint.text.translate() == (
        "You are searching for rank Q: move Q\u2666 from the waste onto the foundation."
    )


def test_every_card_is_in_a_fresh_deck() -> None:
    # Guards the test helpers: the codes they build name real cards.
    all_codes = {card.code for card in new_deck()}
    assert set(full_run()) | {"KC", "KD", "KH", "KS"} == all_codes
