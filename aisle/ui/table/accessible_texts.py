"""What a screen reader says about the table: the name of the focused slot or card, and the
outcome of each turn ("Seven of hearts onto eight of spades, tableau pile 4.").

Each sentence that names a slot is written out whole for every standard slot name (see
aisle/slot_sentences.py), so translators can put the slot's name in the form their language
needs; a count in it is a plural of its own. No Qt here: these are only texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine.cards import Card, Suit
from aisle.engine.events import CardFlipped, CardsMoved, Event
from aisle.engine.game import Game, Turn
from aisle.engine.slots import Slot, SlotKind
from aisle.i18n import TN, TP, T, Text
from aisle.slot_sentences import (
    FOUNDATION_N,
    RESERVE_N,
    STOCK_N,
    TABLEAU_PILE_N,
    THE_FOUNDATION,
    THE_RESERVE,
    THE_STOCK,
    THE_TABLEAU_PILE,
    THE_WASTE,
    WASTE_N,
    SlotSentence,
)
from aisle.ui.table.staging import apply_event, piles_of, stage_piles

# -- cards, spoken ---------------------------------------------------------------------------
# TRANSLATORS: a card's rank as it is spoken in "{rank} of {suit}" (context "spoken card").
_SPOKEN_RANKS: dict[int, Text] = {
    1: TP("spoken rank", "ace"), 2: TP("spoken rank", "two"), 3: TP("spoken rank", "three"),
    4: TP("spoken rank", "four"), 5: TP("spoken rank", "five"), 6: TP("spoken rank", "six"),
    7: TP("spoken rank", "seven"), 8: TP("spoken rank", "eight"), 9: TP("spoken rank", "nine"),
    10: TP("spoken rank", "ten"), 11: TP("spoken rank", "jack"), 12: TP("spoken rank", "queen"),
    13: TP("spoken rank", "king"),
}
# TRANSLATORS: a suit as it is spoken in "{rank} of {suit}" (context "spoken card"), in the
# form that phrase needs (Russian: "червей", the genitive).
_SPOKEN_SUITS: dict[Suit, Text] = {
    Suit.CLUBS: TP("spoken suit", "clubs"), Suit.DIAMONDS: TP("spoken suit", "diamonds"),
    Suit.HEARTS: TP("spoken suit", "hearts"), Suit.SPADES: TP("spoken suit", "spades"),
}


def spoken_card(card: Card) -> Text:
    """"seven of hearts" (a face-down card: "a face-down card"); the name stands alone in
    the sentences below, in the form a name has on its own."""
    if not card.face_up:
        return T("a face-down card")
    return _spoken(card.rank, card.suit)


def _spoken(rank: int, suit: Suit) -> Text:
    # TRANSLATORS: a card read out by a screen reader, such as "seven of hearts".
    return TP("spoken card", "{rank} of {suit}", rank=_SPOKEN_RANKS.get(rank, str(rank)),
              suit=_SPOKEN_SUITS[suit])


def spoken_text(text: Text) -> Text:
    """`text` (a refusal, a hint) with every card in it named as a screen reader says it,
    "seven of hearts" for "7♥": a speech synthesiser reads the signs as letters and symbols."""
    from aisle.variant import card_name_parts

    params: dict[str, object] = {}
    for key, value in text.params.items():
        if isinstance(value, Text):
            parts = card_name_parts(value)
            value = _spoken(*parts) if parts is not None else spoken_text(value)
        params[key] = value
    return Text(text.msgid, plural=text.plural, n=text.n, context=text.context,
                domain=text.domain, params=params)


def said_aloud(text: Text) -> str:
    """A refusal or a hint as a screen reader says it: its cards in words, a capital first."""
    return capitalised(spoken_text(text))


def spoken_cards(card: Card, count: int) -> Text:
    """The lowest of `count` cards that move together: "seven of hearts" or "seven of hearts
    and 2 cards on it"."""
    if count <= 1:
        return spoken_card(card)
    # TRANSLATORS: {card} is a spoken card, such as "seven of hearts"; {n} counts the cards
    # lying on it that move with it.
    return TN("{card} and {n} card on it", "{card} and {n} cards on it", count - 1,
              card=spoken_card(card))


def _with_count(text: Text, n: int) -> Text:
    """A plural sentence from a `SlotSentence` with its count set (forms are made with n=0)."""
    return Text(text.msgid, plural=text.plural, n=n, context=text.context, domain=text.domain,
                params={**text.params, "n": n})


