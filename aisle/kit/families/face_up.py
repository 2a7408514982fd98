"""Games whose piles move any face-up card with all on it (Yukon): the hint's steps, and when
the game can go no further. The rules of cards lying on each other are the game's own tableau
rule (Yukon: down in alternating colours); the description below says it for Yukon.

A position is kept compact here: for each pile, how many face-down cards it holds and the ids of
its face-up cards (bottom first); for each suit, the rank on top of its foundation. Card ids are
suit * 13 + rank - 1 (suits clubs, diamonds, hearts, spades).

A step is (source pile, count, target), piles 0-6, target UP for the card's own foundation.
The hint's steps, first match wins (the reference's order):

1. a pile's top card goes up (piles 1-7);
2. for each target pile, each other pile, its face-up cards from the top down: the first card
   that goes onto the target's top card where the move is worth it: it empties the pile, turns a
   face-down card up, takes the card off a card it was not in sequence on, or uncovers a card
   that goes up;
3. with a pile empty: the first face-up King that is not the bottom card of its pile goes there.

When no step applies, every legal move lifts a group off a card it lies in sequence on and puts
it onto the top card of the same rank and colour (or moves a King from the bottom of a pile to an
empty one). Such moves turn no card and send none up, but they can make a step possible: the
group carries its top card to another pile, where cards of its old pile can follow it. So the
game is lost only when no step applies here nor in any position such moves reach; and when no
step applies here, the hint leads the shortest such way to a position where one does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from aisle.engine import Board, Card, Move, Slot
from aisle.i18n import T
from aisle.kit.build import KING
from aisle.kit.families.face_up_model import FaceUpModel
from aisle.kit.roles import Tableau
from aisle.kit.table import Table
from aisle.variant import Hint, card_name

RANK = tuple(card_id % 13 + 1 for card_id in range(52))
SUIT = tuple(card_id // 13 for card_id in range(52))

Pile = tuple[int, tuple[int, ...]]
Position = tuple[Pile, ...]
Found = tuple[int, ...]
Step = tuple[int, int, int]
UP = -1
_NOWHERE: list[tuple[int, int]] = []
_NONE: list[int] = []
#: The search through such moves stops here; then the game is not called lost.
MOST_POSITIONS = 400


class FaceUpFamily:
    """The hint's steps and the loss test for one table whose piles are one `Tableau` role
    (picked up any face-up card at a time) beside one deck's foundations built up by suit."""

    #: The solver's model of such a table (`aisle.kit.solver_models`).
    solver_model_type = FaceUpModel
    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): the depth-first hunt gets
    #: a quarter, as the wins it finds take up to about 15,000 positions (Yukon deals 5, 42, 72),
    #: the best-first hunt about a third (deal 98: 23,000), and the exhaustive search the rest,
    #: a little at first for the small spaces, and the two fifths the losses of deals 16 and 65
    #: need (20,000 and 26,000 positions).
    solver_hunt_shares = (0.25, 0.35)
    solver_proof_share = 0.1

    def __init__(self, table: Table) -> None:
        role, self.piles = table.tableau_groups[0]
        assert isinstance(role, Tableau) and role.build is not None
        self.foundations = table.foundations
        relation = table.relation(role.build)
        #: A card's key, the key of the cards that fit onto it (-1: none does), and whether a
        #: card may lie on another (fits[card][onto]), by card id: the table's look-ups.
        self.key = relation.key
        self.need = [(wanted or (-1,))[0] for wanted in relation.wanted]
        self.fits = relation.fits
        #: Whether an empty pile takes a card, by rank.
        self.starts = [role.takes_when_empty(rank) for rank in range(KING + 1)]

    def compact(self, slots: Sequence[Slot]) -> tuple[Position, Found]:
        piles = []
        for place in self.piles:
            cards = slots[place].cards
            up = tuple([card.id for card in cards if card.face_up])
            piles.append((len(cards) - len(up), up))
        found = [0, 0, 0, 0]
        for place in self.foundations:
            cards = slots[place].cards
            if cards:
                top = cards[-1].id
                found[SUIT[top]] = RANK[top]
        return tuple(piles), tuple(found)

    def _where(self, piles: Position) -> dict[int, list[tuple[int, int]]]:
        """Each face-up card's fitting key -> (pile, index) of such cards, piles in order and each
        pile from the top down: the cards that could go onto a card needing that key."""
        found: dict[int, list[tuple[int, int]]] = {}
        key = self.key
        for place, (_down, up) in enumerate(piles):
            for index in range(len(up) - 1, -1, -1):
                found.setdefault(key[up[index]], []).append((place, index))
        return found

    def progress_step(self, piles: Position, found: Found) -> Step | None:
        """The hint's step 1, 2 or 3 (see the module's description), or None."""
        for place, (_down, up) in enumerate(piles):
            if up and found[SUIT[up[-1]]] + 1 == RANK[up[-1]]:
                return place, 1, UP
        where, need, fits = self._where(piles), self.need, self.fits
        for target, (_down, onto) in enumerate(piles):
            if not onto:
                continue
            for source, index in where.get(need[onto[-1]], _NOWHERE):
                if source == target:
                    continue
                up = piles[source][1]
                if index == 0:
                    return source, len(up), target  # empties the pile or turns a card up
                card, under = up[index], up[index - 1]
                if not fits[card][under] or found[SUIT[under]] + 1 == RANK[under]:
                    return source, len(up) - index, target
        empty = next((place for place, (down, up) in enumerate(piles) if not down and not up), None)
        if empty is not None:
            starts = self.starts
            for source, (down, up) in enumerate(piles):
                for index in range(len(up) - 1, -1, -1):
                    if starts[RANK[up[index]]] and (index > 0 or down):
                        return source, len(up) - index, empty
        return None

    def _other_steps(self, piles: Position) -> list[Step]:
        """Every legal move between piles, in a position where no progress step applies."""
        empties = [place for place, (down, up) in enumerate(piles) if not down and not up]
        #: fitting key -> the piles whose top card takes such a card
        takers: dict[int, list[int]] = {}
        need, key, starts = self.need, self.key, self.starts
        for place, (_down, onto) in enumerate(piles):
            if onto:
                takers.setdefault(need[onto[-1]], []).append(place)
        steps = []
        for source, (_down, up) in enumerate(piles):
            for index, card in enumerate(up):
                targets = [*(empties if starts[RANK[card]] else _NONE), *takers.get(key[card], _NONE)]
                steps += [(source, len(up) - index, target) for target in targets if target != source]
        return steps

    def _after(self, piles: Position, step: Step) -> Position:
        """The position after a move between piles that turns no card (see `_other_steps`)."""
        source, count, target = step
        down, up = piles[source]
        changed = list(piles)
        changed[source] = (down, up[:len(up) - count])
        target_down, onto = piles[target]
        changed[target] = (target_down, onto + up[len(up) - count:])
        return tuple(changed)

    def way_forward(self, piles: Position, found: Found) -> tuple[Step | None, bool]:
        """(the first move of the shortest series of other moves that reaches a position where a
        progress step applies, or None; whether the search was complete). Asked only when no
        progress step applies to `piles` itself."""
        first: dict[Position, Step | None] = {piles: None}
        waiting = deque([piles])
        while waiting:
            here = waiting.popleft()
            for step in self._other_steps(here):
                reached = self._after(here, step)
                if reached in first:
                    continue
                lead = first[here] or step
                if self.progress_step(reached, found) is not None:
                    return lead, True
                if len(first) >= MOST_POSITIONS:
                    return None, False
                first[reached] = lead
                waiting.append(reached)
        return None, True

    # -- what the game asks ----------------------------------------------------------------------
    def is_lost(self, board: Board) -> bool:
        piles, found = self.compact(board.slots)
        if self.progress_step(piles, found) is not None:
            return False
        step, complete = self.way_forward(piles, found)
        return step is None and complete

    def hint(self, board: Board, foundation_for: Callable[[Card], str | None]) -> Hint:
        """The hint: the first progress step, else the first move of the shortest way to one;
        `foundation_for` names the foundation a card goes to."""
        piles, found = self.compact(board.slots)
        step = self.progress_step(piles, found)
        if step is None:
            step = self.way_forward(piles, found)[0]
        if step is None:
            return Hint(T("No hint available right now."))
        source_place, count, target_place = step
        source = board.slots[self.piles[source_place]]
        card = source.cards[-count]
        if target_place == UP:
            foundation = foundation_for(card)
            if foundation is None:  # cannot happen: the step was found because the card fits there
                return Hint(T("No hint available right now."))
            up = board.slot(foundation)
            move = Move(source.id, 1, up.id)
            if up.top is None:
                # TRANSLATORS: {card} is a card such as "A♦".
                return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
            return Hint(T("Move {card} onto {target}.", card=card_name(card),
                          target=card_name(up.top)), move)
        target = board.slots[self.piles[target_place]]
        move = Move(source.id, count, target.id)
        if target.top is None:
            # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving group).
            return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(target.top)), move)
