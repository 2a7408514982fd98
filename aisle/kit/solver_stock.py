"""The stock and waste of a kit game as one cycle of cards, for the solver model.

Clicking the stock turns its cards onto the waste and, once it is empty, turns the waste back:
the cards of both, read from the waste's bottom to its top and on from the stock's top down,
stay in the same order whatever the clicks; only where that order is split between them moves.
So the model's steps never click alone: a step is "click so many times, then play the waste's
top card", for every card clicks can bring to the top (as Klondike's model does), and positions
that differ only in where the cycle is split are told apart by what each can still reach:

- turning one card at a time through passes without end, any split reaches any other: the
  split is left out of the key;
- one card at a time, a limited number of passes: a split reaches the later ones of its pass,
  and every one in a later pass while passes are left, so fewer passes and then an earlier
  split can do all the other can (`spent`);
- several cards at a time (three), passes without end: a split reaches every later one a whole
  number of clicks away, and after the turn every multiple of three; so splits that are a
  multiple of three are alike, and of the others (alike by their remainder) the earlier one can
  do all a later one can.

Other stocks (three at a time with limited passes, stocks dealt onto piles) are played click by
click, with the split in the key.
"""

from __future__ import annotations

from aisle.kit.solver_table import ModelTable, Position

#: How a step's clicks are reached: (clicks, the split they lead to, passes made).
Reach = tuple[int, int, int]


class StockCycle:
    """The stock-and-waste cycle of one table (see the module's notes)."""

    def __init__(self, table: ModelTable) -> None:
        role = table.stock_role
        self.deal = role.deal if role is not None else 1
        self.passes = role.passes if role is not None else None
        #: Whether the model plays the cycle this way (else click by click).
        self.active = (role is not None and not table.dealt_onto and table.waste_place is not None
                       and (self.deal == 1 or self.passes is None))

    @staticmethod
    def cards(state: Position) -> bytes:
        """The cycle's cards: the waste from the bottom, then the stock from the top."""
        return state[4] + state[3][::-1]

    def key(self, state: Position) -> bytes:
        """The cycle's cards, and (three at a time) which splits the position reaches."""
        cycle = self.cards(state)
        if self.deal == 1:
            return cycle
        split = len(state[4])
        return cycle + bytes((split % self.deal if split < len(cycle) else 0,))

    def spent(self, state: Position) -> int:
        """Of two positions with the same key, the one that spent less reaches all the other
        does (see the module's notes)."""
        split, total = len(state[4]), len(state[3]) + len(state[4])
        if self.deal == 1:
            return 0 if self.passes is None else state[5] * (total + 1) + split
        return 0 if split % self.deal == 0 or split == total else split

    def reach(self, state: Position) -> list[Reach]:
        """Every split clicks bring about with a card on the waste, each with the fewest clicks
        and the passes made by then, in click order (a second turn of the waste brings nothing
        new, so it is not made)."""
        stock, waste, passes = state[3], state[4], state[5]
        total = len(stock) + len(waste)
        found: list[Reach] = []
        seen: set[int] = set()
        split, clicks, turned = len(waste), 0, False
        while True:
            if split and split not in seen:
                seen.add(split)
                found.append((clicks, split, passes))
            if split < total:
                split = min(split + self.deal, total)
            elif not turned and total and (self.passes is None or passes + 1 < self.passes):
                split, passes, turned = 0, passes + 1, True
            else:
                return found
            clicks += 1

    @staticmethod
    def at(state: Position, split: int, passes: int) -> Position:
        """`state` with the cycle split at `split` after `passes` passes."""
        cycle = StockCycle.cards(state)
        return state[0], state[1], state[2], cycle[split:][::-1], cycle[:split], passes