# -- the focused place -----------------------------------------------------------------------
# TRANSLATORS: the card a screen reader's user has the keyboard focus on. {card} is a spoken
# card ("seven of hearts"), {index} its place counted from the bottom of the pile, {n} the cards
# in the pile; {place} is a slot's name a game made up itself ("free cell 3").
CARD_IN_SLOT = SlotSentence(TN("{card}, {place}, card {index} of {n}",
                               "{card}, {place}, card {index} of {n}", 0), "place", {
    THE_STOCK: TN("{card} on the stock, card {index} of {n}",
                  "{card} on the stock, card {index} of {n}", 0),
    THE_WASTE: TN("{card} on the waste, card {index} of {n}",
                  "{card} on the waste, card {index} of {n}", 0),
    THE_FOUNDATION: TN("{card} on the foundation, card {index} of {n}",
                       "{card} on the foundation, card {index} of {n}", 0),
    THE_TABLEAU_PILE: TN("{card} in the tableau pile, card {index} of {n}",
                         "{card} in the tableau pile, card {index} of {n}", 0),
    THE_RESERVE: TN("{card} in the reserve, card {index} of {n}",
                    "{card} in the reserve, card {index} of {n}", 0),
    STOCK_N: TN("{card}, stock {number}, card {index} of {n}",
                "{card}, stock {number}, card {index} of {n}", 0),
    WASTE_N: TN("{card}, waste {number}, card {index} of {n}",
                "{card}, waste {number}, card {index} of {n}", 0),
    FOUNDATION_N: TN("{card}, foundation {number}, card {index} of {n}",
                     "{card}, foundation {number}, card {index} of {n}", 0),
    TABLEAU_PILE_N: TN("{card}, tableau pile {number}, card {index} of {n}",
                       "{card}, tableau pile {number}, card {index} of {n}", 0),
    RESERVE_N: TN("{card}, reserve {number}, card {index} of {n}",
                  "{card}, reserve {number}, card {index} of {n}", 0),
})

# TRANSLATORS: a slot (of the kind the message names) that the keyboard focus is on, and how
# many cards it holds ({n});
# {place} is a slot's name a game made up itself.
SLOT_WITH_CARDS = SlotSentence(TN("{place}, {n} card", "{place}, {n} cards", 0), "place", {
    THE_STOCK: TN("The stock, {n} card", "The stock, {n} cards", 0),
    THE_WASTE: TN("The waste, {n} card", "The waste, {n} cards", 0),
    THE_FOUNDATION: TN("The foundation, {n} card", "The foundation, {n} cards", 0),
    THE_TABLEAU_PILE: TN("The tableau pile, {n} card", "The tableau pile, {n} cards", 0),
    THE_RESERVE: TN("The reserve, {n} card", "The reserve, {n} cards", 0),
    STOCK_N: TN("Stock {number}, {n} card", "Stock {number}, {n} cards", 0),
    WASTE_N: TN("Waste {number}, {n} card", "Waste {number}, {n} cards", 0),
    FOUNDATION_N: TN("Foundation {number}, {n} card", "Foundation {number}, {n} cards", 0),
    TABLEAU_PILE_N: TN("Tableau pile {number}, {n} card", "Tableau pile {number}, {n} cards", 0),
    RESERVE_N: TN("Reserve {number}, {n} card", "Reserve {number}, {n} cards", 0),
})

# TRANSLATORS: an empty slot that the keyboard focus is on; {place} is a slot's name a game
# made up itself (the standard slots have a sentence of their own, context "empty slot").
EMPTY_SLOT = SlotSentence(T("{place}, empty"), "place", {
    THE_STOCK: TP("empty slot", "The stock, empty"),
    THE_WASTE: TP("empty slot", "The waste, empty"),
    THE_FOUNDATION: TP("empty slot", "The foundation, empty"),
    THE_TABLEAU_PILE: TP("empty slot", "The tableau pile, empty"),
    THE_RESERVE: TP("empty slot", "The reserve, empty"),
    STOCK_N: TP("empty slot", "Stock {number}, empty"),
    WASTE_N: TP("empty slot", "Waste {number}, empty"),
    FOUNDATION_N: TP("empty slot", "Foundation {number}, empty"),
    TABLEAU_PILE_N: TP("empty slot", "Tableau pile {number}, empty"),
    RESERVE_N: TP("empty slot", "Reserve {number}, empty"),
})

# -- what a turn did -------------------------------------------------------------------------
# TRANSLATORS: said after a move. {cards} is spoken cards ("seven of hearts", "seven of hearts
# and 2 cards on it"), {below} the spoken card they now lie on; {place} is a slot's name a game
# made up itself (standard slots: context "moved onto a card").
MOVED_ONTO_CARD = SlotSentence(T("{cards} onto {below}, {place}."), "place", {
    THE_STOCK: TP("moved onto a card", "{cards} onto {below}, on the stock."),
    THE_WASTE: TP("moved onto a card", "{cards} onto {below}, on the waste."),
    THE_FOUNDATION: TP("moved onto a card", "{cards} onto {below}, on the foundation."),
    THE_TABLEAU_PILE: TP("moved onto a card", "{cards} onto {below}, in the tableau pile."),
    THE_RESERVE: TP("moved onto a card", "{cards} onto {below}, in the reserve."),
    STOCK_N: TP("moved onto a card", "{cards} onto {below}, stock {number}."),
    WASTE_N: TP("moved onto a card", "{cards} onto {below}, waste {number}."),
    FOUNDATION_N: TP("moved onto a card", "{cards} onto {below}, foundation {number}."),
    TABLEAU_PILE_N: TP("moved onto a card", "{cards} onto {below}, tableau pile {number}."),
    RESERVE_N: TP("moved onto a card", "{cards} onto {below}, reserve {number}."),
})

