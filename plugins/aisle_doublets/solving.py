"""What Doublets teaches the solver (aisle.solver): a key in ranks, and the order of steps; the
same on a compact model of the game (`DoubletsModel`, at the end), which the solver searches.

Suits play no part in Doublets, so the key holds ranks only: the reserves' ranks in any order
(a card leaving a reserve is replaced the same way whichever reserve it is), the waste and the
stock in order, and how many cards are up. The redeals used are `solver_spent`.
"""

from __future__ import annotations

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel
from aisle.variant import SolverStep
from aisle_doublets.guide import reach
from aisle_doublets.rules import (
    FOUNDATION,
    MAX_REDEALS,
    REDEALS_KEY,
    RESERVES,
    STOCK,
    WASTE,
    WINNING_COUNT,
    wanted_rank,
)

_RANKS = [chr(0x40 + rank) for rank in range(14)]
_DEAL: SolverStep = (Deal(),)


def position_key(board: Board) -> str:
    ranks = _RANKS
    reserves = sorted(ranks[cards[-1].rank] if (cards := board.slot(slot_id).cards) else "-"
                      for slot_id in RESERVES)
    waste = "".join([ranks[card.rank] for card in board.slot(WASTE).cards])
    stock = "".join([ranks[card.rank] for card in board.slot(STOCK).cards])
    return "".join(reserves) + "|" + waste + "|" + stock + "|" + str(len(board.slot(FOUNDATION).cards))


def solver_steps(board: Board, can_deal: bool) -> list[SolverStep]:
    """Each distinct rank in play once: two reserves with the same rank lead to the same key."""
    wanted = wanted_rank(board.slot(FOUNDATION).cards[-1].rank)
    steps: list[SolverStep] = []
    reserve_taken = False
    for slot_id in RESERVES:
        cards = board.slot(slot_id).cards
        if cards and cards[-1].rank == wanted and not reserve_taken:
            steps.append((Move(slot_id, 1, FOUNDATION),))
            reserve_taken = True
    waste = board.slot(WASTE).cards
    if waste and waste[-1].rank == wanted:
        steps.append((Move(WASTE, 1, FOUNDATION),))
    if can_deal:
        steps.append(_DEAL)
    return steps


#: The model's position: the reserves' ranks (0: empty) in table order, the stock's cycle (the
#: waste bottom first, then the stock in the order it deals), how many of it are in the waste,
#: the foundation's top rank, the cards up, and the redeals used.
State = tuple[tuple[int, ...], bytes, int, int, int, int]
#: (clicks on the stock first, the slot played from: a reserve's index, or -1 for the waste)
Step = tuple[int, int]
_FROM_WASTE = -1
_KING = 13
#: More than the cards the waste can hold: a redeal weighs more in `spent` than any waste.
_PASS = 64


