"""The solver's model of any kit game (picked by `aisle.kit.solver_models`): the game's rules
played on compact positions worked out from its roles, so that a game described with the kit is
solved well with no solver code of its own.

The parts: `solver_table` (the position and the rule look-ups), `solver_play` (a move with what
follows it, a click on the stock, the cards that go up by themselves), `solver_stock` (the stock
and waste as one cycle), `solver_steps` (the moves), `solver_estimate` (how far from a win),
`solver_dead_end` (positions that can never be won), `solver_won` and `solver_coverage` (which
games it covers, and their rules that come from their family).

A step is (source place, count, target place, clicks): click the stock `clicks` times, then make
the move (the stock's own click alone is `CLICK`). Every step is followed by the cards that go
up by themselves (the game's autoplay, or safe moves folded in as the step's own actions).

Soundness: `children` leaves out only moves whose positions another step reaches or beats (see
`solver_steps` and `solver_stock`), folds in only safe moves (`solver_play`), and ends only at
positions the rules lose (`solver_dead_end`); so when the exhaustive search sees every position,
the deal is lost. The cross-check (`aisle.testing.solver_model`) holds the model to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.kit.build import ACE
from aisle.kit.model_facts import Autoplay, WinRule
from aisle.kit.roles import Role, Tableau
from aisle.kit.solver_coverage import autoplay_rule, family_type, unknown_rules
from aisle.kit.solver_dead_face_up import face_up_dead_ends
from aisle.kit.solver_estimate import Estimate
from aisle.kit.solver_play import DEAL, EVERYWHERE, Play
from aisle.kit.solver_rules import ModelRule
from aisle.kit.solver_steps import Listing
from aisle.kit.solver_stock import StockCycle
from aisle.kit.solver_super import SuperMoves
from aisle.kit.solver_table import PILE, RUN, ModelTable, Position, one_suit_role, safe_needs
from aisle.kit.solver_won import Won, win_rule
from aisle.solver.model import SolverModel

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

#: (source place, count, target place, clicks on the stock first); see the module's notes.
Step = tuple[int, int, int, int]
#: A click on the stock alone.
CLICK: Step = (*DEAL, 0)
_PILE_SEPARATOR = b"\xff"
_PART_SEPARATOR = b"\xfe"
#: Each table's rules, by its roles' parameters; emptied when it holds this many.
_MOST_RULES = 32
_RULES: dict[Hashable, KitRules] = {}

__all__ = ["CLICK", "KitModel", "KitRules", "Step", "kit_rules", "unknown_rules"]


def kit_rules(variant: KitVariant, board: Board) -> KitRules | None:
    """The rules of `variant`'s table as the model plays them (shared by every table with the
    same roles), or None when the model does not cover the game."""
    if unknown_rules(variant) is not None:
        return None
    family = family_type(variant)
    rule, wins = autoplay_rule(variant, family), win_rule(variant, family)
    assert rule is not None and wins is not None
    first = variant.first_rank(board)
    signature: Hashable = (tuple(_signature(role) for role in variant.kit.roles), first, rule, wins,
                           variant.decks, tuple(told.signature() for told in _told(variant)))
    try:
        rules = _RULES.get(signature)
    except TypeError:  # a role holding something unhashable: worked out anew each time
        signature, rules = None, None
    if rules is None:
        rules = KitRules.of(variant, first, rule, wins)
        if rules is None:
            return None
        if signature is not None:
            if len(_RULES) >= _MOST_RULES:
                _RULES.clear()
            _RULES[signature] = rules
    return rules


def _told(variant: KitVariant) -> tuple[ModelRule, ...]:
    """The rules of the game's own the model is told of (`aisle.kit.solver_rules`)."""
    return tuple(getattr(variant, "solver_rules", ()))


def _signature(role: Role) -> Hashable:
    return type(role).__name__, tuple(sorted(vars(role).items()))


