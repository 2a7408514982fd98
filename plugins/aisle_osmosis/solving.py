"""What Osmosis teaches the solver (aisle.solver): its rules on compact positions, and a proof of
loss from the reserve piles' order.

A position is (the four reserve piles' card ids, bottom first; each foundation's suit, -1 while
empty; each foundation's ranks as a bit mask; the stock and waste as one line in the order the
cards are dealt, the waste's bottom first; how many cards of the line are dealt; the redeals
used). A redeal turns the waste back over, so the line keeps its order: only the count of dealt
cards goes back to 0.

A step is (clicks on the stock, source, foundation): click, then move the source's top card up
(source 0-3: a reserve pile, `WASTE`: the waste). The clicks only reach for a card: every card
the stock can bring to the waste's top is offered once, after the fewest clicks, so no step is
"just click". A card onto a foundation already started is always worth playing at once (it only
widens what the next foundation takes) and is then the only step, unless it comes off a
three-card waste (which shifts the later deals).

The proof of loss (`Relaxed`): let every card of the stock and the waste be free to go up at
any time. That game can do all the real one can; it is played greedily (going up only widens
what may go up), once for every order of the suits still to start a foundation. When no order
clears the reserve piles, the real position is lost too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel

RESERVES = tuple(f"tableau-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: The waste as a step's source.
WASTE = 4
#: How often the single-card stock is gone through (`passes` of its role).
SINGLE_PASSES = 3
#: Suits started, each foundation's ranks, the reserve piles: what the relaxed game's answer
#: depends on, and how many such answers are kept.
_MOST_KNOWN = 200_000

Piles = tuple[tuple[int, ...], ...]
#: (piles, suits, masks, line, dealt, passes); see the module's notes.
State = tuple[Piles, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
Step = tuple[int, int, int]
_DEAL = Deal()


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13 + 1


class Relaxed:
    """The relaxed game of the module's notes, for one base rank."""

    def __init__(self, base: int) -> None:
        self.base = base
        self.known: dict[tuple[Piles, tuple[int, ...], tuple[int, ...]], bool] = {}

    def clears(self, piles: Piles, suits: tuple[int, ...], masks: tuple[int, ...]) -> bool:
        """Whether the relaxed game can clear the reserve piles from here."""
        key = (piles, suits, masks)
        known = self.known.get(key)
        if known is None:
            if len(self.known) >= _MOST_KNOWN:
                self.known.clear()
            known = self.known[key] = self._clears(piles, suits, masks)
        return known

    def _clears(self, piles: Piles, suits: tuple[int, ...], masks: tuple[int, ...]) -> bool:
        started = [suit for suit in suits if suit >= 0]
        waiting = [suit for suit in range(4) if suit not in started]
        return any(self._greedy(piles, (*started, *order), masks)
                   for order in permutations(waiting))

    def _greedy(self, piles: Piles, order: tuple[int, ...], masks: tuple[int, ...]) -> bool:
        """Every card up that fits, the suits starting their foundations in `order`, until
        nothing more goes; whether the reserve piles are then empty. A card in no pile is free."""
        index = {suit: number for number, suit in enumerate(order)}
        held = {card for pile in piles for card in pile}
        tops = [len(pile) for pile in piles]
        ranks = list(masks)
        full = (1 << 14) - 2
        changed = True
        while changed:
            changed = False
            for number in range(4):
                # The foundation's free cards: every card of its suit it can take now.
                suit = order[number]
                allowed = full if number == 0 else ranks[number - 1]
                if not ranks[number]:
                    if (number and not ranks[number - 1]) or suit * 13 + self.base - 1 in held:
                        continue
                    ranks[number] = 1 << self.base
                    changed = True
                for rank in range(1, 14):
                    bit = 1 << rank
                    if allowed & bit and not ranks[number] & bit and suit * 13 + rank - 1 not in held:
                        ranks[number] |= bit
                        changed = True
            for number, pile in enumerate(piles):
                while tops[number]:
                    card = pile[tops[number] - 1]
                    place = index[suit_of(card)]
                    bit = 1 << rank_of(card)
                    if not (place == 0 or ranks[place - 1] & bit):
                        break
                    if not ranks[place] and rank_of(card) != self.base:
                        break  # an empty foundation takes only the base rank
                    ranks[place] |= bit
                    held.discard(card)
                    tops[number] -= 1
                    changed = True
        return not any(tops)