class DoubletsModel(SolverModel[State, Step]):
    """Doublets on compact positions. Suits play no part, so cards are ranks.

    A step is "click the stock n times, then play a card": clicking changes nothing but which
    card the waste shows, so any game can be reordered to click just before the play that
    needs it (clicks after the last play are of no use). The same rank on two reserves plays
    the same, so only the first is tried. What else is left out, and why no win is lost, is
    said at `key` and `_steps`.

    The steps are tried in the order of how far plain play gets after them (`guide.reach`):
    that wins most deals without a step back. The hunt looks one play further ahead for each
    step (the best reach among its own steps), which finds the rest at once.
    """

    #: Only the depth-first hunt: its look-ahead makes every step of a best-first search dear.
    hunt_shares = (0.5, 0.0)

    def __init__(self, board: Board) -> None:
        reserves = tuple(cards[-1].rank if (cards := board.slot(slot_id).cards) else 0
                         for slot_id in RESERVES)
        if any(len(board.slot(slot_id).cards) > 1 for slot_id in RESERVES):
            raise ValueError("a reserve holds one card at most")
        waste = bytes(card.rank for card in board.slot(WASTE).cards)
        stock = bytes(card.rank for card in reversed(board.slot(STOCK).cards))
        foundation = board.slot(FOUNDATION).cards
        self._start: State = (reserves, waste + stock, len(waste), foundation[-1].rank, len(foundation),
                              int(board.state[REDEALS_KEY]))

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> bytes:
        """The reserves' ranks in any order (a reserve played is refilled the same way whichever
        it is), the cards up, and the cycle; not where the stock stands (`spent`)."""
        reserves, cycle, _, _, up, _ = state
        return bytes(sorted(reserves)) + bytes((up,)) + cycle

    def spent(self, state: State) -> int:
        """How far through its passes the stock is: the redeals used, then the cards in the
        waste. Of two positions with the same key, the one less far on reaches the other's
        place by clicking alone (within a pass, and across a redeal while one is left), so it
        can play every step the other can, to the same positions: it has every win the other
        has, in as few steps."""
        return state[5] * _PASS + state[2]

    def won(self, state: State) -> bool:
        return state[4] == WINNING_COUNT

    # -- the rules ----------------------------------------------------------------------------
    def _play(self, state: State, source: int) -> State:
        """Play the waste's top (-1) or a reserve's card, and refill as the engine does."""
        reserves, cycle, shown, _, up, redeals = state
        if source == _FROM_WASTE:
            card = cycle[shown - 1]
            cycle = cycle[:shown - 1] + cycle[shown:]
            shown -= 1
            if shown == 0 and cycle:
                shown = 1  # the stock's top refills an emptied waste
        else:
            card = reserves[source]
            if shown:
                refill = cycle[shown - 1]
                cycle = cycle[:shown - 1] + cycle[shown:]
                shown -= 1
            elif cycle:
                refill = cycle[0]
                cycle = cycle[1:]
            else:
                refill = 0
            reserves = (*reserves[:source], refill, *reserves[source + 1:])
        return reserves, cycle, shown, card, up + 1, redeals

    def _plays(self, state: State, every: bool = False) -> list[int]:
        """The slots to play from: with `every`, each one the engine allows; else the first
        reserve of the wanted rank, or the waste when no reserve has it. Playing the reserve
        puts the waste's top (the same rank) in its place: the same position as playing the
        waste, except that the waste stays empty when that was its last card, where playing the
        waste would deal the stock's next card into it; a click does that too, so the reserve's
        play loses nothing."""
        reserves, cycle, shown, top, _, _ = state
        wanted = wanted_rank(top)
        sources = [index for index, rank in enumerate(reserves) if rank == wanted]
        if sources and not every:
            return sources[:1]
        if shown and cycle[shown - 1] == wanted:
            sources.append(_FROM_WASTE)
        return sources

    def _can_click(self, state: State) -> bool:
        _, cycle, shown, _, _, redeals = state
        return shown < len(cycle) or (shown > 0 and redeals < MAX_REDEALS)

    def _click(self, state: State) -> State:
        reserves, cycle, shown, top, up, redeals = state
        if shown < len(cycle):
            return reserves, cycle, shown + 1, top, up, redeals
        return reserves, cycle, 0, top, up, redeals + 1

    def _steps(self, state: State) -> list[tuple[Step, State]]:
        """Every step worth trying: each play after each number of clicks that shows a new
        waste (a waste shown again after a redeal would only spend more)."""
        found: list[tuple[Step, State]] = []
        shown_seen: set[int] = set()
        clicks = 0
        while True:
            shown_seen.add(state[2])
            found += [((clicks, source), self._play(state, source)) for source in self._plays(state)]
            if not self._can_click(state):
                break
            state = self._click(state)
            clicks += 1
            if state[2] in shown_seen:
                break  # the same waste again, with more redeals spent
        # Fewest Kings stuck on reserves first (a King there is frozen for good and blocks
        # that reserve), then the fewest clicks.
        found.sort(key=lambda child: (child[1][0].count(_KING), child[0][0]))
        return found

    def children(self, state: State) -> list[tuple[Step, State]]:
        """`_steps`, those after which plain play gets furthest first."""
        play = self._play
        return sorted(self._steps(state), key=lambda child: -reach(child[1], play))

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """`_steps`, those first where plain play gets furthest after one more step."""
        return sorted(self._steps(state), key=lambda child: -self._look_ahead(child[1]))

    def _look_ahead(self, state: State) -> int:
        """The furthest plain play gets after any one step from `state`."""
        best = state[4]
        for _, child in self._steps(state):
            best = max(best, reach(child, self._play))
            if best == WINNING_COUNT:
                break
        return best

    def legal(self, state: State) -> list[tuple[Action, State]]:
        found: list[tuple[Action, State]] = [(self.actions(state, (0, source))[0], self._play(state, source))
                                             for source in self._plays(state, True)]
        if self._can_click(state):
            found.append((Deal(), self._click(state)))
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        clicks, source = step
        slot_id = WASTE if source == _FROM_WASTE else RESERVES[source]
        return (*[Deal()] * clicks, Move(slot_id, 1, FOUNDATION))
