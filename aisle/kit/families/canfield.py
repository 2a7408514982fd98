"""Games of a reserve beside a few piles and a stock turned onto a waste without end (Canfield):
the hint, and when the game is lost. The rules of cards lying on each other are the game's own
(Canfield: piles down in alternating colours, foundations up by suit from the base rank, both
round the corner).

The hint, in the reference's order (docs/rules/canfield.md §7); the first match wins:

1. a top card (the reserve, the tableau piles, then the waste) goes onto a foundation;
2. the reserve's top card, then the waste's, goes onto the first pile that takes it;
3. a whole tableau pile goes onto another pile;
4. deal (or turn the waste over), but only while some card the stock can show could be played;
5. try rearranging the cards.

Each move suggested puts a card up, takes one out of the reserve, stock or waste, or leaves a
tableau pile fewer; none is ever undone by a later hint, so the hints never go round in circles.

The loss (our decision; the reference never says so): dealing only changes which card lies on
top of the waste, and redeals are unlimited. So when no card can move now, the game can only go
on if some card the stock and waste can bring to the top of the waste could be played; if none
can, nothing will ever change.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Board, Card, Deal, Move, Slot
from aisle.i18n import T
from aisle.kit.roles import Foundations, Stock, Tableau
from aisle.kit.table import Table
from aisle.variant import Hint, card_name


class CanfieldFamily:
    """The family's knowledge of one table: a stock onto a waste, one reserve, one role of
    foundations and one of piles."""

    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): the best-first hunt first,
    #: after a short depth-first look. The depth-first hunt wins Canfield slowly: the stock, dealt
    #: in threes and turned without end, offers a card at every third place of the cycle, and an
    #: early step in the wrong order keeps it below that step for thousands of positions; the
    #: best-first hunt by the estimate wins most deals in a fraction of those (deals 8-29 won:
    #: median positions to a win 5,500 before, about 2,000 with it first). The exhaustive search
    #: keeps the rest, to prove the losses. (Canfield itself is solved with its own model since,
    #: plugins/aisle_canfield/solving.py; these shares stay with the kit's model of the table.)
    solver_hunt_shares = (0.02, 0.6)
    solver_proof_share = 0.02

    def __init__(self, table: Table) -> None:
        self.table = table
        up, self.foundations = table.foundation_groups[0]
        role, self.piles = table.tableau_groups[0]
        stock = table.roles_of(Stock)[0]
        assert isinstance(up, Foundations) and isinstance(role, Tableau) and isinstance(stock, Stock)
        assert role.build is not None
        self.up, self.draw = up, stock.deal
        self.stock, self.waste, self.reserve = table.stocks[0], table.wastes[0], table.reserves[0]
        self.relation, self.up_relation = table.relation(role.build), table.relation(up.build)
        self.starts = role.takes_when_empty

    # -- where a card may go -------------------------------------------------------------------
    def foundation_for(self, slots: Sequence[Slot], card: Card, first: int) -> int | None:
        """The first foundation that takes `card` now."""
        fits = self.up_relation.fits
        for place in self.foundations:
            top = slots[place].top
            if (card.rank == first) if top is None else fits[card.id][top.id]:
                return place
        return None

    def pile_for(self, slots: Sequence[Slot], card: Card, empty: bool = True) -> int | None:
        """The first pile that takes `card` (with `empty`, an empty one too)."""
        fits = self.relation.fits
        for place in self.piles:
            top = slots[place].top
            if top is None:
                if empty and self.starts(card.rank):
                    return place
            elif fits[card.id][top.id]:
                return place
        return None

    def takes(self, slots: Sequence[Slot], card: Card, first: int) -> bool:
        return self.foundation_for(slots, card, first) is not None or self.pile_for(slots, card) is not None

    # -- the loss ------------------------------------------------------------------------------
    def waste_tops_to_come(self, slots: Sequence[Slot]) -> Iterator[Card]:
        """Every card that dealing (and turning the waste over, as often as needed) brings to the
        top of the waste, the present top excluded."""
        waste, draw = slots[self.waste].cards, self.draw
        # The order the cards come out in, from the start of a pass: the waste's, then the stock's.
        cycle = [*waste, *reversed(slots[self.stock].cards)]
        total = len(cycle)
        shown = len(waste)
        while shown < total:  # the rest of this pass
            shown = min(shown + draw, total)
            yield cycle[shown - 1]
        for shown in range(draw, total + draw, draw):  # every later pass, from the start
            yield cycle[min(shown, total) - 1]

    def stock_can_help(self, slots: Sequence[Slot]) -> bool:
        """Whether some card the stock can still bring to the top of the waste could be played."""
        first = self.table.first_rank(slots)
        return any(self.takes(slots, card, first) for card in self.waste_tops_to_come(slots))

    def is_lost(self, slots: Sequence[Slot]) -> bool:
        if self._any_move(slots, self.table.first_rank(slots)):
            return False  # the common case: something can be played right now
        return not self.stock_can_help(slots)

    def _any_move(self, slots: Sequence[Slot], first: int) -> bool:
        """Whether some card move is legal: the moves' rules cut short at the first one found
        (asked after every action, so it builds nothing it need not)."""
        key, takes = self.relation.key, self.relation.wanted
        up_key, up_takes = self.up_relation.key, self.up_relation.wanted
        empty_pile = empty_up = False
        #: The key of each card some pile takes -> that pile (-1: several).
        taken: dict[int, int] = {}
        for place in self.piles:
            cards = slots[place].cards
            if not cards:
                empty_pile = True
                continue
            for want in takes[cards[-1].id]:
                taken[want] = -1 if want in taken else place
        up_taken: set[int] = set()
        for place in self.foundations:
            cards = slots[place].cards
            if cards:
                up_taken.update(up_takes[cards[-1].id])
            else:
                empty_up = True
        for place in self.foundations:  # a top card that may come back down
            cards = slots[place].cards
            if cards and not self.up.stays(cards[-1].rank, first) and (
                    empty_pile or key[cards[-1].id] in taken):
                return True
        for place in (self.waste, self.reserve, *self.piles):
            cards = slots[place].cards
            if not cards:
                continue
            card = cards[-1]
            if empty_pile or up_key[card.id] in up_taken or (empty_up and card.rank == first):
                return True
            if place in self.piles:
                for count in range(1, self.relation.run_length(cards) + 1):
                    taker = taken.get(key[cards[-count].id])
                    if taker is not None and taker != place:
                        return True
            elif key[card.id] in taken:
                return True
        return False

    # -- the hint ------------------------------------------------------------------------------
    def hint(self, board: Board) -> Hint:
        slots = board.slots
        first = self.table.first_rank(slots)
        for source in (self.reserve, *self.piles, self.waste):
            cards = slots[source].cards
            if cards:
                up = self.foundation_for(slots, cards[-1], first)
                if up is not None:
                    return self._move_hint(board, source, 1, up)
        for source in (self.reserve, self.waste):
            cards = slots[source].cards
            if cards:
                pile = self.pile_for(slots, cards[-1])
                if pile is not None:
                    return self._move_hint(board, source, 1, pile)
        for source in self.piles:
            cards = slots[source].cards
            if cards and self.relation.run_length(cards) == len(cards):
                fits = self.relation.fits
                for target in self.piles:
                    top = slots[target].top
                    if target != source and top is not None and fits[cards[0].id][top.id]:
                        return self._move_hint(board, source, len(cards), target)
        if self.stock_can_help(slots):
            if slots[self.stock].cards:
                return Hint(T("Deal a new card from the stock."), Deal())
            return Hint(T("Move the waste back to the stock."), Deal())
        return Hint(T("Try rearranging the cards."))

    def _move_hint(self, board: Board, source_place: int, count: int, target_place: int) -> Hint:
        source, target = board.slots[source_place], board.slots[target_place]
        card = source.cards[-count]
        move = Move(source.id, count, target.id)
        if target.top is not None:
            # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
            return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)),
                        move)
        if target_place in self.foundations:
            # TRANSLATORS: {card} is a card such as "A♦".
            return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
        # TRANSLATORS: {card} is a card such as "K♠" (the deepest card of the moving run).
        return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
