"""Union Square, as GNOME AisleRiot plays it (docs/rules/union-square.md): two decks, sixteen piles
of one card built in suit up or down (each pile one way), and foundations that go up from Ace to
King and back down from the second King to Ace."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.kit import Empty, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau, Texts, Waste
from aisle.kit.build import ACE, KING
from aisle.kit.forward_hint import forward_hint
from aisle.variant import Hint, SolverStep, card_name

if TYPE_CHECKING:
    from aisle_union_square.solving import UnionModel

#: A foundation's cards: Ace to King, then the second King down to the Ace.
HALF, FULL = 13, 26


def next_up(cards: Sequence[Card]) -> int | None:
    """The rank a foundation holding `cards` takes next (None: it is complete)."""
    count = len(cards)
    if count < HALF:
        return count + 1
    return KING if count == HALF else (FULL - count if count < FULL else None)


def pile_fits(card: Card, cards: Sequence[Card]) -> bool:
    """Whether `card` may go onto a pile of `cards`: in suit, up or down, the pile's one way."""
    if not cards:
        return True
    top = cards[-1]
    if card.suit != top.suit:
        return False
    if len(cards) == 1:
        return abs(card.rank - top.rank) == 1
    return card.rank - top.rank == top.rank - cards[-2].rank


def pile_refusal(card: Card, cards: Sequence[Card]) -> Text | None:
    """Why `card` may not go onto a pile of `cards`, or None."""
    if pile_fits(card, cards):
        return None
    top, name = cards[-1], card_name(cards[-1])
    if card.suit != top.suit:
        return T("Piles are built in suit: {card} cannot go onto {target}.", card=card_name(card),
                 target=name)
    if len(cards) == 1:
        return T("{card} must be one rank above or below {target}.", card=card_name(card), target=name)
    if top.rank > cards[-2].rank:
        return T("This pile goes up: only the card one rank above {target} fits.", target=name)
    return T("This pile goes down: only the card one rank below {target} fits.", target=name)


def progress(game: UnionSquare, board: Board) -> tuple[int, int, int, int]:
    """How far the position has come (docs/rules/union-square.md §5): cards up, cards left in the
    stock and waste, cards lying above a card that fits a foundation, empty piles."""
    foundations, blocking, empty = game.foundations(board), 0, 0
    for pile in game.piles(board):
        wanted = [at for at, card in enumerate(pile.cards) if game.up_for(board, card) is not None]
        blocking += len(pile.cards) - 1 - wanted[-1] if wanted else 0
        empty += not pile.cards
    left = len(board.slot("stock").cards) + len(board.slot("waste").cards)
    return sum(len(slot.cards) for slot in foundations), -left, -blocking, empty


