"""Tools for testing games: the conformance kit (`conformance`, `check_variant`)."""

from aisle.testing.conformance import CHECKS, check_variant, conformance, position, random_play

__all__ = ["CHECKS", "check_variant", "conformance", "position", "random_play"]
