"""Games of a stock turned once onto a waste, piles built down that move runs only as far as the
empty piles allow, and no free cells (Forty Thieves): the hint and the end of the game, over a
compact copy of the table. The piles' build rule is the game's own (Forty Thieves: down by suit).

A position here is (cards left in the stock, the waste's card ids, each foundation's top card id
or -1, each pile's card ids), everything bottom first. A step is (source, count, target) with
the places of `Board.slots`; DEAL is a click on the stock.

The hint's steps, first match wins (the reference's order; step 3 made one-way):

1. the waste, then the piles: the first top card that fits a foundation;
2. the waste's top card onto the first pile it fits, else into the first empty pile;
3. the piles: the first top card that fits another pile, unless it already lies in sequence on
   the card below it (a pile's only card always may go);
4. a deal, while the stock holds cards;
5. with the stock empty, a look ahead: the first legal move after which the hint's own next step
   (1-3) leaves the position better than now.

Positions compare by (ranks on the foundations, fewer 2 × stock + waste, fewer separate runs on
the piles, more empty piles). Steps 1-4 always improve the position and a step-5 move is always
followed by a step that improves on the position before it, so following the hints never comes
back to a position.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import pairwise

from aisle.engine import Board, Deal, Move, Slot
from aisle.i18n import T
from aisle.kit.moves import capacity
from aisle.kit.roles import Tableau
from aisle.kit.table import Table
from aisle.variant import Hint, card_name

Position = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
Step = tuple[int, int, int]
EMPTY = -1
#: The search for a way out stops here; then the game is not called lost.
MOST_POSITIONS = 300


class FortyThievesFamily:
    """The family's knowledge of one table: a stock, a waste, one role of foundations built up
    from the Ace and one role of piles, no free cells."""

    def __init__(self, table: Table) -> None:
        role, self.piles = table.tableau_groups[0]
        assert isinstance(role, Tableau) and role.build is not None and not table.cells
        self.stock, self.waste, self.foundations = table.stocks[0], table.wastes[0], table.foundations
        self.deal: Step = (self.stock, 0, self.stock)
        #: in_sequence[card][below]: may `card` lie on `below` in a pile; the same going up.
        self.in_sequence = table.relation(role.build).fits
        self.fits_up = table.relation(table.foundation_groups[0][0].build).fits
        self.rank = [0] * len(self.in_sequence)
        for card in table.deck:
            self.rank[card.id] = card.rank

    def compact(self, slots: Sequence[Slot]) -> Position:
        return (
            len(slots[self.stock].cards),
            tuple(card.id for card in slots[self.waste].cards),
            tuple(slots[p].cards[-1].id if slots[p].cards else EMPTY for p in self.foundations),
            tuple(tuple(card.id for card in slots[p].cards) for p in self.piles),
        )

    def value(self, position: Position) -> tuple[int, int, int, int]:
        """Bigger is better (see the module's description)."""
        stock, waste, found, piles = position
        up = sum(self.rank[top] for top in found if top != EMPTY)
        in_sequence = self.in_sequence
        runs = empty = 0
        for pile in piles:
            if not pile:
                empty += 1
                continue
            runs += 1 + sum(1 for below, card in pairwise(pile) if not in_sequence[card][below])
        return up, -(2 * stock + len(waste)), -runs, empty

    def _up_step(self, source: int, card: int, found: tuple[int, ...]) -> Step | None:
        for index, top in enumerate(found):
            if (self.rank[card] == 1) if top == EMPTY else self.fits_up[card][top]:
                return source, 1, self.foundations[index]
        return None

    def progress_step(self, position: Position, with_deal: bool = True) -> Step | None:
        """The hint's step 1, 2, 3 or (with `with_deal`) 4, or None."""
        stock, waste, found, piles = position
        in_sequence, places = self.in_sequence, self.piles
        if waste:
            step = self._up_step(self.waste, waste[-1], found)
            if step is not None:
                return step
        for index, pile in enumerate(piles):
            if pile:
                step = self._up_step(places[index], pile[-1], found)
                if step is not None:
                    return step
        if waste:
            card = waste[-1]
            fitting = (index for index, pile in enumerate(piles) if pile and in_sequence[card][pile[-1]])
            target = next(fitting, next((index for index, pile in enumerate(piles) if not pile), None))
            if target is not None:
                return self.waste, 1, places[target]
        for source, pile in enumerate(piles):
            if not pile or (len(pile) > 1 and in_sequence[pile[-1]][pile[-2]]):
                continue
            for target, onto in enumerate(piles):
                if target != source and onto and in_sequence[pile[-1]][onto[-1]]:
                    return places[source], 1, places[target]
        if with_deal and stock:
            return self.deal
        return None

    def pile_steps(self, position: Position) -> list[Step]:
        """Every legal move between piles (single cards or runs), except a whole pile into an
        empty one, in slot order."""
        piles, in_sequence, places = position[3], self.in_sequence, self.piles
        empties = sum(1 for pile in piles if not pile)
        cap, cap_empty = capacity(0, empties, False), capacity(0, empties, True)
        first_empty = next((index for index, pile in enumerate(piles) if not pile), None)
        steps: list[Step] = []
        for source, pile in enumerate(piles):
            count = 0
            while count < len(pile) and (count == 0 or in_sequence[pile[-count]][pile[-count - 1]]):
                count += 1
                lowest = pile[-count]
                for target, onto in enumerate(piles):
                    if target == source:
                        continue
                    if onto:
                        if count <= cap and in_sequence[lowest][onto[-1]]:
                            steps.append((places[source], count, places[target]))
                    elif target == first_empty and count <= cap_empty and count < len(pile):
                        steps.append((places[source], count, places[target]))
        return steps

    def after(self, position: Position, step: Step) -> Position:
        """The position after a move (not a deal)."""
        stock, waste, found, piles = position
        source, count, target = step
        if source == self.waste:
            moving = waste[-1:]
            waste = waste[:-1]
        else:
            index = self.piles.index(source)
            pile = piles[index]
            moving = pile[len(pile) - count:]
            piles = (*piles[:index], pile[:len(pile) - count], *piles[index + 1:])
        if target in self.foundations:
            index = self.foundations.index(target)
            found = (*found[:index], moving[0], *found[index + 1:])  # only single cards go up here
        else:
            index = self.piles.index(target)
            piles = (*piles[:index], piles[index] + moving, *piles[index + 1:])
        return stock, waste, found, piles

    def look_ahead(self, position: Position) -> Step | None:
        """The hint's step 5 (see the module's description)."""
        now = self.value(position)
        for step in self.pile_steps(position):
            following = self.after(position, step)
            then = self.progress_step(following, with_deal=False)
            if then is not None and self.value(self.after(following, then)) > now:
                return step
        return None

    def stuck(self, position: Position) -> bool:
        """Whether no card can ever go up or leave the waste again: the stock is empty, and no
        series of moves between the piles reaches a position where a top card fits a foundation
        or the waste's top card fits a pile (searched up to MOST_POSITIONS positions)."""
        if position[0]:
            return False
        seen = {position[3]}
        waiting = deque([position])
        while waiting:
            here = waiting.popleft()
            step = self.progress_step(here, with_deal=False)
            if step is not None and (step[0] == self.waste or step[2] in self.foundations):
                return False
            for move in self.pile_steps(here):
                reached = self.after(here, move)
                if reached[3] not in seen:
                    if len(seen) >= MOST_POSITIONS:
                        return False
                    seen.add(reached[3])
                    waiting.append(reached)
        return True

    # -- what the game asks ----------------------------------------------------------------------
    def is_lost(self, board: Board) -> bool:
        return not board.slots[self.stock].cards and self.stuck(self.compact(board.slots))

    def hint(self, board: Board) -> Hint:
        position = self.compact(board.slots)
        step = self.progress_step(position)
        if step is None:
            step = self.look_ahead(position)
        if step is None:
            return Hint(T("No hint available right now."))
        if step == self.deal:
            return Hint(T("Deal a new card from the stock."), Deal())
        source_place, count, target_place = step
        source, target = board.slots[source_place], board.slots[target_place]
        card = source.cards[-count]
        move = Move(source.id, count, target.id)
        if target.top is None:
            if target_place in self.foundations:
                # TRANSLATORS: {card} is a card such as "A♦".
                return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
            # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving run).
            return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)),
                    move)