class UnionSquare(KitVariant):
    id = "union-square"
    name = T("Union Square")
    description = T("Two decks: sixteen piles built in suit either up or down, and foundations that go "
                    "up from Ace to King and back down to Ace.")
    help_page = "union-square"
    game_family = "builders"
    difficulty = 2
    decks = 2
    # The piles are set four by four by `layout`.
    table = (Stock(at=(0, 0)), Waste(at=(1, 0)),
             Tableau(16, at=(2.5, 0), build=None, pick=Pick.TOP, empty=Empty.ANY),
             Foundations(4, at=(8, 0), step=(0, 1)))
    dealing = (Rows(1), Rest())
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def layout(self) -> Sequence[SlotSpec]:
        # Piles and foundations show their top two cards: enough to see which way a pile goes.
        specs = []
        for spec in self.kit.specs:
            x, y = spec.x, spec.y
            if spec.kind is SlotKind.TABLEAU:
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                x, y = 2.5 + 1.3 * (number % 4), number // 4
            fanned = spec.kind in (SlotKind.TABLEAU, SlotKind.FOUNDATION)
            specs.append(SlotSpec(spec.id, spec.kind, x, y, Fan.RIGHT, 2) if fanned else spec)
        return specs

    def foundations(self, board: Board) -> list[Slot]:
        return [board.slots[place] for place in self.kit.foundations]

    def piles(self, board: Board) -> list[Slot]:
        return [board.slots[place] for place in self.kit.tableau]

    def foundation_refusal(self, board: Board, card: Card, target: Slot) -> Text | None:
        if not target.cards:
            if card.rank != ACE:
                return self.texts.ace_first
            if any(slot.cards and slot.cards[0].suit == card.suit for slot in self.foundations(board)):
                return T("A foundation of this suit is already started: {card} goes there.",
                         card=card_name(card))
            return None
        if target.cards[0].suit != card.suit:
            return self.texts.own_suit
        return None if card.rank == next_up(target.cards) else T(
            "{card} does not come next: a foundation goes up from Ace to King, then down again from "
            "the second King to Ace.", card=card_name(card))

    def up_for(self, board: Board, card: Card) -> Slot | None:
        """The first foundation that takes `card`: the one of its suit, else an empty one for an Ace."""
        foundations = self.foundations(board)
        own = next((slot for slot in foundations if slot.cards and slot.cards[0].suit == card.suit), None)
        if own is not None:
            return own if card.rank == next_up(own.cards) else None
        return next((slot for slot in foundations if not slot.cards), None) if card.rank == ACE else None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind is SlotKind.TABLEAU:
            return pile_refusal(source.cards[-1], target.cards)
        if target.kind is SlotKind.FOUNDATION:
            return self.foundation_refusal(board, source.cards[-1], target)
        return super().drop_refusal(board, source, count, target)

    def legal_actions(self, board: Board) -> list[Action]:
        kit, slots = self.kit, board.slots
        actions: list[Action] = []
        for source in (*kit.wastes, *kit.tableau):
            if (card := slots[source].top) is not None:
                up = self.up_for(board, card)
                actions += [kit.move(source, 1, place) for place in kit.foundations if slots[place] is up or (
                            up is not None and not up.cards and not slots[place].cards)]
                actions += [kit.move(source, 1, place) for place in kit.tableau
                            if place != source and pile_fits(card, slots[place].cards)]
        return [*actions, Deal()] if board.slot("stock").cards else actions

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind is SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)
        elif slot.top is not None and slot.kind in (SlotKind.TABLEAU, SlotKind.WASTE) and (
                up := self.up_for(board, slot.top)) is not None:
            yield Move(slot_id, 1, up.id)

    def safe_up_move(self, board: Board) -> Move | None:
        # A card going down its foundation is the last of its rank, and its neighbours in suit
        # are up already or next to go up: of no more use in play (docs/rules/union-square.md §6).
        for source in [board.slot("waste"), *self.piles(board)]:
            up = None if source.top is None else self.up_for(board, source.top)
            if up is not None and len(up.cards) >= HALF:
                return Move(source.id, 1, up.id)
        return None

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board, progress=progress)  # type: ignore[arg-type]

    def solver_model(self, board: Board) -> UnionModel:
        from aisle_union_square.solving import UnionModel  # loaded when the solver first asks

        return UnionModel(self, board)  # compact positions, copies of a card alike (solving.py)

    def solver_steps(self, board: Board) -> Sequence[SolverStep] | None:
        safe = self.safe_up_move(board)
        return [(safe,)] if safe is not None else None

    def solver_quick_steps(self, board: Board) -> Sequence[SolverStep] | None:
        # A hunch: a card that goes up goes up; else the waste's card, a move onto a card, a deal,
        # and last a card into an empty pile.
        moves = self.legal_actions(board)
        order = {SlotKind.FOUNDATION: 0, SlotKind.WASTE: 1, SlotKind.TABLEAU: 2}

        def rank(action: Action) -> int:
            if not isinstance(action, Move):
                return 3
            target = board.slot(action.target)
            return 0 if target.kind is SlotKind.FOUNDATION else (
                order[board.slot(action.source).kind] if target.cards else 4)

        steps = sorted(moves, key=rank)
        return [(steps[0],)] if steps and rank(steps[0]) == 0 else [(step,) for step in steps]
