"""Games built down regardless of suit that move and collect runs of one suit (Spider): their
texts, score, win, loss test, hint and status line, for one role of piles (built under the
role's `build`, moved under its `run`), a stock dealing rows onto them and foundations that take
whole runs.

A *link* joins two face-up cards lying in sequence under the run rule (one suit, one rank
lower); a pile's *top run* is the longest chain of links ending at its top card.

The hint, in the reference's order (docs/rules/spider.md §7); the first match wins:

1. A pile's top run goes onto a top card it continues as a run (its own suit, one rank higher).
2. A loose top run (on nothing, on a face-down card, or on a card it does not follow in rank)
   goes onto a top card it may be built on (another suit, one rank higher).
3. A pile is empty: fill it (with a run whose move turns a card up or frees a loose run).
4. The stock deals another round.
5. Otherwise: move piles around (a complete run to a foundation, if there is one).

Each move suggested turns a card up, makes a link, settles a loose run onto a card one rank
higher, deals, or sends a run up; later hints never take any of that back, so following the
hints never returns to a position already left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from aisle.engine import Board, Card, Deal, Move, Slot
from aisle.i18n import TN, T, Text
from aisle.kit.model_facts import WinRule
from aisle.kit.moves import WHOLE_RUN
from aisle.kit.roles import Tableau
from aisle.kit.table import Table
from aisle.kit.texts import Texts
from aisle.variant import Hint, card_name

#: The sentences of the family where they differ from the kit's.
SPIDER_TEXTS = Texts(
    stock_take=T("Cards cannot be taken from the stock; click it to deal a round."),
    foundation_stays=T("A finished run on a foundation stays there."),
    face_down=T("Face-down cards cannot be moved."),
    stock_put=T("Cards cannot be put on the stock."),
)


class SpiderFamily:
    """The family's knowledge of one table (see the module's notes)."""

    #: How the solver's model knows the family's win (`is_won`).
    model_wins: ClassVar[WinRule] = WinRule.RUNS

    def __init__(self, table: Table) -> None:
        role, self.piles = table.tableau_groups[0]
        assert isinstance(role, Tableau) and role.build is not None and role.run is not None
        self.run, self.build = table.relation(role.run), table.relation(role.build)
        self.foundations, self.stock = table.foundations, table.stocks[0]

    # -- runs --------------------------------------------------------------------------------
    def loose(self, cards: Sequence[Card], count: int) -> bool:
        """Whether the top `count` cards lie loose: on nothing, on a face-down card, or on a card
        they may not be built on (taking them away then splits no build)."""
        if count >= len(cards):
            return True
        beneath, deepest = cards[-count - 1], cards[-count]
        return not beneath.face_up or not self.build.fits[deepest.id][beneath.id]

    # -- outcome -----------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        """Links in the tableau, plus twelve for each run on a foundation: the reference's
        running score (a link made +1, broken -1, dealt +1, a run sent up 0) always equals
        this count, since turning a card up never makes a link (it is the pile's top)."""
        slots = board.slots
        in_tableau = sum(self.run.links(slots[place].cards) for place in self.piles)
        return in_tableau + (WHOLE_RUN - 1) * sum(1 for place in self.foundations if slots[place].cards)

    def max_score(self) -> int:
        return len(self.foundations) * (WHOLE_RUN - 1)

    def is_won(self, board: Board) -> bool:
        slots = board.slots
        if slots[self.stock].cards:
            return False
        if any(slots[place].cards for place in self.foundations):
            return not any(slots[place].cards for place in self.piles)
        # Every run built in the tableau: then every non-empty pile ends in an Ace, which rules
        # most positions out before the links are counted.
        if any(slots[place].cards and slots[place].cards[-1].rank != 1 for place in self.piles):
            return False
        return self.score(board) == self.max_score()

    def is_lost(self, board: Board) -> bool:
        slots = board.slots
        if slots[self.stock].cards:
            # Fewer cards than piles: no pile can be filled, so the stock is dealt never again.
            return sum(len(slots[place].cards) for place in self.piles) < len(self.piles)
        return not self._any_move([slots[place].cards for place in self.piles])

    def _any_move(self, piles: list[list[Card]]) -> bool:
        """Whether some card can move (stops at the first found). A complete run in the tableau
        can always go up: there is a foundation for every run, so one is free while a run is
        out here."""
        tops = [cards[-1] for cards in piles if cards]
        if tops and len(tops) < len(piles):
            return True
        key, wanted, links = self.build.key, self.build.wanted, self.run.fits
        taken = {want for top in tops for want in wanted[top.id]}
        for cards in piles:
            # The top run, read from the top down: one pass, stopped by the first card that fits.
            upper = cards[-1] if cards else None
            if upper is None or not upper.face_up:
                continue
            if key[upper.id] in taken:
                return True
            for index in range(len(cards) - 2, -1, -1):
                lower = cards[index]
                if not lower.face_up or not links[upper.id][lower.id]:
                    break
                if key[lower.id] in taken or len(cards) - index == WHOLE_RUN:
                    return True
                upper = lower
        return False

    # -- the hint ----------------------------------------------------------------------------
    def hint(self, board: Board, can_deal: bool) -> Hint:
        piles = [board.slots[place] for place in self.piles]
        return (self._build(piles, same_suit=True)
                or self._build(piles, same_suit=False)
                or self._fill_empty_pile(piles)
                or (Hint(T("Deal another round."), Deal()) if can_deal else None)
                or self._last_resort(board, piles))

    def _build(self, piles: list[Slot], same_suit: bool) -> Hint | None:
        builds, links = self.build.fits, self.run.fits
        for source in piles:
            run = self.run.run_length(source.cards)
            if not run or (not same_suit and not self.loose(source.cards, run)):
                continue
            deepest = source.cards[-run]
            for target in piles:
                top = target.top
                if (target is not source and top is not None and builds[deepest.id][top.id]
                        and links[deepest.id][top.id] == same_suit):
                    # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
                    return Hint(T("Move {card} onto {target}.", card=card_name(deepest),
                                  target=card_name(top)), Move(source.id, run, target.id))
        return None

    def _fill_empty_pile(self, piles: list[Slot]) -> Hint | None:
        empty = next((pile for pile in piles if not pile.cards), None)
        if empty is None:
            return None
        text = T("Place something on an empty slot.")
        # First a run that uncovers a face-down card, then one that lies on a card it does not
        # follow: either way the move gains something that no later hint gives back.
        for uncovering in (True, False):
            for source in piles:
                run = self.run.run_length(source.cards)
                if not 0 < run < len(source.cards):
                    continue
                beneath = source.cards[-run - 1]
                if (not beneath.face_up) == uncovering and self.loose(source.cards, run):
                    return Hint(text, Move(source.id, run, empty.id))
        return Hint(text)

    def _last_resort(self, board: Board, piles: list[Slot]) -> Hint:
        free = next((board.slots[place] for place in self.foundations if not board.slots[place].cards), None)
        complete = next((pile for pile in piles if self.run.run_length(pile.cards) == WHOLE_RUN), None)
        move = Move(complete.id, WHOLE_RUN, free.id) if complete is not None and free is not None else None
        return Hint(T("Try moving card piles around."), move)

    # -- the status line ---------------------------------------------------------------------
    def status_text(self, board: Board) -> Text:
        left = len(board.slots[self.stock].cards)
        if not left:
            return T("The stock is empty.")
        rounds = -(-left // len(self.piles))
        return T("Stock left: {cards} ({rounds})",
                 cards=TN("{count} card", "{count} cards", left, count=left),
                 rounds=TN("{count} deal", "{count} deals", rounds, count=rounds))
