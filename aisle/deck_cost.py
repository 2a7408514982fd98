"""What drawing an SVG document costs, every reference followed as QtSvg follows it.

An element costs itself (one element, the bytes of its attributes and text) and its children.
A reference costs what it refers to, each time it is followed: a `<use>` or any ``href="#…"``,
and ``url(#…)`` in an attribute or a style sheet. QtSvg follows some of them more than once:

- a pattern is drawn for every shape the referring element paints (fill and stroke are
  inherited), so it costs as often as the element has elements under it;
- a marker is drawn at every vertex, so it costs as often as the element has bytes;
- a filter or a mask reworks every pixel of its area: one *effect* each time;
- a ``url(#…)`` in a `<style>` sheet may apply to every element of the document.

A reference to an element that refers back to it is a loop (QtSvg would never finish).
No Qt here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_URL = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)")
#: Numbers stop growing here: a loop of references counts as "far too much", not forever.
_CAP = 1 << 62
_CLOCK_EVERY = 4096
_PER_SHAPE = "pattern"
_PER_VERTEX = "marker"
_EFFECTS = frozenset({"filter", "mask"})
_NEW, _OPEN, _DONE = 0, 1, 2


class LoopError(Exception):
    """An element refers (through others, perhaps) to itself."""


@dataclass(frozen=True)
class Cost:
    """Drawing work: elements drawn, bytes of drawing read, filter and mask effects."""

    elements: int
    bytes: int
    effects: int

    def __add__(self, other: Cost) -> Cost:
        return Cost(min(self.elements + other.elements, _CAP),
                    min(self.bytes + other.bytes, _CAP), min(self.effects + other.effects, _CAP))

    def times(self, count: int) -> Cost:
        return Cost(min(self.elements * count, _CAP), min(self.bytes * count, _CAP),
                    min(self.effects * count, _CAP))


class DocumentCosts:
    """The elements of one document as they are read (`add`, `add_text`), then `total`."""

    def __init__(self) -> None:
        self.tags: list[str] = []
        self.own_bytes: list[int] = []
        self.children: list[list[int]] = []
        self.refs: dict[int, list[str]] = {}
        self.ids: dict[str, int] = {}
        self.sheet_refs: list[str] = []

    @property
    def count(self) -> int:
        return len(self.tags)

    def add(self, tag: str, parent: int | None, attributes: dict[str, str]) -> int:
        """One more element (`tag` without its namespace), child of `parent`; its index."""
        index = len(self.tags)
        size = 0
        refs: list[str] = []
        for key, value in attributes.items():
            size += len(key) + len(value)
            if key == "href" or key.endswith(" href"):
                if value.startswith("#"):
                    refs.append(value[1:])
            elif "url(" in value:
                refs.extend(_URL.findall(value))
        self.tags.append(tag)
        self.own_bytes.append(size)
        self.children.append([])
        if refs:
            self.refs[index] = refs
        identifier = attributes.get("id")
        if identifier:
            self.ids.setdefault(identifier, index)
        if parent is not None:
            self.children[parent].append(index)
        return index

    def add_text(self, index: int, text: str, style: bool = False) -> None:
        """Character data inside element `index` (`style`: inside a `<style>` sheet)."""
        self.own_bytes[index] += len(text)
        if style and "url(" in text:
            self.sheet_refs.extend(_URL.findall(text))

    def total(self, clock: Callable[[], None] = lambda: None) -> Cost:
        """The cost of the whole document (its first element); raises LoopError. `clock` is
        called now and then, and may raise to stop a long count."""
        costs: list[Cost | None] = [None] * self.count
        state = bytearray(self.count)
        whole = self._expand(0, costs, state, clock)
        for name in self.sheet_refs:  # a style sheet's rule may reach every element
            target = self.ids.get(name)
            if target is not None:
                cost = self._expand(target, costs, state, clock)
                if self.tags[target] in _EFFECTS:
                    whole += (cost + Cost(0, 0, 1)).times(whole.elements)
                else:
                    whole += self._reference(target, cost, whole)
        return whole

    def _targets(self, index: int) -> list[int]:
        return [self.ids[name] for name in self.refs.get(index, ()) if name in self.ids]

    def _expand(self, start: int, costs: list[Cost | None], state: bytearray,
                clock: Callable[[], None]) -> Cost:
        # Depth first without recursion (references may chain far deeper than Python's stack);
        # the elements marked open are exactly those on the way down to the current one.
        stack = [start]
        steps = 0
        while stack:
            index = stack[-1]
            steps += 1
            if steps % _CLOCK_EVERY == 0:
                clock()
            if state[index] == _NEW:
                state[index] = _OPEN
                for below in self.children[index] + self._targets(index):
                    if state[below] == _OPEN:
                        raise LoopError
                    if state[below] == _NEW:
                        stack.append(below)
                continue
            stack.pop()
            if state[index] == _OPEN:
                costs[index] = self._combine(index, costs)
                state[index] = _DONE
        found = costs[start]
        assert found is not None
        return found

    def _combine(self, index: int, costs: list[Cost | None]) -> Cost:
        own = Cost(1, self.own_bytes[index], 0)
        for child in self.children[index]:
            own += _known(costs[child])
        targets = self._targets(index)
        for target in targets:  # drawn once per reference: part of what a pattern multiplies
            if self.tags[target] not in (_PER_SHAPE, _PER_VERTEX):
                own += self._reference(target, _known(costs[target]), own)
        whole = own
        for target in targets:
            if self.tags[target] in (_PER_SHAPE, _PER_VERTEX):
                whole += self._reference(target, _known(costs[target]), own)
        return whole

    def _reference(self, target: int, cost: Cost, referrer: Cost) -> Cost:
        """What following a reference to `target` (costing `cost`) costs an element whose own
        drawing costs `referrer`."""
        tag = self.tags[target]
        if tag == _PER_SHAPE:
            return cost.times(referrer.elements)
        if tag == _PER_VERTEX:
            return cost.times(referrer.bytes)
        if tag in _EFFECTS:
            return cost + Cost(0, 0, 1)
        return cost


def _known(cost: Cost | None) -> Cost:
    assert cost is not None  # depth first: what an element refers to is counted before it
    return cost
