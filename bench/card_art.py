"""Card renderer speed: how long one card takes to draw, and a cached look-up.

For each width and pixel ratio, every face of the deck plus the back is drawn by a fresh
renderer (nothing cached), several rounds; prints the median time per card, the slowest kind
of card, and the time of a cached look-up.
Run: python bench/card_art.py [rounds]
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QGuiApplication

SUITS = ("clubs", "diamonds", "hearts", "spades")
SIZES = ((60, 1.0), (110, 1.0), (110, 2.0), (220, 1.0), (220, 2.0), (400, 1.0))
KINDS = {"pips": range(2, 11), "aces": range(1, 2), "courts": range(11, 14)}


def _time_deck(width: int, dpr: float) -> dict[str, list[float]]:
    from aisle.ui.cards.card_art import CardArt

    art = CardArt()
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    times["back"] = []
    for kind, ranks in KINDS.items():
        for rank in ranks:
            for suit in SUITS:
                start = time.perf_counter()
                art.face(rank, suit, width, dpr)
                times[kind].append(time.perf_counter() - start)
    start = time.perf_counter()
    art.back(width, dpr)
    times["back"].append(time.perf_counter() - start)
    return times


def _cached_lookup() -> float:
    from aisle.ui.cards.card_art import CardArt

    art = CardArt()
    art.face(12, "hearts", 110)
    count = 20000
    start = time.perf_counter()
    for _ in range(count):
        art.face(12, "hearts", 110)
    return (time.perf_counter() - start) / count


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    start = time.perf_counter()
    import aisle.ui.cards.card_art  # noqa: F401 - the import cost is part of start-up

    print(f"import aisle.ui.cards.card_art: {1000 * (time.perf_counter() - start):.1f} ms")
    _time_deck(60, 1.0)  # warm up: fonts and the suit outlines are prepared once per process
    print(f"{'width':>5} {'dpr':>4} {'per card':>9} {'pips':>7} {'aces':>7} {'courts':>7} {'back':>7}"
          f" {'deck+back':>10}   (median ms, {rounds} rounds)")
    for width, dpr in SIZES:
        collected: dict[str, list[float]] = {}
        decks: list[float] = []
        for _ in range(rounds):
            times = _time_deck(width, dpr)
            decks.append(sum(sum(values) for values in times.values()))
            for kind, values in times.items():
                collected.setdefault(kind, []).extend(values)
        every = [value for kind, values in collected.items() if kind != "back" for value in values]
        cells = " ".join(f"{1000 * statistics.median(collected[kind]):7.2f}"
                         for kind in ("pips", "aces", "courts", "back"))
        print(f"{width:5d} {dpr:4.1f} {1000 * statistics.median(every):9.2f} {cells}"
              f" {1000 * statistics.median(decks):10.1f}")
    print(f"cached face() look-up: {1e6 * _cached_lookup():.2f} µs")
    del app


if __name__ == "__main__":
    main()
