"""A kit game's table as the solver model sees it, worked out once per game.

A card is one byte, suit index * 16 + rank (the twins of several decks are the same byte: they
play alike), with `DOWN` added while it lies face down. A position (`Position`) holds:

- `cells`: one byte per free cell, 0 for an empty one;
- `found`: one byte per foundation, the code of its top card, 0 for an empty one (the cards
  under it follow from the top card: foundations are built one rank at a time);
- `piles`: each tableau pile's cards, bottom first, then each reserve's;
- `stock` and `waste`: their cards, bottom first (the stock's face down, the waste's face up);
- `passes`: how often the waste went back to the stock.

Every rule the model plays is a look-up in a table made here from the roles' `Build`s: which
cards a card may lie on in each pile role, which cards each foundation top takes, which cards
lie in sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from aisle.engine.board import Board
from aisle.engine.cards import SUITS, Card
from aisle.kit.build import KING, Build, Direction, Suits
from aisle.kit.model_facts import Autoplay
from aisle.kit.roles import Foundations, FreeCells, Pick, Reserve, Role, Stock, Tableau, Waste, open_cells

Position = tuple[bytes, bytes, tuple[bytes, ...], bytes, bytes, int]

#: Added to a card's code while it lies face down.
DOWN = 0x40
#: Codes run below this (face-down codes included).
CODES = 0x80
#: Where a place's cards are kept in a position.
CELL, FOUNDATION, PILE, STOCK, WASTE = range(5)
#: How cards are picked up from a pile: its top card, a run, any face-up card with all on it,
#: or (a reserve) its top card whatever its face.
TOP, RUN, FACE_UP, SINGLE = range(4)
#: All face-up codes of a deck.
FACE_UP_CODES = tuple(suit << 4 | rank for suit in range(4) for rank in range(1, KING + 1))
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def code_of(card: Card) -> int:
    """The card's byte, face included."""
    return (_SUIT_INDEX[card.suit] << 4 | card.rank) | (0 if card.face_up else DOWN)


def sample(code: int) -> Card:
    """A face-up card with this code, to ask a `Build` about it."""
    return Card(0, code & 15, SUITS[code >> 4 & 3], True)


@cache
def fits_table(build: Build) -> tuple[tuple[bool, ...], ...]:
    """fits[card][onto]: whether a card may lie on another under `build`, by code (made once
    per rule, from each card's `Build.key` and the keys each card takes)."""
    keys = {code: build.key(sample(code)) for code in FACE_UP_CODES}
    wanted = {code: build.wanted(sample(code)) for code in FACE_UP_CODES}
    return tuple(tuple(card in keys and onto in wanted and keys[card] in wanted[onto]
                       for onto in range(CODES)) for card in range(CODES))


def fits(build: Build, card: int, onto: int) -> bool:
    return fits_table(build)[card][onto]


class PileRole:
    """One role of tableau piles (or a reserve) as look-ups."""

    def __init__(self, role: Tableau | Reserve, refilled: bool = False) -> None:
        self.role = role
        #: onto[code]: the codes of the cards a card may lie on (none without building).
        self.onto: list[tuple[int, ...]] = [() for _ in range(CODES)]
        #: links[upper][lower]: whether `upper` lies in sequence on `lower` (for runs).
        self.links = [[False] * CODES for _ in range(CODES)]
        #: empty[code]: whether an empty pile of this role takes the card.
        self.empty = [False] * CODES
        #: A reserve refills this role's piles when a move empties one.
        self.refilled = refilled
        self.reserve = isinstance(role, Reserve)
        #: Whether an empty pile of this role helps a run move (`Tableau.spare_when_empty`).
        self.spare = isinstance(role, Tableau) and role.spare_when_empty
        #: An empty pile of this role takes any card from the waste, whatever `empty` says
        #: (Kansas; set by `aisle.kit.solver_rules.WasteFillsSpaces`).
        self.waste_fills = False
        if isinstance(role, Reserve):
            self.pick, self.by_space, self.flip, self.builds = SINGLE, False, True, False
            return
        self.by_space, self.flip = role.by_space, role.flip
        build, sequence = role.build, role.sequence
        self.builds = build is not None
        self.pick = (TOP if role.pick is Pick.TOP or sequence is None
                     else FACE_UP if role.pick is Pick.FACE_UP else RUN)
        for card in FACE_UP_CODES:
            if build is not None:
                on = fits_table(build)[card]
                self.onto[card] = tuple(onto for onto in FACE_UP_CODES if on[onto])
            if sequence is not None:
                self.links[card] = list(fits_table(sequence)[card])
            self.empty[card] = role.takes_when_empty(card & 15)

    def movable(self, pile: bytes) -> int:
        """How many top cards may be picked up together (`aisle.kit.moves.movable`)."""
        if not pile:
            return 0
        if self.pick == SINGLE:
            return 1
        if pile[-1] & DOWN:
            return 0
        count = 1
        if self.pick == TOP:
            return 1
        if self.pick == FACE_UP:
            while count < len(pile) and not pile[-count - 1] & DOWN:
                count += 1
            return count
        links = self.links
        while count < len(pile) and links[pile[-count]][pile[-count - 1]]:
            count += 1
        return count


