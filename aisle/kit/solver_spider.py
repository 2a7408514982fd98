"""The solver's model of the Spider family (`SpiderFamily`): the kit's model (`KitModel`, whose
exact `children` the exhaustive search keeps) with a hunch and an estimate of Spider's own, so
the hunts look at few, good moves.

The hunch (only ever used to hunt for a win, never to prove a loss):

- a complete run King to Ace goes up at once, alone;
- only a pile's whole top run moves (a run of one suit moves as one, so splitting it only
  breaks a link);
- onto a card of its own suit (a link made), always;
- onto another card or into an empty pile, when it gains something: it uncovers a face-down
  card, empties a pile, or takes the run off a card it does not fit; or, off a card it fits,
  when the card it uncovers can then take a card of its own suit from another pile's top run,
  or the run it ends can then go onto a card of its own suit;
- into an empty pile, while the stock holds cards, any top run (or its top card alone) even
  when it gains nothing: no pile may be empty for a deal, so without such a move a stage
  whose runs all lie on cards they fit would have no way out;
- a deal, when the rules allow it;
- a *carry*: a pile's top runs lying each on a card it fits (a built sequence of several
  suits, which the rules never move as one) go onto a card the deepest fits, through empty
  piles: each run but the deepest parks in an empty pile of its own, the deepest moves, the
  parked runs come back onto it, top last. It is offered only where a plain move of the same
  cards would be: it makes a link, or uncovers a face-down card, empties a pile or takes the
  cards off a card they do not fit. One step of the hunch, played as those moves (`CARRY` in
  the step's last place; the moves follow from the position, so they are worked out again
  where needed).

The estimate counts, per pile, each card, each face-down card, and each face-up card not
joined to the one below it by a link (more when it does not even fit it), and an empty pile as
room to work with. Every pile's share depends on its cards alone, so it is remembered.
"""

from __future__ import annotations

from aisle.engine.actions import Action
from aisle.kit.remembered import Remembered
from aisle.kit.solver_dead_spider import SpiderDeadEnds
from aisle.kit.solver_model import CLICK, KitModel, KitRules, Step
from aisle.kit.solver_table import DOWN, ModelTable, Position

# The weights: a face-down card counts most, a run sent up (13 cards less in play) far more
# than any link; chosen on four-suit deals 1-20, where they won more than the former 1, 8, 5,
# 10, 6 at the same budget of positions.
#: Each card still in the tableau or the stock.
IN_PLAY = 3
#: Each face-down card.
FACE_DOWN = 12
#: Each face-up card lying on a card it fits, but not of its own suit.
BUILT = 4
#: Each face-up card lying on a card it does not fit.
LOOSE = 8
#: Each empty pile (less).
EMPTY = 4
#: A carry's mark in its step's last place (a kit step's count of stock clicks, never
#: negative): (source, the cards carried, target, CARRY).
CARRY = -1
#: The hunch's order: a link made, then a gain, then a move that prepares a link, then a move
#: that only fills an empty pile so that the stock may deal.
_LINK, _GAIN, _PREPARE, _FILL = range(4)


