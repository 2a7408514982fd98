"""Union Square on compact positions for the solver (`UnionSquare.solver_model`).

A card is one byte, its suit's index * 16 + its rank; the two decks' copies of a card share it
(they play alike). A position (`State`) holds the sixteen piles (bottom first), how many cards
of each suit are up, which suit each foundation holds (for the engine's moves only: any empty
foundation takes a new suit's Ace), the waste (bottom first) and the stock in dealing order.

Piles are alike, so the key sorts them, and one of each alike pile is tried as a source or a
target; the foundations count only by the cards up of each suit. The stock goes through once,
so its length stands for it. Only the first empty pile is tried as a target, and never for a
pile's only card (the same position). A card going down its foundation goes up by itself
after every step, as the game's own safe move (`UnionSquare.safe_up_move`, docs §6).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel

if TYPE_CHECKING:
    from aisle_union_square.game import UnionSquare

#: (piles, cards up by suit, each foundation's suit + 1 (0: empty), waste, stock in dealing order)
State = tuple[tuple[bytes, ...], bytes, bytes, bytes, bytes]
#: (source: a pile's index or WASTE, target: a pile's index, UP + a foundation's index, or DEAL)
Step = tuple[int, int]
WASTE = -1
UP = 16
DEAL: Step = (-2, -2)
_HALF, _FULL, _KING = 13, 26, 13
_CARDS = 104


def next_up(count: int) -> int:
    """The rank a foundation of `count` cards takes next (0: none, it is complete)."""
    if count < _HALF:
        return count + 1
    return _KING if count == _HALF else (_FULL - count if count < _FULL else 0)


def fits(card: int, pile: bytes) -> bool:
    """Whether `card` may go onto `pile`: in suit, one rank up or down, the pile's one way."""
    if not pile:
        return True
    top = pile[-1]
    if (card ^ top) & 0x30:
        return False
    if len(pile) == 1:
        return card - top in (1, -1)
    return card - top == top - pile[-2]


def _takes(pile: bytes) -> tuple[int, ...]:
    """The cards a pile with cards may take (see `fits`)."""
    top = pile[-1]
    if len(pile) == 1:
        return tuple(card for card in (top - 1, top + 1) if 0 < card & 15 <= _KING)
    card = 2 * top - pile[-2]
    return (card,) if 0 < card & 15 <= _KING and (card ^ top) & 0x30 == 0 else ()


def _wanted(counts: bytes) -> list[int]:
    """The cards the foundations take next, one a suit (none for a complete one)."""
    return [suit << 4 | rank for suit, count in enumerate(counts) if (rank := next_up(count))]


def _hunch_order(kid: tuple[Step, State]) -> int:
    (source, target), child = kid
    if source == DEAL[0]:
        return 3
    if target < UP and len(child[0][target]) == 1:
        return 4  # into an empty pile
    return 1 if source == WASTE else 2


