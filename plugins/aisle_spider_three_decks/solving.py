"""What Spider Three Decks teaches the solver (aisle.solver). The steps here are a hunch, not a
proof (`solver_prunes`): the solver finds wins with them, and never calls a deal lost. The same
steps are played on a compact model of the game (`SpiderModel`, at the end).

- The key: the three decks' twin cards are alike, so cards are named by rank and suit;
  face-down cards never move, so they are named by their pile and count; the piles in order
  while the stock still deals onto them in order, in any order after that; how many runs are
  up and how many cards the stock holds (its order never changes).
- A complete run goes up at once. Runs move whole, onto a card one rank higher, best onto one
  of their own suit, then to turn a card or empty a pile; an empty pile takes a run only to turn
  a card. Parts of runs move only to join their own suit. The stock is dealt last.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Card, Deal, Move, Slot
from aisle.solver.model import SolverModel
from aisle.variant import SolverStep
from aisle_spider_three_decks.runs import FULL_RUN, top_run_length

_CHARS = [chr(0x100 + code) for code in range(52)]
_DEAL: SolverStep = (Deal(),)


def position_key(stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> str:
    texts = [_pile_text(index, pile.cards) for index, pile in enumerate(piles)]
    if not stock.cards:
        texts.sort()
    texts.append(str(sum(1 for slot in foundations if slot.cards)))
    texts.append(str(len(stock.cards)))
    return "|".join(texts)


def _pile_text(index: int, cards: Sequence[Card]) -> str:
    """Face-down cards never move, so a pile's are named by the pile and how many are left."""
    chars = _CHARS
    down = 0
    for card in cards:
        if card.face_up:
            break
        down += 1
    face_up = "".join([chars[card.id % 52] for card in cards[down:]])
    return f"{index}.{down}:{face_up}" if down else face_up


