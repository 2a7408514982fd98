"""Games whose piles move any face-up card with everything on it and are built into whole suits
in place (Scorpion): the win, and the hint's steps, which also decide when the game is over.

The steps, first match wins (the reference's order):

1. for each pile that is not empty (the target), each other pile: the face-up card that fits
   onto the target's top card (under the piles' build rule) moves onto it, with every card on it;
2. with a pile empty: the first face-up card that may start a pile (a King) and is not the
   bottom card of its pile moves there;
3. the stock deals, while it may.

A step-1 move makes a new pair in sequence and breaks none (with every card there once, the
moving card could only have lain in sequence on the target's top card itself); a step-2 move
puts a King at the bottom of a pile for good; a deal empties the stock for good. So following
the hints never comes back to a position, and when no step applies nothing can change any more:
the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from aisle.engine import Action, Board, Deal, Move, Slot
from aisle.i18n import T
from aisle.kit.model_facts import WinRule
from aisle.kit.roles import Tableau
from aisle.kit.table import Table
from aisle.variant import Hint, card_name


class ScorpionFamily:
    """The hint and the end of the game for one table of face-up-moving piles built in place."""

    #: How the solver's model knows the family's win (`is_won`).
    model_wins: ClassVar[WinRule] = WinRule.SUITS_IN_PILES

    def __init__(self, table: Table) -> None:
        role, self.piles = table.tableau_groups[0]
        assert isinstance(role, Tableau) and role.build is not None
        #: The piles' build rule, applied to the game's cards.
        self.relation = table.relation(role.build)
        self.takes_empty = role.takes_when_empty

    def is_won(self, board: Board) -> bool:
        """Every pile empty or one whole run (King to Ace in Scorpion)."""
        build = self.relation
        for place in self.piles:
            cards = board.slots[place].cards
            if cards and (len(cards) != 13 or build.run_length(cards) != 13):
                return False
        return True

    def step(self, slots: Sequence[Slot], can_deal: bool) -> Action | None:
        """The hint's step (see the module's notes), or None: the game is over."""
        piles = [slots[place] for place in self.piles]
        key, wanted_keys = self.relation.key, self.relation.wanted
        needed = {want for pile in piles if pile.cards for want in wanted_keys[pile.cards[-1].id]}
        #: A wanted face-up card's key -> (its pile, how many cards move with it), piles in order.
        face_up: dict[int, list[tuple[Slot, int]]] = {}
        for pile in piles:
            cards = pile.cards
            for count in range(1, len(cards) + 1):
                card = cards[-count]
                if not card.face_up:
                    break
                if key[card.id] in needed:
                    face_up.setdefault(key[card.id], []).append((pile, count))
        for target in piles:
            top = target.top
            if top is None:
                continue
            for wanted in wanted_keys[top.id]:
                for source, count in face_up.get(wanted, ()):
                    if source is not target:
                        return Move(source.id, count, target.id)
        empty = next((pile for pile in piles if not pile.cards), None)
        if empty is not None:
            for source in piles:
                cards = source.cards
                for count in range(1, len(cards)):  # never the bottom card
                    card = cards[-count]
                    if not card.face_up:
                        break
                    if self.takes_empty(card.rank):
                        return Move(source.id, count, empty.id)
        return Deal() if can_deal else None

    def hint(self, board: Board, can_deal: bool) -> Hint | None:
        action = self.step(board.slots, can_deal)
        if action is None:
            return None
        if not isinstance(action, Move):
            return Hint(T("Deal the cards."), action)
        source, target = board.slot(action.source), board.slot(action.target)
        card = source.cards[-action.count]
        if target.top is None:
            # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving group).
            return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), action)
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♥".
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(target.top)), action)
