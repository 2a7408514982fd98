"""`PairingVariant`: games that remove cards in pairs onto one foundation (Pyramid: two cards
making 13, and Kings alone; Monte Carlo: two of a rank).

The cards in play are the waste's top card and the free cards of the layout (see
`aisle.kit.removal`). A card is played onto its partner in play, and both go to the foundation;
a card of a rank that leaves alone goes there by itself; the waste's top two cards go together
when they pair. Send All Up (and the automatic moves) take only the cards that leave alone:
they pair with nothing, so taking them never spoils a choice, where pairing would.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from aisle.engine.actions import Move
from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.slots import Slot
from aisle.i18n import T, Text
from aisle.kit.build import KING
from aisle.kit.removal import RemovalVariant
from aisle.kit.roles import Foundations, Stock, Waste
from aisle.kit.sentences import Sentences, filled
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle.kit.families.pair_model import PairsModel
    from aisle.kit.families.pairs import PairsFamily

__all__ = ["KING", "PairTexts", "PairingVariant", "Pairs"]


class Pairs:
    """Which cards leave together: `partner[rank]` is the rank a card of `rank` pairs with (0:
    none), and the ranks in `alone` leave by themselves."""

    def __init__(self, partner: Sequence[int], alone: Collection[int] = ()) -> None:
        self.partner = tuple(partner)
        self.alone = frozenset(alone)

    @classmethod
    def adding_up_to(cls, total: int, alone: Collection[int] = ()) -> Pairs:
        """Two cards whose ranks add up to `total` (Pyramid: 13, Kings alone)."""
        return cls([total - rank if 0 < total - rank <= KING and rank not in alone else 0
                    for rank in range(KING + 1)], alone)

    @classmethod
    def same_rank(cls) -> Pairs:
        """Two cards of one rank (Monte Carlo)."""
        return cls(range(KING + 1))

    def fit(self, card: Card, other: Card) -> bool:
        return self.partner[card.rank] == other.rank != 0


class PairTexts(Sentences):
    """What a pairing game says; the defaults are Pyramid's (pairs making 13, Kings alone)."""

    foundation_stays = T("Cards on the foundation stay there.")
    waste_top = T("Only the top card of the waste can be played, or its top two cards together "
                  "when they make 13.")
    covered = T("This card is still covered: both cards lying on it must go first.")
    alone_only = T("Only a King goes onto the foundation alone; put {card} onto a card that makes 13 "
                   "with it.")
    pair_up = T("These two cards make 13: put them onto the foundation.")
    no_partner_needed = T("A King needs no partner: put it onto the foundation.")
    target_covered = T("That card is still covered.")
    nothing_there = T("There is no card there to pair it with.")
    mismatch = T("{card} and {target} do not make 13 together.")


