"""Scorpion's slot ids, for tests and tools that name them."""

PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 8))
