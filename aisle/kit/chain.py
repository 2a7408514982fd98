"""`ChainVariant`: games that clear a layout onto one pile, each card a rank next to the pile's
top card (TriPeaks: up or down, round the corner between King and Ace; Golf: without the corner,
nothing on a King).

The cards in play (see `aisle.kit.removal`) go onto the chain pile (`onto`: TriPeaks' waste,
Golf's foundation) when they follow its top card under the game's `chain` rule, suits aside or
not as the rule says. A click on the stock turns its next card onto that pile and so starts a
new chain; with `aside` the chain so far is first turned face down onto that slot (TriPeaks shows
its earlier runs under the waste). The game is won when the layout is clear. Send All Up is off:
which card to play next is the player's whole game.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property
from typing import TYPE_CHECKING, ClassVar

from aisle.engine.actions import Move
from aisle.engine.board import Board
from aisle.engine.cards import Card, new_deck
from aisle.engine.slots import Slot
from aisle.i18n import T, Text
from aisle.kit.build import KING, Build, Direction, Suits
from aisle.kit.dealing import Step
from aisle.kit.removal import RemovalVariant
from aisle.kit.roles import Stock
from aisle.kit.sentences import Sentences, filled
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle.kit.families.chain_model import ChainModel
    from aisle.kit.families.chains import ChainFamily

#: One rank up or down, any suit, round the corner (TriPeaks).
UP_OR_DOWN_AROUND = Build(Direction.EITHER, Suits.ANY, wrap=True)
#: One rank up or down, any suit, King and Ace apart (Golf).
UP_OR_DOWN = Build(Direction.EITHER, Suits.ANY)


@cache
def _follows(chain: Build, ends: frozenset[int]) -> list[list[bool]]:
    by_rank = {card.rank: card for card in new_deck()}
    return [[False] * (KING + 1)] + [
        [False] + [top not in ends and chain.fits(by_rank[rank], by_rank[top])
                   for rank in range(1, KING + 1)] for top in range(1, KING + 1)]


class ChainTexts(Sentences):
    """What a chain game says; the defaults are TriPeaks'."""

    stays = T("Cards on the waste stay there; play cards from the peaks onto it.")
    covered = T("This card is still covered: the cards lying on it must go first.")
    top_only = T("Only the top card of a pile can be moved.")
    only_onto = T("Cards from the peaks can only be played onto the waste.")
    # TRANSLATORS: {card} and {top} are cards such as "9♥" and "J♠".
    not_next = T("{card} is not one rank above or below {top}.")


class Start(Step):
    """One card, face up, onto `slot` (the chain's first card)."""

    def __init__(self, slot: str) -> None:
        self.slot = slot

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        card = next(cards)
        card.face_up = True
        board.place(self.slot, [card])


class ChainVariant(RemovalVariant):
    """A kit game of chains; see the module's notes."""

    #: How a card follows the chain's top card.
    chain: ClassVar[Build] = UP_OR_DOWN_AROUND
    #: Ranks nothing may follow (Golf: a King); see `chain_ends` for ranks that depend on the
    #: options.
    ends: ClassVar[frozenset[int]] = frozenset()
    #: The chain pile's slot id, and where a chain goes when the stock deals (None: it stays).
    onto: ClassVar[str] = "waste"
    aside: ClassVar[str | None] = None
    chain_texts: ClassVar[ChainTexts] = ChainTexts()

    def _build(self) -> None:
        super()._build()
        self.pile = self.kit.place[self.onto]
        self._layout = frozenset(self.layout_places)
        #: follows[top rank][rank]: may a card of `rank` go onto a chain ending in `top rank`.
        self.follows = _follows(self.chain, self.chain_ends())

    def chain_ends(self) -> frozenset[int]:
        """The ranks nothing may follow in this game (`ends`, unless the options say otherwise:
        Golf's "A Queen may go on a King")."""
        return self.ends

    @cached_property
    def family(self) -> ChainFamily:
        from aisle.kit.families.chains import ChainFamily

        return ChainFamily(self)

    # -- moves ----------------------------------------------------------------------------------
    def playable(self, board: Board) -> list[int]:
        """The layout places whose card may go onto the chain now, in table order."""
        slots = board.slots
        chain = slots[self.pile].cards
        if not chain:
            return []
        follows = self.follows[chain[-1].rank]
        return [place for place in self.layout_places
                if (cards := slots[place].cards) and cards[-1].face_up and follows[cards[-1].rank]]

    def removals(self, board: Board) -> list[Move]:
        pile, one = self.pile, self.one
        return [one[place][pile] for place in self.playable(board)]

    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if self.kit.place[source.id] in self._layout:
            if not source.cards[-1].face_up:
                return self.chain_texts.covered
            return self.chain_texts.top_only if count > 1 else None
        if isinstance(self._role(source), Stock):
            return self.texts.stock_take
        return self.chain_texts.stays

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.id != self.onto or not target.cards:
            return self.chain_texts.only_onto
        card, top = source.cards[-1], target.cards[-1]
        if self.follows[top.rank][card.rank]:
            return None
        return filled(self.chain_texts.not_next, card=card_name(card), top=card_name(top))

    # After a move, only what the card played covered may turn up (one call less per move).
    after_move = RemovalVariant.turn_up_freed

    def click_stock(self, board: Board) -> None:
        aside, slots = self.aside, board.slots
        if aside is not None and (run := len(slots[self.pile].cards)):
            board.turn_over(self.onto, run, aside)
        fast = self._turn_one
        if fast is not None and slots[fast[0]].cards:
            board.turn_over(fast[1], 1, fast[2])
        else:
            super().click_stock(board)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        place = self.kit.place[slot_id]
        if place in self._layout and place in self.playable(board):
            yield self.one[place][self.pile]

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        return iter(())

    # -- outcome --------------------------------------------------------------------------------
    def is_won(self, board: Board) -> bool:
        """The layout is clear; in an overlap it is enough that its last cards are gone."""
        slots = board.slots
        for place in self.last_places:  # noqa: SIM110 - asked after every move; a loop is faster
            if slots[place].cards:
                return False
        return True

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)

    def solver_model(self, board: Board) -> ChainModel | None:
        """The compact model, for a one-deck game whose stock deals once, a card at a time, onto
        the chain."""
        from aisle.kit.families.chain_model import ChainModel

        stock = self.stock_role
        if stock is None or stock.deal != 1 or self.decks != 1:
            return None
        onto = "waste" if stock.onto == "waste" else f"{stock.onto}-1"
        once = stock.passes == 1 or stock.onto != "waste"
        single = sum(role.count for role in self.kit.roles if role.prefix == stock.onto) == 1
        return ChainModel(self, board) if once and single and onto == self.onto else None
