"""Cruel: build the four foundations up by suit; the twelve piles build down by suit and are
never refilled once empty; a redeal gathers the piles and deals them again without shuffling.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from aisle.engine import Action, Board, Card, Deal, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, SolverStep, Variant, card_name
from aisle_cruel import layout, rules
from aisle_cruel.rules import JUST_REDEALT, TABLEAU_CARDS

if TYPE_CHECKING:
    from aisle_cruel import solving


class Cruel(Variant):
    id = "cruel"
    name = T("Cruel")
    description = T(
        "Twelve piles of four, built down by suit; when you are stuck, redeal them "
        "without shuffling and try again."
    )
    help_page = "cruel"
    game_family = "freecell"
    difficulty = 2

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return layout.slot_specs()

    def initial_state(self) -> dict[str, Any]:
        return {JUST_REDEALT: True}

    def deal(self, board: Board, deck: list[Card]) -> None:
        """The aces go up to the foundations in the order they come out of the shuffle; the
        other cards are dealt face up four to a pile, in the same order, each pile bottom first."""
        foundation_ids = iter(layout.FOUNDATION_IDS)
        rest: list[Card] = []
        for card in deck:
            card.face_up = True
            if card.rank == 1:
                board.place(next(foundation_ids), [card])
            else:
                rest.append(card)
        for index, pile_id in enumerate(layout.TABLEAU_IDS):
            board.place(pile_id, rest[index * rules.PILE_SIZE:(index + 1) * rules.PILE_SIZE])

    def acceptable_deal(self, board: Board) -> bool:
        # A deal with no move at all is over before it starts; the engine then takes the
        # next shuffle of the same deal number, so the replacement is still reproducible.
        return not rules.is_lost(board)

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.FOUNDATION:
            return T("Cards on a foundation stay there.")
        if source.kind != SlotKind.TABLEAU:
            return T("Cards cannot be taken from the stock.")
        if count != 1:
            return T("Only the top card of a pile can be moved.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-1]
        if target.kind == SlotKind.FOUNDATION:
            return _foundation_refusal(board, card, target)
        if target.kind == SlotKind.TABLEAU:
            return _pile_refusal(board, card, target)
        return T("Cards cannot be put on the stock.")

    def after_move(self, board: Board, move: Move) -> None:
        board.set(JUST_REDEALT, False)

    def stock_refusal(self, board: Board) -> Text | None:
        if board.state[JUST_REDEALT]:
            return T("Make a move first: a redeal now would deal the same piles again.")
        return None

    def click_stock(self, board: Board) -> None:
        board.rearrange(rules.redealt_piles(rules.tableau(board)))
        board.set(JUST_REDEALT, True)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind != SlotKind.TABLEAU or not slot.cards:
            return
        foundation = rules.foundation_for(board, slot.cards[-1])
        if foundation is not None:
            yield Move(slot_id, 1, foundation.id)

    def safe_up_move(self, board: Board) -> Move | None:
        """Safe only once sending cards up alone clears every pile: the deal is then won
        whichever card goes first. Before that no card is: taking one out of the piles changes
        how every later redeal lays the cards out, and that can decide the game."""
        if not rules.clears_by_going_up(board):
            return None
        for pile in rules.tableau(board):
            foundation = rules.foundation_for(board, pile.cards[-1]) if pile.cards else None
            if foundation is not None:
                return Move(pile.id, 1, foundation.id)
        return None

    # -- the solver (see solving.py) ----------------------------------------------------------
    def solver_key(self, board: Board) -> str:
        from aisle_cruel import solving  # loaded when the solver first asks
        return solving.position_key(board)

    def solver_steps(self, board: Board) -> list[SolverStep]:
        from aisle_cruel import solving  # loaded when the solver first asks
        return solving.solver_steps(board)

    def solver_quick_steps(self, board: Board) -> list[SolverStep]:
        from aisle_cruel import solving  # loaded when the solver first asks
        return solving.solver_steps(board, quick=True)

    def solver_model(self, board: Board) -> solving.CruelModel:
        from aisle_cruel import solving  # loaded when the solver first asks
        return solving.CruelModel(board)

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        # The four aces go up during the deal and do not count.
        return sum(len(slot.cards) for slot in rules.foundations(board)) - 4

    def max_score(self) -> int:
        return TABLEAU_CARDS

    def is_won(self, board: Board) -> bool:
        return self.score(board) == TABLEAU_CARDS

    def is_lost(self, board: Board) -> bool:
        return rules.is_lost(board)

    def hint(self, board: Board) -> Hint | None:
        move = next(rules.moves(board, rules.tableau(board)), None)
        if move is not None:
            card = board.slot(move.source).cards[-1]
            onto = board.slot(move.target).cards[-1]
            return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(onto)),
                        move)
        if self.stock_refusal(board) is None:
            return Hint(T("Redeal."), Deal())
        return None

    def status_text(self, board: Board) -> Text | None:
        return T("Cards remaining: {count}", count=TABLEAU_CARDS - self.score(board))

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.moves(board, rules.tableau(board)))
        if not board.state[JUST_REDEALT]:
            actions.append(Deal())
        return actions


def _foundation_refusal(board: Board, card: Card, foundation: Slot) -> Text | None:
    top = foundation.cards[-1]
    if rules.goes_up_on(card, top):
        return None
    if top.rank == 13:
        return T("This foundation is complete.")
    # Card ids run ace to king within a suit, so the next card up has the next id.
    wanted = board.cards[top.id + 1]
    return T("Only {wanted} can go onto this foundation next.", wanted=card_name(wanted))


def _pile_refusal(board: Board, card: Card, pile: Slot) -> Text | None:
    if not pile.cards:
        return T("An empty pile is never filled again in this game.")
    top = pile.cards[-1]
    if rules.builds_on(card, top):
        return None
    if top.rank == 2:
        return T("Nothing can go onto {target}: its Ace is already on a foundation.",
                 target=card_name(top))
    if card.suit != top.suit:
        return T("Piles are built down by suit: {card} cannot go onto {target}.",
                 card=card_name(card), target=card_name(top))
    return T("{card} must be one rank lower than {target}.",
             card=card_name(card), target=card_name(top))
