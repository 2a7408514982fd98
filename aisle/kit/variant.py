"""`KitVariant`: a game described by its roles and its deal; the rules follow from them.

A kit game sets `table` (its roles in table order, see `aisle.kit.roles`) and `dealing` (see
`aisle.kit.dealing`) and gets from this class everything a `Variant` must do: what may be
picked up and where it may go (with a reason when not), flips, refills, the stock, double-click,
Send All Up, safe automatic moves derived from its foundation and tableau rules, score, win, a
loss when nothing is left to do, a hint, a status line, a fast list of legal moves and the
solver's knowledge of which slots are alike. Any of it can be replaced by overriding the method,
as in any Variant.
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
from aisle.kit.build import Suits
from aisle.kit.discard import Discards
from aisle.kit.parts import Parts
from aisle.kit.roles import Empty, Foundations, FreeCells, Reserve, Role, Stock, Tableau, Waste
from aisle.kit.stock import PASSES
from aisle.kit.texts import Texts
from aisle.slot_sentences import MOVE_ONTO, THE_FOUNDATION
from aisle.variant import Hint, Variant, card_name

_DEAL = Deal()


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
    #: List the legal moves by kind, the order some games always had (see `Table`).
    moves_by_kind: ClassVar[bool] = False
    #: A double-click on a card that cannot go up moves it onto the first pile it fits, else
    #: into the first empty pile (never a pile's only card: that would gain nothing).
    double_click_to_pile: ClassVar[bool] = False
    #: The cards on the foundations that win the game (None: every card; Aces Up: 48, the
    #: four Aces stay). It is also the highest score.
    goal: ClassVar[int | None] = None
    #: In a game with no stock and every card face up, the hint and the loss test look a few
    #: hundred positions ahead (`aisle.kit.way_forward`): the hint names the first move towards
    #: the next card going up, and the game is lost once no move leads to one. False: lost only
    #: when no legal move is left, and the hint sees one move ahead.
    look_ahead: ClassVar[bool] = True

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        roles = self.roles()
        # Roles declared on the class are the same objects for every game: their parts are shared.
        parts = Parts.of(roles, self.decks, self.deck_suits(), self.moves_by_kind,
                         type(self) if roles is type(self).table else None)
        self.kit = parts.table
        self._count, self._safe, self._dealer, self._key = parts.count, parts.safe, parts.dealer, parts.key
        self._off_foundations, self._flips, self._lifts = parts.off_foundations, parts.flips, parts.lifts
        self._refills = parts.refills
        self._discards: Discards = parts.discards
        #: Whether a move may have more consequences than a flip (runs landing, refills, autoplay).
        self._after_more = self._lifts or bool(self.kit.reserves) or self.autoplay

    def roles(self) -> Sequence[Role]:
        return self.table

    # -- the table -----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return self.kit.specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        dealing.deal(board, deck, self.dealing, self._count)

    def initial_state(self) -> dict[str, Any]:
        return {PASSES: 0} if self._dealer.counts_passes() else {}

    def first_rank(self, board: Board) -> int:
        """The rank that starts a foundation (see `Table.first_rank`)."""
        return self.kit.first_rank(board.slots)

    # -- moves ---------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        kit, texts = self.kit, self.texts
        place = kit.place[source.id]
        plan = kit.pile_plan_of.get(place)
        if plan is not None:
            if not source.cards[-count].face_up:
                return texts.face_down
            # A face-up top card alone always moves.
            if count > 1 and count > moves.movable(plan.role, source.cards, plan.sequence):
                return texts.broken_run(plan.role.sequence, source.cards[-count:])
            return None
        role = kit.role_of[place]
        if isinstance(role, Foundations):
            if not role.give_back:
                return texts.foundation_stays
            if count != 1:
                return texts.foundation_top
            return texts.base_stays if role.stays(source.cards[-1].rank, self.first_rank(board)) else None
        if isinstance(role, Stock):
            return texts.stock_take
        if isinstance(role, Reserve):
            return None if count == 1 else texts.reserve_top
        return None if count == 1 else texts.waste_top  # a waste or a free cell

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        kit, texts, card = self.kit, self.texts, source.cards[-count]
        place = kit.place[target.id]
        plan = kit.pile_plan_of.get(place)
        if plan is None:
            return self._drop_off_piles(board, kit.role_of[place], source, count, target)
        role, top = plan.role, target.top
        if top is None:
            if not plan.starts[card.rank]:
                return texts.king_only if role.empty == "kings" else texts.nothing_on_empty
        elif plan.relation is None:
            return texts.no_building
        elif not plan.relation.fits[card.id][top.id]:
            return texts.build(plan.relation.build, card, top, role.empty is Empty.ANY)
        if role.by_space and count > 1:  # one card always has the room
            most = self._room(board, top is None)
            if count > most:
                return texts.too_many(most, bool(kit.open_cells))
        return None

    def _drop_off_piles(self, board: Board, role: Role, source: Slot, count: int,
                        target: Slot) -> Text | None:
        """`drop_refusal` for a target that is not a tableau pile."""
        texts = self.texts
        if isinstance(role, Foundations):
            return self._foundation_refusal(board, role, source, count, target)
        if isinstance(role, FreeCells) and not role.dealt_only:
            if count != 1:
                return texts.cell_one_card
            return texts.cell_taken if target.cards else None
        if isinstance(role, Stock):
            return texts.stock_put
        if isinstance(role, Waste):
            return texts.waste_put
        return texts.reserve_put

    def _foundation_refusal(self, board: Board, role: Foundations, source: Slot, count: int,
                            target: Slot) -> Text | None:
        texts, top, first = self.texts, target.top, self.first_rank(board)
        if role.accepts is not None:
            if count != 1:
                return texts.one_at_a_time_up
            return self._discards.refusal(board, source, source.cards[-1])
        relation = self.kit.up_plan_of[self.kit.place[target.id]].relation
        if role.whole_runs:
            if top is not None:
                return texts.foundation_full
            if moves.whole_run(source.cards, count, relation, first):
                return None
            return texts.whole_run_only
        if count != 1 and not role.lift_runs:
            return texts.one_at_a_time_up
        # A run goes up when its uppermost card does (it lands in order, see `after_move`).
        card = source.cards[-1]
        if top is None:
            return None if card.rank == first else texts.first_up(first, role.first is None)
        if relation.fits[card.id][top.id]:
            return None
        if role.build.suits is Suits.SAME and top.suit != card.suit:
            return texts.own_suit
        return texts.next_up(role.build, card)

    def _room(self, board: Board, to_empty: bool) -> int:
        slots = board.slots
        free = [slots[place].cards for place in self.kit.open_cells].count([])
        empty = sum(1 for place in self.kit.tableau if not slots[place].cards
                    and self.kit.pile_plan_of[place].role.spare_when_empty)
        return moves.capacity(free, empty, to_empty)

    def after_move(self, board: Board, move: Move) -> None:
        kit = self.kit
        source_place = kit.place[move.source]
        source = board.slots[source_place]
        if source_place in self._flips and source.cards and not source.cards[-1].face_up:
            board.flip(move.source)
        if not self._after_more:
            return
        if move.count > 1 and self._lifts:
            up = kit.role_of[kit.place[move.target]]
            if isinstance(up, Foundations) and up.lift_runs:
                # The run was lifted as it lay (highest card first); a foundation runs upward.
                cards = board.slot(move.target).cards
                board.rearrange({move.target: [*cards[:-move.count], *reversed(cards[-move.count:])]})
        if kit.reserves:
            reserve = self._refills.get(source_place)
            if reserve is not None and not source.cards and board.slots[reserve].cards:
                board.move(kit.ids[reserve], 1, move.source)
                source_place = reserve
            if source_place in kit.reserves and board.slots[source_place].cards:
                board.flip(kit.ids[source_place])
        if self.autoplay:
            for _ in range(len(board.cards)):
                safe = self.safe_up_move(board)
                if safe is None:
                    return
                board.move(safe.source, safe.count, safe.target)

    def legal_actions(self, board: Board) -> list[Action]:
        actions = moves.legal_moves(self.kit, board.slots, self.first_rank(board))
        if self._discards.active:
            # The discards first: the moves that bring a win nearer (and the hint's first choice).
            actions = [*self._discards.moves(board.slots), *actions]
        if self._dealer.role is not None and self.stock_refusal(board) is None:
            actions.append(_DEAL)
        return actions

    # -- the stock -----------------------------------------------------------------------------
    def stock_refusal(self, board: Board) -> Text | None:
        dealer = self._dealer
        if dealer.free and board.slots[dealer.place].cards:
            return None  # the common case, asked at every listing of the moves
        return dealer.refusal(board, self.texts)

    def click_stock(self, board: Board) -> None:
        dealer = self._dealer
        if dealer.deal == 1 and dealer.to_waste and board.slots[dealer.place].cards:
            board.turn_over(dealer.stock_id, 1, dealer.waste_id)  # the common click, made quick
            return
        dealer.click(board)

    # -- going up ------------------------------------------------------------------------------
    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        role = self._role(slot)
        if isinstance(role, Foundations):
            yield from self.send_up_moves(board)
            return
        card = slot.top
        if card is None or not card.face_up:
            return
        up = self._foundation_for(board, card, self.kit.place[slot_id])
        if up is not None:
            yield Move(slot_id, 1, up)
            return
        if isinstance(role, Tableau):
            run = self._whole_run_up(board, slot)
            if run is not None:
                yield run
                return
            cell = next((board.slots[p] for p in self.kit.open_cells if not board.slots[p].cards), None)
            if cell is not None:
                yield Move(slot_id, 1, cell.id)
                return
        if self.double_click_to_pile and isinstance(role, Tableau | Waste):
            pile = self._pile_for(board, card, slot)
            if pile is not None:
                yield Move(slot_id, 1, pile.id)

    def _foundation_for(self, board: Board, card: Card, source: int | None = None) -> str | None:
        """The first foundation `card` may go onto (from the place `source`, which a foundation
        with a rule of its own needs to know)."""
        first = self.first_rank(board)
        for role, places in self.kit.foundation_groups:
            if role.accepts is not None:
                discard = None if source is None else self._discards.first_to(board.slots, source)
                if discard is not None:
                    return discard
                continue
            if role.whole_runs:
                continue
            for place in places:
                if moves.foundation_fits(role, card, board.slots[place].top, first):
                    return self.kit.ids[place]
        return None

    def _whole_run_up(self, board: Board, slot: Slot) -> Move | None:
        """A complete run on top of `slot` to the first empty foundation taking whole runs."""
        first = self.first_rank(board)
        for role, places in self.kit.foundation_groups:
            if role.whole_runs and moves.whole_run(slot.cards, moves.WHOLE_RUN,
                                                   self.kit.relation(role.build), first):
                free = next((p for p in places if not board.slots[p].cards), None)
                if free is not None:
                    return Move(slot.id, moves.WHOLE_RUN, self.kit.ids[free])
        return None

    def _pile_for(self, board: Board, card: Card, source: Slot) -> Slot | None:
        """The first other pile whose top card `card` fits on, else the first empty pile that
        takes it (not for the only card of its slot)."""
        kit, slots = self.kit, board.slots
        for place in kit.tableau:
            relation, top = kit.pile_plan_of[place].relation, slots[place].top
            if slots[place] is not source and top is not None and relation is not None and (
                    relation.fits[card.id][top.id]):
                return slots[place]
        if len(source.cards) == 1:
            return None
        for place in kit.tableau:
            if not slots[place].cards and kit.pile_plan_of[place].starts[card.rank]:
                return slots[place]
        return None

    def safe_up_move(self, board: Board) -> Move | None:
        if self._discards.active:
            return self._discards.safe_move(board)
        return self._safe.move(board, self.first_rank(board))

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        if not self._discards.active:
            yield from super().send_up_moves(board)
            return
        # Only the safe discards: which card to discard first can decide the game.
        while (move := self.safe_up_move(board)) is not None:
            yield move

    def hint(self, board: Board) -> Hint | None:
        hint = super().hint(board)  # a card going up, else one uncovered, else a deal
        if hint is None and self._in_sight(board):
            # Nothing goes up now: the first move of a shortest way to a card going up.
            from aisle.kit.way_forward import HINT_POSITIONS, way_up  # not before a hint

            first = way_up(self, board, HINT_POSITIONS).first
            if first is None:
                return None
            card = card_name(board.slot(first.source).cards[-first.count])
            return Hint(self.slot_sentence(MOVE_ONTO, board.slot(first.target), cards=card), first)
        if hint is None or not isinstance(hint.action, Deal) or not self._discards.active:
            return hint
        # A deal onto the piles would cover an empty one: a discard game fills it first.
        move = self._discards.fill(board, self.legal_actions(board))
        if move is None:
            return hint
        card = card_name(board.slot(move.source).cards[-1])
        return Hint(self.slot_sentence(MOVE_ONTO, board.slot(move.target), cards=card), move)

    # -- outcome -------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(len(board.slots[place].cards) for place in self.kit.foundations)

    def max_score(self) -> int:
        return 52 * self.decks if self.goal is None else self.goal

    def is_won(self, board: Board) -> bool:
        if self.goal is not None:
            return self.score(board) >= self.goal
        # Every card on the foundations: no other slot holds one (asked after every move).
        slots = board.slots
        return all(not slots[place].cards for place in self._off_foundations)

    def is_lost(self, board: Board) -> bool:
        if self._in_sight(board):
            from aisle.kit.way_forward import way_up  # not before the first move

            # Moves may be left that only go round in circles: lost when none leads to a card up.
            reach = way_up(self, board)
            return reach.first is None and reach.complete
        return not self.legal_actions(board)

    def _in_sight(self, board: Board) -> bool:
        """Whether the game has no stock and every card lies face up, so that a search of the
        positions within reach (`aisle.kit.way_forward`) sees nothing the player cannot."""
        return self.look_ahead and not self.kit.stocks and all(
            card.face_up for slot in board.slots for card in slot.cards)

    def status_text(self, board: Board) -> Text | None:
        if not self.kit.stocks:
            return None
        # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
        return T("Stock left: {stock}", stock=len(board.slots[self.kit.stocks[0]].cards))

    # -- names and the solver ------------------------------------------------------------------
    def slot_name(self, slot: Slot) -> Text:
        role = self._role(slot)
        if isinstance(role, Foundations) and len(self.kit.foundations) == 1:
            return THE_FOUNDATION  # Aisle's standard name: sentences about it come whole
        if isinstance(role, FreeCells):
            return T("free cell {number}", number=slot.id.rsplit("-", 1)[-1])
        if isinstance(role, Reserve):
            return T("the reserve")
        return super().slot_name(slot)

    def solver_key(self, board: Board) -> Hashable | None:
        """Alike slots and cards share a key (see `aisle.kit.alike`)."""
        return self._key(board)

    def solver_model(self, board: Board) -> Any:
        """The solver's model of the game (an `aisle.solver.model.SolverModel`), worked out from
        its roles by the kit's solver knowledge, which picks the model (`aisle.kit.solver_models`);
        None when the game has rules the model cannot see (see `aisle.kit.solver_coverage`)."""
        from aisle.kit.solver_models import model_of

        return model_of(self, board)

    @classmethod
    def has_own_rule(cls, name: str) -> bool:
        """Whether the game's method `name` is its own rather than the kit's (the solver's model
        plays only the kit's own rules, or those a game tells it of)."""
        return getattr(cls, name) is not getattr(KitVariant, name)

    def _role(self, slot: Slot) -> Role:
        return self.kit.role_of[self.kit.place[slot.id]]

