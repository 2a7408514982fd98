"""TriPeaks, as GNOME AisleRiot plays it under the name Triple Peaks (docs/rules/tripeaks.md):
clear three overlapping peaks of cards onto the waste, a rank up or down at a time, round the
corner between King and Ace; long runs without turning the stock score most."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant, card_name
from aisle_tripeaks import rules, shape

#: The variant's own value: the running score (the reference's floor at 0 makes it depend on
#: the order of events, so it cannot be counted from the table).
SCORE = "score"
PEAK_BONUS = 15
LAST_PEAK_BONUS = 30
DEAL_COST = 5
#: All 28 cards in one run (1 + 2 + ... + 28) and the three peak bonuses.
MAX_SCORE = shape.SIZE * (shape.SIZE + 1) // 2 + 2 * PEAK_BONUS + LAST_PEAK_BONUS


class TriPeaks(Variant):
    id = "tripeaks"
    name = T("TriPeaks")
    description = T(
        "Clear three peaks of cards onto the waste, one rank up or down at a time; the longer "
        "the run without turning the stock, the higher the score."
    )
    help_page = "tripeaks"

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        # The earlier runs lie face down exactly under the waste, as in the reference.
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0),
                 SlotSpec("waste-played", SlotKind.WASTE, 1, 0),
                 SlotSpec(rules.WASTE_ID, SlotKind.WASTE, 1, 0, Fan.RIGHT)]
        specs += [SlotSpec(f"tableau-{n + 1}", SlotKind.TABLEAU, x, round(y, 4))
                  for n, (x, y) in enumerate(shape.PLACES)]
        return specs

    def initial_state(self) -> dict[str, Any]:
        return {SCORE: 0}

    def deal(self, board: Board, deck: list[Card]) -> None:
        # The peaks' upper rows face down, the bottom row face up, then one card to the waste.
        cards = iter(deck)
        for n, slot in enumerate(board.slots[rules.TABLEAU]):
            card = next(cards)
            card.face_up = n >= shape.BOTTOM
            board.place(slot.id, [card])
        first = next(cards)
        first.face_up = True
        board.place(rules.WASTE_ID, [first])
        board.place("stock", reversed(list(cards)))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        return rules.pick_up_refusal(source, count)

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        return rules.drop_refusal(source, count, target)

    def after_move(self, board: Board, move: Move) -> None:
        # The card scores the length of the run so far; a peak's top card adds its bonus.
        gained = len(board.slots[rules.WASTE].cards) - 1
        tableau = board.slots[rules.TABLEAU]
        source = shape.NUMBERS[move.source]
        if source in shape.PEAKS:
            cleared = all(not tableau[n].cards for n in shape.PEAKS)
            gained += LAST_PEAK_BONUS if cleared else PEAK_BONUS
        board.set(SCORE, board.state[SCORE] + gained)
        # A card it covered turns up once nothing covers it any more.
        for n in shape.COVERS[source]:
            if tableau[n].cards and not any(tableau[m].cards for m in shape.COVERED_BY[n]):
                board.flip(shape.IDS[n])

    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slots[rules.STOCK].cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        # The run so far is turned face down under the waste; the next card starts a new run.
        run = len(board.slots[rules.WASTE].cards)
        if run:
            board.turn_over(rules.WASTE_ID, run, "waste-played")
        board.turn_over("stock", 1, rules.WASTE_ID)
        board.set(SCORE, max(board.state[SCORE] - DEAL_COST, 0))

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.TABLEAU and slot in rules.playable([slot], board.slots[rules.WASTE]):
            yield Move(slot_id, 1, rules.WASTE_ID)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # No foundation, and which card to play next is the player's whole game.
        return iter(())

    def legal_actions(self, board: Board) -> list[Action]:
        slots = board.slots
        actions: list[Action] = list(rules.legal_moves(slots[rules.TABLEAU], slots[rules.WASTE]))
        if slots[rules.STOCK].cards:
            actions.append(Deal())
        return actions

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return int(board.state[SCORE])

    def max_score(self) -> int:
        return MAX_SCORE

    def is_won(self, board: Board) -> bool:
        # The three peak cards are gone: every card under them went first.
        slots, first = board.slots, rules.TABLEAU.start
        return not (slots[first].cards or slots[first + 1].cards or slots[first + 2].cards)

    def is_lost(self, board: Board) -> bool:
        slots = board.slots
        return not slots[rules.STOCK].cards and not rules.playable(slots[rules.TABLEAU], slots[rules.WASTE])

    def hint(self, board: Board) -> Hint | None:
        slots = board.slots
        waste = slots[rules.WASTE]
        fitting = rules.playable(slots[rules.TABLEAU], waste)
        if fitting:
            # The reference looks at the highest slot first: the bottom row, right to left.
            source = fitting[-1]
            # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
            return Hint(T("Move {card} onto {target}.", card=card_name(source.cards[-1]),
                          target=card_name(waste.cards[-1])), Move(source.id, 1, waste.id))
        if slots[rules.STOCK].cards:
            return Hint(T("Deal a new card from the stock."), Deal())
        return None

    def status_text(self, board: Board) -> Text | None:
        # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
        return T("Stock left: {stock}", stock=len(board.slots[rules.STOCK].cards))
