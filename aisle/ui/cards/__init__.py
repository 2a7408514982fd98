"""Card art: Aisle's own decks, third-party decks, and the picture cache on disk."""
