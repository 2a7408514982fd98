"""Tests of aisle/ui/cards/: card art, picture cache, decks."""
