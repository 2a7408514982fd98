"""`KitVariant`: a game described by its roles and its deal; the rules follow from them.

A kit game sets `table` (its roles in table order, see `aisle.kit.roles`) and `dealing` (see
`aisle.kit.dealing`) and gets from this class everything a `Variant` must do: what may be
picked up and where it may go (with a reason when not), flips, the stock, double-click, Send
All Up, safe automatic moves derived from its foundation and tableau rules, score, win, a loss
when nothing is left to do, a hint, a fast list of legal moves and the solver's knowledge of
which slots are alike. Any of it can be replaced by overriding the method, as in any Variant.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, ClassVar

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.slots import Slot, SlotSpec
from aisle.i18n import T, Text
from aisle.kit import dealing, moves
from aisle.kit.build import ACE, Suits
from aisle.kit.roles import Foundations, FreeCells, Role, Stock, Tableau, Waste
from aisle.kit.safe import SafeUp
from aisle.kit.table import Table
from aisle.kit.texts import Texts
from aisle.variant import Variant

#: The state key counting how often the waste went back to the stock.
PASSES = "passes"


class KitVariant(Variant):
    """A game made of kit roles; see the module's notes and plugins/README.md."""

    #: The roles in table order (override `roles` when they depend on the options).
    table: ClassVar[Sequence[Role]] = ()
    #: How the cards are laid out at the start.
    dealing: ClassVar[Sequence[dealing.Step]] = ()
    #: The refusal texts (defaults in aisle.kit.texts).
    texts: ClassVar[Texts] = Texts()
    #: Send safe cards to the foundations after every move as a rule of the game (FreeCell),
    #: whether or not the player turned automatic moves on.
    autoplay: ClassVar[bool] = False

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.kit = Table(self.roles())
        self._count = {role.prefix: sum(r.count for r in self.kit.roles if r.prefix == role.prefix)
                       for role in self.kit.roles}
        self._safe = SafeUp(self.kit)

    def roles(self) -> Sequence[Role]:
        return self.table

    # -- the table -----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return self.kit.specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        dealing.deal(board, deck, self.dealing, self._count)

    def initial_state(self) -> dict[str, Any]:
        return {PASSES: 0} if self._stock_to_waste() is not None else {}

    def first_rank(self, board: Board) -> int:
        """The rank that starts a foundation (Ace unless a role says otherwise)."""
        for role, _places in self.kit.foundation_groups:
            return role.first if role.first is not None else int(board.state.get("base", ACE))
        return ACE

    # -- moves ---------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        role, texts = self._role(source), self.texts
        if isinstance(role, Foundations):
            return texts.foundation_stays
        if isinstance(role, Stock):
            return texts.stock_take
        if isinstance(role, Waste | FreeCells):
            return None if count == 1 else texts.waste_top
        assert isinstance(role, Tableau)
        if not source.cards[-count].face_up:
            return texts.face_down
        if count > moves.movable(role, source.cards):
            return texts.not_a_run
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        role, texts, card = self._role(target), self.texts, source.cards[-count]
        if isinstance(role, Stock):
            return texts.stock_put
        if isinstance(role, Waste):
            return texts.waste_put
        if isinstance(role, FreeCells):
            if count != 1:
                return texts.cell_one_card
            return texts.cell_taken if target.cards else None
        if isinstance(role, Foundations):
            return self._foundation_refusal(board, role, source, count, target)
        assert isinstance(role, Tableau)
        top = target.top
        if top is None:
            if not role.takes_when_empty(card.rank):
                return texts.king_only if role.empty == "kings" else texts.nothing_on_empty
        elif role.build is None:
            return texts.no_building
        elif not role.build.fits(card, top):
            return texts.build(role.build, card, top)
        if role.by_space:
            most = self._room(board, top is None)
            if count > most:
                return texts.too_many(most)
        return None

    def _foundation_refusal(self, board: Board, role: Foundations, source: Slot, count: int,
                            target: Slot) -> Text | None:
        texts, card, top = self.texts, source.cards[-count], target.top
        if role.whole_runs:
            if top is None and moves.whole_run(source.cards, count, role.build):
                return None
            return T("Only a complete run of one suit, from King down to Ace, can go onto a "
                     "foundation.")
        if count != 1:
            return texts.one_at_a_time_up
        if moves.foundation_fits(role, card, top, self.first_rank(board)):
            return None
        if top is None:
            return texts.ace_first
        if role.build.suits is Suits.SAME and top.suit != card.suit:
            return texts.own_suit
        return texts.one_higher

    def _room(self, board: Board, to_empty: bool) -> int:
        free = sum(1 for place in self.kit.cells if not board.slots[place].cards)
        empty = sum(1 for place in self.kit.tableau if not board.slots[place].cards)
        return moves.capacity(free, empty, to_empty)

    def after_move(self, board: Board, move: Move) -> None:
        role = self._role(board.slot(move.source))
        if isinstance(role, Tableau) and role.flip and board.slot(move.source).cards:
            board.flip(move.source)
        if self.autoplay:
            for _ in range(len(board.cards)):
                up = self.safe_up_move(board)
                if up is None:
                    return
                board.move(up.source, up.count, up.target)

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(moves.legal_moves(self.kit, board.slots, self.first_rank(board)))
        if self.kit.stocks and self.stock_refusal(board) is None:
            actions.append(Deal())
        return actions

    # -- the stock -----------------------------------------------------------------------------
    def _stock_to_waste(self) -> Stock | None:
        stocks = self.kit.roles_of(Stock)
        if stocks and isinstance(stocks[0], Stock) and stocks[0].onto == "waste":
            return stocks[0]
        return None

    def stock_refusal(self, board: Board) -> Text | None:
        if not self.kit.stocks:
            return T("There is nothing to deal.")
        if board.slots[self.kit.stocks[0]].cards:
            return None
        stock = self._stock_to_waste()
        if stock is not None and board.slots[self.kit.wastes[0]].cards and (
                stock.passes is None or board.state.get(PASSES, 0) + 1 < stock.passes):
            return None
        return self.texts.stock_empty

    def click_stock(self, board: Board) -> None:
        stock_role = self.kit.roles_of(Stock)[0]
        assert isinstance(stock_role, Stock)
        stock = board.slots[self.kit.stocks[0]]
        if stock_role.onto == "waste":
            waste = board.slots[self.kit.wastes[0]]
            if stock.cards:
                board.turn_over(stock.id, min(stock_role.deal, len(stock.cards)), waste.id)
            else:
                board.turn_over(waste.id, len(waste.cards), stock.id)
                board.set(PASSES, board.state.get(PASSES, 0) + 1)
            return
        piles = [place for place, role in enumerate(self.kit.role_of) if role.prefix == stock_role.onto]
        for place in piles[:len(stock.cards)]:
            board.turn_over(stock.id, 1, self.kit.ids[place])

    # -- going up ------------------------------------------------------------------------------
    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if isinstance(self._role(slot), Foundations):
            yield from self.send_up_moves(board)
            return
        card = slot.top
        if card is None or not card.face_up:
            return
        up = self._foundation_for(board, card)
        if up is not None:
            yield Move(slot_id, 1, up)
        elif isinstance(self._role(slot), Tableau):
            cell = next((board.slots[p] for p in self.kit.cells if not board.slots[p].cards), None)
            if cell is not None:
                yield Move(slot_id, 1, cell.id)

    def _foundation_for(self, board: Board, card: Card) -> str | None:
        first = self.first_rank(board)
        for role, places in self.kit.foundation_groups:
            if role.whole_runs:
                continue
            for place in places:
                if moves.foundation_fits(role, card, board.slots[place].top, first):
                    return self.kit.ids[place]
        return None

    def safe_up_move(self, board: Board) -> Move | None:
        return self._safe.move(board, self.first_rank(board))

    # -- outcome -------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(len(board.slots[place].cards) for place in self.kit.foundations)

    def max_score(self) -> int:
        return 52 * self.decks

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52 * self.decks

    def is_lost(self, board: Board) -> bool:
        return not self.legal_actions(board)

    # -- names and the solver ------------------------------------------------------------------
    def slot_name(self, slot: Slot) -> Text:
        if isinstance(self._role(slot), FreeCells):
            return T("free cell {number}", number=slot.id.rsplit("-", 1)[-1])
        return super().slot_name(slot)

    def solver_key(self, board: Board) -> Hashable | None:
        """Free cells, and tableau piles of one role, are alike: their order does not count
        (unless the stock deals onto some piles only)."""
        slots, kit = board.slots, self.kit

        def pile(place: int) -> tuple[tuple[int, bool], ...]:
            return tuple((card.id, card.face_up) for card in slots[place].cards)

        key: list[Hashable] = [tuple(sorted(pile(p) for p in kit.cells))]
        for role, places in kit.tableau_groups:
            piles = [pile(p) for p in places]
            key.append(tuple(piles if self._piles_ordered(board, role) else sorted(piles)))
        key += [pile(p) for p in (*kit.foundations, *kit.stocks, *kit.wastes)]
        key.append(tuple(sorted(board.state.items())))
        return tuple(key)

    def _piles_ordered(self, board: Board, role: Tableau) -> bool:
        """Whether a pile's place still matters: the stock deals onto the first piles only."""
        for stock_role in self.kit.roles_of(Stock):
            assert isinstance(stock_role, Stock)
            if (stock_role.onto == role.prefix and board.slots[self.kit.stocks[0]].cards
                    and len(board.slots[self.kit.stocks[0]].cards) % role.count):
                return True
        return False

    def _role(self, slot: Slot) -> Role:
        return self.kit.role_of[self.kit.place[slot.id]]
