"""FreeCell's slot ids, for tests and tools that name them."""

CELL_IDS = tuple(f"reserve-{n}" for n in range(1, 5))
FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
COLUMN_IDS = tuple(f"tableau-{n}" for n in range(1, 9))