class FoundationRole:
    """One role of foundations as look-ups."""

    def __init__(self, role: Foundations, first: int) -> None:
        self.role = role
        build = role.build
        self.whole_runs, self.lift_runs, self.give_back = role.whole_runs, role.lift_runs, role.give_back
        #: takes[top]: the codes of the single cards a foundation with this top takes (0: empty).
        self.takes: list[frozenset[int]] = [frozenset() for _ in range(CODES)]
        if not role.whole_runs:
            self.takes[0] = frozenset(code for code in FACE_UP_CODES if code & 15 == first)
            for top in FACE_UP_CODES:
                self.takes[top] = frozenset(code for code in FACE_UP_CODES if fits(build, code, top))
        #: under[top]: the top once this top card went back into play (foundations by suit).
        self.under = [0] * CODES
        for top in FACE_UP_CODES:
            if top & 15 != first:
                self.under[top] = next((lower for lower in FACE_UP_CODES if lower >> 4 == top >> 4
                                        and fits(build, top, lower)), 0)
        #: stays[code]: whether the card may not come back into play from here.
        self.stays = [not role.give_back or (role.first is None and code & 15 == first)
                      for code in range(CODES)]
        #: For whole runs: links[upper][lower] under the role's rule.
        self.links = [[False] * CODES for _ in range(CODES)]
        if role.whole_runs:
            self.links = [list(row) for row in fits_table(build)]
        self.first = first

    def whole_run(self, pile: bytes) -> bool:
        """Whether the pile's top 13 cards make a complete run this role takes."""
        if len(pile) < 13 or pile[-13] & 15 != self.first or pile[-13] & DOWN:
            return False
        links = self.links
        return all(links[pile[-index]][pile[-index - 1]] for index in range(1, 13))


class ModelTable:
    """The places, roles and rule look-ups of one kit game (see the module's notes)."""

    def __init__(self, ids: Sequence[str], role_of: Sequence[Role], first: int, autoplay: Autoplay,
                 decks: int) -> None:
        self.ids = tuple(ids)
        self.first = first
        self.autoplay = autoplay
        self.decks = decks
        self.cards = 52 * decks
        self.cells = _places(role_of, FreeCells)
        #: The places of the free cells that take cards (`FreeCells.dealt_only`: not those).
        self.open_cells = open_cells(role_of)
        self.foundations = _places(role_of, Foundations)
        self.tableau = _places(role_of, Tableau)
        self.reserves = _places(role_of, Reserve)
        #: The pile places of a position: the tableau's, then the reserves'.
        self.piles = self.tableau + self.reserves
        stocks, wastes = _places(role_of, Stock), _places(role_of, Waste)
        self.stock_place = stocks[0] if stocks else None
        self.waste_place = wastes[0] if wastes else None
        stock_role = role_of[stocks[0]] if stocks else None
        self.stock_role = stock_role if isinstance(stock_role, Stock) else None
        #: where[place] = (which part of a position, index in it)
        self.where: list[tuple[int, int]] = [(-1, -1)] * len(self.ids)
        for part, places in ((CELL, self.cells), (FOUNDATION, self.foundations), (PILE, self.piles),
                             (STOCK, stocks), (WASTE, wastes)):
            for index, place in enumerate(places):
                self.where[place] = (part, index)
        self._pile_roles(role_of)
        self._foundation_roles(role_of)
        #: A rule of the game's own that holds the stock back (`aisle.kit.solver_rules`).
        self.deal_waits: Callable[[Position], bool] | None = None

    def _pile_roles(self, role_of: Sequence[Role]) -> None:
        refilled = {reserve.refills for reserve in (role_of[p] for p in self.reserves)
                    if isinstance(reserve, Reserve) and reserve.refills is not None}
        rules_of: dict[int, PileRole] = {}
        #: Each pile's rules, and each role's piles (indexes into `piles`), in place order.
        self.role_of_pile: list[PileRole] = []
        for place in self.piles:
            role = role_of[place]
            assert isinstance(role, Tableau | Reserve)
            if id(role) not in rules_of:
                rules_of[id(role)] = PileRole(role, isinstance(role, Tableau) and role.prefix in refilled)
            self.role_of_pile.append(rules_of[id(role)])
        self.groups = [(rules, tuple(index for index, other in enumerate(self.role_of_pile)
                                     if other is rules)) for rules in rules_of.values()]
        self.by_space = any(rules.by_space for rules in self.role_of_pile)
        #: pile index -> the index of the reserve that refills it when a move empties it
        self.refill_from: dict[int, int] = {}
        for index, place in enumerate(self.tableau):
            for reserve_index, reserve_place in enumerate(self.reserves, start=len(self.tableau)):
                reserve = role_of[reserve_place]
                if isinstance(reserve, Reserve) and reserve.refills == role_of[place].prefix:
                    self.refill_from[index] = reserve_index
        #: The piles the stock deals onto, in order (none: it turns cards onto the waste).
        stock = self.stock_role
        self.dealt_onto: tuple[int, ...] = ()
        if stock is not None and stock.onto != "waste":
            self.dealt_onto = tuple(index for index, place in enumerate(self.piles)
                                    if role_of[place].prefix == stock.onto)
        self.fill_first = stock is not None and stock.fill_first

    def _foundation_roles(self, role_of: Sequence[Role]) -> None:
        rules_of: dict[int, FoundationRole] = {}
        #: Each foundation's rules; foundations of one role with the same top are alike.
        self.found_rules: list[FoundationRole] = []
        for place in self.foundations:
            role = role_of[place]
            assert isinstance(role, Foundations)
            if id(role) not in rules_of:
                rules_of[id(role)] = FoundationRole(role, self.first)
            self.found_rules.append(rules_of[id(role)])
        #: Each foundation's takes[top] (see `FoundationRole`).
        self.takes = [rules.takes for rules in self.found_rules]
        self.found_role = [list(rules_of.values()).index(rules) for rules in self.found_rules]
        one = len(rules_of) == 1 and self.found_rules[0]
        by_suit = one and one.role.build.suits is Suits.SAME and not one.whole_runs and (
            not one.lift_runs or all(_runs_by_suit(rules) for rules, _ in self.groups))
        #: Whether the foundations' cards follow from the cards elsewhere (one role built by
        #: suit, card by card or with runs of its own suit): then a key leaves them out.
        self.found_follows = bool(by_suit)
        #: Cards go up in runs or come back from some foundation.
        self.lifts = any(rules.lift_runs for rules in self.found_rules)
        self.gives_back = any(rules.give_back for rules in self.found_rules)
        self.whole_runs = any(rules.whole_runs for rules in self.found_rules)

    def place_of(self, part: int, index: int) -> int:
        """The board place of a part of a position (`where` the other way round)."""
        if part == CELL:
            return self.cells[index]
        if part == PILE:
            return self.piles[index]
        if part == FOUNDATION:
            return self.foundations[index]
        place = self.waste_place if part == WASTE else self.stock_place
        assert place is not None
        return place

    def position(self, board: Board, passes: int) -> Position:
        slots = board.slots
        cells = bytes(code_of(slots[p].cards[-1]) if slots[p].cards else 0 for p in self.cells)
        found = bytes(code_of(slots[p].cards[-1]) & ~DOWN if slots[p].cards else 0
                      for p in self.foundations)
        piles = tuple(bytes(code_of(card) for card in slots[p].cards) for p in self.piles)
        stock = waste = b""
        if self.stock_place is not None:
            stock = bytes(code_of(card) & ~DOWN for card in slots[self.stock_place].cards)
        if self.waste_place is not None:
            waste = bytes(code_of(card) & ~DOWN for card in slots[self.waste_place].cards)
        return cells, found, piles, stock, waste, passes


