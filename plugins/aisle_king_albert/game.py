"""King Albert, as GNOME AisleRiot plays it (docs/rules/king-albert.md): nine piles in a triangle
built down in alternating colours, a reserve of seven single cards that is never filled again,
and foundation cards that stay in play."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Move, Slot, SlotSpec
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, Foundations, FreeCells, KitVariant, Pick, Pile, Rows, Tableau, TurnUp
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint, Variant

PILES, RESERVE = 9, 7
#: The reserve's places: three at x = 9, four at x = 10 (the reference's grid).
RESERVE_AT = ((9, 1.5), (9, 2.5), (9, 3.5), (10, 1), (10, 2), (10, 3), (10, 4))


class KingAlbert(KitVariant):
    id = "king-albert"
    name = T("King Albert")
    description = T("Nine piles dealt in a triangle and built down in alternating colours, with "
                    "seven reserve cards that are never replaced.")
    help_page = "king-albert"
    has_deal_action = False
    game_family = "klondike"
    difficulty = 3
    # The reserve's places are cells that keep their dealt card and take none.
    table = (Foundations(4, at=(1, 0), step=(2, 0), give_back=True),
             Tableau(PILES, at=(0, 1), build=DOWN_ALTERNATE, pick=Pick.FACE_UP),
             FreeCells(RESERVE, at=(9, 1), dealt_only=True))
    # A triangle face down (pile 1 gets nine cards, pile 9 one), one card on each reserve place,
    # then every top card turned up.
    dealing = (*(Rows(1, face_up=False, piles=range(1, PILES + 1 - row)) for row in range(PILES)),
               *(Pile(1, f"reserve-{n}") for n in range(1, RESERVE + 1)), TurnUp())

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, (x, y) in zip(self.kit.cells, RESERVE_AT, strict=True):
            spec = specs[index]
            specs[index] = SlotSpec(spec.id, spec.kind, x, y, spec.fan)
        return specs

    def slot_name(self, slot: Slot) -> Text:
        return Variant.slot_name(self, slot)  # "reserve 3", not "free cell 3"

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint, less what could go back and forth (docs/rules/king-albert.md §5)."""
        slots, kit = board.slots, self.kit
        piles = [slots[place] for place in kit.tableau]
        sources = [*piles, *(slots[place] for place in kit.cells)]
        lows = [slots[place].top for place in kit.foundations[2:]]
        happy = 2 if None in lows else min(top.rank for top in lows if top is not None) + 2
        for limit in (happy, 13):  # step 1, then (as the last step) any card going up
            for source in sources:
                if source.top is not None and source.top.rank <= limit:
                    up = self._foundation_for(board, source.top)
                    if up is not None:
                        return move_hint(board, Move(source.id, 1, up))
            if limit == happy:
                move = self._uncovering_move(piles, sources)
                if move is not None:
                    return move_hint(board, move)
        return Hint(T("Try rearranging the cards."))

    def _uncovering_move(self, piles: list[Slot], sources: list[Slot]) -> Move | None:
        """Steps 2 and 3: the face-up cards of a slot onto a pile, where they uncover a card or
        leave a reserve place; else a whole face-up pile onto another pile's card."""
        for whole in (False, True):
            for source in sources:
                count = sum(1 for card in source.cards if card.face_up)
                uncovers = count < len(source.cards) or source not in piles
                if not count or uncovers == whole or (whole and source not in piles):
                    continue
                card = source.cards[-count]
                for target in piles:
                    top = target.top
                    if target is not source and (
                            (top is None and not whole) or (top is not None and top.red != card.red
                                                            and top.rank == card.rank + 1)):
                        return Move(source.id, count, target.id)
        return None
