"""Gaps' rules on hand-made positions: the moves into gaps and their refusals, the sequences
that score and stay, the redeal and its limit, double-click, the hint's order and the loss."""

from __future__ import annotations

import pytest
from aisle_gaps import Gaps

from aisle.engine import Board, Deal, Game, IllegalAction, Move, Status, new_deck

#: Rows 2 to 4 of most positions below: no sequence, gaps only after Kings (dead).
TAIL = [
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD -- 2H",
    "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH -- 3S",
    "4S 5S 6S 7S 8S 9S 10S JS QS KS -- 2S 2D",
]
#: Row 1 stuck: its sequence 2C 3C is followed by a King and the gap after it.
STUCK = ["2C 3C KC -- 5C 6C 7C 8C 9C 10C JC QC 4C", *TAIL]


def made_game(rows: list[str], used: int = 0, gaps: str = "after") -> Game:
    """A game whose four rows hold the cards named ("--" a gap); the Aces are set aside and
    the cards not named are left out, which the rules never look at."""
    variant = Gaps({"gaps": gaps})
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, {"redeals": used})
    codes = " ".join(rows).split()
    assert len(codes) == 52
    for place, code in enumerate(codes):
        if code != "--":
            card = by_code.pop(code)
            card.face_up = True
            board.place(f"tableau-{place + 1}", [card])
    aces = [by_code[f"A{suit}"] for suit in "CDHS"]
    for card in aces:
        card.face_up = True
    board.place("foundation", aces)
    return Game(variant, 0, board)


def refusal(game: Game, source: str, target: str) -> str | None:
    variant, board = game.variant, game.board
    why = variant.pick_up_refusal(board, board.slot(source), 1) or variant.drop_refusal(
        board, board.slot(source), 1, board.slot(target))
    return None if why is None else str(why)


def place(row: int, column: int) -> str:
    return f"tableau-{13 * (row - 1) + column}"


@pytest.fixture
def game() -> Game:
    # Row 1: 2C 3C in sequence, a gap after 3C, 4C further on, a gap after 9C, 10C loose.
    return made_game(["2C 3C -- 4C 5C 6C 7C 8C 9C -- 10C JC QC", *TAIL])


def test_the_sequences_score_and_the_status_counts_redeals(game: Game) -> None:
    assert game.score == 2 and game.max_score == 48
    assert str(game.status_text) == "Redeals left: 2"


def test_the_legal_moves_are_the_successors_into_the_gaps(game: Game) -> None:
    assert game.legal_actions() == [Move(place(1, 4), 1, place(1, 3)), Move(place(1, 11), 1, place(1, 10))]
    game.play(Move(place(1, 4), 1, place(1, 3)))
    # 4C joins the sequence, and 5C to 9C do not: a gap now lies between them.
    assert game.score == 3


def test_a_sequence_grows_over_cards_already_in_place() -> None:
    game = made_game(["2C -- 4C 5C 6C -- 8C 9C 10C JC QC KC 3C", *TAIL])
    game.play(Move(place(1, 13), 1, place(1, 2)))
    assert game.score == 5


@pytest.mark.parametrize(("source", "target", "why"), [
    (place(1, 1), place(1, 3), "A card in sequence stays where it is."),
    (place(1, 2), place(1, 3), "A card in sequence stays where it is."),
    ("foundation", place(1, 3), "The Aces are out of the game."),
    (place(1, 4), "foundation", "The Aces are out of the game."),
    (place(1, 4), place(1, 5), "A card can only go into a gap."),
    (place(1, 11), place(1, 3), "Only 4♣ can go into this gap."),
    (place(2, 1), place(2, 12), "A gap after a King takes nothing."),
])
def test_refused_moves(game: Game, source: str, target: str, why: str) -> None:
    assert refusal(game, source, target) == why
    with pytest.raises(IllegalAction):
        game.play(Move(source, 1, target))