# TRANSLATORS: said after a move into an empty slot. {cards} is spoken cards; {place} is a
# slot's name a game made up itself (standard slots: context "moved into an empty slot").
MOVED_INTO_EMPTY = SlotSentence(T("{cards} into {place}, which was empty."), "place", {
    THE_STOCK: TP("moved into an empty slot", "{cards} onto the empty stock."),
    THE_WASTE: TP("moved into an empty slot", "{cards} onto the empty waste."),
    THE_FOUNDATION: TP("moved into an empty slot", "{cards} onto the empty foundation."),
    THE_TABLEAU_PILE: TP("moved into an empty slot", "{cards} into the empty tableau pile."),
    THE_RESERVE: TP("moved into an empty slot", "{cards} into the empty reserve."),
    STOCK_N: TP("moved into an empty slot", "{cards} onto stock {number}, which was empty."),
    WASTE_N: TP("moved into an empty slot", "{cards} onto waste {number}, which was empty."),
    FOUNDATION_N: TP("moved into an empty slot",
                     "{cards} onto foundation {number}, which was empty."),
    TABLEAU_PILE_N: TP("moved into an empty slot",
                       "{cards} into tableau pile {number}, which was empty."),
    RESERVE_N: TP("moved into an empty slot", "{cards} into reserve {number}, which was empty."),
})

# TRANSLATORS: said when a move turned a card face up. {card} is a spoken card; {place} is a
# slot's name a game made up itself (standard slots: context "turned face up").
TURNED_UP = SlotSentence(T("{card} turned face up, {place}."), "place", {
    THE_STOCK: TP("turned face up", "{card} turned face up on the stock."),
    THE_WASTE: TP("turned face up", "{card} turned face up on the waste."),
    THE_FOUNDATION: TP("turned face up", "{card} turned face up on the foundation."),
    THE_TABLEAU_PILE: TP("turned face up", "{card} turned face up in the tableau pile."),
    THE_RESERVE: TP("turned face up", "{card} turned face up in the reserve."),
    STOCK_N: TP("turned face up", "{card} turned face up, stock {number}."),
    WASTE_N: TP("turned face up", "{card} turned face up, waste {number}."),
    FOUNDATION_N: TP("turned face up", "{card} turned face up, foundation {number}."),
    TABLEAU_PILE_N: TP("turned face up", "{card} turned face up, tableau pile {number}."),
    RESERVE_N: TP("turned face up", "{card} turned face up, reserve {number}."),
})


def place_name(game: Game, slot: Slot, index: int | None) -> Text:
    """The accessible name of the focused place: a card (`index`) of `slot`, or the slot."""
    if not slot.cards:
        return game.variant.slot_sentence(EMPTY_SLOT, slot)
    if slot.kind == SlotKind.STOCK or index is None:
        return _with_count(game.variant.slot_sentence(SLOT_WITH_CARDS, slot), len(slot.cards))
    return _with_count(game.variant.slot_sentence(
        CARD_IN_SLOT, slot, card=spoken_card(slot.cards[index]), index=index + 1),
        len(slot.cards))


def stock_left(game: Game) -> Text | None:
    """"Stock: 17 cards." after a deal (None: the game has no stock)."""
    stocks = [slot for slot in game.slots if slot.kind == SlotKind.STOCK]
    if not stocks:
        return None
    left = sum(len(slot.cards) for slot in stocks)
    # TRANSLATORS: said after dealing: the cards left in the stock.
    return TN("Stock: {n} card.", "Stock: {n} cards.", left)


#: The further moves of a turn named one by one (cards going up by themselves, say); any beyond
#: them are counted, so that Send All Up does not read out fifty moves.
NAMED_FURTHER_MOVES = 3


