"""What Cruel teaches the solver (aisle.solver): its own compact model of the game, and the
board-level key and steps the generic search falls back on.

The model's position: the piles that still hold cards, in order, each as bytes of card codes
(suit * 16 + rank), with the table place of each; each suit's foundation level; and whether a
redeal is allowed yet. Empty piles are never filled again and a redeal skips them, so where they
are plays no part: the key leaves the places out. The foundations are told apart by suit (each
holds one suit from the deal on), so their places play no part either.

Steps: a card up, a card onto a pile, the redeal (after at least one move). No step is left
out; what makes the search short is proved in `dead_end.py` (the locked first cards, which
decide most lost deals at their first position) and in `CruelModel.key` (a fresh deal or
redeal is compared with the same piles after a move).
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel
from aisle.variant import SolverStep
from aisle_cruel import rules
from aisle_cruel.dead_end import locked_prefix
from aisle_cruel.rules import JUST_REDEALT, PILE_SIZE

_CHARS = [chr(0x100 + card_id) for card_id in range(52)]
_DEAL: SolverStep = (Deal(),)
_KING = 13

#: The model's position: piles (bytes, bottom first), their table places, foundation levels
#: by suit, and whether the last thing done was a deal or redeal.
State = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], bool]
#: ("up", pile index) | ("on", pile index, target pile index) | ("redeal",)
Step = tuple[object, ...]
_REDEAL: Step = ("redeal",)


def position_key(board: Board) -> str:
    chars = _CHARS
    piles = ["".join([chars[card.id] for card in pile.cards]) for pile in rules.tableau(board) if pile.cards]
    piles.append("".join(sorted(chars[slot.cards[-1].id] for slot in rules.foundations(board))))
    piles.append("r" if board.state[JUST_REDEALT] else "m")
    return "|".join(piles)


def solver_steps(board: Board, quick: bool = False) -> list[SolverStep]:
    """Every legal step; `quick`: a card that can go up goes up, and nothing else is tried."""
    ups: list[SolverStep] = []
    builds: list[SolverStep] = []
    foundation_ids = {slot.id for slot in rules.foundations(board)}
    move: Move
    for move in rules.moves(board, rules.tableau(board)):
        (ups if move.target in foundation_ids else builds).append((move,))
    if quick and ups:
        return ups[:1]
    steps = ups + builds
    if not board.state[JUST_REDEALT]:
        steps.append(_DEAL)
    return steps


def code(suit_index: int, rank: int) -> int:
    return suit_index * 16 + rank


class CruelModel(SolverModel[State, Step]):
    """Cruel's rules on compact positions (see the module's text)."""

    #: The hunch finds the easy wins at once; best-first search finds most of the others.
    hunt_shares = (0.15, 0.6)

    def __init__(self, board: Board) -> None:
        self.pile_ids = tuple(slot.id for slot in rules.tableau(board))
        #: suit index -> the foundation that holds that suit
        self.foundation_of: dict[int, str] = {}
        levels = [0, 0, 0, 0]
        for slot in rules.foundations(board):
            if not slot.cards:
                raise ValueError("every foundation holds its ace from the deal on")
            suit = slot.cards[0].id % 52 // 13
            self.foundation_of[suit] = slot.id
            levels[suit] = slot.cards[-1].rank
        piles: list[bytes] = []
        places: list[int] = []
        for place, slot in enumerate(rules.tableau(board)):
            if slot.cards:
                piles.append(bytes(code(card.id % 52 // 13, card.rank) for card in slot.cards))
                places.append(place)
        self._start: State = (tuple(piles), tuple(places), tuple(levels), bool(board.state[JUST_REDEALT]))

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> bytes:
        """The piles and the foundations. Whether the last thing done was a deal or redeal is
        left to `spent`: the same piles after a move allow every move they allow right after a
        redeal, and a redeal besides, and the engine's "headbanger" end (only right after a
        redeal) cannot stop them, so they have every win of the other, in as few steps."""
        piles, _, levels, _ = state
        return b"\xff".join(piles) + b"\xfe" + bytes(levels)

    def spent(self, state: State) -> int:
        return 1 if state[3] else 0

    def won(self, state: State) -> bool:
        return not state[0]

    # -- the rules ----------------------------------------------------------------------------
    def _moves(self, state: State) -> list[Step]:
        """Every card move, in the reference's order: piles in order, up before onto a pile."""
        piles, _, levels, _ = state
        top_at = {pile[-1]: index for index, pile in enumerate(piles)}
        found: list[Step] = []
        for index, pile in enumerate(piles):
            card = pile[-1]
            rank = card & 15
            if levels[card >> 4] == rank - 1:
                found.append(("up", index))
            if rank < _KING:
                target = top_at.get(card + 1)
                if target is not None:
                    found.append(("on", index, target))
        return found

    def play(self, state: State, step: Step) -> State:
        piles, places, levels, _ = state
        if step[0] == "redeal":
            cards = b"".join(piles)
            dealt = tuple(cards[at:at + PILE_SIZE] for at in range(0, len(cards), PILE_SIZE))
            return dealt, tuple(range(len(dealt))), levels, True
        source = step[1]
        assert isinstance(source, int)
        pile = piles[source]
        card = pile[-1]
        new_piles = list(piles)
        new_piles[source] = pile[:-1]
        new_levels = levels
        if step[0] == "up":
            suit = card >> 4
            new_levels = (*levels[:suit], card & 15, *levels[suit + 1:])
        else:
            target = step[2]
            assert isinstance(target, int)
            new_piles[target] = piles[target] + bytes((card,))
        new_places = places
        if len(pile) == 1:
            del new_piles[source]
            new_places = places[:source] + places[source + 1:]
        return tuple(new_piles), new_places, new_levels, False

    def _over(self, state: State, moves: Sequence[Step]) -> bool:
        """The engine's loss (rules.is_lost): right after a redeal, no move at all, or the
        "headbanger": the lone last card's only move is onto the pile before it."""
        piles, _, levels, just = state
        if not just:
            return False
        if not moves:
            return True
        remaining = sum(len(pile) for pile in piles)
        if remaining % PILE_SIZE != 1 or remaining == 1:
            return False
        last = remaining // PILE_SIZE
        if len(piles) != last + 1 or len(piles[last]) != 1 or len(piles[last - 1]) != PILE_SIZE:
            return False
        card = piles[last][0]
        if card + 1 != piles[last - 1][-1] or levels[card >> 4] == (card & 15) - 1:
            return False
        return all(move[1] == last for move in moves)

    def _steps(self, state: State) -> list[Step]:
        """Every step the engine allows: cards up, cards onto piles, then the redeal."""
        moves = self._moves(state)
        if self._over(state, moves):
            return []
        steps = [move for move in moves if move[0] == "up"] + [move for move in moves if move[0] == "on"]
        if not state[3]:
            steps.append(_REDEAL)
        return steps

    def dead(self, state: State) -> bool:
        """No win can be reached any more (`dead_end.locked_prefix`, proved there)."""
        return locked_prefix(state[0], state[2])

    def children(self, state: State) -> list[tuple[Step, State]]:
        if self.dead(state):
            return []
        return [(step, self.play(state, step)) for step in self._steps(state)]

    def legal(self, state: State) -> list[tuple[Action, State]]:
        # Every action, also at a dead end: the cross-check compares them with the engine's.
        return [(self.actions(state, step)[0], self.play(state, step)) for step in self._steps(state)]

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step[0] == "redeal":
            return (Deal(),)
        piles, places, _, _ = state
        source = step[1]
        assert isinstance(source, int)
        source_id = self.pile_ids[places[source]]
        if step[0] == "up":
            return (Move(source_id, 1, self.foundation_of[piles[source][-1] >> 4]),)
        target = step[2]
        assert isinstance(target, int)
        return (Move(source_id, 1, self.pile_ids[places[target]]),)

    def estimate(self, state: State) -> int:
        """Cards not yet up count most, then the piles left (fewer piles, fewer cards stuck
        under others)."""
        return 4 * (52 - sum(state[2])) + len(state[0])

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """A card that can go up goes up, nothing else tried; otherwise every step."""
        children = self.children(state)
        ups = [child for child in children if child[0][0] == "up"]
        return ups[:1] or children