class OsmosisModel(SolverModel[State, Step]):
    """Osmosis's rules on compact positions (see the module's notes)."""

    proof_share = 0.0

    def __init__(self, board: Board, base: int, three: bool) -> None:
        self.base = base
        self.three = three
        self.deal = 3 if three else 1
        piles = tuple(tuple(card.id for card in board.slot(place).cards) for place in RESERVES)
        suits, masks = [], []
        for place in FOUNDATIONS:
            cards = board.slot(place).cards
            suits.append(cards[0].id // 13 if cards else -1)
            masks.append(sum(1 << card.rank for card in cards))
        waste = [card.id for card in board.slot("waste").cards]
        line = (*waste, *(card.id for card in reversed(board.slot("stock").cards)))
        passes = 0 if three else int(board.state.get("passes", 0))
        self._start: State = (piles, tuple(suits), tuple(masks), line, len(waste), passes)
        self.relaxed = Relaxed(base)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> tuple[object, ...]:
        piles, suits, masks, line, dealt, _ = state
        if self.three and (dealt % 3 == 0 or dealt == len(line)):
            dealt = 0  # every click of this cycle comes back here: one position
        return piles, suits, masks, line, dealt

    def spent(self, state: State) -> int:
        return state[5]

    def won(self, state: State) -> bool:
        return not any(state[0]) and not state[3]

    def estimate(self, state: State) -> int | None:
        """The cards not yet up, for a best-first hunt with the three-card stock, whose waste
        moves shift the later deals; the single card's depth-first search with the safe moves
        first finds its wins at once (None: no such hunt)."""
        return 52 - sum(mask.bit_count() for mask in state[2]) if self.three else None

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool:
        piles, suits, masks = self._start[:3]
        return not self.relaxed.clears(piles, suits, masks)

    # -- the rules ------------------------------------------------------------------------------
    def fits(self, card: int, suits: tuple[int, ...], masks: tuple[int, ...]) -> list[int]:
        """The foundations `card` may go onto."""
        rank = rank_of(card)
        bit, suit = 1 << rank, suit_of(card)
        found = []
        for number in range(4):
            if suits[number] < 0:
                if rank == self.base and (number == 0 or suits[number - 1] >= 0):
                    found.append(number)
                break  # the foundations start in order: none after the first empty one
            if suits[number] == suit:
                if number == 0 or masks[number - 1] & bit:
                    found.append(number)
                break
        return found

    def _up(self, state: State, card: int, source: int, target: int, dealt: int, passes: int) -> State:
        piles, suits, masks, line, _, _ = state
        if source == WASTE:
            line = (*line[:dealt - 1], *line[dealt:])
            dealt -= 1
        else:
            piles = (*piles[:source], piles[source][:-1], *piles[source + 1:])
        if suits[target] < 0:
            suits = (*suits[:target], suit_of(card), *suits[target + 1:])
        masks = (*masks[:target], masks[target] | 1 << rank_of(card), *masks[target + 1:])
        return piles, suits, masks, line, dealt, passes

    def _reach(self, state: State) -> list[tuple[int, int, int]]:
        """(clicks, dealt, passes) for every count of dealt cards the stock can reach, after
        the fewest clicks (an earlier pass always does what a later one can)."""
        line, dealt, passes = state[3], state[4], state[5]
        size, deal = len(line), self.deal
        if not size:
            return []
        found = [(0, dealt, passes)]
        seen = {dealt}
        clicks, at = 0, dealt
        while True:
            if at == size:
                if not self.three and passes + 1 >= SINGLE_PASSES:
                    break
                at, passes = 0, passes + (0 if self.three else 1)
            else:
                at = min(at + deal, size)
            clicks += 1
            if at in seen:
                if at == 0 or self.three:
                    break
                continue
            seen.add(at)
            found.append((clicks, at, passes))
        return found

    def _steps(self, state: State) -> list[tuple[Step, State]]:
        """Every step (see the module's notes), the reserve piles' first."""
        piles, suits, masks, line = state[:4]
        steps: list[tuple[Step, State]] = []
        for number, pile in enumerate(piles):
            if pile:
                for target in self.fits(pile[-1], suits, masks):
                    steps.append(((0, number, target), self._up(state, pile[-1], number, target,
                                                                  state[4], state[5])))
        for clicks, dealt, passes in self._reach(state):
            if dealt:
                card = line[dealt - 1]
                for target in self.fits(card, suits, masks):
                    child = self._up(state, card, WASTE, target, dealt, passes)
                    steps.append(((clicks, WASTE, target), child))
        return steps

    def children(self, state: State) -> list[tuple[Step, State]]:
        steps = self._steps(state)
        for step, child in steps:
            if state[1][step[2]] >= 0 and step[0] == 0 and not (self.three and step[1] == WASTE):
                return [(step, child)] if self._alive(child) else []
        return [(step, child) for step, child in steps if self._alive(child)]

    def _alive(self, state: State) -> bool:
        return self.relaxed.clears(state[0], state[1], state[2])

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        clicks, source, target = step
        place = "waste" if source == WASTE else RESERVES[source]
        return (*[_DEAL] * clicks, Move(place, 1, FOUNDATIONS[target]))

    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        piles, suits, masks, line, dealt, passes = state
        found: list[tuple[Action, State]] = [
            (self.actions(state, step)[0], child) for step, child in self._steps(state) if step[0] == 0]
        if dealt < len(line):
            found.append((_DEAL, (piles, suits, masks, line, min(dealt + self.deal, len(line)), passes)))
        elif line and (self.three or passes + 1 < SINGLE_PASSES):
            found.append((_DEAL, (piles, suits, masks, line, 0, passes + (0 if self.three else 1))))
        return found
