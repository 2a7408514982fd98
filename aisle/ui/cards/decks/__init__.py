"""Card decks: where the pictures of the cards come from.

A deck draws a face or the back into a painter; `aisle.ui.cards.card_art.CardArt` asks the current
deck, keeps what it drew per size and on disk (named after the deck's `stamp`), so a deck is
only asked when a picture is missing. Our own decks are drawn with QPainter; an SVG or SVGZ
deck (KDE's, AisleRiot's, the player's, a plugin's) is read with QtSvg, and only then: checked
first by `aisle.deck_guard` (no Qt), parsed and tried out away from the window's thread
(`svg_reader`, `background`), so no deck file can freeze, exhaust or confuse the window.
"""
