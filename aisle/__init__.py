"""Aisle: a solitaire collection."""

__version__ = "0.1.0"
