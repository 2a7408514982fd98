"""Every legal move of a kit game, listed fast.

The order is the generic `Variant.legal_actions` order (source slot, then count, then target
slot), so hints and solvers that take "the first move" see the same move either way; the
conformance kit checks that both lists agree. A table made `by_kind` lists them in the order
some games always had instead (see `aisle.kit.table.Table`). Targets are found by look-up, not
by asking every slot: the piles are indexed by the key of the card each one takes (see
`aisle.kit.build`).
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine.actions import Action
from aisle.engine.cards import Card
from aisle.engine.slots import Slot
from aisle.kit.build import Relation
from aisle.kit.roles import Foundations, Pick, Tableau
from aisle.kit.table import _GIVES_BACK, _TOP, PilePlan, Table, UpPlan

_NONE: list[int] = []
#: No bound on a run's length.
_ANY = 1 << 30
#: Keys run below this (see `Build.key`); a card without a rule has key 0.
_KEYS = 8 * 14
_NO_KEYS: list[int] = []
_NO_STARTS: list[bool] = []
_NO_TAKERS: list[list[int] | None] = [None] * _KEYS
#: The most cards a run can hold: King to Ace.
WHOLE_RUN = 13


def capacity(free_cells: int, empty_piles: int, to_empty: bool) -> int:
    """How many cards may move at once when they are moved one by one through free cells and
    empty piles: (free cells + 1) × 2^(empty piles), the target not counted when it is empty."""
    return (free_cells + 1) << max(empty_piles - (1 if to_empty else 0), 0)


def movable(tableau: Tableau, cards: Sequence[Card], sequence: Relation | None) -> int:
    """How many top cards of a pile may be picked up together (before any room limit);
    `sequence` is the pile's run rule applied to the game's cards."""
    if not cards or not cards[-1].face_up:
        return 0
    if tableau.pick is Pick.TOP or sequence is None:
        return 1
    if tableau.pick is Pick.FACE_UP:
        count = 0
        for card in reversed(cards):
            if not card.face_up:
                break
            count += 1
        return count
    return sequence.run_length(cards)


def foundation_fits(role: Foundations, card: Card, top: Card | None, first: int) -> bool:
    """Whether `card` may go onto a foundation of `role` whose top is `top`, when foundations
    start with rank `first`."""
    if top is None:
        return card.rank == first
    return role.build.fits(card, top)


def whole_run(cards: Sequence[Card], count: int, rule: Relation, first: int) -> bool:
    """Whether the top `count` cards form a complete run from `first` under `rule`."""
    return (count == WHOLE_RUN and len(cards) >= WHOLE_RUN and cards[-WHOLE_RUN].rank == first
            and rule.run_length(cards) >= WHOLE_RUN)


def legal_moves(table: Table, slots: Sequence[Slot], first: int) -> list[Action]:
    """Every legal move of the position (see the module's notes); `first` is the rank that
    starts a foundation in this deal."""
    empty_cells = ([place for place in table.open_cells if not slots[place].cards] if table.open_cells
                   else _NONE)
    # Foundations: per role, the places whose top takes a card, by the card's key; the empties.
    ups: list[tuple[UpPlan, list[list[int] | None], list[int]]] = []
    whole: list[tuple[Relation, list[int]]] = []
    for up in table.up_plans:
        empties = [place for place in up.places if not slots[place].cards]
        if up.whole_runs:
            if empties:
                whole.append((up.relation, empties))
            continue
        ups.append((up, _takers(up.places, slots, up.wanted), empties))
    # Piles: the same, per role.
    piles: list[tuple[PilePlan, list[list[int] | None], list[int]]] = []
    empty = 0
    for plan in table.pile_plans:
        empties = [place for place in plan.places if not slots[place].cards]
        if plan.role.spare_when_empty:
            empty += len(empties)
        piles.append((plan, _takers(plan.places, slots, plan.wanted), empties))
    room = room_empty = _ANY
    if table.by_space:
        free = len(empty_cells)
        room, room_empty = capacity(free, empty, False), capacity(free, empty, True)
    # The common case, one role of piles and one of foundations (no runs going up whole), is
    # read through local names: this loop is the cost of listing the moves.
    single = len(piles) == 1
    wanted, empties, key_of, starts, by_space = _NO_TAKERS, _NONE, _NO_KEYS, _NO_STARTS, False
    if single:
        plan, wanted, empties = piles[0]
        key_of, starts, by_space = plan.key, plan.starts, plan.by_space
    most_on, most_empty = (room, room_empty) if by_space else (_ANY, _ANY)
    if not empties:
        most_empty = 0
    one_up = ups[0] if len(ups) == 1 and not ups[0][0].lift_runs else None
    up_plan, up_wanted, up_empties = one_up if one_up is not None else (None, _NO_TAKERS, _NONE)
    up_key = up_plan.key if up_plan is not None else _NO_KEYS
    whole_at = WHOLE_RUN if whole else 0
    in_full = not single or bool(whole_at and by_space)
    # Only piles take cards (no foundation takes single cards, no free cell): the top card's
    # targets are then found as every other card's are.
    plain = single and not ups and not empty_cells
    by_kind, made = table.by_kind, table.made_moves
    top_mode, gives_back = _TOP, _GIVES_BACK
    moves: list[Action] = []  # all Moves, typed for `KitVariant.legal_actions` to extend
    lifted: list[int] = _NONE
    for source, mode, sequence, fitting, role in table.source_plans:
        cards = slots[source].cards
        if not cards:
            continue
        top = cards[-1]
        if mode <= top_mode:  # a pile: taken from the top down while its cards allow
            if not top.face_up:
                continue
        elif mode == gives_back and role is not None and role.stays(top.rank, first):
            continue
        # The top card alone: its foundations (all of a run's when runs go up whole), free cells,
        # then the piles. Lists are shared until two must be joined (most find nothing).
        if plain:
            found = wanted[key_of[top.id]]
            if most_empty and starts[top.rank]:
                found = found + empties if found else empties
        else:
            fits: list[int] | None = None
            lifted = _NONE
            if one_up is not None:
                fits = up_wanted[up_key[top.id]]
                if up_empties and top.rank == first:
                    fits = up_empties + fits if fits else up_empties
            elif ups:
                fits, lifted = _foundations(ups, top, first)
            if empty_cells:
                fits = fits + empty_cells if fits else empty_cells
            if single:
                found = wanted[key_of[top.id]]
                if most_empty and starts[top.rank]:
                    found = found + empties if found else empties
            else:
                found = _pile_targets(piles, top, 1, room, room_empty)
            if fits:
                found = fits + found if found else fits
        if found:
            rows = made[source]
            row = rows[1] if len(rows) > 1 else table.row(source, 1)
            if len(found) == 1:
                if found[0] != source:
                    moves.append(row[found[0]])
            else:
                moves += [row[target] for target in (found if by_kind else sorted(found)) if target != source]
        if mode >= top_mode:
            continue
        if in_full or lifted:
            # Several roles of piles, or runs going up whole: each longer count in full.
            most = sequence.run_length(cards) if sequence is not None else _face_up(cards)
            for count in range(2, most + 1):
                found = _joined(lifted, _pile_targets(piles, cards[-count], count, room, room_empty))
                if count == whole_at:
                    found = _joined(found, _whole_runs(whole, cards, count, first))
                if found:
                    _add(moves, table, source, count, found, by_kind)
            continue
        # One role of piles: the longer counts in the same pass as the run is read (a run's
        # cards follow under `fitting`; without it any face-up card goes with those on it).
        upper = top
        for count in range(2, (len(cards) if len(cards) < most_on else most_on) + 1):
            card = cards[-count]
            if not card.face_up or (fitting is not None and not fitting[upper.id][card.id]):
                break
            upper = card
            found = wanted[key_of[card.id]]
            if count <= most_empty and starts[card.rank]:
                found = found + empties if found else empties
            if count == whole_at:
                found = _joined(found, _whole_runs(whole, cards, count, first))
            if found:
                rows = made[source]
                row = rows[count] if count < len(rows) else table.row(source, count)
                if len(found) == 1:
                    if found[0] != source:
                        moves.append(row[found[0]])
                else:
                    moves += [row[target] for target in (found if by_kind else sorted(found))
                              if target != source]
    return moves


def _foundations(ups: list[tuple[UpPlan, list[list[int] | None], list[int]]], top: Card,
                 first: int) -> tuple[list[int] | None, list[int]]:
    """The foundations of every role that take `top`, and those of them that take a run it
    tops (roles whose runs go up whole)."""
    fits: list[int] = []
    lifted: list[int] = _NONE
    for up, up_wanted, up_empties in ups:
        found = up_wanted[up.key[top.id]] or _NONE
        if top.rank == first and up_empties:
            found = up_empties + found
        if found:
            fits += found
            if up.lift_runs:
                lifted = lifted + found
    return fits, lifted


def _face_up(cards: Sequence[Card]) -> int:
    count = 1
    while count < len(cards) and cards[-count - 1].face_up:
        count += 1
    return count


def _joined(first: list[int] | None, then: list[int] | None) -> list[int] | None:
    if not first:
        return then
    return first + then if then else first


def _whole_runs(whole: list[tuple[Relation, list[int]]], cards: Sequence[Card], count: int,
                first: int) -> list[int]:
    """The empty foundations that take the top `count` cards as a whole run."""
    return [place for relation, empties in whole if whole_run(cards, count, relation, first)
            for place in empties]


def _takers(places: Sequence[int], slots: Sequence[Slot],
            wanted: list[tuple[int, ...]] | None) -> list[list[int] | None]:
    """By key: the places whose face-up top card takes a card of that key (None: none)."""
    takers: list[list[int] | None] = [None] * _KEYS
    if wanted is not None:
        for place in places:
            cards = slots[place].cards
            if cards and cards[-1].face_up:
                for key in wanted[cards[-1].id]:
                    found = takers[key]
                    if found is None:
                        takers[key] = [place]
                    else:
                        found.append(place)
    return takers


def _add(moves: list[Action], table: Table, source: int, count: int, targets: list[int],
         by_kind: bool) -> None:
    if len(targets) > 1 and not by_kind:
        targets = sorted(targets)
    row = table.row(source, count)
    moves += [row[target] for target in targets if target != source]


def _pile_targets(piles: list[tuple[PilePlan, list[list[int] | None], list[int]]], card: Card,
                  count: int, room: int, room_empty: int) -> list[int]:
    """The piles of every role that take `count` cards with `card` lowest."""
    targets: list[int] = []
    for plan, wanted, empties in piles:
        most_on, most_empty = (room, room_empty) if plan.by_space else (_ANY, _ANY)
        if plan.wanted is not None and count <= most_on:
            targets += wanted[plan.key[card.id]] or _NONE
        if empties and count <= most_empty and plan.starts[card.rank]:
            targets += empties
    return targets