def _code(card_id: int, rank: int) -> int:
    return ((card_id % 52) // 13) << 4 | rank


class UnionModel(SolverModel[State, Step]):
    """Union Square for the solver (see the module's notes)."""

    #: The depth-first hunt and the exhaustive search (in another order) win nearly every deal;
    #: the best-first hunt gets little (at 40% it held deal 9's win back to the budget's end).
    hunt_shares = (0.2, 0.05)

    def __init__(self, variant: UnionSquare, board: Board) -> None:
        kit = variant.kit
        ids = kit.ids
        self._piles = tuple(ids[place] for place in kit.tableau)
        self._found = tuple(ids[place] for place in kit.foundations)
        self._waste_id, self._stock_id = ids[kit.wastes[0]], ids[kit.stocks[0]]
        piles = tuple(bytes(_code(card.id, card.rank) for card in board.slot(place).cards)
                      for place in self._piles)
        counts = [0] * 4
        owners = bytearray(4)
        for index, place in enumerate(self._found):
            cards = board.slot(place).cards
            if cards:
                suit = _code(cards[0].id, cards[0].rank) >> 4
                counts[suit] = len(cards)
                owners[index] = suit + 1
        waste = bytes(_code(card.id, card.rank) for card in board.slot(self._waste_id).cards)
        stock = bytes(_code(card.id, card.rank) for card in reversed(board.slot(self._stock_id).cards))
        self._start: State = (piles, bytes(counts), bytes(owners), waste, stock)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        """Piles sorted (alike), the cards up by suit, the waste, the stock's length."""
        return b"\xff".join(sorted(state[0])), state[1], state[3], len(state[4])

    def won(self, state: State) -> bool:
        return sum(state[1]) == _CARDS

    def estimate(self, state: State) -> int:
        """Three for each card not up, one for each card in the waste (it waits under the others),
        and one for each card lying above a card its foundation takes next."""
        counts = state[1]
        table = b"\xff".join(state[0]) + b"\xff"
        blocking = 0
        for card in _wanted(counts):
            at = table.find(card)
            while at >= 0:
                blocking += table.find(255, at) - at - 1
                at = table.find(card, at + 1)
        return 3 * (_CARDS - sum(counts)) + len(state[3]) + blocking

    # -- the rules ----------------------------------------------------------------------------
    def _up_to(self, state: State, card: int) -> list[int]:
        """The foundations (indexes) that take `card`: its suit's, else every empty one for an Ace."""
        counts, owners = state[1], state[2]
        suit, rank = card >> 4, card & 15
        if next_up(counts[suit]) != rank:
            return []
        own = owners.find(suit + 1)
        if own >= 0:
            return [own]
        return [index for index, owner in enumerate(owners) if not owner]

    def _take(self, state: State, source: int) -> tuple[State, int]:
        piles, counts, owners, waste, stock = state
        if source == WASTE:
            return (piles, counts, owners, waste[:-1], stock), waste[-1]
        card = piles[source][-1]
        piles = (*piles[:source], piles[source][:-1], *piles[source + 1:])
        return (piles, counts, owners, waste, stock), card

    def _move(self, state: State, source: int, target: int) -> State:
        if source == DEAL[0]:
            piles, counts, owners, waste, stock = state
            return piles, counts, owners, waste + stock[:1], stock[1:]
        (piles, counts, owners, waste, stock), card = self._take(state, source)
        if target >= UP:
            suit = card >> 4
            counts = counts[:suit] + bytes((counts[suit] + 1,)) + counts[suit + 1:]
            index = target - UP
            owners = owners[:index] + bytes((suit + 1,)) + owners[index + 1:]
        else:
            piles = (*piles[:target], piles[target] + bytes((card,)), *piles[target + 1:])
        return piles, counts, owners, waste, stock

    def _tops(self, state: State) -> list[tuple[int, int]]:
        """(source, card) of the cards that may move: the waste's, then each pile's top card."""
        piles, waste = state[0], state[3]
        tops = [(WASTE, waste[-1])] if waste else []
        return tops + [(index, pile[-1]) for index, pile in enumerate(piles) if pile]

    def _safe(self, state: State) -> Step | None:
        """The game's safe move: a card going down its foundation (the waste's first)."""
        counts = state[1]
        going_down = [suit << 4 | next_up(count) for suit, count in enumerate(counts)
                      if _HALF <= count < _FULL]
        if not going_down:
            return None
        for source, card in self._tops(state):
            if card in going_down:
                return source, UP + self._up_to(state, card)[0]
        return None

    def _settle(self, state: State, moves: list[Step] | None = None) -> State:
        while (safe := self._safe(state)) is not None:
            if moves is not None:
                moves.append(safe)
            state = self._move(state, *safe)
        return state

    def _steps(self, state: State) -> list[Step]:
        """The steps worth trying (see the module's notes): ups, then moves onto a card, into the
        first empty pile, a deal."""
        piles = state[0]
        ups: list[Step] = []
        builds: list[Step] = []
        to_empty: list[Step] = []
        empty = -1
        #: card -> the piles (one of each alike) it may go onto
        takers: dict[int, list[int]] = {}
        targets: set[bytes] = set()
        for index, pile in enumerate(piles):
            if not pile:
                if empty < 0:
                    empty = index
            elif pile not in targets:
                targets.add(pile)
                for card in _takes(pile):
                    takers.setdefault(card, []).append(index)
        sources: set[bytes] = set()
        for source, card in self._tops(state):
            if source != WASTE:
                if piles[source] in sources:
                    continue
                sources.add(piles[source])
            up = self._up_to(state, card)
            if up:
                ups.append((source, UP + up[0]))
            builds += [(source, index) for index in takers.get(card, ()) if index != source]
            if empty >= 0 and (source == WASTE or len(piles[source]) > 1):
                to_empty.append((source, empty))
        steps = ups + builds + to_empty
        if state[4]:
            steps.append(DEAL)
        return steps

    def children(self, state: State) -> list[tuple[Step, State]]:
        """Every step worth trying, in `_steps`' order: ups, the waste's card onto a pile, a pile's
        card onto another, into an empty pile, a deal. (Sorted by the estimate instead, the
        search won far fewer of deals 1-20 in 10 seconds.)"""
        if state is self._start:
            safe = self._safe(state)
            if safe is not None:
                return [(safe, self._settle(self._move(state, *safe)))]
        return [(step, self._settle(self._move(state, *step))) for step in self._steps(state)]

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """A hunch, in the order of the game's quick steps (`UnionSquare.solver_quick_steps`): a
        card that goes up goes up alone; else the waste's card onto a pile, a pile's card onto
        another, a deal, and last a card into an empty pile. (It wins other deals than the
        exhaustive search's order, so the two hunt on together.)"""
        kids = self.children(state)
        if kids and kids[0][0][1] >= UP:
            return kids[:1]
        return sorted(kids, key=_hunch_order)

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        moves: list[Step] = []
        self._settle(self._move(state, *step), moves)
        return tuple(self._action(played) for played in (step, *moves))

    def _action(self, step: Step) -> Action:
        if step == DEAL:
            return Deal()
        source, target = step
        return Move(self._waste_id if source == WASTE else self._piles[source], 1,
                    self._found[target - UP] if target >= UP else self._piles[target])

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles = state[0]
        found: list[tuple[Action, State]] = []
        for source, card in self._tops(state):
            steps = [(source, UP + index) for index in self._up_to(state, card)]
            steps += [(source, index) for index, pile in enumerate(piles)
                      if index != source and fits(card, pile)]
            found += [(self._action(step), self._move(state, *step)) for step in steps]
        if state[4]:
            found.append((Deal(), self._move(state, *DEAL)))
        return found
