"""The parts of a kit game's table, each a role with its rules as parameters.

A game lists its roles in table order (`KitVariant.table`); each role becomes one or more slots,
laid out from its place `at` in steps of `step` (card units, as `SlotSpec` takes them) and
named the conventional way ("tableau-3", "foundation-1", "reserve-2", "stock", "waste").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from aisle.engine.cards import Card
from aisle.engine.slots import Fan, SlotKind
from aisle.i18n import Text
from aisle.kit.build import ACE, DOWN_ALTERNATE, KING, UP_BY_SUIT, Build

Point = tuple[float, float]
#: A foundation's own rule (`Foundations.accepts`): whether `card` may go up while `top` lies on
#: top of another pile.
Accepts = Callable[[Card, Card], bool]


class Pick(StrEnum):
    """Which cards of a tableau pile may be picked up together."""

    #: Only the top card.
    TOP = "top"
    #: The top cards lying in sequence (under the pile's `run` rule, else its `build`).
    RUN = "run"
    #: Any face-up card, with everything lying on it, in sequence or not (Yukon).
    FACE_UP = "face-up"


class Empty(StrEnum):
    """What an empty tableau pile takes."""

    ANY = "any"
    KINGS = "kings"
    NOTHING = "nothing"


class Role:
    """What every role has: how many slots, where, and how they show their cards."""

    kind: SlotKind
    prefix: str
    count: int
    at: Point
    step: Point
    fan: Fan
    fan_limit: int | None
    #: Whether an empty slot of the role shows its outline on the table (False: bare baize,
    #: for places a card leaves for good, as in Pyramid).
    outline: bool = True

    def __init__(self, kind: SlotKind, prefix: str, count: int, at: Point, step: Point,
                 fan: Fan = Fan.NONE, fan_limit: int | None = None) -> None:
        self.kind = kind
        self.prefix = prefix
        self.count = count
        self.at = at
        self.step = step
        self.fan = fan
        self.fan_limit = fan_limit

    def ids(self) -> tuple[str, ...]:
        """The slot ids: numbered from 1, or the bare prefix for a role of one ("stock")."""
        if self.count == 1 and self.kind in (SlotKind.STOCK, SlotKind.WASTE):
            return (self.prefix,)
        return tuple(f"{self.prefix}-{n}" for n in range(1, self.count + 1))

    def places(self) -> list[Point]:
        x, y = self.at
        dx, dy = self.step
        return [(round(x + n * dx, 3), round(y + n * dy, 3)) for n in range(self.count)]


class Foundations(Role):
    """Foundations built from `first` (Ace; a King going down; None: the rank of the base card
    dealt to the first foundation, which stays there) under `build`.

    With `whole_runs` one takes a complete run at once (Spider: King to Ace under `build`, here
    going down); with `lift_runs` a run whose top card fits goes up in one move, landing in
    order as if laid card by card (Forty Thieves). With `give_back` the top card may be taken
    back into play, except a base card (Canfield).

    With `accepts` the foundations are discard piles with a rule of the game's own instead of
    `build` and `first`: a face-up top card (of a pile, the waste, a free cell or the reserve)
    goes onto any of them, one at a time and in any order, while the top card of some other
    tableau pile makes `accepts(card, top)` true (Aces Up: a higher card of its suit); else
    the refusal is `refusal`, whose `{card}` names the card.
    """

    build: Build
    first: int | None
    whole_runs: bool
    lift_runs: bool
    give_back: bool
    accepts: Accepts | None
    refusal: Text | None

    def __init__(self, count: int, at: Point = (0, 0), step: Point = (1, 0),
                 build: Build = UP_BY_SUIT, first: int | None = ACE,
                 whole_runs: bool = False, lift_runs: bool = False, give_back: bool = False,
                 accepts: Accepts | None = None, refusal: Text | None = None) -> None:
        super().__init__(SlotKind.FOUNDATION, "foundation", count, at, step)
        if accepts is not None and (whole_runs or lift_runs or give_back or refusal is None):
            raise ValueError("a foundation with a rule of its own takes single cards, keeps them "
                             "and says why it refuses one (`refusal`)")
        self.build = build
        self.first = first
        self.whole_runs = whole_runs
        self.lift_runs = lift_runs
        self.give_back = give_back
        self.accepts = accepts
        self.refusal = refusal

    def stays(self, rank: int, first: int) -> bool:
        """Whether a card of `rank` on a foundation must stay there."""
        return not self.give_back or (self.first is None and rank == first)


class Tableau(Role):
    """Piles built under `build` (None: nothing is built on them), picked up as `pick` says.

    `run` is the sequence cards must form to move together when it differs from `build`
    (Spider builds on any suit but moves runs of one suit). With `by_space` a run's length is
    bounded by the free cells and empty piles, as if moved one card at a time (FreeCell).
    `flip` turns a pile's new top card face up after a move.
    """

    build: Build | None
    pick: Pick
    run: Build | None
    empty: Empty
    by_space: bool
    flip: bool

    def __init__(self, count: int, at: Point = (0, 1), step: Point = (1, 0),
                 build: Build | None = DOWN_ALTERNATE, pick: Pick = Pick.RUN,
                 run: Build | None = None, empty: Empty = Empty.ANY, by_space: bool = False,
                 flip: bool = True, fan: Fan = Fan.DOWN) -> None:
        super().__init__(SlotKind.TABLEAU, "tableau", count, at, step, fan)
        self.build = build
        self.pick = pick
        self.run = run
        self.empty = empty
        self.by_space = by_space
        self.flip = flip

    def takes_when_empty(self, rank: int) -> bool:
        return self.empty is Empty.ANY or (self.empty is Empty.KINGS and rank == KING)

    @property
    def spare_when_empty(self) -> bool:
        """Whether an empty pile of this role helps a run move (`by_space`): only when it takes
        any card, since the cards parked on the way are not all Kings."""
        return self.empty is Empty.ANY

    @property
    def sequence(self) -> Build | None:
        """The rule cards moving together follow."""
        return self.run if self.run is not None else self.build


class FreeCells(Role):
    """Cells that each hold one card of any kind. With `dealt_only` a cell keeps only the card
    dealt to it and takes none (King Albert's reserve)."""

    dealt_only: bool

    def __init__(self, count: int, at: Point = (0, 0), step: Point = (1, 0),
                 dealt_only: bool = False) -> None:
        super().__init__(SlotKind.RESERVE, "reserve", count, at, step)
        self.dealt_only = dealt_only


class Stock(Role):
    """The stock. A click deals a row, one card face up onto every pile of `onto` (onto the
    first piles only when fewer are left: Scorpion), or turns `deal` cards onto the waste one
    by one; `passes` is how often the stock may be gone through (None: without end; only with
    a waste). With `fill_first` a row is dealt only while no pile is empty (Spider)."""

    onto: str
    deal: int
    passes: int | None
    fill_first: bool

    def __init__(self, at: Point = (0, 0), onto: str = "waste", deal: int = 1,
                 passes: int | None = 1, fill_first: bool = False) -> None:
        super().__init__(SlotKind.STOCK, "stock", 1, at, (0, 0))
        self.onto = onto
        self.deal = deal
        self.passes = passes
        self.fill_first = fill_first


class Reserve(Role):
    """A reserve pile (slot id "reserve"): dealt face down but its top card, played from the
    top, never built on. With `refills` (a role prefix) its top card goes at once into a pile of
    that role emptied by a move (Canfield)."""

    refills: str | None

    def __init__(self, at: Point = (0, 0), refills: str | None = None) -> None:
        super().__init__(SlotKind.RESERVE, "reserve", 1, at, (0, 0))
        self.refills = refills

    def ids(self) -> tuple[str, ...]:
        return (self.prefix,)


class Waste(Role):
    """The waste: cards turned from the stock, the top one playable."""

    def __init__(self, at: Point = (1, 0), fan: Fan = Fan.NONE,
                 fan_limit: int | None = None) -> None:
        super().__init__(SlotKind.WASTE, "waste", 1, at, (0, 0), fan, fan_limit)


def open_cells(role_of: Sequence[Role]) -> tuple[int, ...]:
    """The places of the free cells that take cards, given each place's role."""
    return tuple(place for place, role in enumerate(role_of)
                 if isinstance(role, FreeCells) and not role.dealt_only)
