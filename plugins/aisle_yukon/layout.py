"""Yukon's slot ids, for tests and tools that name them."""

FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 5))
PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 8))
