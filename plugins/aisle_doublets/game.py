"""Doublets: build one foundation by doubling ranks (A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7, ...)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Move, Rank, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, SolverStep, Variant, card_name, rank_name
from aisle_doublets import rules, texts
from aisle_doublets.rules import FOUNDATION, MAX_REDEALS, REDEALS_KEY, SOURCES, STOCK, WASTE

if TYPE_CHECKING:
    from aisle_doublets import solving

_DEAL = Deal()


class Doublets(Variant):
    id = "doublets"
    name = T("Doublets")
    description = T("Build a single foundation by doubling each card's rank, "
                    "taking cards from the waste and seven reserves in an arch.")
    help_page = "doublets"
    game_family = "builders"
    difficulty = 2

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return rules.layout()

    def initial_state(self) -> dict[str, object]:
        return {REDEALS_KEY: 0}

    def deal(self, board: Board, deck: list[Card]) -> None:
        rules.deal(board, deck)

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return texts.FROM_STOCK
        if source.kind == SlotKind.FOUNDATION:
            return texts.FROM_FOUNDATION
        if count != 1:
            return texts.ONE_AT_A_TIME
        if source.cards[-1].rank == Rank.KING:
            return texts.KING_ON_RESERVE if source.kind == SlotKind.RESERVE else texts.KING_ON_WASTE
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.RESERVE:
            return texts.ONTO_RESERVE
        if target.kind != SlotKind.FOUNDATION:
            return texts.ONLY_FOUNDATION
        top = target.cards[-1]
        wanted = rules.wanted_rank(top.rank)
        if source.cards[-1].rank != wanted:
            return texts.wrong_rank(rank_name(wanted), card_name(top))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        """Refill the slot the card left, the same way for a drag, a double-click or a hint.

        A reserve takes the waste's top card, or the stock's when the waste is empty. The waste
        itself is refilled from the stock only when this move emptied it (our decision: the
        reference forgets this on a double-click). A reserve refilled with the waste's last card
        leaves the waste empty, as in the reference.
        """
        source = move.source
        waste = board.slot(WASTE).cards
        if source == WASTE:
            if not waste and board.slot(STOCK).cards:
                board.turn_over(STOCK, 1, WASTE)
        elif waste:
            board.move(WASTE, 1, source)
        elif board.slot(STOCK).cards:
            board.turn_over(STOCK, 1, source)

    def stock_refusal(self, board: Board) -> Text | None:
        if board.slot(STOCK).cards:
            return None
        if not board.slot(WASTE).cards:
            return texts.STOCK_AND_WASTE_EMPTY
        if board.state[REDEALS_KEY] >= MAX_REDEALS:
            return texts.NO_REDEALS
        return None

    def click_stock(self, board: Board) -> None:
        if board.slot(STOCK).cards:
            board.turn_over(STOCK, 1, WASTE)
            return
        # A redeal: the waste turned over as one packet gives the stock back in its first order.
        board.set(REDEALS_KEY, board.state[REDEALS_KEY] + 1)
        board.turn_over(WASTE, len(board.slot(WASTE).cards), STOCK)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        """Send the top card of the waste or a reserve to the foundation when it fits."""
        if slot_id in SOURCES:
            cards = board.slot(slot_id).cards
            if cards and cards[-1].rank == self._wanted(board):
                yield Move(slot_id, 1, FOUNDATION)

    # -- the solver (see solving.py) ----------------------------------------------------------
    def solver_key(self, board: Board) -> str:
        from aisle_doublets import solving  # loaded when the solver first asks
        return solving.position_key(board)

    def solver_spent(self, board: Board) -> int:
        return int(board.state[REDEALS_KEY])

    def solver_steps(self, board: Board) -> list[SolverStep]:
        from aisle_doublets import solving  # loaded when the solver first asks
        return solving.solver_steps(board, self.stock_refusal(board) is None)

    def solver_model(self, board: Board) -> solving.DoubletsModel:
        from aisle_doublets import solving  # loaded when the solver first asks
        return solving.DoubletsModel(board)

    def safe_up_move(self, board: Board) -> Move | None:
        """Safe only once the stock can never be dealt from again (it is empty, and the waste
        is empty too or no redeal is left). From then on suits play no part and every choice
        comes to the same: a reserve played takes the waste's top card, exactly as if that
        card had been played and the reserve kept. Before, playing a card now or after some
        deals refills its reserve with different cards (a King freezes it for good), so no
        card is known to be safe."""
        if self.stock_refusal(board) is None:
            return None
        playable = self._playable(board)
        return Move(playable[0], 1, FOUNDATION) if playable else None

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return len(board.slot(FOUNDATION).cards)

    def max_score(self) -> int:
        return rules.WINNING_COUNT

    def is_won(self, board: Board) -> bool:
        return len(board.slot(FOUNDATION).cards) == rules.WINNING_COUNT

    def is_lost(self, board: Board) -> bool:
        """Lost once both redeals are used, the stock is empty and no top card is wanted.

        While a redeal is left the game goes on: with cards in the waste the stock can be
        clicked, and with the stock and waste both empty every card left lies on a reserve, so
        the wanted rank is among them (the ranks still missing are the rest of the cycle).
        """
        if board.state[REDEALS_KEY] < MAX_REDEALS or board.slot(STOCK).cards:
            return False
        return not self._playable(board)

    def hint(self, board: Board) -> Hint | None:
        wanted = self._wanted(board)
        playable = self._playable(board)
        if playable:
            source = playable[0]
            card = board.slot(source).cards[-1]
            text = self.slot_sentence(texts.PLAY_FROM, board.slot(source), card=card_name(card),
                                      wanted=rank_name(wanted))
            return Hint(text, Move(source, 1, FOUNDATION))
        # Nothing fits: name the rank, as the reference does, and point at the stock if it can move.
        return Hint(texts.SEARCHING[wanted], _DEAL if self.stock_refusal(board) is None else None)

    def status_text(self, board: Board) -> Text | None:
        return texts.status(len(board.slot(STOCK).cards), MAX_REDEALS - board.state[REDEALS_KEY])

    # -- listing actions ----------------------------------------------------------------------
    def legal_actions(self, board: Board) -> list[Action]:
        # Direct: only the eight top cards can move, and only onto the foundation.
        actions: list[Action] = [Move(slot_id, 1, FOUNDATION) for slot_id in self._playable(board)]
        if self.stock_refusal(board) is None:
            actions.append(_DEAL)
        return actions

    # -- names --------------------------------------------------------------------------------
    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.FOUNDATION:
            return texts.THE_FOUNDATION
        return super().slot_name(slot)

    # -- inside -------------------------------------------------------------------------------
    @staticmethod
    def _wanted(board: Board) -> int:
        return rules.wanted_rank(board.slot(FOUNDATION).cards[-1].rank)

    def _playable(self, board: Board) -> list[str]:
        """The slots (waste first, then the reserves) whose top card fits the foundation."""
        wanted = self._wanted(board)
        return [slot_id for slot_id in SOURCES
                if (cards := board.slot(slot_id).cards) and cards[-1].rank == wanted]
