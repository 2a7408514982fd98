"""What Spider Three Decks teaches the solver (aisle.solver). The steps here are a hunch, not a
proof (`solver_prunes`): the solver finds wins with them, and never calls a deal lost. The solver
itself plays on a compact model of the game instead (`SpiderModel`, in model.py), which it
searches stage by stage, deal by deal.

- The key: the three decks' twin cards are alike, so cards are named by rank and suit;
  face-down cards never move, so they are named by their pile and count; the piles in order
  while the stock still deals onto them in order, in any order after that; how many runs are
  up and how many cards the stock holds (its order never changes).
- A complete run goes up at once. Runs move whole, onto a card one rank higher, best onto one
  of their own suit, then to turn a card or empty a pile; an empty pile takes a run only to turn
  a card. Parts of runs move only to join their own suit. The stock is dealt last.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Deal, Move, Slot
from aisle.variant import SolverStep
from aisle_spider_three_decks.model import SpiderModel
from aisle_spider_three_decks.runs import FULL_RUN, top_run_length

__all__ = ["SpiderModel", "position_key", "solver_steps"]

_CHARS = [chr(0x100 + code) for code in range(52)]
_DEAL: SolverStep = (Deal(),)


def position_key(stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> str:
    texts = [_pile_text(index, pile.cards) for index, pile in enumerate(piles)]
    if not stock.cards:
        texts.sort()
    texts.append(str(sum(1 for slot in foundations if slot.cards)))
    texts.append(str(len(stock.cards)))
    return "|".join(texts)


def _pile_text(index: int, cards: Sequence[Card]) -> str:
    """Face-down cards never move, so a pile's are named by the pile and how many are left."""
    chars = _CHARS
    down = 0
    for card in cards:
        if card.face_up:
            break
        down += 1
    face_up = "".join([chars[card.id % 52] for card in cards[down:]])
    return f"{index}.{down}:{face_up}" if down else face_up


def solver_steps(stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> list[SolverStep]:
    free = next((slot.id for slot in foundations if not slot.cards), None)
    by_top: dict[int, list[Slot]] = {}
    empty: str | None = None
    for pile in piles:
        if pile.cards:
            by_top.setdefault(pile.cards[-1].rank, []).append(pile)
        elif empty is None:
            empty = pile.id
    scored: list[tuple[int, int, SolverStep]] = []
    for pile in piles:
        cards = pile.cards
        run = top_run_length(cards)
        if not run:
            continue
        if run == FULL_RUN and free is not None:
            return [(Move(pile.id, FULL_RUN, free),)]
        under = cards[-run - 1] if len(cards) > run else None
        turns = under is not None and not under.face_up
        for count in range(1, run + 1):
            moving = cards[-count]
            whole = count == run
            for target in by_top.get(moving.rank + 1, ()):
                own_suit = target.cards[-1].suit == moving.suit
                if whole:
                    priority = 3 * own_suit + 2 * turns + (under is None)
                elif own_suit:
                    priority = 0
                else:
                    continue
                scored.append((priority, len(scored), (Move(pile.id, count, target.id),)))
        if empty is not None and turns:
            scored.append((1, len(scored), (Move(pile.id, run, empty),)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    steps = [step for _, _, step in scored]
    if stock.cards:
        steps.append(_DEAL)
    return steps