def test_the_leftmost_column_takes_any_two_and_nothing_else() -> None:
    game = made_game(["-- 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2C", *TAIL])
    assert refusal(game, place(2, 13), place(1, 1)) is None
    assert refusal(game, place(4, 13), place(1, 1)) is None
    assert refusal(game, place(1, 2), place(1, 1)) == "Only a 2 can go into a gap in the leftmost column."
    game.play(Move(place(1, 13), 1, place(1, 1)))
    assert game.score == 12


def test_a_gap_after_a_gap_takes_nothing() -> None:
    game = made_game(["2C -- -- 4C 5C 6C 7C 8C 9C 10C JC QC KC", *TAIL])
    assert refusal(game, place(1, 13), place(1, 3)) == "A gap after another gap takes nothing."


def test_a_redeal_only_when_stuck_keeps_the_sequences_and_a_gap_after_each(game: Game) -> None:
    assert str(game.why_not(Deal())) == "A redeal is allowed only when no card can move."
    stuck = made_game(STUCK)
    hint = stuck.hint()
    assert stuck.legal_actions() == [Deal()] and hint is not None and hint.action == Deal()
    stuck.play(Deal())
    assert stuck.state["redeals"] == 1 and str(stuck.status_text) == "Redeals left: 1"
    assert [stuck.slot(place(1, column)).cards[0].code for column in (1, 2)] == ["2C", "3C"]
    # Each row's gap lies right after its sequence (its first place when it has none).
    gaps = [slot.id for slot in stuck.slots[:52] if not slot.cards]
    assert gaps[0] == place(1, 3) and len(gaps) == 4
    assert gaps[1:] == [place(2, 1), place(3, 1), place(4, 1)] and stuck.score == 2
    stuck.undo()
    assert stuck.state["redeals"] == 0 and stuck.slot(place(1, 3)).cards[0].code == "KC"


def test_random_gaps_fall_anywhere_outside_the_sequences() -> None:
    seen = set()
    for used in range(2):
        game = made_game(STUCK, used=used, gaps="random")
        game.play(Deal())
        assert [slot.cards[0].code for slot in game.slots[:2]] == ["2C", "3C"]
        seen.add(tuple(slot.id for slot in game.slots[:52] if not slot.cards))
    assert all(len(gaps) == 4 for gaps in seen) and len(seen) == 2


def test_no_redeal_is_left_after_two_and_the_game_is_lost() -> None:
    game = made_game(STUCK, used=2)
    assert str(game.variant.stock_refusal(game.board)) == "Both redeals are used."
    assert game.legal_actions() == [] and game.status is Status.LOST and game.hint() is None


def test_the_won_position() -> None:
    rows = [" ".join([*(f"{rank}{suit}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                      "J", "Q", "K")), "--"]) for suit in "CDHS"]
    game = made_game(rows)
    assert game.score == 48 and game.status is Status.WON


def test_double_click_moves_a_card_into_its_gap(game: Game) -> None:
    game.double_click(place(1, 4))
    assert game.slot(place(1, 3)).cards[0].code == "4C"
    with pytest.raises(IllegalAction):
        game.double_click(place(1, 7))  # no gap after 6C
    assert game.slot(place(1, 7)).cards[0].code == "7C" and game.can_undo


def test_the_hint_first_extends_a_sequence_then_spares_pairs() -> None:
    game = made_game(["2C 3C -- 4C 5C 6C 7C 8C 9C -- 10C JC QC", *TAIL])
    hint = game.hint()
    assert hint is not None and hint.action == Move(place(1, 4), 1, place(1, 3))
    assert str(hint.text) == "Move 4♣ into the gap after 3♣."
    # 10C lies before JC: moving it parts them, so a move that parts nothing comes first.
    game = made_game(["3C 9C -- 4C 5C 6C 7C 8C 10C JC QC KC --",
                      "3D 4D 5D 6D 7D 8D 9D 10D JD -- KD QD 2H", *TAIL[1:]])
    hint = game.hint()
    assert hint is not None and hint.action == Move(place(2, 12), 1, place(2, 10))
    game = made_game(["-- 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --", *TAIL])
    hint = game.hint()
    assert hint is not None and str(hint.text) == "Move 2♥ into the leftmost place of row 1."


def test_send_all_up_has_nothing_to_do(game: Game) -> None:
    assert not game.can_send_all_up
