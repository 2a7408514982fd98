"""Every legal move of a kit game, listed fast.

The order is the generic `Variant.legal_actions` order (source slot, then count, then target
slot), so hints and solvers that take "the first move" see the same move either way; the
conformance kit checks that both lists agree. Targets are found by look-up, not by asking
every slot: the piles are indexed by the key of the card each one takes (see `aisle.kit.build`).
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine.actions import Move
from aisle.engine.cards import Card
from aisle.engine.slots import Slot
from aisle.kit.build import Build
from aisle.kit.roles import Foundations, Pick, Tableau
from aisle.kit.table import Table

_NONE: tuple[int, ...] = ()


def capacity(free_cells: int, empty_piles: int, to_empty: bool) -> int:
    """How many cards may move at once when they are moved one by one through free cells and
    empty piles: (free cells + 1) × 2^(empty piles), the target not counted when it is empty."""
    return (free_cells + 1) << max(empty_piles - (1 if to_empty else 0), 0)


def movable(tableau: Tableau, cards: list[Card]) -> int:
    """How many top cards of a pile may be picked up together (before any room limit)."""
    if not cards or not cards[-1].face_up:
        return 0
    if tableau.pick is Pick.TOP:
        return 1
    if tableau.pick is Pick.FACE_UP:
        count = 0
        for card in reversed(cards):
            if not card.face_up:
                break
            count += 1
        return count
    sequence = tableau.sequence
    return sequence.run_length(cards) if sequence is not None else 1


def foundation_fits(role: Foundations, card: Card, top: Card | None, first: int) -> bool:
    """Whether `card` may go onto a foundation of `role` whose top is `top`, when foundations
    start with rank `first`."""
    if top is None:
        return card.rank == first
    return role.build.fits(card, top)


def whole_run(cards: list[Card], count: int, rule: Build) -> bool:
    """Whether the top `count` cards form a complete run King to Ace under `rule`."""
    if count != 13 or len(cards) < 13:
        return False
    run = cards[-13:]
    return run[0].rank == 13 and rule.run_length(run) == 13


def legal_moves(table: Table, slots: Sequence[Slot], first: int) -> list[Move]:
    """Every legal move of the position (see the module's notes); `first` is the rank that
    starts a foundation in this deal."""
    empty_cells = [place for place in table.cells if not slots[place].cards]
    # Per role: the places whose top takes a card of each key, and the empty places.
    ups: list[tuple[Foundations, dict[int, list[int]], list[int]]] = []
    for up_role, places in table.foundation_groups:
        wanted: dict[int, list[int]] = {}
        empties: list[int] = []
        for place in places:
            cards = slots[place].cards
            if not cards:
                empties.append(place)
            elif not up_role.whole_runs:
                for key in up_role.build.wanted(cards[-1]):
                    wanted.setdefault(key, []).append(place)
        ups.append((up_role, wanted, empties))
    piles: list[tuple[Tableau, dict[int, list[int]], list[int]]] = []
    empty = 0
    for pile_role, places in table.tableau_groups:
        wanted = {}
        empties = []
        for place in places:
            cards = slots[place].cards
            if not cards:
                empties.append(place)
            elif pile_role.build is not None and cards[-1].face_up:
                for key in pile_role.build.wanted(cards[-1]):
                    wanted.setdefault(key, []).append(place)
        empty += len(empties)
        piles.append((pile_role, wanted, empties))
    free = len(empty_cells)
    room = capacity(free, empty, False)
    room_empty = capacity(free, empty, True)
    moves: list[Move] = []
    for source, slot in enumerate(slots):
        cards = slot.cards
        if not cards:
            continue
        role = table.role_of[source]
        if isinstance(role, Tableau):
            most = movable(role, cards)
        elif source in table.cells or source in table.wastes:
            most = 1
        else:
            continue  # the stock is dealt, a foundation's cards stay
        for count in range(1, most + 1):
            card = cards[-count]
            targets: list[int] = []
            if count == 1:
                targets += empty_cells
                for up, wanted, empties in ups:
                    if up.whole_runs:
                        continue
                    if card.rank == first:
                        targets += empties
                    targets += wanted.get(up.build.key(card), _NONE)
            elif count == 13:
                for up, _wanted, empties in ups:
                    if up.whole_runs and whole_run(cards, 13, up.build):
                        targets += empties
            for pile, wanted, empties in piles:
                if pile.build is not None and (not pile.by_space or count <= room):
                    targets += wanted.get(pile.build.key(card), _NONE)
                if empties and pile.takes_when_empty(card.rank) and (
                        not pile.by_space or count <= room_empty):
                    targets += empties
            if len(targets) > 1:
                targets.sort()
            for target in targets:
                if target != source:
                    moves.append(table.move(source, count, target))
    return moves
