"""TriPeaks, as GNOME AisleRiot plays it under the name Triple Peaks (docs/rules/tripeaks.md):
clear three overlapping peaks of cards onto the waste, a rank up or down at a time, round the
corner between King and Ace; long runs without turning the stock score most."""

from __future__ import annotations

from typing import Any

from aisle.engine import Board, Fan, Move, SlotKind
from aisle.i18n import T
from aisle.kit import Rest, Stock, Waste
from aisle.kit.chain import UP_OR_DOWN_AROUND, ChainVariant, Start
from aisle.kit.overlap import Lay, Overlap
from aisle.kit.roles import Role

#: Three peaks of four rows (3, 6, 9 and 10 cards), the first apex at (2, 1).
PEAKS = Overlap.pyramids(3, 4, apex=(2, 1))
#: The variant's own value: the running score (the reference's floor at 0 makes it depend on
#: the order of events, so it cannot be counted from the table).
SCORE = "score"
PEAK_BONUS = 15
LAST_PEAK_BONUS = 30
DEAL_COST = 5
#: The three peak cards' slots: the last cards to go.
_PEAK_IDS = frozenset(PEAKS.ids()[n] for n in PEAKS.last)
#: All 28 cards in one run (1 + 2 + ... + 28) and the three peak bonuses.
MAX_SCORE = PEAKS.count * (PEAKS.count + 1) // 2 + 2 * PEAK_BONUS + LAST_PEAK_BONUS


class TriPeaks(ChainVariant):
    id = "tripeaks"
    name = T("TriPeaks")
    description = T(
        "Clear three peaks of cards onto the waste, one rank up or down at a time; the longer "
        "the run without turning the stock, the higher the score."
    )
    help_page = "tripeaks"
    game_family = "builders"
    difficulty = 1
    # The earlier runs lie face down exactly under the waste, as in the reference.
    table = (Stock(at=(0, 0), passes=1), Role(SlotKind.WASTE, "waste-played", 1, (1, 0), (0, 0)),
             Waste(at=(1, 0), fan=Fan.RIGHT), PEAKS)
    # The peaks' upper rows face down, the bottom row face up, then one card to the waste.
    dealing = (Lay(PEAKS), Start("waste"), Rest())
    chain = UP_OR_DOWN_AROUND
    aside = "waste-played"

    def initial_state(self) -> dict[str, Any]:
        return {SCORE: 0}

    def after_move(self, board: Board, move: Move) -> None:
        # The card scores the length of the run so far; a peak's top card adds its bonus.
        gained = len(board.slots[self.pile].cards) - 1
        if move.source in _PEAK_IDS:
            gained += LAST_PEAK_BONUS if self.is_won(board) else PEAK_BONUS
        board.set(SCORE, board.state[SCORE] + gained)
        super().after_move(board, move)

    def click_stock(self, board: Board) -> None:
        super().click_stock(board)
        board.set(SCORE, max(board.state[SCORE] - DEAL_COST, 0))

    def score(self, board: Board) -> int:
        return int(board.state[SCORE])

    def max_score(self) -> int:
        return MAX_SCORE