class KitRules:
    """Everything the model knows of one game's table, worked out once and shared by the models
    of all its positions."""

    def __init__(self, table: ModelTable, play: Play, wins: WinRule) -> None:
        self.table = table
        self.play = play
        self.wins = wins
        self.won = Won(table, wins).won
        self.listing = Listing(table)
        self.cycle = StockCycle(table)
        self.estimator = Estimate(table)
        self.dead = face_up_dead_ends(table, wins)
        self.runs = SuperMoves(table)
        self.key = self._key_function()

    @classmethod
    def of(cls, variant: KitVariant, first: int, rule: Autoplay, wins: WinRule) -> KitRules | None:
        """The rules of `variant`'s table (None: AisleRiot's autoplay on a table it does not fit)."""
        kit, decks = variant.kit, variant.decks
        up = one_suit_role(kit.role_of, decks)
        if rule is Autoplay.FREECELL and (up is None or decks != 1 or first != ACE or up.build.wrap):
            return None  # AisleRiot's rule is written for one deck built up from the Ace
        if rule is Autoplay.KIT and up is None:
            rule = Autoplay.NONE  # the kit's rule sends nothing up on such a table
        table = ModelTable(kit.ids, kit.role_of, first, rule, decks)
        for told in _told(variant):
            told.tune(table)
        needs = None
        if up is not None and rule is not Autoplay.FREECELL:
            needs = safe_needs(up, [role.build for role in kit.roles
                                    if isinstance(role, Tableau) and role.build is not None], first)
        return cls(table, Play(table, needs), wins)

    def _key_function(self) -> Callable[[Position], bytes]:
        """Free cells sorted; each role's piles sorted while they are alike (the stock may still
        deal onto some by their places); the foundations left out when their cards follow from
        the rest, else their tops sorted; the stock and the waste (as a cycle, see
        `solver_stock`)."""
        table, cycle = self.table, self.cycle
        groups = [(indexes, any(index in table.dealt_onto for index in indexes))
                  for _, indexes in table.groups]
        follows = table.found_follows
        if len(groups) == 1 and follows and table.stock_role is None and not groups[0][1]:
            def simple(state: Position) -> bytes:
                return bytes(sorted(state[0])) + _PART_SEPARATOR + _PILE_SEPARATOR.join(sorted(state[2]))
            return simple

        def general(state: Position) -> bytes:
            cells, found, piles, stock, waste, _ = state
            parts = [bytes(sorted(cells))]
            for indexes, dealt in groups:
                ordered = [piles[index] for index in indexes]
                if not (dealt and stock):
                    ordered.sort()
                parts.append(_PILE_SEPARATOR.join(ordered))
            if not follows:
                parts.append(bytes(sorted(found)))
            if cycle.active:
                parts.append(cycle.key(state))
            else:
                parts += (stock, waste)
            return _PART_SEPARATOR.join(parts)
        return general


