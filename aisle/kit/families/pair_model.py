"""The solver's model of a pairing game (`aisle.kit.pairing`: Pyramid), with its dead-end tests.

A position is (the layout's cards left, the cards left in the stock, the waste's card ids bottom
first, every card left, the free layout cards), cards as masks of their ids. The stock never
changes order (no redeal), so its count says which cards it holds. The key is the first three,
the waste by its ranks only: waste cards pair by rank and cover nothing.

Steps, best first: a card that leaves alone goes at once and alone (it pairs with nothing, and
going only frees what lay under it); so does a pair of the last two cards of their two ranks
(they can only go together, and going sooner only frees more). Else every pair of cards in
play, layout pairs first, then the waste's pairs, then a deal.

Two dead-end tests, both asked of every step's position:

- Every card must leave with a partner, so the cards of two partner ranks (Pyramid: 4 and 9)
  must be matched up in pairs that can meet. Two cards can never meet when one lies on the
  other in the layout, directly or not (the upper one is gone before the lower is free), or
  when both are in the waste and not next to each other (the upper one, or a card between
  them, stays on the lower one). No perfect matching of cards that can meet: lost. A step
  changes the answer only for the ranks of the cards it moves, so it checks those.
- The waste goes from the top down, so each waste card must pair with a card next to it in the
  waste, with a card still in the stock, or with a layout card that can come free while the
  cards above it are still in the waste (see `_reach`). A waste card with none of these: lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.kit.families.layout_model import LayoutCards, bits
from aisle.solver.model import SolverModel

if TYPE_CHECKING:
    from aisle.kit.pairing import PairingVariant

#: (layout cards left, cards left in the stock, the waste bottom first, every card left, the
#: free layout cards), the cards as masks of their ids.
State = tuple[int, int, bytes, int, int]
#: (source place, count, target place); `DEAL` clicks the stock.
Step = tuple[int, int, int]
DEAL: Step = (-1, 0, -1)
_DEAL_ACTION = Deal()


class PairsModel(SolverModel[State, Step]):
    """A pairing game with one waste and a stock dealt once, on compact positions."""

    def __init__(self, game: PairingVariant, board: Board) -> None:
        assert game.waste is not None
        self.cards = cards = LayoutCards(game, board)
        self.ids, self.up, self.waste = game.kit.ids, game.up, game.waste
        self.partner, self.alone = game.pairs.partner, game.pairs.alone
        rank = cards.rank
        #: The cards of each rank, and of the ranks leaving alone, as masks.
        self.of_rank = [sum(1 << card for card in range(52) if rank[card] == r) for r in range(14)]
        self.alone_cards = sum(self.of_rank[r] for r in self.alone)
        self.cone = [above | below for above, below in zip(cards.above, cards.below, strict=True)]
        #: stock_left[n], stock_ranks[n]: the last n cards of the stock, as a mask of cards and
        #: of their ranks.
        self.stock_left, self.stock_ranks = [0], [0]
        for card in reversed(cards.stock):
            self.stock_left.append(self.stock_left[-1] | 1 << card)
            self.stock_ranks.append(self.stock_ranks[-1] | 1 << rank[card])
        waste = bytes(card.id for card in board.slots[self.waste].cards)
        alive = cards.mask | self.stock_left[-1] | sum(1 << card for card in waste)
        self._start: State = (cards.mask, len(cards.stock), waste, alive, cards.free_mask(cards.mask))
        self._ranks = bytes(rank) + bytes(256 - len(rank))
        #: The cards each layout can free with help of some ranks (see `_reach`), as found.
        self._reached: dict[tuple[int, int], int] = {}
        #: Whether each set of cards (their masks of cards they meet) can be matched, as found.
        self._perfect: dict[tuple[int, ...], bool] = {}

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> tuple[int, int, bytes]:
        """The waste by its ranks: cards in the waste only ever pair by rank."""
        return state[0], state[1], state[2].translate(self._ranks)

    def won(self, state: State) -> bool:
        return not state[3]

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool:
        """The dead-end tests on the start, for every rank (each step then checks its own)."""
        start = self._start
        return self._stuck(start) or not all(self._matched(r, start) for r in range(1, 14))

    # -- the rules --------------------------------------------------------------------------------
    def _without(self, state: State, card: int, other: int = -1, from_waste: int = 0) -> State:
        """`state` without `card` (and `other`), `from_waste` of them the waste's top cards."""
        before, left, waste, alive, free = state
        gone = 1 << card | (1 << other if other >= 0 else 0)
        layout = before & ~gone
        free &= ~gone
        if before >> card & 1:
            free |= self.cards.freed(layout, card)
        if other >= 0 and before >> other & 1:
            free |= self.cards.freed(layout, other)
        return layout, left, waste[:len(waste) - from_waste], alive & ~gone, free

    def _steps(self, state: State) -> list[tuple[Step, State, int]]:
        """The steps worth trying (see the module's notes), each with its position and the rank
        whose matching it changes (0: none)."""
        layout, left, waste, alive, free = state
        rank, partner, of_rank, place_of = self.cards.rank, self.partner, self.of_rank, self.cards.place_of
        up, waste_place, without = self.up, self.waste, self._without
        top = waste[-1] if waste else -1
        kings = free & self.alone_cards
        if kings:
            card = (kings & -kings).bit_length() - 1
            return [((place_of[card], 1, up), without(state, card), 0)]
        if top >= 0 and self.alone_cards >> top & 1:
            return [((waste_place, 1, up), without(state, top, from_waste=1), 0)]
        steps: list[tuple[Step, State, int]] = []
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            r = rank[card]
            for other in bits(rest & of_rank[partner[r]]):
                steps.append(((place_of[card], 1, place_of[other]), without(state, card, other), r))
            if top >= 0 and rank[top] == partner[r]:
                steps.append(((place_of[card], 1, waste_place), without(state, card, top, 1), r))
        if len(waste) >= 2 and partner[rank[top]] == rank[waste[-2]] != 0:
            steps.append(((waste_place, 2, up), without(state, top, waste[-2], 2), rank[top]))
        for step in steps:
            r = step[2]
            if (alive & (of_rank[r] | of_rank[partner[r]])).bit_count() == 2:
                return [step]  # the last two cards of their ranks: they can only go together
        if left:
            dealt = self.cards.stock[len(self.cards.stock) - left]
            r = rank[dealt]
            # Landing on the waste, the card no longer meets its partners deeper in the waste.
            in_waste = alive & ~layout & ~self.stock_left[left]
            deeper = of_rank[partner[r]] & in_waste & ~(1 << top if top >= 0 else 0)
            steps.append((DEAL, (layout, left - 1, waste + bytes((dealt,)), alive, free), r if deeper else 0))
        return steps

    def children(self, state: State) -> list[tuple[Step, State]]:
        matched, stuck = self._matched, self._stuck
        return [(step, child) for step, child, r in self._steps(state)
                if matched(r, child) and not stuck(child)]

    def _stuck(self, state: State) -> bool:
        """Whether some waste card can never go (the second test of the module's notes)."""
        layout, left, waste, _alive, _free = state
        rank, partner, of_rank, alone = self.cards.rank, self.partner, self.of_rank, self.alone_cards
        helping = stock = self.stock_ranks[left]
        for at in range(len(waste) - 1, -1, -1):
            card = waste[at]
            wanted = partner[rank[card]]
            if not (alone >> card & 1 or stock >> wanted & 1
                    or (at and rank[waste[at - 1]] == wanted)
                    or (at + 1 < len(waste) and rank[waste[at + 1]] == wanted)
                    or self._reach(layout, helping) & of_rank[wanted]):
                return True
            helping |= 1 << rank[card]
        return False

    def _reach(self, layout: int, helping: int) -> int:
        """The layout cards that can come free when cards of the ranks `helping` (rank bits) are
        at hand as partners, found generously: every card with a partner at hand goes at once,
        and a partner may serve twice. Only more cards come free that way, never fewer."""
        known = self._reached.get((layout, helping))
        if known is not None:
            return known
        rank, partner, alone, freed = self.cards.rank, self.partner, self.alone_cards, self.cards.freed
        free = reached = self.cards.free_mask(layout)
        start = layout
        while True:
            going = free & alone
            at_hand = helping
            for card in bits(free):
                at_hand |= 1 << rank[card]
            for card in bits(free & ~alone):
                if at_hand >> partner[rank[card]] & 1:
                    going |= 1 << card
            if not going:
                break
            layout &= ~going
            free &= ~going
            for card in bits(going):
                free |= freed(layout, card)
            reached |= free
        self._reached[start, helping] = reached
        return reached

    def _matched(self, r: int, state: State) -> bool:
        """Whether the cards of rank `r` left and those of its partner rank can all be paired
        with cards they can meet (see the module's notes); True for a rank without a partner."""
        wanted = self.partner[r]
        layout, left, waste, alive, _free = state
        ours = self.of_rank[r] & alive
        if not r or not wanted or wanted == r or not ours:
            return True
        theirs = self.of_rank[wanted] & alive
        in_waste = alive & ~layout & ~self.stock_left[left]
        cone = self.cone
        meets = []
        while ours:
            low = ours & -ours
            ours ^= low
            card = low.bit_length() - 1
            if layout & low:
                mask = theirs & ~(cone[card] & layout)
            elif in_waste & low:
                at = waste.index(card)
                near = (1 << waste[at - 1] if at else 0) | (1 << waste[at + 1] if at + 1 < len(waste) else 0)
                mask = theirs & ~(in_waste & ~near)
            else:
                mask = theirs
            if not mask:
                return False
            meets.append(mask)
        key = tuple(meets)
        known = self._perfect.get(key)
        if known is None:
            known = self._perfect[key] = _perfect(meets, 0, 0)
        return known

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == DEAL:
            return (_DEAL_ACTION,)
        source, count, target = step
        return (Move(self.ids[source], count, self.ids[target]),)

    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        """Every action the engine allows, in its order, for the cross-check."""
        layout, left, waste, alive, free = state
        rank, partner, alone, ids = self.cards.rank, self.partner, self.alone, self.ids
        play = [(place, card) for card, place in self.cards.free(layout)]
        if waste:
            play = sorted([*play, (self.waste, waste[-1])])
        found: list[tuple[Action, State]] = []

        def without(card: int, other: int = -1) -> State:
            return self._without(state, card, other, sum(1 for c in (card, other) if c >= 0 and c in waste))

        for place, card in play:
            if rank[card] in alone:
                found.append((Move(ids[place], 1, ids[self.up]), without(card)))
                continue
            for other_place, other in play:
                if rank[other] == partner[rank[card]] and other_place != place:
                    found.append((Move(ids[place], 1, ids[other_place]), without(card, other)))
        if len(waste) >= 2 and partner[rank[waste[-1]]] == rank[waste[-2]] != 0:
            found.append((Move(ids[self.waste], 2, ids[self.up]), without(waste[-1], waste[-2])))
        if left:
            dealt = self.cards.stock[len(self.cards.stock) - left]
            found.append((_DEAL_ACTION, (layout, left - 1, waste + bytes((dealt,)), alive, free)))
        return found


def _perfect(meets: list[int], index: int, used: int) -> bool:
    """Whether the cards from `index` on (their `meets` masks) can each get their own partner,
    the partners in `used` taken."""
    if index == len(meets):
        return True
    options = meets[index] & ~used
    while options:
        low = options & -options
        if _perfect(meets, index + 1, used | low):
            return True
        options ^= low
    return False