def turn_sentences(game: Game, turn: Turn) -> list[Text]:
    """What the turn just played did, a sentence each: the first move (or the deal), the moves
    that followed by themselves (the first few named), after a deal the top card of each pile
    dealt to, every card turned face up, the count of the further moves not named, and after
    a deal the cards left in the stock."""
    cards = {card.id: card for card in game.cards}
    events: Sequence[Event] = turn.events
    stocks = _stock_ids(game)
    moves = [event for event in events if isinstance(event, CardsMoved)]
    if any(move.target in stocks for move in moves):
        # TRANSLATORS: said after a redeal: the waste went back into the stock.
        return [T("The cards went back into the stock."), *_left(game)]
    # The piles before each event, worked back from the table as it is now.
    stages = stage_piles(piles_of(game.slots), [[event] for event in events])
    placed = [(at, move) for at, move in enumerate(events)
              if isinstance(move, CardsMoved) and move.source not in stocks]
    dealt = [move.target for move in moves if move.source in stocks]
    # TRANSLATORS: said after cards were dealt from the stock.
    said: list[Text] = [T("Dealt.")] if dealt else []
    # After a deal every move followed it; else the first is the player's own.
    named = placed[:NAMED_FURTHER_MOVES + (0 if dealt else 1)]
    for at, move in named:
        said.append(_moved(game, cards, stages[at], move))
    if dealt:
        # The top card of each pile dealt to, as it lies when all is done.
        said.extend(place_name(game, slot, len(slot.cards) - 1) for slot in game.slots
                    if slot.id in dealt and slot.cards and slot.kind != SlotKind.STOCK)
    for event in events:
        if isinstance(event, CardFlipped) and event.face_up:
            slot = game.slot(event.slot)
            if event.index < len(slot.cards) and slot.cards[event.index].face_up:
                said.append(game.variant.slot_sentence(
                    TURNED_UP, slot, card=spoken_card(slot.cards[event.index])))
    if len(placed) > len(named):
        # TRANSLATORS: said after a move that further moves followed by themselves (cards going
        # up to the foundations, say), after the first few of them were named.
        said.append(TN("{n} more move followed.", "{n} more moves followed.",
                       len(placed) - len(named)))
    return [*said, *_left(game)] if dealt else said


def undone_sentences(game: Game, turn: Turn | None) -> list[Text]:
    """What Undo just took back (`turn`, the table now as before it): its first move, or the
    deal ("Taken back: seven of hearts onto eight of spades, tableau pile 4.")."""
    stocks = _stock_ids(game)
    events: Sequence[Event] = turn.events if turn is not None else ()
    moves = [(at, move) for at, move in enumerate(events) if isinstance(move, CardsMoved)]
    if not moves:
        # TRANSLATORS: said after Undo.
        return [T("Move taken back.")]
    if any(move.source in stocks or move.target in stocks for _at, move in moves):
        # TRANSLATORS: said after Undo took back a deal from the stock (or a redeal).
        return [T("Deal taken back."), *_left(game)]
    # The piles after the turn, played forward from the table as it is now; then each stage.
    after = piles_of(game.slots)
    for event in events:
        apply_event(after, event)
    stages = stage_piles(after, [[event] for event in events])
    cards = {card.id: card for card in game.cards}
    at, first = moves[0]
    # TRANSLATORS: said after Undo; {move} is the move taken back, said as a sentence of its
    # own ("Seven of hearts onto eight of spades, tableau pile 4.").
    return [T("Taken back: {move}", move=_moved(game, cards, stages[at], first))]


def _moved(game: Game, cards: dict[int, Card], before: dict[str, list[tuple[int, bool]]],
           move: CardsMoved) -> Text:
    """"Seven of hearts onto eight of spades, tableau pile 4.": `move`, with the piles as
    they were `before` it."""
    lowest_id, _up = before[move.source][-move.count]
    moving = spoken_cards(cards[lowest_id], move.count)  # named as it lies now
    target = game.slot(move.target)
    under = before[move.target]
    if under:
        below_id, below_up = under[-1]
        below = spoken_card(_as_shown(cards[below_id], below_up))
        return game.variant.slot_sentence(MOVED_ONTO_CARD, target, cards=moving, below=below)
    return game.variant.slot_sentence(MOVED_INTO_EMPTY, target, cards=moving)


def _left(game: Game) -> list[Text]:
    left = stock_left(game)
    return [left] if left is not None else []


def _stock_ids(game: Game) -> set[str]:
    return {slot.id for slot in game.slots if slot.kind == SlotKind.STOCK}


def _as_shown(card: Card, face_up: bool) -> Card:
    """`card` as it lay then: face up or down (a copy; the game's card is never touched)."""
    return Card(card.id, card.rank, card.suit, face_up)


def capitalised(text: Text) -> str:
    """A name as said on its own: starting with a capital letter."""
    said = text.translate().strip()
    return said[:1].upper() + said[1:]


def sentences(parts: Sequence[Text]) -> str:
    """Sentences said one after another, each starting with a capital letter and ending with a
    full stop (a place's name has none of its own)."""
    said = []
    for part in parts:
        text = capitalised(part)
        said.append(text if not text or text[-1] in ".!?…" else text + ".")
    return " ".join(said)