class KitModel(SolverModel[Position, Step]):
    """A kit game for the solver (see the module's notes and `aisle.solver.model`)."""

    #: A short depth-first hunt first (most deals are won at once), then best-first.
    hunt_shares = (0.1, 0.4)
    proof_share = 0.1
    #: A stock dealing onto the piles makes stages (`stage`); their moves are many (runs,
    #: foundations giving back), so a stage's exploration is kept short and explores with the
    #: hunch: at Spider's thousand positions the staged hunt spent its share in the first
    #: stages of Gypsy and never reached a win.
    stage_expansions = 100
    last_stage_expansions = 2000
    hunch_in_stages = True

    def __init__(self, rules: KitRules, start: Position) -> None:
        self.table = table = rules.table
        self.play = play = rules.play
        self.listing, self.cycle, self.dead = rules.listing, rules.cycle, rules.dead
        self.runs = rules.runs
        self._estimate, self._key, self._won = rules.estimator.estimate, rules.key, rules.won
        self._start = start
        #: After a click on the stock the engine sends nothing up; its next move sends up all.
        self._look_everywhere = play.autoplay is not Autoplay.NONE and table.stock_role is not None

    def start(self) -> Position:
        return self._start

    # -- telling positions apart --------------------------------------------------------------
    def key(self, state: Position) -> Hashable:
        return self._key(state)

    def spent(self, state: Position) -> int:
        """What the stock used up that the key leaves out (see `solver_stock`): the waste's
        trips back, when they are limited."""
        if self.cycle.active:
            return self.cycle.spent(state)
        stock = self.table.stock_role
        return state[5] if stock is not None and stock.passes is not None else 0

    def won(self, state: Position) -> bool:
        return self._won(state)

    def estimate(self, state: Position) -> int:
        return self._estimate(state)

    def stage(self, state: Position) -> int | None:
        """The cards left in a stock that deals onto the piles (Spider): each deal begins a
        stage, never undone, and the best-first hunt goes stage by stage. None for a waste's
        stock, which goes round."""
        return len(state[3]) if self.table.dealt_onto else None

    # -- the steps ----------------------------------------------------------------------------
    def _after(self, state: Position, step: Step, look_everywhere: bool,
               moves: list[tuple[int, int, int]] | None = None) -> Position:
        """The position after the step (its clicks already made), with what goes up by itself."""
        play = self.play
        if step[0] < 0:
            child = play.deal(state)
            # The engine sends nothing up after a click; folded safe moves follow it.
            return child if play.autoplay is not Autoplay.NONE else play.settle(child, EVERYWHERE, moves)
        child, uncovered = play.move(state, step[0], step[1], step[2])
        return play.settle(child, EVERYWHERE if look_everywhere else uncovered, moves)

    def _without_listing(self, state: Position) -> list[tuple[Step, Position]] | None:
        """The children where no move is listed: none at a dead end; at the start, only the
        safe move waiting there. None: list the moves."""
        if self.dead.dead(state):
            return []
        if state is self._start:
            waiting = self.play.pending(state)
            if waiting is not None:
                step = (*waiting, 0)
                return [(step, self._after(state, step, True))]
        return None

    def children(self, state: Position) -> list[tuple[Step, Position]]:
        fixed = self._without_listing(state)
        if fixed is not None:
            return fixed
        start = state is self._start
        everywhere = start or self._look_everywhere
        after, cycle = self._after, self.cycle
        kids = [((*move, 0), after(state, (*move, 0), everywhere))
                for move in self.listing.steps(state, not cycle.active)]
        if cycle.active:
            # The same piles for every split: a split is made only when its card has a move.
            moves_of, cards = self.listing.waste_card_steps(state), cycle.cards(state)
            for clicks, split, passes in cycle.reach(state):
                moves = moves_of(cards[split - 1])
                if moves:
                    clicked = cycle.at(state, split, passes)
                    kids += [((*move, clicks), after(clicked, (*move, clicks), True)) for move in moves]
        if self.runs.active:
            kids += [((*move, 0), after(state, (*move, 0), everywhere)) for move in self.runs.moves(state)]
        # Best first: the exhaustive search then finds most wins as soon as the hunts do.
        estimate = self._estimate
        kids.sort(key=lambda kid: estimate(kid[1]))
        return kids

    def actions(self, state: Position, step: Step) -> tuple[Action, ...]:
        ids = self.table.ids
        clicks = step[3]
        if clicks:
            state = self._clicked(state, clicks)
        first: tuple[Action, ...] = (Deal(),) if step[0] < 0 else (Move(ids[step[0]], step[1], ids[step[2]]),)
        if step[1] > 1 and self.runs.active:  # a run through empty piles, one card at a time
            first = tuple(Move(ids[source], 1, ids[target])
                          for source, target in self.runs.singles(state, (step[0], step[1], step[2])))
        moves: list[tuple[int, int, int]] = []
        self._after(state, step, True, moves)
        folded = (Move(ids[source], count, ids[target]) for source, count, target in moves)
        return (*[Deal()] * clicks, *first, *folded)

    def _clicked(self, state: Position, clicks: int) -> Position:
        for _ in range(clicks):
            state = self.play.deal(state)
        return state

    def legal(self, state: Position) -> list[tuple[Action, Position]]:
        play, ids = self.play, self.table.ids
        found: list[tuple[Action, Position]] = []
        autoplay = play.autoplay is not Autoplay.NONE
        for step in self.listing.legal(state):
            if step == DEAL:
                found.append((Deal(), play.deal(state)))
                continue
            child, _ = play.move(state, *step)
            if autoplay:
                child = play.settle(child, EVERYWHERE)
            found.append((Move(ids[step[0]], step[1], ids[step[2]]), child))
        return found

    # -- hunting ------------------------------------------------------------------------------
    def hunch(self, state: Position) -> list[tuple[Step, Position]]:
        """The steps, less those that take cards off a card they lie in sequence on without
        sending anything up: such a move seldom helps (a hunch: the exhaustive search has them).
        Where piles move in runs, part of a run may still go onto another card: handing a run
        over to another card of the same rank and colour is how their cards get free."""
        table = self.table
        where, piles, found = table.where, state[2], state[1]
        kept = []
        for step, child in self.children(state):
            part, index = where[step[0]] if step[0] >= 0 else (-1, -1)
            if part == PILE and child[1] == found:
                pile, count, rules = piles[index], step[1], table.role_of_pile[index]
                if count < len(pile) and rules.links[pile[-count]][pile[-count - 1]] and (
                        rules.pick != RUN or where[step[2]][0] != PILE or not piles[where[step[2]][1]]):
                    continue
            kept.append((step, child))
        return kept