def solver_steps(stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> list[SolverStep]:
    free = next((slot.id for slot in foundations if not slot.cards), None)
    by_top: dict[int, list[Slot]] = {}
    empty: str | None = None
    for pile in piles:
        if pile.cards:
            by_top.setdefault(pile.cards[-1].rank, []).append(pile)
        elif empty is None:
            empty = pile.id
    scored: list[tuple[int, int, SolverStep]] = []
    for pile in piles:
        cards = pile.cards
        run = top_run_length(cards)
        if not run:
            continue
        if run == FULL_RUN and free is not None:
            return [(Move(pile.id, FULL_RUN, free),)]
        under = cards[-run - 1] if len(cards) > run else None
        turns = under is not None and not under.face_up
        for count in range(1, run + 1):
            moving = cards[-count]
            whole = count == run
            for target in by_top.get(moving.rank + 1, ()):
                own_suit = target.cards[-1].suit == moving.suit
                if whole:
                    priority = 3 * own_suit + 2 * turns + (under is None)
                elif own_suit:
                    priority = 0
                else:
                    continue
                scored.append((priority, len(scored), (Move(pile.id, count, target.id),)))
        if empty is not None and turns:
            scored.append((1, len(scored), (Move(pile.id, run, empty),)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    steps = [step for _, _, step in scored]
    if stock.cards:
        steps.append(_DEAL)
    return steps


# -- the model (Variant.solver_model) -----------------------------------------------------------
# A card is a small int: suit index * 16 + rank; the three decks' twins are the same int.

#: The model's position: each pile's cards (bytes, bottom first) and how many of them are
#: face down, the stock (the next card first) and how many runs are up.
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int]
#: ("move", pile, count, target) | ("up", pile) | ("deal",)
Step = tuple[int | str, ...]
_PILES = 12
_DEAL_STEP: Step = ("deal",)


def _run_length(pile: bytes, down: int) -> int:
    """How many top cards form one same-suit run going down by one (all face up)."""
    if len(pile) <= down:
        return 0
    length = 1
    for index in range(len(pile) - 1, down, -1):
        if pile[index - 1] != pile[index] + 1:
            break
        length += 1
    return length


class SpiderModel(SolverModel[State, Step]):
    """Spider Three Decks on compact positions; its steps are the hunch of `solver_steps`
    (`prunes`: the solver only ever answers "won" or "unknown")."""

    prunes = True

    def __init__(self, stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> None:
        self.pile_ids = tuple(pile.id for pile in piles)
        self.free_foundations = tuple(slot.id for slot in foundations if not slot.cards)
        self.runs_at_start = len(foundations) - len(self.free_foundations)
        cards = [bytes(card.id % 52 // 13 * 16 + card.rank for card in pile.cards) for pile in piles]
        downs = tuple(sum(1 for card in pile.cards if not card.face_up) for pile in piles)
        stock_cards = bytes(card.id % 52 // 13 * 16 + card.rank for card in reversed(stock.cards))
        self._start: State = (tuple(cards), downs, stock_cards, self.runs_at_start)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> bytes:
        piles, downs, stock, runs = state
        texts = [bytes((128 + index, 128 + down)) + pile[down:] if (down := downs[index]) else pile
                 for index, pile in enumerate(piles)]
        if not stock:
            texts.sort()
        return b"\xff".join(texts) + bytes((255, runs, len(stock)))

    def won(self, state: State) -> bool:
        piles, downs, stock, runs = state
        if stock:
            return False
        if runs:
            return not any(piles)
        return all(not pile or (not downs[index] and len(pile) % FULL_RUN == 0
                                and all(_run_length(pile[at:at + FULL_RUN], 0) == FULL_RUN
                                        for at in range(0, len(pile), FULL_RUN)))
                   for index, pile in enumerate(piles))

    def estimate(self, state: State) -> int:
        """Face-down cards, then cards not in place on their own suit, then the stock."""
        piles, downs, stock, runs = state
        loose = 0
        for index, pile in enumerate(piles):
            for at in range(downs[index] + 1, len(pile)):
                if pile[at - 1] != pile[at] + 1:
                    loose += 1
        return 4 * sum(downs) + 2 * loose + len(stock) // 12 - 26 * runs

    # -- the rules ----------------------------------------------------------------------------
    def _move(self, state: State, source: int, count: int, target: int) -> State:
        piles, downs, stock, runs = state
        pile = piles[source]
        moving, left = pile[-count:], pile[:-count]
        new_piles = list(piles)
        new_piles[source] = left
        new_downs = downs
        if left and len(left) == downs[source]:
            new_downs = (*downs[:source], downs[source] - 1, *downs[source + 1:])
        if target >= 0:
            new_piles[target] = piles[target] + moving
            return tuple(new_piles), new_downs, stock, runs
        return tuple(new_piles), new_downs, stock, runs + 1

    def _deal(self, state: State) -> State:
        piles, downs, stock, runs = state
        dealt = min(len(stock), _PILES)
        new_piles = tuple(pile + stock[index:index + 1] if index < dealt else pile
                          for index, pile in enumerate(piles))
        return new_piles, downs, stock[dealt:], runs

    def children(self, state: State) -> list[tuple[Step, State]]:
        piles, downs, stock, runs = state
        by_top: dict[int, list[int]] = {}
        empty = -1
        for index, pile in enumerate(piles):
            if pile:
                by_top.setdefault(pile[-1] & 15, []).append(index)
            elif empty < 0:
                empty = index
        scored: list[tuple[int, int, Step, State]] = []
        for index, pile in enumerate(piles):
            run = _run_length(pile, downs[index])
            if not run:
                continue
            if run == FULL_RUN and runs < _PILES:
                return [(("up", index), self._move(state, index, FULL_RUN, -1))]
            turns = len(pile) > run and len(pile) - run == downs[index]
            bottom = len(pile) == run
            for count in range(1, run + 1):
                moving = pile[-count]
                whole = count == run
                for target in by_top.get((moving & 15) + 1, ()):
                    own_suit = piles[target][-1] == moving + 1
                    if whole:
                        priority = 3 * own_suit + 2 * turns + bottom
                    elif own_suit:
                        priority = 0
                    else:
                        continue
                    scored.append((priority, len(scored), ("move", index, count, target),
                                   self._move(state, index, count, target)))
            if empty >= 0 and turns:
                scored.append((1, len(scored), ("move", index, run, empty),
                               self._move(state, index, run, empty)))
        scored.sort(key=lambda item: (-item[0], item[1]))
        found = [(step, child) for _, _, step, child in scored]
        if stock:
            found.append((_DEAL_STEP, self._deal(state)))
        return found

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, downs, stock, runs = state
        found: list[tuple[Action, State]] = []
        for index, pile in enumerate(piles):
            run = _run_length(pile, downs[index])
            for count in range(1, run + 1):
                base = pile[-count] & 15
                for target, other in enumerate(piles):
                    if target != index and (not other or other[-1] & 15 == base + 1):
                        found.append((Move(self.pile_ids[index], count, self.pile_ids[target]),
                                      self._move(state, index, count, target)))
            if run == FULL_RUN:
                for foundation in self.free_foundations[runs - self.runs_at_start:]:
                    found.append((Move(self.pile_ids[index], FULL_RUN, foundation),
                                  self._move(state, index, FULL_RUN, -1)))
        if stock:
            found.append((Deal(), self._deal(state)))
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step[0] == "deal":
            return (Deal(),)
        source = self.pile_ids[int(step[1])]
        if step[0] == "up":
            return (Move(source, FULL_RUN, self.free_foundations[state[3] - self.runs_at_start]),)
        return (Move(source, int(step[2]), self.pile_ids[int(step[3])]),)
