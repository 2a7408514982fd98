"""The three peaks' shape, for tests and tools that name its cards: numbered row by row from the
peaks (0-2) down, each card covered by the two of the next row half a card to either side."""

from aisle_tripeaks.game import PEAKS as _PEAKS

PEAKS = _PEAKS.last
COVERED_BY = _PEAKS.covered_by
