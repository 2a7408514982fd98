"""The solver's model of a discard game: a kit game whose foundation takes cards by a rule of
the game's own (`Foundations.accepts`, see `aisle.kit.discard`; Aces Up).

Covered: a stock dealing a row onto one role of piles that build nothing and give up their top
card only, a foundation with `accepts`, nothing else, every card face up but the stock's. A
position is (the piles as bytes of card ids, the cards left in the stock, the cards home as a
mask). The stock never changes order, so its count says which cards it holds, and the cards home
follow from the rest: the key is the piles and the count, the piles sorted once the stock is
dealt (no deal tells them apart any more).

Steps: each discard, each move of a top card into an empty pile, then a deal. Each is followed
by the safe discards (`aisle.kit.discard`'s rule, where it holds), folded in as the step's own
actions. Nothing else is left out (but a pile's only card moving into an empty pile once the
stock is dealt: the same position by its key), so an exhaustive search that finds no win proves
the loss.

Once the stock is dealt, every card that may go is discarded at once, folded in too, in a game
whose win needs every card that can ever go home (Aces Up: all but the Aces) and where a card
that lets another go lets go all that one does (a higher card of a suit beats the lower ones;
no card then lets go a card that lets it go). Such a card may go until it is covered, and only
a deal covers a card: the card letting it go stays on top (of its pile, or of an empty pile it
moves into) until it goes itself, let go by another top card, which lets ours go too. So a line
that discards it later, with no deal left, reaches the same position after that discard as the
line discarding it first, every move between still allowed: without it one pile more may be
empty, and a card it let go, the card letting it go lets go as well. A line that never
discards it cannot win.

While the stock still deals, discarding every card that may go is only a hunch (`hunch`, for
the hunts for a win): a card kept through a deal may be the one that lets a lower card of its
suit go later, once deals have covered every higher card (tests/test_example_kit_game.py shows
such a position, won only by keeping a card). The exhaustive search, which may answer "lost",
tries keeping each of them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.kit.roles import Pick, Stock, Tableau
from aisle.solver.model import SolverModel

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

State = tuple[tuple[bytes, ...], int, int]
#: (source pile, target pile: `HOME` for the foundation; source and target `STOCK` for a click
#: on the stock; whether every card that may go is discarded after it: the hunch's steps)
Step = tuple[int, int, bool]
HOME = STOCK = -1
DEAL: Step = (STOCK, STOCK, False)
_DEAL_ACTION = Deal()
#: One card's bytes, by id.
_ONE = [bytes((card,)) for card in range(256)]


def discard_model(variant: KitVariant, board: Board) -> DiscardModel | None:
    """The model of `variant` at `board`, or None when the game is not one it covers."""
    kit = variant.kit
    discards = variant._discards
    piles = kit.roles_of(Tableau)
    stocks = kit.roles_of(Stock)
    if not discards.active or len(discards.places) != 1 or len(kit.foundations) != 1:
        return None
    if len(piles) != 1 or len(stocks) != 1 or len(kit.roles) != 3 or kit.cells or kit.reserves or kit.wastes:
        return None
    pile, stock = piles[0], stocks[0]
    assert isinstance(pile, Tableau) and isinstance(stock, Stock)
    if pile.build is not None or pile.pick is Pick.FACE_UP or stock.onto != pile.prefix:
        return None
    if max(card.id for card in kit.deck) > 255 or any(
            not card.face_up for place in kit.tableau for card in board.slots[place].cards):
        return None
    return DiscardModel(variant, board)


class DiscardModel(SolverModel[State, Step]):
    """A discard game on compact positions (see the module's notes)."""

    hunt_shares = (0.7, 0.1)

    def __init__(self, variant: KitVariant, board: Board) -> None:
        kit, discards = variant.kit, variant._discards
        self.ids = kit.ids
        self.piles = kit.tableau
        self.up = kit.foundations[0]
        role = kit.role_of[self.piles[0]]
        stock_role = kit.role_of[kit.stocks[0]]
        assert isinstance(role, Tableau) and isinstance(stock_role, Stock)
        self.fill_first = stock_role.fill_first
        deck = kit.deck
        #: lets[t]: the cards that card t, on top of another pile, lets go home (a mask).
        self.lets = [0] * 256
        #: Whether an empty pile takes card c.
        self.starts = [False] * 256
        for top in deck:
            self.lets[top.id] = sum(1 << card.id for card in deck if discards.helps[top.id][card.id])
            self.starts[top.id] = role.takes_when_empty(top.rank)
        self.safe = discards.knows_safe
        self.all = sum(1 << card.id for card in deck)
        self.goal = variant.goal if variant.goal is not None else len(deck)
        goable = 0
        for top in deck:
            goable |= self.lets[top.id]
        lets = self.lets
        # A card that lets another go lets go whatever that one lets go (Aces Up: the higher
        # card of a suit beats the lower ones too).
        handed_on = all(lets[card.id] & ~lets[top.id] == 0 for top in deck for card in deck
                        if lets[top.id] >> card.id & 1)
        #: Whether a win needs every card that may ever go home (Aces Up: all but the Aces), and
        #: what lets a card go lets go what that card lets go (see the module's notes).
        self.needs_all = self.safe and handed_on and self.goal >= goable.bit_count()
        slots = board.slots
        #: The stock's cards, bottom first: a deal takes them from the end.
        self.stock = bytes(card.id for card in slots[kit.stocks[0]].cards)
        home = sum(1 << card.id for card in slots[self.up].cards)
        piles = tuple(bytes(card.id for card in slots[place].cards) for place in self.piles)
        self._start: State = (piles, len(self.stock), home)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        piles, left, _ = state
        return (piles if left else tuple(sorted(piles))), left

    def won(self, state: State) -> bool:
        return state[2].bit_count() >= self.goal

    def estimate(self, state: State) -> int:
        return self.goal - state[2].bit_count()

    def stage(self, state: State) -> int:
        return state[1]

    # -- the rules ------------------------------------------------------------------------------
    def _discards(self, piles: tuple[bytes, ...]) -> list[int]:
        """The piles whose top card may go home now."""
        lets, found = self.lets, []
        for index, pile in enumerate(piles):
            if pile:
                card = pile[-1]
                for other, rest in enumerate(piles):
                    if other != index and rest and lets[rest[-1]] >> card & 1:
                        found.append(index)
                        break
        return found

    def _moves(self, piles: tuple[bytes, ...], lone: bool) -> list[Step]:
        """Every legal step but a deal; `lone`: with the moves of a pile's only card."""
        steps: list[Step] = [(index, HOME, False) for index in self._discards(piles)]
        empties = [index for index, pile in enumerate(piles) if not pile]
        if empties:
            starts = self.starts
            for index, pile in enumerate(piles):
                if pile and (lone or len(pile) > 1) and starts[pile[-1]]:
                    steps += [(index, empty, False) for empty in empties]
        return steps

    def _can_deal(self, state: State) -> bool:
        return state[1] > 0 and not (self.fill_first and not all(state[0]))

    def _play(self, state: State, step: Step) -> State:
        piles, left, home = state
        if step[0] == STOCK:
            dealt = list(piles)
            stock = self.stock
            for index in range(min(len(piles), left)):
                dealt[index] += _ONE[stock[left - 1 - index]]
            return tuple(dealt), left - min(len(piles), left), home
        source, target, _ = step
        card = piles[source][-1]
        moved = list(piles)
        moved[source] = piles[source][:-1]
        if target == HOME:
            return tuple(moved), left, home | 1 << card
        moved[target] = _ONE[card]
        return tuple(moved), left, home

    def _settle(self, state: State, folded: list[int] | None = None, every: bool = False) -> State:
        """The safe discards, one after another (see the module's notes); `every`: every card
        that may go, the hunch's way."""
        if not self.safe:
            return state
        lets = self.lets
        # Once the stock is dealt, a win that needs every card discards each card as soon as it
        # may go (see the module's notes).
        every = every or (self.needs_all and not state[1])
        while True:
            piles, _, home = state
            out = 0 if every else self.all & ~home
            for index in self._discards(piles):
                if not lets[piles[index][-1]] & out:
                    state = self._play(state, (index, HOME, False))
                    if folded is not None:
                        folded.append(index)
                    break
            else:
                return state

    # -- the search -----------------------------------------------------------------------------
    def children(self, state: State) -> list[tuple[Step, State]]:
        # Once the stock is dealt the piles are alike: a lone card moving changes nothing.
        steps = self._moves(state[0], lone=state[1] > 0)
        if self._can_deal(state):
            steps.append(DEAL)
        return [(step, self._settle(self._play(state, step))) for step in steps]

    def hunch(self, state: State) -> list[tuple[Step, State]] | None:
        """Every card that may go, discarded at once; else the moves into empty piles and the
        deal, each followed by the same: far fewer positions, where most wins lie (only a hunch:
        see the module's notes)."""
        if not self.needs_all:
            return None
        discards = self._discards(state[0])
        steps: list[Step] = [(discards[0], HOME, True)] if discards else [
            (source, target, True) for source, target, _ in self._moves(state[0], lone=state[1] > 0)]
        if self._can_deal(state) and not discards:
            steps.append((STOCK, STOCK, True))
        return [(step, self._settle(self._play(state, step), every=True)) for step in steps]

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        ids, piles = self.ids, self.piles
        first: Action = _DEAL_ACTION if step[0] == STOCK else Move(
            ids[piles[step[0]]], 1, ids[self.up] if step[1] == HOME else ids[piles[step[1]]])
        folded: list[int] = []
        self._settle(self._play(state, step), folded, every=step[2])
        return (first, *(Move(ids[piles[index]], 1, ids[self.up]) for index in folded))

    def legal(self, state: State) -> list[tuple[Action, State]]:
        found: list[tuple[Action, State]] = []
        for step in self._moves(state[0], lone=True):
            found.append((self.actions(state, step)[0], self._play(state, step)))
        if self._can_deal(state):
            found.append((_DEAL_ACTION, self._play(state, DEAL)))
        return found

