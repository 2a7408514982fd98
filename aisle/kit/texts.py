"""What a kit game says when it refuses a move: one text per rule, overridable per game.

The defaults are the sentences Aisle's games have always used, so a game moved onto the kit
speaks as before and its translations carry over. A game changes any of them by name:
``texts = Texts(face_down=T("Face-down cards cannot be moved."))``.
"""

from __future__ import annotations

from aisle.engine.cards import Card
from aisle.i18n import TN, T, Text
from aisle.kit.build import Build, Direction, Suits
from aisle.variant import card_name


class Texts:
    """Every refusal a kit game may give. Keyword arguments replace single texts."""

    foundation_stays = T("Cards on a foundation stay there.")
    face_down = T("Face-down cards cannot be picked up.")
    not_a_run = T("Only a run going down by one rank in alternating colours can be moved together.")
    one_at_a_time_up = T("Cards go onto a foundation one at a time.")
    ace_first = T("Only an Ace can start an empty foundation.")
    own_suit = T("A foundation takes only cards of its own suit.")
    one_higher = T("This card must be one rank higher than the top card of the foundation.")
    king_only = T("Only a King can go onto an empty pile.")
    nothing_on_empty = T("Nothing can be put onto an empty pile.")
    no_building = T("Nothing can be put onto this pile.")
    cell_one_card = T("A free cell holds only one card.")
    cell_taken = T("This free cell is already taken.")
    stock_take = T("Cards cannot be taken from the stock; click it to deal.")
    stock_put = T("Nothing can be put onto the stock.")
    waste_put = T("Nothing can be put onto the waste; it is filled from the stock.")
    waste_top = T("Only the top card of the waste can be played.")
    stock_empty = T("The stock is empty.")

    def __init__(self, **changed: Text) -> None:
        for name, text in changed.items():
            if not hasattr(Texts, name):
                raise TypeError(f"Texts has no text {name!r}")
            setattr(self, name, text)

    def build(self, rule: Build, card: Card, onto: Card) -> Text:
        """Why `card` may not lie on `onto` under `rule`."""
        if rule.direction is Direction.DOWN and not rule.wrap:
            if rule.suits is Suits.ALTERNATE:
                return T("This card must be one rank lower than the card it goes onto and of "
                         "the other colour.")
            if rule.suits is Suits.SAME and card.suit != onto.suit:
                return T("Piles are built down by suit: {card} cannot go onto {target}.",
                         card=card_name(card), target=card_name(onto))
            if rule.suits in (Suits.SAME, Suits.ANY):
                return T("{card} must be one rank lower than {target}.",
                         card=card_name(card), target=card_name(onto))
        # TRANSLATORS: a refusal; {card} and {target} are cards such as "9♥" and "10♠".
        return T("{card} cannot go onto {target}.", card=card_name(card), target=card_name(onto))

    def too_many(self, most: int) -> Text:
        # TRANSLATORS: a refusal; {n} is how many cards the free cells and empty piles allow
        # to move at once.
        return TN("With the free cells and empty columns you have, only {n} card can be moved "
                  "at once.",
                  "With the free cells and empty columns you have, only {n} cards can be moved "
                  "at once.", most)
