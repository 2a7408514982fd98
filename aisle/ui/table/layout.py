"""Table geometry: pure functions from the slots and the view size to card size and positions.

No Qt here, so the arithmetic is easy to test. Slot grid positions are in card units (1.0 =
one card plus the gap between slots); the table is scaled so the whole grid, plus room for
the fans of the lowest piles, fits the view with the card aspect ratio kept. Long fans
squeeze to fit the room they have (down to a minimum step), never past it while they can.

The room kept under the lowest fans is what the game itself gives a fan: a game that stacks
rows of fanned piles (Cruel) leaves room between its rows, and its last row gets no more than
that; a game with one row of fans (Klondike) gets `FAN_ROOM`. Reserving the worst case under
every last row would make a tall table, and so small cards, out of a few short piles. When
the width limits the cards, the height left over is shared by every row of fans.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from aisle.engine.slots import Fan, SlotSpec

#: Height / width of a card; the card renderer uses the same ratio.
DEFAULT_ASPECT = 1.4
#: Space between neighbouring slots, as a fraction of the card width.
GAP = 0.16
#: Margin around the table, as a fraction of the card width.
MARGIN = 0.3
#: Fan steps as fractions of the card height (down) or width (right).
STEP_FACE_UP = 0.24
STEP_FACE_DOWN = 0.1
STEP_RIGHT = 0.24
#: A squeezed fan never steps less than this (fraction of the card height or width).
MIN_STEP = 0.05
#: Room kept below a down-fanned slot that nothing lies under, in card heights, at most.
FAN_ROOM = 1.5
#: Card widths outside this range look silly; the table is centred when the cap applies.
MIN_CARD_WIDTH = 24
MAX_CARD_WIDTH = 260


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.width and self.y <= py < self.y + self.height

    def united(self, other: Rect) -> Rect:
        left, top = min(self.x, other.x), min(self.y, other.y)
        right = max(self.x + self.width, other.x + other.width)
        bottom = max(self.y + self.height, other.y + other.height)
        return Rect(left, top, right - left, bottom - top)


def _right_extent(spec: SlotSpec) -> float:
    """How far a right fan reaches past the slot's own card, in grid units."""
    if spec.fan is not Fan.RIGHT:
        return 0.0
    shown = spec.fan_limit if spec.fan_limit is not None else 3
    return max(0, shown - 1) * STEP_RIGHT / (1 + GAP)


def fit_card_width(
    specs: Sequence[SlotSpec], width: float, height: float, aspect: float = DEFAULT_ASPECT
) -> int:
    """The largest card width at which the whole table fits `width` x `height`."""
    columns = max(spec.x + 1 + _right_extent(spec) for spec in specs)
    across = 2 * MARGIN + columns * (1 + GAP) - GAP
    card = min(width / across, height / table_depth(specs, aspect))
    return int(max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, card)))


def table_depth(specs: Sequence[SlotSpec], aspect: float = DEFAULT_ASPECT) -> float:
    """The table's height in card widths, margins and the room under the lowest fans included."""
    down = 0.0
    room_below = last_row_fan_room(specs, aspect)
    for spec in specs:
        bottom = spec.y * (aspect + GAP) + aspect
        if spec.fan is Fan.DOWN and _below(spec, specs) is None:
            bottom += room_below * aspect
        down = max(down, bottom)
    return down + 2 * MARGIN


def _fan_gaps(specs: Sequence[SlotSpec]) -> tuple[list[float], bool]:
    """The rows that start below a gap left for fans, and whether some fan reaches the bottom."""
    rows: set[float] = set()
    open_ended = False
    for spec in specs:
        if spec.fan is Fan.DOWN:
            below = _below(spec, specs)
            if below is None:
                open_ended = True
            elif below.y - spec.y > 1:
                rows.add(below.y)
    return sorted(rows), open_ended


def last_row_fan_room(specs: Sequence[SlotSpec], aspect: float = DEFAULT_ASPECT) -> float:
    """The fan room (in card heights, past the pile's own card) kept under the lowest fans.

    Where the game puts a slot under a fanned pile, the space between them is the room it
    means a fan to have; the largest such space is enough for the last row too.
    """
    given = [
        (below.y - spec.y - 1) * (aspect + GAP) / aspect
        for spec in specs if spec.fan is Fan.DOWN and (below := _below(spec, specs)) is not None
    ]
    meant = [room for room in given if room > 0]
    return min(FAN_ROOM, max(meant)) if meant else FAN_ROOM


def _below(spec: SlotSpec, specs: Sequence[SlotSpec]) -> SlotSpec | None:
    """The nearest slot under `spec` that overlaps it across."""
    under = [o for o in specs if o.y > spec.y and abs(o.x - spec.x) < 1]
    return min(under, key=lambda o: o.y) if under else None


