"""The pyramid's shape, for tests and tools that name its cards: numbered row by row, card i of
row r (both from 0) is number r(r+1)/2 + i, covered by cards i and i + 1 of the next row."""

from aisle_pyramid.game import PYRAMID

COVERED_BY = PYRAMID.covered_by


def number(row: int, i: int) -> int:
    return row * (row + 1) // 2 + i
