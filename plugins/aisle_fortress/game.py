"""Fortress, as GNOME AisleRiot plays it (docs/rules/fortress.md): ten piles in two wings around
the foundations, built up or down in suit one card at a time; any card fills an empty pile."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Fan, Move, SlotSpec
from aisle.i18n import T
from aisle.kit import Build, Direction, Foundations, KitVariant, Pick, Rows, Suits, Tableau, Texts
from aisle.kit.every_up import every_card_up
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint

PILES = 10
#: Where the piles stand: row by row, one left of the foundations and one right of them.
LEFT_X, RIGHT_X = 0, 6
#: Piles are built up or down, in suit.
EITHER_BY_SUIT = Build(Direction.EITHER, Suits.SAME)
LEFT, RIGHT = range(1, PILES + 1, 2), range(2, PILES + 1, 2)


class Fortress(KitVariant):
    id = "fortress"
    name = T("Fortress")
    description = T("Ten piles on either side of the foundations, built up or down in suit one "
                    "card at a time; any card fills an empty pile.")
    help_page = "fortress"
    has_deal_action = False
    # Lost only when no legal move is left, as its rules page says (docs/rules).
    look_ahead = False
    game_family = "builders"
    difficulty = 3
    table = (Foundations(4, at=(4, 1), step=(0, 1)),
             Tableau(PILES, at=(LEFT_X, 0), step=(0, 1), build=EITHER_BY_SUIT, pick=Pick.TOP,
                     fan=Fan.RIGHT))
    # Five rounds, each down the left wing and then down the right; one more card on the top two.
    dealing = (*(step for _ in range(5) for step in (Rows(1, piles=LEFT), Rows(1, piles=RIGHT))),
               Rows(1, piles=(1, 2)))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  run_one_suit=T("Only the top card of a pile can be moved."),
                  run_in_rank=T("Only the top card of a pile can be moved."))
    # Every card that fits is safe: only its next higher card could still lie on it, and that
    # one can go straight up once this one is up.
    safe_up_move = every_card_up

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, spec in enumerate(specs):
            if spec.id.startswith("tableau-"):
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                specs[index] = SlotSpec(spec.id, spec.kind, RIGHT_X if number % 2 else LEFT_X,
                                        number // 2, spec.fan)
        return specs

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint (docs/rules/fortress.md §5); None when the game is over."""
        piles = [board.slots[place] for place in self.kit.tableau]
        for pile in piles:
            if pile.top is not None:
                up = self._foundation_for(board, pile.top)
                if up is not None:
                    return move_hint(board, Move(pile.id, 1, up))
        for index, source in enumerate(piles):
            card = source.top
            for target in piles[index + 1:]:
                top = target.top
                if card is not None and top is not None and EITHER_BY_SUIT.fits(card, top):
                    return move_hint(board, Move(source.id, 1, target.id))
        if any(not pile.cards for pile in piles):
            return Hint(T("Move a card into an empty pile."))
        return None
