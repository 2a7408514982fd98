"""Napoleon's Tomb on compact positions for the solver (`NapoleonsTomb.solver_model`).

Suits play no part (every foundation takes any suit, a reserve any card), so cards are ranks.
A position (`State`) holds the four reserves' ranks (0: empty) and the corners' top ranks (0:
empty) in table order, the centre's top rank, the stock and waste as one cycle (the waste from
its bottom, then the stock from its top: clicks never change that order, only where it is
split), the split (the cards in the waste) and the passes made.

A step is "click the stock so many times, then play the waste's top card" (up, or into the
first empty reserve), or a reserve's card going up. Clicks alone are never steps: a game can
always be reordered to click just before the play that needs the card (clicks after the last
play are of no use, as a win empties the stock). Reserves are alike, and so are corners with
the same top card: one of each is tried. After every step a reserve's card that fits a
foundation goes up by itself (`_settle`): say it is X of rank r. Any winning line from the
position with X still in its reserve either puts X up later (then playing it now changes
nothing else: its reserve stays free) or first puts up another card Z of rank r where X would
go; then the position with X up and Z still in play is the same but for which rank-r card is
up, and Z, if it lay on the waste, goes into X's freed reserve: the same position by ranks.
A card on the waste is not sent up so: Z could then be a reserve's card, and the free reserve
it leaves is worth more than X's place under the waste.

With one card a click (one pass) two proved tests cut the search short: a position whose low
cards alone cannot all go up is lost (projection.py; `hopeless` searches both parts of the
start, the search the low part of every position it reaches, `_Parts`), and so is a position
where more cards must wait in the reserves at once than they hold (dead_end.py, tested after
each click). Neither holds with three cards a click (a click then turns up three cards of the
whole stock, and the waste is turned over again).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from aisle.engine import Action, Board, Deal, Move
from aisle.kit.stock import PASSES
from aisle.solver import clock
from aisle.solver.beam import LeveledModel
from aisle.solver.model_search import ModelSearch
from aisle.solver.result import Budget, Verdict
from aisle_napoleons_tomb.dead_end import overloaded
from aisle_napoleons_tomb.projection import LAST_LOW, high_part, low_part

#: The reserves, the corners in table order, the centre.
RESERVES = tuple(f"reserve-{n}" for n in range(1, 5))
CORNERS = ("foundation-1", "foundation-2", "foundation-4", "foundation-5")
CENTRE = "foundation-3"
#: (reserves, corners, centre's top, cycle, split, passes)
State = tuple[bytes, bytes, int, bytes, int, int]
#: The share of `hopeless`'s time for the low cards' part (the high cards' part gets the rest):
#: its centre, one chain of 24 cards, is where the parts that cannot be won were found.
LOW_PART_SHARE = 0.6
#: Memory for each part's search (small: a part has at most 28 cards).
PART_MEMORY_MB = 100
#: The positions a part's search during the search may look at (parts of the positions the
#: search reaches are small: a few dozen positions each, when they cannot be won).
PART_POSITIONS = 1500
#: Part positions kept as known lost, at most (about 100 bytes each).
PART_TABLE = 500_000
#: (clicks first, source: a reserve's index or WASTE, target: a reserve's index, a corner's
#: index + UP_CORNER, or TO_CENTRE)
Step = tuple[int, int, int]
WASTE = -1
#: A click alone (the beam hunt's step into its next level; the other searches fold clicks into
#: the next play).
CLICK: Step = (1, -2, -2)
TO_CENTRE = 8
UP_CORNER = 4
_KING, _FIRST_CORNER, _FIRST_CENTRE = 13, 7, 6


def corner_takes(top: int) -> int:
    """The rank a corner with this top rank takes (14: none, it is complete)."""
    return top + 1 if top else _FIRST_CORNER


def centre_takes(top: int) -> int:
    """The rank the centre takes: 6 when empty or on an Ace, else one lower."""
    return _FIRST_CENTRE if top <= 1 else top - 1


class TombModel(LeveledModel[State, Step]):
    """Napoleon's Tomb for the solver (see the module's notes). `deal` cards a click, `passes`
    times through the stock."""

    #: No hunch; the best-first hunt gets a small share: the exhaustive search, best first
    #: itself, won the deals it won (three-card deal 1 within 10 seconds only with the time).
    hunt_shares = (0.2, 0.05)
    #: With one card a click and one pass, the beam hunt (aisle.solver.beam, each click a
    #: level) first; `__init__` turns it off for the other options.
    own_hunt_share = 0.5

    def __init__(self, board: Board, deal: int, passes: int) -> None:
        self.deal, self.passes = deal, passes
        self._parts = _Parts() if (deal, passes) == (1, 1) else None
        if (deal, passes) != (1, 1):
            self.own_hunt_share = 0.0
        reserves = bytes(_top(board, cell) for cell in RESERVES)
        if any(len(board.slot(cell).cards) > 1 for cell in RESERVES):
            raise ValueError("a reserve holds one card at most")
        corners = bytes(_top(board, corner) for corner in CORNERS)
        centre = board.slot(CENTRE).cards
        waste = bytes(card.rank for card in board.slot("waste").cards)
        stock = bytes(card.rank for card in reversed(board.slot("stock").cards))
        self._start: State = (reserves, corners, centre[-1].rank if centre else 0, waste + stock, len(waste),
                              int(board.state.get(PASSES, 0)))

    @classmethod
    def at(cls, start: State, deal: int, passes: int) -> TombModel:
        """The model of the same game from the position `start` (`hopeless` plays its parts)."""
        model = cls.__new__(cls)
        model.deal, model.passes, model._start = deal, passes, start
        model.own_hunt_share = 0.0
        model._parts = None  # a part's own parts are itself and nothing
        return model

    def start(self) -> State:
        return self._start

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool | None:
        """With one card a click: the low cards alone, then the high cards alone, searched
        through (projection.py: a position whose part cannot be won cannot be won)."""
        if (self.deal, self.passes) != (1, 1):
            return None
        started = clock.now()
        undecided = False
        for part, share in ((low_part, LOW_PART_SHARE), (high_part, 1.0)):
            end = min(deadline, started + (deadline - started) * share) if share < 1.0 else deadline
            search = ModelSearch(TombModel.at(part(self._start), 1, 1),
                                 Budget(max(end - clock.now(), 0.0), None, PART_MEMORY_MB), stop, end)
            verdict = search.run()
            if verdict is Verdict.LOST:
                return True
            undecided = undecided or verdict is Verdict.UNKNOWN
        return None if undecided else False

    # -- telling positions apart --------------------------------------------------------------
    def key(self, state: State) -> Hashable:
        """Reserves and corners sorted (alike), what the centre takes, the cycle; one card a
        click, not the split (`spent`); three a click, the split too (a split reaches only some
        others)."""
        reserves, corners, centre, cycle, split, _ = state
        key = bytes(sorted(reserves)) + bytes(sorted(corners)) + bytes((centre_takes(centre),)) + cycle
        return key if self.deal == 1 else (key, split)

    def spent(self, state: State) -> int:
        """One card a click (one pass): the cards in the waste, as an earlier split reaches every
        later one by clicking. Three a click: the passes made."""
        return state[4] if self.deal == 1 else state[5]

    def won(self, state: State) -> bool:
        return not state[3] and not any(state[0])

    def estimate(self, state: State) -> int:
        """The cards not up yet, then those in the reserves (free reserves help)."""
        return 4 * len(state[3]) + 5 * sum(1 for rank in state[0] if rank)

    # -- the rules ----------------------------------------------------------------------------
    def _target(self, state: State, rank: int) -> int | None:
        """The foundation `rank` goes up to (the first corner of the alike ones), or None."""
        if rank <= _FIRST_CENTRE:
            return TO_CENTRE if centre_takes(state[2]) == rank else None
        # A corner takes the rank above its top, or a 7 when empty (its top is then 0).
        index = state[1].find(rank - 1 if rank > _FIRST_CORNER else 0)
        return None if index < 0 else UP_CORNER + index

    def _put(self, state: State, target: int, rank: int) -> State:
        reserves, corners, centre, cycle, split, passes = state
        if target == TO_CENTRE:
            return reserves, corners, rank, cycle, split, passes
        if target >= UP_CORNER:
            index = target - UP_CORNER
            corners = corners[:index] + bytes((rank,)) + corners[index + 1:]
            return reserves, corners, centre, cycle, split, passes
        reserves = reserves[:target] + bytes((rank,)) + reserves[target + 1:]
        return reserves, corners, centre, cycle, split, passes

    def _take(self, state: State, source: int) -> tuple[State, int]:
        reserves, corners, centre, cycle, split, passes = state
        if source == WASTE:
            rank = cycle[split - 1]
            return (reserves, corners, centre, cycle[:split - 1] + cycle[split:], split - 1, passes), rank
        rank = reserves[source]
        reserves = reserves[:source] + b"\0" + reserves[source + 1:]
        return (reserves, corners, centre, cycle, split, passes), rank

    def _move(self, state: State, source: int, target: int) -> State:
        taken, rank = self._take(state, source)
        return self._put(taken, target, rank)

    def _can_click(self, state: State) -> bool:
        _, _, _, cycle, split, passes = state
        return split < len(cycle) or (split > 0 and passes + 1 < self.passes)

    def _click(self, state: State) -> State:
        reserves, corners, centre, cycle, split, passes = state
        if split < len(cycle):
            return reserves, corners, centre, cycle, min(split + self.deal, len(cycle)), passes
        return reserves, corners, centre, cycle, 0, passes + 1

    def _settle(self, state: State, moves: list[tuple[int, int]] | None = None) -> State:
        """`state` once every reserve's card that fits went up (see the module's notes)."""
        while True:
            for index, rank in enumerate(state[0]):
                target = self._target(state, rank) if rank else None
                if target is not None:
                    if moves is not None:
                        moves.append((index, target))
                    state = self._move(state, index, target)
                    break
            else:
                return state

    def _plays(self, state: State) -> list[tuple[int, int]]:
        """(source, target) of the plays worth trying: the waste's card up or into the first
        empty reserve; a reserve's card up (one of each rank)."""
        plays = self._waste_plays(state)
        reserves = state[0]
        seen = set()
        for index, rank in enumerate(reserves):
            if rank and rank not in seen:
                seen.add(rank)
                target = self._target(state, rank)
                if target is not None:
                    plays.append((index, target))
        return plays

    def _waste_plays(self, state: State) -> list[tuple[int, int]]:
        """The waste's card up, or into the first empty reserve."""
        reserves, _, _, cycle, split, _ = state
        plays: list[tuple[int, int]] = []
        if split:
            target = self._target(state, cycle[split - 1])
            if target is not None:
                plays.append((WASTE, target))
            free = reserves.find(0)
            if free >= 0:
                plays.append((WASTE, free))
        return plays

    def _hopeless(self, state: State) -> bool:
        """No card that can still come to a top fits (the game's own `is_lost`)."""
        reserves, corners, centre, cycle, split, passes = state
        wanted = {corner_takes(top) for top in corners}
        wanted.add(centre_takes(centre))
        free = reserves.count(0)
        reach = cycle if passes + 1 < self.passes else cycle[max(0, split - 1 - free):]
        return not any(rank in reach or rank in reserves for rank in wanted)

    def _dead(self, state: State, clicked: bool) -> bool:
        """Whether a test proves the position lost (`clicked`: a click led to it, which may
        have overloaded it, dead_end.py)."""
        parts = self._parts
        single = (self.deal, self.passes) == (1, 1)  # one card a click, one pass
        return self._hopeless(state) or (parts is not None and parts.lost(state)) or (
            single and clicked and overloaded(*state[:5]))

    # -- the beam hunt's levels (one card a click, one pass): each click begins one ------------
    def level_steps(self, state: State) -> list[tuple[Step, State]]:
        """The plays without a click, best first (as in `children`)."""
        if self._dead(state, state is self._start):
            return []
        kids = [((0, source, target), self._settle(self._move(state, source, target)))
                for source, target in self._plays(state)]
        return self._best_first(kids)

    def next_level(self, state: State) -> tuple[Step, State] | None:
        return (CLICK, self._click(state)) if self._can_click(state) else None

    def has_next_level(self, state: State) -> bool:
        return state[4] < len(state[3])  # one pass: the stock has cards

    def played(self, state: State, step: Step) -> State:
        if step == CLICK:
            return self._click(state)
        clicks, source, target = step
        for _ in range(clicks):
            state = self._click(state)
        return self._settle(self._move(state, source, target))

    def alive(self, state: State) -> bool:
        return not self._dead(state, True)

    def beam_estimates(self) -> tuple[Callable[[State], int]]:
        return (self.estimate,)

    def children(self, state: State) -> list[tuple[Step, State]]:
        parts = self._parts
        single = (self.deal, self.passes) == (1, 1)  # one card a click, one pass
        if self._dead(state, state is self._start):
            return []
        kids: list[tuple[Step, State]] = []
        seen: set[int] = set()
        clicks, at = 0, state
        while True:
            seen.add(at[4])
            for source, target in self._waste_plays(at) if clicks else self._plays(at):
                kids.append(((clicks, source, target), self._settle(self._move(at, source, target))))
            if not self._can_click(at):
                break
            at = self._click(at)
            clicks += 1
            if at[4] in seen or self._hopeless(at):
                break  # a split seen before, with more passes spent; or the game is lost there
            # Only a low card dealt changes the low part; once lost it stays lost with more
            # clicks (a click is a step of the part too).
            if parts is not None and at[3][at[4] - 1] <= LAST_LOW and parts.lost(at):
                break
            if single and overloaded(*at[:5]):
                break  # and so with more clicks (dead_end.py: only a click can overload a position)
        return self._best_first(kids)

    def _best_first(self, kids: list[tuple[Step, State]]) -> list[tuple[Step, State]]:
        """`kids` with the cards going up first, then by `estimate`."""
        kids.sort(key=lambda kid: (kid[0][2] < UP_CORNER, self.estimate(kid[1])))
        return kids

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == CLICK:
            return (Deal(),)
        clicks, source, target = step
        for _ in range(clicks):
            state = self._click(state)
        moves: list[tuple[int, int]] = []
        self._settle(self._move(state, source, target), moves)
        played = [(source, target), *moves]
        return (*[Deal()] * clicks, *(Move(_slot(a), 1, _slot(b, True)) for a, b in played))

    def legal(self, state: State) -> list[tuple[Action, State]]:
        reserves, _, _, cycle, split, _ = state
        found: list[tuple[Action, State]] = []
        sources = ([WASTE] if split else []) + [index for index, rank in enumerate(reserves) if rank]
        for source in sources:
            rank = cycle[split - 1] if source == WASTE else reserves[source]
            targets = [UP_CORNER + index for index, top in enumerate(state[1]) if corner_takes(top) == rank]
            if centre_takes(state[2]) == rank:
                targets.append(TO_CENTRE)
            targets += [index for index, other in enumerate(reserves) if not other and index != source]
            found += [(Move(_slot(source), 1, _slot(target, True)), self._move(state, source, target))
                      for target in targets]
        if self._can_click(state):
            found.append((Deal(), self._click(state)))
        return found