class PairingVariant(RemovalVariant):
    """A kit game of pairs; see the module's notes. It has one foundation, and the waste if any."""

    #: Which cards pair.
    pairs: ClassVar[Pairs] = Pairs.adding_up_to(13, alone=(KING,))
    pair_texts: ClassVar[PairTexts] = PairTexts()

    def _build(self) -> None:
        super()._build()
        self.waste = self.kit.wastes[0] if self.kit.wastes else None
        #: The places whose top card may be in play, in table order.
        self.play = tuple(sorted((*self.layout_places, *self.kit.wastes)))
        assert self.foundation is not None, "a pairing game puts its pairs onto a foundation"
        self.up: int = self.foundation
        self.up_id = self.kit.ids[self.up]
        self._waste_up = None if self.waste is None else Move(self.kit.ids[self.waste], 2, self.up_id)

    @cached_property
    def family(self) -> PairsFamily:
        from aisle.kit.families.pairs import PairsFamily

        return PairsFamily(self)

    # -- what is in play ------------------------------------------------------------------------
    def in_play(self, board: Board) -> list[tuple[int, Card]]:
        """The places with a card in play, and the card, in table order."""
        slots = board.slots
        return [(place, cards[-1]) for place in self.play
                if (cards := slots[place].cards) and cards[-1].face_up]

    def waste_pair(self, cards: Sequence[Card]) -> bool:
        """Whether the top two cards of the waste pair."""
        return len(cards) >= 2 and self.pairs.fit(cards[-1], cards[-2])

    def waste_up(self, board: Board) -> Move | None:
        """The move of the waste's top two cards to the foundation, when they pair."""
        waste = self.waste
        if waste is None or not self.waste_pair(board.slots[waste].cards):
            return None
        return self._waste_up

    def removals(self, board: Board) -> list[Move]:
        """Every legal move: each card leaving alone to the foundation, each other card onto
        each partner in play, then the waste's top pair."""
        playable = self.in_play(board)
        partner, alone, one, up = self.pairs.partner, self.pairs.alone, self.one, self.up
        by_rank: dict[int, list[int]] = {}
        for place, card in playable:
            by_rank.setdefault(card.rank, []).append(place)
        moves: list[Move] = []
        for place, card in playable:
            if card.rank in alone:
                moves.append(one[place][up])
                continue
            for other in by_rank.get(partner[card.rank], ()):
                if other != place:
                    moves.append(one[place][other])
        both = self.waste_up(board)
        if both is not None:
            moves.append(both)
        return moves

    # -- refusals -------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        role = self._role(source)
        if isinstance(role, Stock):
            return self.texts.stock_take
        if isinstance(role, Foundations):
            return self.pair_texts.foundation_stays
        if isinstance(role, Waste) and count > 1:
            return None if count == 2 and self.waste_pair(source.cards) else self.pair_texts.waste_top
        if not source.cards[-1].face_up:
            return self.pair_texts.covered
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card, texts, role = source.cards[-1], self.pair_texts, self._role(target)
        if isinstance(role, Foundations):
            if count == 2 or card.rank in self.pairs.alone:
                return None
            return filled(texts.alone_only, card=card_name(card))
        if count == 2:
            return texts.pair_up
        if isinstance(role, Stock):
            return self.texts.stock_put
        if card.rank in self.pairs.alone:
            return texts.no_partner_needed
        partner = target.top
        if partner is None or not partner.face_up:
            return texts.target_covered if partner is not None else texts.nothing_there
        if not self.pairs.fit(card, partner):
            return filled(texts.mismatch, card=card_name(card), target=card_name(partner))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        if move.target != self.up_id:
            # A pair: the card now lies on its partner, and both go.
            board.move(move.target, 2, self.up_id)
        self.turn_up_freed(board, move)

    def is_won(self, board: Board) -> bool:
        return len(board.slots[self.up].cards) == 52 * self.decks

    # -- going up -------------------------------------------------------------------------------
    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        role = self._role(slot)
        if isinstance(role, Foundations):
            yield from self.send_up_moves(board)
            return
        top = slot.top
        if self.kit.place[slot_id] in self.play and top is not None and top.face_up and (
                top.rank in self.pairs.alone):
            yield self.one[self.kit.place[slot_id]][self.up]
        elif isinstance(role, Waste) and (both := self.waste_up(board)) is not None:
            yield both

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        while (move := self.safe_up_move(board)) is not None:
            yield move

    def safe_up_move(self, board: Board) -> Move | None:
        """The first card in play that leaves alone: the layout's first, then the waste's."""
        slots, alone = board.slots, self.pairs.alone
        for place in (*self.layout_places, *self.kit.wastes):
            cards = slots[place].cards
            if cards and cards[-1].face_up and cards[-1].rank in alone:
                return self.one[place][self.up]
        return None

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)

    def solver_model(self, board: Board) -> PairsModel | None:
        """The compact model, for a one-deck game dealing its stock once, a card at a time,
        onto a waste."""
        from aisle.kit.families.pair_model import PairsModel

        return PairsModel(self, board) if self.decks == 1 and self.deals_once() else None
