"""Refusals that several games share, in words that name the cards: for hand-written games and
the kit alike (a module of its own, so that a game using one does not load the whole kit)."""

from __future__ import annotations

from aisle.engine.cards import Card
from aisle.i18n import T, Text
from aisle.variant import card_name


def colour_refusal(card: Card, onto: Card, wrap: bool = False) -> Text:
    """Why `card` may not lie on `onto` where piles go down in alternating colours: the colour
    both share, named (the rules' red and black, which a four-colour deck paints otherwise),
    else the rank it lacks (`wrap`: a King may also go onto an Ace)."""
    names = {"card": card_name(card), "target": card_name(onto)}
    if card.suit.red == onto.suit.red:
        if card.suit.red:
            # TRANSLATORS: a refusal; {card} and {target} are cards such as "9♥" and "10♦".
            return T("{card} and {target} are both red; the colours must alternate.", **names)
        # TRANSLATORS: a refusal; {card} and {target} are cards such as "9♣" and "10♠".
        return T("{card} and {target} are both black; the colours must alternate.", **names)
    if wrap:
        return T("{card} must be one rank lower than {target}, or a King on an Ace.", **names)
    return T("{card} must be one rank lower than {target}.", **names)