class _Parts:
    """Whether the low part (projection.py) of a position the search reaches cannot be won,
    found by a short exhaustive search of the part and remembered: every part position such a
    search looked at is lost too (it saw all that followed, and no win), and every one on the
    way to a win it found can be won. Each part search uses what the earlier ones found
    (`_PartModel`). The high part is left out: on deals 1-20 it was seldom lost where the low
    one was not, and its searches are long."""

    def __init__(self) -> None:
        #: key -> the least split the part is known lost with (with more split: lost too)
        self.lost_at: dict[Hashable, int] = {}
        #: key -> the most split the part is known to be won from (with less: won too)
        self.won_at: dict[Hashable, int] = {}
        #: key -> the most split a part search gave up on (not searched again)
        self._unsure: dict[Hashable, int] = {}
        self._model = _PartModel(self, (b"", b"", 0, b"", 0, 0))

    def lost(self, state: State) -> bool:
        part = low_part(state)
        key, split = self._model.key(part), part[4]
        known = self.lost_at.get(key)
        if known is not None and known <= split:
            return True
        for table in (self.won_at, self._unsure):
            known = table.get(key)
            if known is not None and known >= split:
                return False
        search = ModelSearch(_PartModel(self, part), Budget(1e9, PART_POSITIONS, PART_MEMORY_MB), None,
                             float("inf"))
        verdict = search.run()
        if verdict is Verdict.UNKNOWN:
            self._unsure[key] = max(split, self._unsure.get(key, split))
        elif verdict is Verdict.WON:
            for on_the_way in search.path():
                _remember(self.won_at, self._model.key(on_the_way), on_the_way[4], max)
        elif len(self.lost_at) < PART_TABLE:
            for seen, least in search.seen.items():
                _remember(self.lost_at, seen, least, min)
        return verdict is Verdict.LOST


class _PartModel(TombModel):
    """A part's game, that stops at the part positions known lost (no children) or won (a
    win: only the verdict is asked for, never the winning line)."""

    def __init__(self, parts: _Parts, start: State) -> None:
        self.deal, self.passes, self._start, self._parts = 1, 1, start, None
        self._known = parts

    def won(self, state: State) -> bool:
        if super().won(state):
            return True
        known = self._known.won_at.get(self.key(state))
        return known is not None and known >= state[4]

    def children(self, state: State) -> list[tuple[Step, State]]:
        known = self._known.lost_at.get(self.key(state))
        return [] if known is not None and known <= state[4] else super().children(state)


def _remember(table: dict[Hashable, int], key: Hashable, split: int,
              better: Callable[[int, int], int]) -> None:
    table[key] = better(split, table.get(key, split))


def _slot(index: int, target: bool = False) -> str:
    if index == WASTE:
        return "waste"
    if target and index == TO_CENTRE:
        return CENTRE
    if target and index >= UP_CORNER:
        return CORNERS[index - UP_CORNER]
    return RESERVES[index]


def _top(board: Board, slot_id: str) -> int:
    cards = board.slot(slot_id).cards
    return cards[-1].rank if cards else 0
