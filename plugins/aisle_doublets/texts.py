"""Every sentence Doublets shows: refusals, hints and the status line (translatable)."""

from __future__ import annotations

from aisle.i18n import TP, T, Text
from aisle.slot_sentences import RESERVE_N, THE_WASTE, SlotSentence

# One whole sentence per rank, the reference's hint wording: articles, gender and case differ
# from rank to rank in other languages, so the rank cannot be a placeholder here.
SEARCHING: dict[int, Text] = {
    1: T("You are searching for an Ace."),
    2: T("You are searching for a two."),
    3: T("You are searching for a three."),
    4: T("You are searching for a four."),
    5: T("You are searching for a five."),
    6: T("You are searching for a six."),
    7: T("You are searching for a seven."),
    8: T("You are searching for an eight."),
    9: T("You are searching for a nine."),
    10: T("You are searching for a ten."),
    11: T("You are searching for a Jack."),
    12: T("You are searching for a Queen."),
}

FROM_STOCK = T("Cards are not taken from the stock: click it to turn its top card onto the waste.")
FROM_FOUNDATION = T("Cards on the foundation stay there.")
ONE_AT_A_TIME = T("Only the top card can be moved.")
KING_ON_RESERVE = T("Kings never move, so this reserve is frozen for good.")
KING_ON_WASTE = T("Kings never move: no rank doubles to a King.")
ONTO_RESERVE = T("Nothing can be put onto a reserve: the game refills it by itself.")
ONLY_FOUNDATION = T("Cards can only go onto the foundation.")
STOCK_AND_WASTE_EMPTY = T("The stock and the waste are both empty.")
NO_REDEALS = T("The stock is empty and both redeals have been used.")
THE_FOUNDATION = T("the foundation")


def wrong_rank(wanted: Text | str, top: Text) -> Text:
    # TRANSLATORS: {wanted} is a rank sign (A, 2..10, J, Q); {top} is a card such as "6♥".
    return T("Only a card of rank {wanted} can go onto {top}: each card must double the rank below it "
             "(less 13 when the double is above 13).", wanted=wanted, top=top)


# The hint that names the card to play and where it lies: one whole sentence for the waste and
# one for a reserve, so the slot's name can take the form "from" needs (fill in card, wanted).
PLAY_FROM = SlotSentence(
    # TRANSLATORS: {card} is a card such as "8♠", {wanted} the rank sign that card has, {source}
    # a slot's name (only used if a game made from Doublets names its slots its own way).
    T("You are searching for rank {wanted}: move {card} from {source} onto the foundation."),
    "source", {
        # TRANSLATORS: {card} is a card such as "8♠", {wanted} the rank sign that card has.
        THE_WASTE: TP("Doublets hint", "You are searching for rank {wanted}: move {card} from the "
                      "waste onto the foundation."),
        # TRANSLATORS: {card} is a card such as "8♠", {wanted} the rank sign that card has,
        # {number} the reserve's number (1 to 7).
        RESERVE_N: TP("Doublets hint", "You are searching for rank {wanted}: move {card} from "
                      "reserve {number} onto the foundation."),
    })


def status(stock: int, redeals: int) -> Text:
    # The reference's status line: two parts, three spaces apart.
    return T("Stock left: {stock}   Redeals left: {redeals}", stock=stock, redeals=redeals)