class SpiderModel(KitModel):
    """A Spider table for the solver (see the module's notes)."""

    #: A short depth-first hunt first (it wins most one-suit deals at once), then the staged
    #: best-first hunt, which finds most other wins; the exhaustive search only gets the rest
    #: (Spider's spaces are far too large for it to prove a loss in the time).
    hunt_shares = (0.1, 0.85)
    proof_share = 0.0
    hunch_in_stages = True
    #: Spider's stages, explored with its few good moves, need the long look.
    stage_expansions = 1000
    last_stage_expansions = 20000

    @staticmethod
    def covers(table: ModelTable) -> bool:
        """Whether the table is Spider's: one role of piles, foundations taking whole runs."""
        return (len(table.groups) == 1 and not table.cells and table.waste_place is None
                and bool(table.found_rules) and all(rules.whole_runs for rules in table.found_rules))

    def __init__(self, rules: KitRules, start: Position) -> None:
        super().__init__(rules, start)
        table = rules.table
        pile_rules = table.role_of_pile[0]
        self._links, self._onto, self._movable = pile_rules.links, pile_rules.onto, pile_rules.movable
        self._fits = [[False] * 0x80 for _ in range(0x80)]
        for card in range(0x80):
            for below in pile_rules.onto[card]:
                self._fits[card][below] = True
        #: Each face-up card's own-suit card one rank lower (0: none), the one that links on it.
        self._linking = [next((other for other in range(1, DOWN) if pile_rules.links[other][code]), 0)
                         for code in range(0x80)]
        self._found_rule = table.found_rules[0]
        self._pile_places, self._found_places = table.piles, table.foundations
        self._costs: Remembered[bytes, int] = Remembered(self.pile_cost)
        #: Spider's own dead-end test, where it holds: one deck, so every card is one of a kind.
        self.spider_dead = SpiderDeadEnds(table) if table.decks == 1 else None

    def children(self, state: Position) -> list[tuple[Step, Position]]:
        if self.spider_dead is not None and self.spider_dead.dead(state):
            return []
        return super().children(state)

    # -- the estimate -------------------------------------------------------------------------
    def estimate(self, state: Position) -> int:
        return IN_PLAY * len(state[3]) + sum(map(self._costs.__getitem__, state[2]))

    def pile_cost(self, pile: bytes) -> int:
        """One pile's share of the estimate (see the module's notes)."""
        if not pile:
            return -EMPTY
        links, fits = self._links, self._fits
        cost = IN_PLAY * len(pile)
        below = 0
        for code in pile:
            if code & DOWN:
                cost += FACE_DOWN
            elif below and not links[code][below]:
                cost += BUILT if fits[code][below] else LOOSE
            below = code
        return cost

    # -- the hunch ----------------------------------------------------------------------------
    def hunch(self, state: Position) -> list[tuple[Step, Position]]:
        piles, found = state[2], state[1]
        places = self._pile_places
        if 0 in found:
            whole_run = self._found_rule.whole_run
            for index, pile in enumerate(piles):
                if whole_run(pile):
                    step = (places[index], 13, self._found_places[found.index(0)], 0)
                    return [(step, self._after(state, step, False))]
        links, fits, onto, linking = self._links, self._fits, self._onto, self._linking
        movable = self._movable
        tops: dict[int, list[int]] = {}
        first_empty = -1
        runs: list[tuple[int, int]] = []  # (pile, its top run's length) for every face-up top
        for index, pile in enumerate(piles):
            if not pile:
                if first_empty < 0:
                    first_empty = index
            elif not pile[-1] & DOWN:
                tops.setdefault(pile[-1], []).append(index)
                runs.append((index, movable(pile)))
        # The cards some pile's top run holds: a card one rank higher of their suit may take
        # them with what lies on them.
        in_runs = {piles[index][-depth] for index, length in runs for depth in range(1, length + 1)}
        top_cards = set(tops)
        dealing = bool(state[3])
        ranked: list[tuple[int, Step]] = []
        for index, length in runs:
            pile = piles[index]
            card = pile[-length]
            whole = length == len(pile)
            beneath = 0 if whole else pile[-length - 1]
            gains = whole or bool(beneath & DOWN) or not fits[card][beneath]
            prepares = not gains and (linking[beneath] in in_runs
                                      or self._run_links_on(pile, len(pile) - length - 1, top_cards))
            source = places[index]
            for below in onto[card]:
                for target in tops.get(below, ()):
                    if target == index:
                        continue
                    if links[card][below]:
                        ranked.append((_LINK, (source, length, places[target], 0)))
                    elif gains:
                        ranked.append((_GAIN, (source, length, places[target], 0)))
                    elif prepares:
                        ranked.append((_PREPARE, (source, length, places[target], 0)))
            if first_empty >= 0 and not whole:
                if gains or prepares:
                    ranked.append((_GAIN if gains else _PREPARE, (source, length, places[first_empty], 0)))
                elif dealing:
                    # No pile may be empty for a deal: a run must fill it even if it gains nothing.
                    ranked.append((_FILL, (source, length, places[first_empty], 0)))
                    if length > 1:
                        ranked.append((_FILL, (source, 1, places[first_empty], 0)))
        if first_empty >= 0:
            ranked += self._carries(piles, tops)
        ranked.sort(key=_rank)
        after = self._after
        kids = [(step, self._carried(state, step) if step[3] == CARRY else after(state, step, False))
                for _, step in ranked]
        if state[3] and first_empty < 0:
            kids.append((CLICK, after(state, CLICK, False)))
        return kids

    # -- carries ------------------------------------------------------------------------------
    def _carries(self, piles: tuple[bytes, ...], tops: dict[int, list[int]]) -> list[tuple[int, Step]]:
        """The carries worth offering (see the module's notes), ranked like plain moves."""
        empty = sum(1 for pile in piles if not pile)
        fits, links, places, movable = self._fits, self._links, self._pile_places, self._movable
        found: list[tuple[int, Step]] = []
        for index, pile in enumerate(piles):
            if not pile or pile[-1] & DOWN:
                continue
            depth = 0
            for runs in range(1, empty + 2):
                # Each run down begins under the cards taken so far, and takes them.
                depth += movable(pile[:len(pile) - depth])
                card = pile[-depth]
                whole = depth == len(pile)
                beneath = 0 if whole else pile[-depth - 1]
                loose = whole or bool(beneath & DOWN) or not fits[card][beneath]
                if runs > 1:
                    for below in self._onto[card]:
                        for target in tops.get(below, ()):
                            if target != index and (loose or links[card][below]):
                                found.append((_LINK if links[card][below] else _GAIN,
                                              (places[index], depth, places[target], CARRY)))
                if loose:
                    break
        return found

    def carry_steps(self, state: Position, step: Step) -> list[Step]:
        """The plain steps a carry is played as (see the module's notes)."""
        source, count, target, _ = step
        where, piles = self.table.where, state[2]
        pile = piles[where[source][1]]
        empties = iter(place for place, cards in zip(self._pile_places, piles, strict=False) if not cards)
        parked: list[Step] = []
        depth = 0
        while True:
            length = self._movable(pile[:len(pile) - depth])
            depth += length
            if depth == count:
                break
            parked.append((source, length, next(empties), 0))
        back = [(place, run, target, 0) for _, run, place, _ in reversed(parked)]
        return [*parked, (source, length, target, 0), *back]

    def _carried(self, state: Position, step: Step) -> Position:
        for plain in self.carry_steps(state, step):
            state = self._after(state, plain, False)
        return state

    def actions(self, state: Position, step: Step) -> tuple[Action, ...]:
        if step[3] != CARRY:
            return super().actions(state, step)
        found: list[Action] = []
        for plain in self.carry_steps(state, step):
            found += super().actions(state, plain)
            state = self._after(state, plain, False)
        return tuple(found)

    def _run_links_on(self, pile: bytes, under: int, tops: set[int]) -> bool:
        """Whether the run that ends at `pile[under]` (a face-up card) would, once on top,
        make a link by moving onto one of the `tops`."""
        links = self._links
        deepest = under
        while deepest > 0 and not pile[deepest - 1] & DOWN and links[pile[deepest]][pile[deepest - 1]]:
            deepest -= 1
        return any(links[pile[deepest]][top] for top in tops)


def _rank(item: tuple[int, Step]) -> int:
    return item[0]
