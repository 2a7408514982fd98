"""Cruel's rules (RULES.md §3, §9 points 5-6, "Our decisions" 2), one rule per test.

Positions come from real deals, or from `arranged()`, which lays out a position of our own
choosing (test setup only, through `Board.place` before the game starts).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from aisle_cruel import Cruel
from aisle_cruel.layout import FOUNDATION_IDS, TABLEAU_IDS

from aisle.engine import Board, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.registry.games import new_game
from aisle.variant import Variant


# -- test setup --------------------------------------------------------------------------------
def arranged(piles: Sequence[str], *, just_redealt: bool, suits: str = "CDHS") -> Game:
    """TEST SETUP: a Cruel game whose piles hold exactly `piles` (card codes, bottom first;
    "" is an empty pile; missing piles are empty). Every other card lies on the foundation of
    its suit (foundation n takes suit `suits[n - 1]`), so each suit's cards on the piles must be
    the top of that suit (for example 9S to KS with the spades up to 8S)."""
    variant = Cruel()
    cards = new_deck()
    board = Board(variant.layout(), cards, {"just_redealt": just_redealt})
    by_code = {card.code: card for card in cards}
    on_piles: set[str] = set()
    for pile_id, text in zip(TABLEAU_IDS, piles, strict=False):
        board.place(pile_id, [by_code[code] for code in text.split()])
        on_piles.update(text.split())
    for foundation_id, suit in zip(FOUNDATION_IDS, suits, strict=True):
        up = [card for card in cards if card.code[-1] == suit and card.code not in on_piles]
        assert [card.rank for card in up] == list(range(1, len(up) + 1)), f"{suit} is not A up"
        board.place(foundation_id, up)
    for card in cards:
        card.face_up = True
    return Game(variant, 1, board)


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code for card in game.slot(slot_id).cards)


def refusal(game: Game, action: Move | Deal) -> str:
    reason = game.why_not(action)
    assert reason is not None, f"{action} was allowed"
    return str(reason)


def deal_one() -> Game:
    """Deal 1 (its piles are pinned in golden.json):
    tableau-1 8C 7S 8S 3D, tableau-4 5C KD 8H 4C, tableau-5 JH 4H QH 3C, tableau-6 QS JD 5H 4D,
    tableau-9 2H 5D 2C 2D, tableau-11 JC KC 8D 10D; foundations AC AD AH AS."""
    return new_game("cruel", 1)


# The loop: spades up to 8S, a full pile topped by QS, then JS alone. JS can only drop back onto
# QS just before it, and nothing else moves.
LOOP = ["10S 9S KS QS", "JS"]


# -- layout ------------------------------------------------------------------------------------
def test_slots_keep_the_reference_order_in_a_wider_grid() -> None:
    specs = Cruel().layout()
    assert [spec.id for spec in specs] == ["stock", *FOUNDATION_IDS, *TABLEAU_IDS]
    assert (specs[0].kind, specs[0].x, specs[0].y) == (SlotKind.STOCK, 0, 0)
    foundations = specs[1:5]
    # A 2x2 block under the stock, left of the piles.
    assert {s.x for s in foundations} == {0, 1} and len({s.y for s in foundations}) == 2
    assert all(s.y >= 1 for s in foundations) and all(s.kind == SlotKind.FOUNDATION for s in foundations)
    first, second = specs[5:11], specs[11:17]
    assert len({s.y for s in first}) == 1 and len({s.y for s in second}) == 1
    assert [s.x for s in first] == [s.x for s in second] == sorted({s.x for s in first})
    assert first[0].x > 2 and second[0].y > first[0].y + 1


def test_piles_are_fanned_so_every_card_shows() -> None:
    specs = Cruel().layout()
    assert all(s.kind == SlotKind.TABLEAU and s.fan == Fan.DOWN and s.fan_limit is None for s in specs[5:])
    assert all(s.fan == Fan.NONE for s in specs[:5])


def test_the_game_describes_itself() -> None:
    assert Cruel.id == "cruel" and Cruel.help_page == "cruel"
    assert str(Cruel.name) == "Cruel" and str(Cruel.description)
    assert Cruel.options == () and Cruel.option_combinations() == [{}]
    assert Cruel().max_score() == 48


# -- deal --------------------------------------------------------------------------------------
def test_deal_puts_an_ace_on_each_foundation_and_four_face_up_cards_on_each_pile() -> None:
    game = deal_one()
    assert [len(game.slot(f).cards) for f in FOUNDATION_IDS] == [1, 1, 1, 1]
    assert sorted(game.slot(f).cards[0].suit for f in FOUNDATION_IDS) == ["clubs", "diamonds", "hearts",
                                                                          "spades"]
    assert all(game.slot(f).cards[0].rank == 1 for f in FOUNDATION_IDS)
    assert [len(game.slot(p).cards) for p in TABLEAU_IDS] == [4] * 12
    assert all(card.face_up for slot in game.slots for card in slot.cards)
    assert game.slot("stock").cards == []


def test_deal_starts_fresh() -> None:
    game = deal_one()
    assert game.state["just_redealt"] is True
    assert (game.score, game.max_score, game.status) == (0, 48, Status.PLAYING)
    assert str(game.status_text) == "Cards remaining: 48"


# -- picking up --------------------------------------------------------------------------------
def test_only_the_top_card_of_a_pile_moves() -> None:
    game = deal_one()
    assert game.pick_up_refusal("tableau-1", 1) is None
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    assert refusal(game, Move("tableau-1", 2, "tableau-6")) == "Only the top card of a pile can be moved."


def test_foundation_cards_stay_up() -> None:
    game = arranged(["KS"], just_redealt=False)
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


def test_the_stock_takes_no_card() -> None:
    game = deal_one()
    assert refusal(game, Move("tableau-9", 1, "stock")) == "Cards cannot be put on the stock."


# -- onto a foundation -------------------------------------------------------------------------
def test_a_card_goes_up_on_its_suit_one_higher_and_scores() -> None:
    game = deal_one()
    game.play(Move("tableau-9", 1, "foundation-2"))
    assert codes(game, "foundation-2") == "AD 2D"
    assert game.score == 1
    assert str(game.status_text) == "Cards remaining: 47"


def test_a_foundation_names_the_card_it_needs() -> None:
    game = deal_one()
    # 3D is the right suit but too high; 3C is the wrong suit: either way 2D comes next.
    assert refusal(game, Move("tableau-1", 1, "foundation-2")) == "Only 2♦ can go onto this foundation next."
    assert refusal(game, Move("tableau-5", 1, "foundation-2")) == "Only 2♦ can go onto this foundation next."


def test_a_complete_foundation_takes_nothing() -> None:
    game = arranged(["KS"], just_redealt=False)
    assert refusal(game, Move("tableau-1", 1, "foundation-1")) == "This foundation is complete."


# -- onto a pile -------------------------------------------------------------------------------
def test_piles_build_down_by_suit() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "tableau-6"))
    assert codes(game, "tableau-6") == "QS JD 5H 4D 3D"
    assert codes(game, "tableau-1") == "8C 7S 8S"
    assert game.score == 0


def test_a_pile_refuses_another_suit() -> None:
    game = deal_one()
    assert refusal(game, Move("tableau-1", 1, "tableau-4")) == (
        "Piles are built down by suit: 3♦ cannot go onto 4♣."
    )


def test_a_pile_refuses_a_card_that_is_not_one_lower() -> None:
    game = deal_one()
    assert refusal(game, Move("tableau-6", 1, "tableau-11")) == "4♦ must be one rank lower than 10♦."


def test_nothing_goes_onto_a_two() -> None:
    game = deal_one()
    assert refusal(game, Move("tableau-1", 1, "tableau-9")) == (
        "Nothing can go onto 2♦: its Ace is already on a foundation."
    )


def test_an_empty_pile_is_never_filled_not_even_by_a_king() -> None:
    game = arranged(["10C JC QC KC", ""], just_redealt=False)
    assert refusal(game, Move("tableau-1", 1, "tableau-2")) == (
        "An empty pile is never filled again in this game."
    )
    assert Move("tableau-1", 1, "tableau-2") not in game.legal_actions()


def test_every_accepted_move_ends_just_redealt() -> None:
    game = deal_one()
    game.play(Move("tableau-5", 1, "tableau-4"))
    assert game.state["just_redealt"] is False
    game.undo()
    assert game.state["just_redealt"] is True


# -- double-click ------------------------------------------------------------------------------
def test_double_click_sends_the_top_card_to_its_foundation_in_one_step() -> None:
    game = deal_one()
    game.double_click("tableau-9")
    assert codes(game, "foundation-2") == "AD 2D"
    assert (game.score, game.state["just_redealt"], len(game.history)) == (1, False, 1)
    game.undo()
    assert codes(game, "tableau-9") == "2H 5D 2C 2D" and game.score == 0


def test_double_click_refused_when_the_top_card_cannot_go_up() -> None:
    game = deal_one()
    with pytest.raises(IllegalAction):
        game.double_click("tableau-1")
    assert codes(game, "tableau-1") == "8C 7S 8S 3D" and not game.can_undo


def test_double_click_on_a_foundation_or_the_stock_does_nothing() -> None:
    game = deal_one()
    for slot_id in ("foundation-2", "stock"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)
    assert not game.can_undo


# -- redeal ------------------------------------------------------------------------------------
def test_redeal_needs_a_move_since_the_deal() -> None:
    game = deal_one()
    assert Deal() not in game.legal_actions()
    assert refusal(game, Deal()) == "Make a move first: a redeal now would deal the same piles again."
    with pytest.raises(IllegalAction):
        game.play(Deal())


def test_redeal_gathers_the_piles_in_order_and_deals_fours_without_shuffling() -> None:
    game = deal_one()
    game.play(Move("tableau-9", 1, "foundation-2"))  # tableau-9 is now 2H 5D 2C
    before = {p: codes(game, p) for p in TABLEAU_IDS}
    assert Deal() in game.legal_actions()
    game.play(Deal())
    assert {p: codes(game, p) for p in TABLEAU_IDS[:8]} == {p: before[p] for p in TABLEAU_IDS[:8]}
    assert [codes(game, p) for p in TABLEAU_IDS[8:]] == [
        "2H 5D 2C KS", "6S 7D 3S JC", "KC 8D 10D 10S", "9S 9D 6D",
    ]
    assert game.state["just_redealt"] is True
    assert all(card.face_up for p in TABLEAU_IDS for card in game.slot(p).cards)


def test_redeal_leaves_a_short_last_pile_and_empty_piles_after_it() -> None:
    game = arranged(["KS 10S", "", "QS", "9S JS KH", "", "10H JH QH"], just_redealt=False, suits="CDSH")
    game.play(Deal())
    assert [codes(game, p) for p in TABLEAU_IDS] == [
        "KS 10S QS 9S", "JS KH 10H JH", "QH", *[""] * 9,
    ]


def test_redeal_again_needs_another_move() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "tableau-6"))
    game.play(Deal())
    assert refusal(game, Deal()) == "Make a move first: a redeal now would deal the same piles again."


def test_redeals_are_unlimited() -> None:
    game = deal_one()
    for _ in range(6):
        move = next(action for action in game.legal_actions() if isinstance(action, Move))
        game.play(move)
        game.play(Deal())
    assert game.status is Status.PLAYING and len(game.history) == 12


def test_undo_takes_a_redeal_back() -> None:
    game = deal_one()
    game.play(Move("tableau-1", 1, "tableau-6"))
    after_move = {p: codes(game, p) for p in TABLEAU_IDS}
    game.play(Deal())
    assert codes(game, "tableau-1") == "8C 7S 8S 7H"
    game.undo()
    assert {p: codes(game, p) for p in TABLEAU_IDS} == after_move
    assert game.state["just_redealt"] is False


# -- score and win -----------------------------------------------------------------------------
def test_score_counts_cards_gone_up_but_not_the_aces() -> None:
    game = arranged(["10C JC QC KC"], just_redealt=False)
    assert game.score == 44
    assert str(game.status_text) == "Cards remaining: 4"


def test_won_when_all_52_cards_are_up() -> None:
    game = arranged(["KS"], just_redealt=True)
    assert game.status is Status.PLAYING
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.status, game.score) == (Status.WON, 48)
    assert all(len(game.slot(f).cards) == 13 for f in FOUNDATION_IDS)
    assert game.legal_actions() == [] and game.hint() is None


# -- lost --------------------------------------------------------------------------------------
def test_lost_right_after_a_redeal_with_no_move() -> None:
    game = arranged(["10C JC QC KC"], just_redealt=True)
    assert game.status is Status.LOST
    assert game.legal_actions() == [] and game.hint() is None


def test_never_lost_right_after_a_move_because_a_redeal_is_allowed() -> None:
    game = arranged(["10C JC QC KC"], just_redealt=False)
    assert game.status is Status.PLAYING
    assert game.legal_actions() == [Deal()]


def test_the_redeal_loop_is_lost() -> None:
    game = arranged(LOOP, just_redealt=True)
    assert game.variant.legal_actions(game.board) == [Move("tableau-2", 1, "tableau-1")]
    assert game.status is Status.LOST


def test_the_redeal_loop_really_deals_the_same_piles_again() -> None:
    game = arranged(LOOP, just_redealt=False)
    start = [codes(game, p) for p in TABLEAU_IDS]
    game.play(Move("tableau-2", 1, "tableau-1"))
    game.play(Deal())
    assert [codes(game, p) for p in TABLEAU_IDS] == start


def test_a_lone_card_that_can_go_up_is_no_loop() -> None:
    # The reference would end this game: 9S can drop back onto 10S before it, and nothing
    # else in the earlier piles moves. But 9S can also go up onto 8S.
    game = arranged(["JS QS KS 10S", "9S"], just_redealt=True)
    assert game.status is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "foundation-4")
    assert str(hint.text) == "Move 9♠ onto 8♠."


def test_no_loop_while_an_earlier_pile_can_move() -> None:
    # As in the loop, but 10H on the first pile can go up onto 9H.
    game = arranged(["9S 10S KS 10H", "JH QH KH QS", "JS"], just_redealt=True)
    assert game.status is Status.PLAYING
    assert Move("tableau-1", 1, "foundation-3") in game.legal_actions()


def test_no_loop_when_the_lone_card_belongs_on_an_earlier_pile() -> None:
    # JS can only go onto QS, which tops the first pile, not the one just before JS: after that
    # move a redeal shifts the second pile, so the game can change.
    game = arranged(["10S 9S KS QS", "10H KH JH QH", "JS"], just_redealt=True)
    assert game.variant.legal_actions(game.board) == [Move("tableau-3", 1, "tableau-1")]
    assert game.status is Status.PLAYING
    start = [codes(game, p) for p in TABLEAU_IDS]
    game.play(Move("tableau-3", 1, "tableau-1"))
    game.play(Deal())
    assert [codes(game, p) for p in TABLEAU_IDS] != start


def test_a_single_last_card_always_goes_up() -> None:
    game = arranged(["KS"], just_redealt=True)
    assert game.status is Status.PLAYING
    assert game.legal_actions() == [Move("tableau-1", 1, "foundation-4")]


def test_undo_after_a_loss_plays_on() -> None:
    game = arranged(LOOP, just_redealt=False)
    game.play(Move("tableau-2", 1, "tableau-1"))
    game.play(Deal())
    after_redeal = game.status
    game.undo()
    assert (after_redeal, game.status) == (Status.LOST, Status.PLAYING)


# -- hint --------------------------------------------------------------------------------------
def test_hint_is_the_first_move_scanning_piles_then_targets() -> None:
    game = deal_one()
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-6")
    assert str(hint.text) == "Move 3♦ onto 4♦."
    assert game.legal_actions() == [
        Move("tableau-1", 1, "tableau-6"), Move("tableau-5", 1, "tableau-4"),
        Move("tableau-9", 1, "foundation-2"), Move("tableau-9", 1, "tableau-1"),
    ]


def test_hint_says_redeal_when_no_card_moves() -> None:
    game = arranged(["10C JC QC KC"], just_redealt=False)
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and str(hint.text) == "Redeal."


def test_hint_never_suggests_a_redeal_that_is_not_allowed() -> None:
    game = arranged(["10C JC QC KC"], just_redealt=True)
    assert game.variant.hint(game.board) is None


# -- the fast list of actions ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 6, 50])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("cruel", seed)
    while game.status is Status.PLAYING:
        fast = game.variant.legal_actions(game.board)
        assert fast == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
