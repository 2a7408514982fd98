"""Forty Thieves' slot ids, for tests and tools that name them."""

FOUNDATION_IDS = tuple(f"foundation-{n}" for n in range(1, 9))
PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 11))