def _right_of(spec: SlotSpec, specs: Sequence[SlotSpec]) -> SlotSpec | None:
    beside = [o for o in specs if o.x > spec.x and abs(o.y - spec.y) < 1]
    return min(beside, key=lambda o: o.x) if beside else None


class TableLayout:
    """Where every slot and card goes for one view size (recomputed on resize only)."""

    def __init__(
        self, specs: Sequence[SlotSpec], width: float, height: float,
        aspect: float = DEFAULT_ASPECT,
    ) -> None:
        self.width = width
        self.height = height
        self.card_width = fit_card_width(specs, width, height, aspect)
        self.card_height = round(self.card_width * aspect)
        w, h = self.card_width, self.card_height
        self.pitch_x = w * (1 + GAP)
        self.pitch_y = h + GAP * w
        columns = max(spec.x + 1 + _right_extent(spec) for spec in specs)
        table_width = columns * self.pitch_x - GAP * w
        self.left = max(MARGIN * w, (width - table_width) / 2)
        self.top = MARGIN * w
        self.specs = {spec.id: spec for spec in specs}
        # Height the table does not need (the width limited the cards) is shared by every row of
        # fans: each gap left for fans grows by a part, the lowest fans keep theirs to the bottom.
        gap_rows, open_ended = _fan_gaps(specs)
        parts = len(gap_rows) + open_ended
        spare = max(0.0, height - table_depth(specs, aspect) * w)
        share = spare / parts if parts else 0.0

        def down(y: float) -> float:
            return self.top + y * self.pitch_y + share * sum(1 for row in gap_rows if row <= y)

        self.origins: dict[str, tuple[int, int]] = {
            spec.id: (round(self.left + spec.x * self.pitch_x), round(down(spec.y))) for spec in specs
        }
        #: The length a slot's fan may take, measured from the slot's origin.
        self.room: dict[str, float] = {spec.id: self._room(spec, specs) for spec in specs}

    def _room(self, spec: SlotSpec, specs: Sequence[SlotSpec]) -> float:
        x, y = self.origins[spec.id]
        if spec.fan is Fan.DOWN:
            below = _below(spec, specs)
            end = self.origins[below.id][1] - GAP * self.card_width if below else (
                self.height - MARGIN * self.card_width)
            return max(float(self.card_height), end - y)
        if spec.fan is Fan.RIGHT:
            beside = _right_of(spec, specs)
            end = self.origins[beside.id][0] - GAP * self.card_width if beside else (
                self.width - MARGIN * self.card_width)
            return max(float(self.card_width), end - x)
        return float(self.card_height)

    def slot_rect(self, slot_id: str) -> Rect:
        x, y = self.origins[slot_id]
        return Rect(x, y, self.card_width, self.card_height)

    def offsets(self, slot_id: str, face_up: Sequence[bool]) -> list[tuple[int, int]]:
        """Each card's position (bottom first) in a slot holding cards with these faces."""
        spec = self.specs[slot_id]
        x, y = self.origins[slot_id]
        count = len(face_up)
        if spec.fan is Fan.NONE or count == 0:
            return [(x, y)] * count
        first_fanned = max(0, count - spec.fan_limit) if spec.fan_limit else 0
        if spec.fan is Fan.DOWN:
            unit, full = float(self.card_height), STEP_FACE_UP
            steps = [unit * (full if face_up[i] else STEP_FACE_DOWN)
                     for i in range(first_fanned, count - 1)]
            room = self.room[slot_id] - self.card_height
        else:
            unit = float(self.card_width)
            steps = [unit * STEP_RIGHT for _ in range(first_fanned, count - 1)]
            room = self.room[slot_id] - self.card_width
        steps = squeeze(steps, room, unit * MIN_STEP)
        positions = [(x, y)] * (first_fanned + 1)
        along = 0.0
        for step in steps:
            along += step
            shift = round(along)
            positions.append((x, y + shift) if spec.fan is Fan.DOWN else (x + shift, y))
        return positions

    def pile_rect(self, slot_id: str, face_up: Sequence[bool]) -> Rect:
        """The area a slot and its cards cover (for drop targets and highlights)."""
        rect = self.slot_rect(slot_id)
        for px, py in self.offsets(slot_id, face_up)[-1:]:
            rect = rect.united(Rect(px, py, self.card_width, self.card_height))
        return rect


def squeeze(steps: list[float], room: float, minimum: float) -> list[float]:
    """Shrink fan steps in proportion so they add up to at most `room`, none below `minimum`."""
    total = sum(steps)
    if total <= room or total <= 0:
        return steps
    factor = max(0.0, room) / total
    return [max(minimum, step * factor) for step in steps]
