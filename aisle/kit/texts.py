"""What a kit game says when it refuses a move: one text per rule, overridable per game.

The defaults are the sentences Aisle's games have always used, so a game moved onto the kit
speaks as before and its translations carry over. A game changes any of them by name:
``texts = Texts(face_down=T("Face-down cards cannot be moved."))``.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine.cards import Card
from aisle.i18n import TN, T, Text
from aisle.kit.build import KING, Build, Direction, Suits
from aisle.refusals import colour_refusal
from aisle.variant import card_name, rank_name


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
    stock_and_waste_empty = T("The stock and the waste are both empty.")
    fill_first = T("Fill every empty pile before dealing another round.")
    foundation_top = T("Only the top card of a foundation can be taken.")
    base_stays = T("A card of the base rank stays on its foundation.")
    reserve_top = T("Only the top card of the reserve can be played.")
    reserve_put = T("Nothing can be put onto the reserve.")
    run_one_suit = T("Only cards of one suit can be moved together.")
    run_in_rank = T("Cards moved together must go down in rank one step at a time.")
    foundation_full = T("This foundation already holds a finished run.")
    whole_run_only = T("Only a complete run of one suit, from King down to Ace, can go onto a "
                       "foundation.")

    def __init__(self, **changed: Text) -> None:
        for name, text in changed.items():
            if not hasattr(Texts, name):
                raise TypeError(f"Texts has no text {name!r}")
            setattr(self, name, text)

    def build(self, rule: Build, card: Card, onto: Card, any_on_empty: bool = False) -> Text:
        """Why `card` may not lie on `onto` under `rule` (`any_on_empty`: an empty pile takes
        any card)."""
        if rule.direction is Direction.DOWN and rule.wrap and rule.suits is Suits.ALTERNATE:
            return colour_refusal(card, onto, wrap=True)
        if rule.direction is Direction.DOWN and not rule.wrap:
            if rule.suits is Suits.ANY and any_on_empty:
                if card.rank == KING:
                    return T("A King can only go onto an empty pile.")
                return T("{card} can only go onto a card one rank higher, of any suit, or onto an "
                         "empty pile.", card=card_name(card))
            if rule.suits is Suits.ALTERNATE:
                return colour_refusal(card, onto)
            if rule.suits is Suits.SAME and card.suit != onto.suit:
                return T("Piles are built down by suit: {card} cannot go onto {target}.",
                         card=card_name(card), target=card_name(onto))
            if rule.suits in (Suits.SAME, Suits.ANY):
                return T("{card} must be one rank lower than {target}.",
                         card=card_name(card), target=card_name(onto))
        # TRANSLATORS: a refusal; {card} and {target} are cards such as "9♥" and "10♠".
        return T("{card} cannot go onto {target}.", card=card_name(card), target=card_name(onto))

    def broken_run(self, rule: Build | None, moving: Sequence[Card]) -> Text:
        """Why `moving` (face up) may not move together under the run rule `rule`."""
        if rule is not None and rule.suits is Suits.SAME:
            if any(card.suit != moving[0].suit for card in moving):
                return self.run_one_suit
            return self.run_in_rank
        return self.not_a_run

    def next_up(self, rule: Build, card: Card) -> Text:
        """Why `card` of the foundation's suit does not come next there."""
        if rule.wrap:
            return T("{card} must be the next card of the foundation: one rank higher, or an Ace "
                     "on a King.", card=card_name(card))
        return self.one_higher

    def first_up(self, rank: int, base: bool) -> Text:
        """Why a card may not start an empty foundation that takes `rank` (`base`: the rank of
        the base card dealt at the start)."""
        if base:
            # TRANSLATORS: {rank} is the base rank as the cards show it (A, 2 ... 10, J, Q, K).
            return T("Only a card of the base rank, {rank}, can start an empty foundation.",
                     rank=rank_name(rank))
        return self.ace_first

    def too_many(self, most: int, cells: bool = True) -> Text:
        """Why a run longer than `most` may not move (`cells`: the game has free cells)."""
        if not cells:
            # TRANSLATORS: a refusal; {n} is how many cards the empty piles allow to move at once.
            return TN("With the empty piles you have, only {n} card can be moved at once.",
                      "With the empty piles you have, only {n} cards can be moved at once.", most)
        # TRANSLATORS: a refusal; {n} is how many cards the free cells and empty piles allow
        # to move at once.
        return TN("With the free cells and empty columns you have, only {n} card can be moved "
                  "at once.",
                  "With the free cells and empty columns you have, only {n} cards can be moved "
                  "at once.", most)

