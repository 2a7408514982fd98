"""The solver's model of a table whose piles pick up any face-up card with all on it (Yukon): the
kit's model, less the swaps that nothing can follow.

A swap lifts a group off a card it lies in sequence on and puts it onto the other card of that
rank and colour (a top card), sending nothing up: it turns no card and empties no pile; all it
brings about is that the card it uncovers (`c`) is a top card. In a winning line, a swap
followed by a step that leaves `c` alone (puts nothing onto it, does not move it by itself,
does not send it up) can change places with that step: the step is allowed before the swap
(the swap covered one card, the twin, and uncovered only `c`), the swap is still allowed after
it, and both orders end in the same position; if the step moves the whole group on, the swap
was not needed at all, and a swap undone at once neither. So some winning line, if any, has
every swap followed at once by a step that puts a card onto `c`, moves `c` by itself or sends it
up. Here a swap is tried only where such a step exists right after it; the exhaustive search
then sees fewer positions and still proves a loss.

Covered: one deck, one role of piles picking up any face-up card, four foundations built up by
suit one card at a time, no stock, free cells or reserve (Yukon's table).
"""

from __future__ import annotations

from aisle.kit.remembered import Remembered
from aisle.kit.solver_model import KitModel, KitRules, Step
from aisle.kit.solver_table import DOWN, FACE_UP, PILE, ModelTable, Position

#: Estimates remembered at most (then forgotten and worked out again).
_MOST_ESTIMATES = 50_000


class FaceUpModel(KitModel):
    """A table of face-up piles for the solver (see the module's notes)."""

    @staticmethod
    def covers(table: ModelTable) -> bool:
        """Whether the table is Yukon's kind (see the module's notes)."""
        plain_up = (len(table.found_rules) == 4 and table.found_follows
                    and not any(rules.give_back or rules.lift_runs or rules.whole_runs
                                for rules in table.found_rules))
        return (table.decks == 1 and len(table.groups) == 1 and table.groups[0][0].pick == FACE_UP
                and not table.cells and not table.reserves and table.stock_role is None and plain_up
                and not table.by_space)

    def __init__(self, rules: KitRules, start: Position) -> None:
        super().__init__(rules, start)
        self.rules = rules
        pile_rules = self.table.role_of_pile[0]
        self._links, self._onto, self._empty = pile_rules.links, pile_rules.onto, pile_rules.empty
        #: The cards that may lie on each card.
        self._lying_on = [tuple(card for card in range(1, DOWN) if below in pile_rules.onto[card])
                          for below in range(0x80)]
        #: The estimates the steps are sorted by, remembered: the best-first hunt asks them again.
        self._estimates: Remembered[Position, int] = Remembered(rules.estimator.estimate, _MOST_ESTIMATES)

    def estimate(self, state: Position) -> int:
        return self._estimates[state]

    def children(self, state: Position) -> list[tuple[Step, Position]]:
        return self._steps(state, True)

    def hunch(self, state: Position) -> list[tuple[Step, Position]]:
        """The steps but the swaps (the kit's hunch on this table, see `KitModel.hunch`), the
        swaps never played out."""
        return self._steps(state, False)

    def _steps(self, state: Position, swaps: bool) -> list[tuple[Step, Position]]:
        """`KitModel.children` on this table (no stock, no runs through empty piles), with the
        swaps nothing can follow left out, or (without `swaps`) every swap."""
        fixed = self._without_listing(state)
        if fixed is not None:
            return fixed
        start = state is self._start
        where, piles, found = self.table.where, state[2], state[1]
        # Off the start, only the card a move uncovers may go up by itself (`Play.settle`).
        goes_up = self.play.eligible(found) if self.play.goes_up and not start else None
        links, after = self._links, self._after
        kids = []
        for source, count, target in self.listing.steps(state, True):
            step = (source, count, target, 0)
            part, index = where[source]
            pile = piles[index] if part == PILE and where[target][0] == PILE else b""
            if count < len(pile) and links[pile[-count]][pile[-count - 1]]:
                if not swaps and goes_up is not None and not goes_up[pile[-count - 1]]:
                    continue  # a swap for sure: not even played out
                child = after(state, step, start)
                if child[1] == found and not (swaps and self._followed(child, index, pile[-count])):
                    continue  # a swap nothing can follow (see the module's notes), or any swap
            else:
                child = after(state, step, start)
            kids.append((step, child))
        estimates = self._estimates
        kids.sort(key=lambda kid: estimates[kid[1]])
        return kids

    def _followed(self, child: Position, source: int, lifted: int) -> bool:
        """Whether, after a swap that lifted the card `lifted` off pile `source`, some step puts
        a card onto the card it uncovered, moves that card by itself or sends it up."""
        piles = child[2]
        pile = piles[source]
        uncovered = pile[-1]
        for index, top in enumerate(child[1]):
            if uncovered in self.table.takes[index][top]:
                return True
        for index, other in enumerate(piles):
            if index == source:
                continue
            if other and other[-1] in self._onto[uncovered]:
                return True  # it goes onto another pile's top card
            if not other and self._empty[uncovered] and len(pile) > 1:
                return True  # it starts an empty pile
            for card in self._lying_on[uncovered]:
                if card != lifted and card in other:
                    return True  # another card that fits it, face up, comes onto it
        return False
