"""Entry points of the group "aisle", read from the installed distributions without
importing importlib.metadata, and the plugins the player switched off."""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from aisle.registry.specs import GROUP

#: The distribution of Aisle itself, whose plugins are the built-in games.
BUILTIN_DISTRIBUTION = "aisle"
DISABLE_VARIABLE = "AISLE_DISABLE_PLUGINS"

__all__ = ["BUILTIN_DISTRIBUTION", "DISABLE_VARIABLE", "GROUP", "EntryPoint", "MissingTargetError",
           "disabled_plugins", "enabled", "entry_points", "section"]


class EntryPoint(NamedTuple):
    """One ``name = module[:attribute]`` line of a distribution's entry points."""

    name: str
    value: str
    distribution: str
    version: str

    def load(self) -> Any:
        """Import the module (and look up the attribute, if one is named)."""
        module_name, _, attribute = self.value.partition(":")
        target: Any = importlib.import_module(module_name.strip())
        # "module:attr [extra]": extras only matter to installers.
        for part in attribute.split("[")[0].strip().split(".") if attribute.strip() else ():
            try:
                target = getattr(target, part)
            except AttributeError:
                raise MissingTargetError(
                    f"{getattr(target, '__name__', target)!s:.60} has no {part!r}: the entry "
                    f"point {self.name} = {self.value} of the distribution {self.distribution} "
                    f"names it (its [project.entry-points.aisle] table)") from None
        return target


class MissingTargetError(AttributeError):
    """An entry point names an attribute its module does not have: the mistake is in the
    distribution's entry points, not at a line of code."""


def entry_points(group: str, distribution: str | None = None) -> list[EntryPoint]:
    """The entry points of `group` of every distribution on sys.path (or of `distribution` only:
    then no other distribution's files are read).

    Read straight from the ``*.dist-info``/``*.egg-info`` folders, as importlib.metadata finds
    them (the first distribution of a name on the path wins), without importing it: its import
    (email parsing, zip support and more) cost more than the rest of plugin loading together.
    """
    found: list[EntryPoint] = []
    seen: set[str] = set()
    only = _normalized(distribution) if distribution is not None else None
    for folder, name in _distribution_folders():
        stem = name.rpartition(".")[0]
        key = _normalized(stem.partition("-")[0])
        if key in seen or (only is not None and key != only):
            continue
        seen.add(key)
        info = Path(folder, name)
        lines = _read_lines(info / "entry_points.txt")
        points = section(lines, group) if lines else []
        if not points:
            continue
        meta = _headers(info / ("PKG-INFO" if name.endswith(".egg-info") else "METADATA"))
        distribution = meta.get("name") or stem.partition("-")[0]
        version = meta.get("version") or stem.partition("-")[2] or "?"
        found.extend(EntryPoint(point, value, distribution, version) for point, value in points)
    return found


def _distribution_folders() -> Iterator[tuple[str, str]]:
    for entry in sys.path:
        folder = entry or "."
        try:
            names = sorted(os.listdir(folder))
        except OSError:  # a zip file, a missing folder: no installed distributions there
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                yield folder, name


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def section(lines: list[str], group: str) -> list[tuple[str, str]]:
    """The ``name = value`` pairs of one ``[group]`` of an entry_points.txt."""
    pairs: list[tuple[str, str]] = []
    inside = False
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


def _headers(path: Path) -> dict[str, str]:
    """Name and Version from a METADATA or PKG-INFO file (its header ends at the first blank line)."""
    headers: dict[str, str] = {}
    for line in _read_lines(path):
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in ("name", "version"):
            headers.setdefault(key.strip().lower(), value.strip())
    return headers


def disabled_plugins() -> list[str]:
    return [name.strip() for name in os.environ.get(DISABLE_VARIABLE, "").split(",") if name.strip()]


def enabled(points: Sequence[EntryPoint], disabled: Sequence[str]) -> list[EntryPoint]:
    """The entry points not switched off by name or by distribution."""
    return [point for point in points
            if point.name not in disabled and point.distribution not in disabled]
