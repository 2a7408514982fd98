"""Starting the application (the window is being built)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Launch:
    game: str | None = None
    seed: int | None = None
    language: str | None = None
    screenshot: str | None = None
    size: tuple[int, int] = (1280, 800)


def run(launch: Launch) -> int:
    from aisle.i18n import _

    print(_("The table is not built yet."))
    return 0