def _places(role_of: Sequence[Role], kind: type[Role]) -> tuple[int, ...]:
    return tuple(place for place, role in enumerate(role_of) if isinstance(role, kind))


def _runs_by_suit(rules: PileRole) -> bool:
    """Whether the role's runs go down one suit (lifted up, they land as a foundation by suit)."""
    role = rules.role
    if not isinstance(role, Tableau) or rules.pick == TOP:
        return True
    sequence = role.sequence
    return (rules.pick == RUN and sequence is not None and sequence.suits is Suits.SAME
            and sequence.direction is Direction.DOWN and not sequence.wrap)


def one_suit_role(role_of: Sequence[Role], decks: int) -> Foundations | None:
    """The foundations' one role when the kit's safe rule covers it (`SafeUp.covered`): built up
    by suit, one card at a time, four per deck."""
    roles = list(dict.fromkeys(role for role in role_of if isinstance(role, Foundations)))
    if len(roles) != 1:
        return None
    role = roles[0]
    assert isinstance(role, Foundations)
    count = sum(1 for other in role_of if other is role)
    if (role.build.direction is Direction.UP and role.build.suits is Suits.SAME
            and not role.whole_runs and count == 4 * decks):
        return role
    return None


def safe_needs(role: Foundations, builds: Sequence[Build], first: int) -> list[tuple[int, int, int, int]]:
    """For each code: how many cards of each suit must be up (counted from `first`) before the
    card is safe to send up: every card that may lie on it in a pile, and where foundations give
    cards back, the cards that may lie on those in turn (`aisle.kit.safe.SafeUp`'s rule)."""

    def lying_on(card: int) -> list[int]:
        return [other for other in FACE_UP_CODES if any(fits(build, other, card) for build in builds)]

    needs = [(0, 0, 0, 0)] * CODES
    for card in FACE_UP_CODES:
        need = [0, 0, 0, 0]
        seen: set[int] = set()
        waiting = lying_on(card)
        while waiting:
            other = waiting.pop()
            if other in seen:
                continue
            seen.add(other)
            need[other >> 4] = max(need[other >> 4], ((other & 15) - first) % 13 + 1)
            if not role.stays(other & 15, first):
                waiting += lying_on(other)
        needs[card] = (need[0], need[1], need[2], need[3])
    return needs
