"""What Klondike teaches the solver (aisle.solver): its own compact model of the game
(`KlondikeModel`, at the end; what it leaves out and why is in its text), and the board-level
key and steps below, which the solver uses on a table the model cannot represent.

- The key ignores which tableau pile is which and which foundation holds which suit (both are
  interchangeable), and reads the stock and waste as one cycle with a place in it.
- A card goes up without trying anything else when that can never hurt (`safe.settled`, the rule
  of the automatic moves); a card that would go straight back up is never taken down.
- The stock is played in shortcuts: "deal n times (turning the waste over if needed), then play
  the card shown". Dealing changes nothing but the waste, so any game can be reordered to deal
  just before it plays from the waste; the shortcut uses the fewest redeals that show the card.
- Steps are ordered so that face-down cards are turned first and the stock comes later.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Sequence

from aisle.engine import Action, Board, Card, Deal, Move, Slot
from aisle.solver.beam import LeveledModel
from aisle.solver.clock import now
from aisle.variant import SolverStep
from aisle_klondike.dead_end import lost
from aisle_klondike.relaxation import STACKED_QUERY_KEPT, Relaxation
from aisle_klondike.rules import ACE, FOUNDATIONS, KING, STOCK, TABLEAU, WASTE
from aisle_klondike.safe import settled, settled_code

_DEAL = Deal()
_UP_CHARS = [chr(0x100 + card_id) for card_id in range(52)]

_UpTarget = Callable[[Card], "str | None"]
_Add = Callable[[int, SolverStep], None]

# Step priorities (higher is tried first).
_UP_AND_TURN = 100
_TURN = 80
_UP = 70
_EMPTY_A_PILE = 50
_FROM_WASTE = 45
_FROM_STOCK = 40
_SHIFT = 20
_DOWN = 10


def position_key(board: Board) -> str:
    """Piles in any order, foundation tops in any order, and how far into the stock's cycle
    the deal has gone (the redeals used are `solver_spent`): the cycle's order never changes
    (dealing and redealing keep it, playing a card only takes one out), so the cards in it
    follow from where all the others are."""
    slots = board.slots
    up = _UP_CHARS  # face-down cards never move, so they are named by their pile and count
    piles = sorted([_pile_text(index, slot.cards) for index, slot in enumerate(slots[TABLEAU])])
    tops = sorted([up[slot.cards[-1].id] for slot in slots[FOUNDATIONS] if slot.cards])
    piles.append("".join(tops))
    piles.append(str(len(slots[WASTE].cards)))
    return "|".join(piles)


def _pile_text(index: int, cards: Sequence[Card]) -> str:
    """Face-down cards never move, so a pile's are named by the pile and how many are left."""
    up = _UP_CHARS
    down = 0
    for card in cards:
        if card.face_up:
            break
        down += 1
    face_up = "".join([up[card.id] for card in cards[down:]])
    return f"{index}.{down}:{face_up}" if down else face_up


def solver_steps(board: Board, draw: int, redeal_left: bool) -> list[SolverStep]:
    """The steps worth trying, best first."""
    slots = board.slots
    levels = {"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0}
    foundation_of: dict[str, str] = {}
    empty_foundation: str | None = None
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            top = slot.cards[-1]
            levels[top.suit] = top.rank
            foundation_of[top.suit] = slot.id
        elif empty_foundation is None:
            empty_foundation = slot.id

    def up_target(card: Card) -> str | None:
        if levels[card.suit] != card.rank - 1:
            return None
        return empty_foundation if card.rank == ACE else foundation_of[card.suit]

    piles = slots[TABLEAU]
    waste = slots[WASTE].cards
    # A safe card goes up at once, alone (from the waste only when it deals one at a time:
    # with three, taking a card out changes which cards later passes show).
    for pile in piles:
        if pile.cards:
            card = pile.cards[-1]
            target = up_target(card)
            if target is not None and settled(card, levels):
                return [(Move(pile.id, 1, target),)]
    if draw == 1 and waste:
        target = up_target(waste[-1])
        if target is not None and settled(waste[-1], levels):
            return [(Move("waste", 1, target),)]

    takers = _pile_takers(piles)
    scored: list[tuple[int, int, SolverStep]] = []

    def add(priority: int, step: SolverStep) -> None:
        scored.append((priority, len(scored), step))

    for pile in piles:
        _pile_steps(pile, takers, up_target, add)
    if waste:
        _card_steps(waste[-1], (), takers, up_target, _FROM_WASTE, add)
    for step_cards, priority in _stock_shows(slots, draw, redeal_left):
        deals, card = step_cards
        _card_steps(card, deals, takers, up_target, priority, add)
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            card = slot.cards[-1]
            down_levels = dict(levels)
            down_levels[card.suit] = card.rank - 1
            if settled(card, down_levels):
                continue  # it would go straight back up
            for target in takers.get((card.rank, card.red), ()):
                add(_DOWN, (Move(slot.id, 1, target),))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [step for _, _, step in scored]


def _pile_takers(piles: Sequence[Slot]) -> dict[tuple[int, bool], list[str]]:
    """(rank, red) of a card -> the piles it may go onto; a King -> the first empty pile only
    (empty piles are alike)."""
    takers: dict[tuple[int, bool], list[str]] = {}
    empty: str | None = None
    for pile in piles:
        if not pile.cards:
            if empty is None:
                empty = pile.id
            continue
        top = pile.cards[-1]
        if top.face_up and top.rank > ACE:
            takers.setdefault((top.rank - 1, not top.red), []).append(pile.id)
    if empty is not None:
        takers[(KING, False)] = [empty]
        takers[(KING, True)] = [empty]
    return takers


def _pile_steps(pile: Slot, takers: dict[tuple[int, bool], list[str]], up_target: _UpTarget,
                add: _Add) -> None:
    cards = pile.cards
    face_up = 0
    for card in reversed(cards):
        if not card.face_up:
            break
        face_up += 1
    if not face_up:
        return
    face_down = len(cards) - face_up
    top = cards[-1]
    target = up_target(top)
    if target is not None:
        add(_UP_AND_TURN if face_up == 1 and face_down else _UP, (Move(pile.id, 1, target),))
    for count in range(1, face_up + 1):
        card = cards[-count]
        if count == face_up:
            if face_down:
                priority = _TURN + min(face_down, 9)
            elif card.rank == KING:
                continue  # a King at the bottom of a pile is already where it can be
            else:
                priority = _EMPTY_A_PILE
        else:
            priority = _SHIFT
        for target in takers.get((card.rank, card.red), ()):
            if target != pile.id:
                add(priority, (Move(pile.id, count, target),))


def _card_steps(card: Card, deals: tuple[Deal, ...], takers: dict[tuple[int, bool], list[str]],
                up_target: _UpTarget, priority: int, add: _Add) -> None:
    """The waste's top card (after `deals` clicks on the stock) onto a foundation or a pile."""
    target = up_target(card)
    if target is not None:
        add(priority + 10, (*deals, Move("waste", 1, target)))
    for target in takers.get((card.rank, card.red), ()):
        add(priority, (*deals, Move("waste", 1, target)))


def _stock_shows(slots: Sequence[Slot], draw: int,
                 redeal_left: bool) -> list[tuple[tuple[tuple[Deal, ...], Card], int]]:
    """Each card that clicking the stock can bring to the top of the waste, with the fewest
    clicks (and the fewest redeals) that do it."""
    waste = slots[WASTE].cards
    cycle = waste + slots[STOCK].cards[::-1]  # the order cards come out in, from the start
    shown = len(waste)
    total = len(cycle)
    found: list[tuple[tuple[tuple[Deal, ...], Card], int]] = []
    reached: set[int] = {shown}
    clicks = 0
    position = shown
    while position < total:
        position = min(position + draw, total)
        clicks += 1
        reached.add(position)
        found.append((((_DEAL,) * clicks, cycle[position - 1]), _FROM_STOCK - min(clicks, 9)))
    if redeal_left and total:
        # Deal out what is left, turn the waste over, and go round again.
        clicks += 1
        position = 0
        while position < total:
            position = min(position + draw, total)
            clicks += 1
            if position not in reached:
                reached.add(position)
                found.append((((_DEAL,) * clicks, cycle[position - 1]), _FROM_STOCK - 10))
    return found


# -- the model (Variant.solver_model) -----------------------------------------------------------
# A card is a small int: suit index * 16 + rank (suit index as in aisle.engine.cards.SUITS).

#: The model's position: each pile's face-up cards (bytes, bottom first) and how many face-down
#: cards lie under them; each suit's foundation level; the stock's cycle (the waste bottom
#: first, then the stock in the order it deals) and how many of it are in the waste; the
#: redeals used; and (for the actions only, not in the key) which foundation holds each suit.
State = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], bytes, int, int, tuple[int, ...]]
#: (kind, ...): ("up", pile) | ("pile", pile, count, target) | ("waste", clicks, target)
#: | ("down", suit, target) | ("deal",) | ("across", suit, foundation); a target is a pile
#: index, or -1 for the card's foundation.
Step = tuple[int | str, ...]
_HOME = -1
#: How many answers of the dead-end test the model keeps.
_DEAD_KEPT = 200_000
#: How many coarse positions `hopeless` may look at (about 300 bytes each).
_COARSE_KEPT = 300_000
#: The share of `hopeless`'s time for the coarse game with the stock's order forgotten.
_UNORDERED_SHARE = 0.25

# Priorities (higher first) of the steps `children` offers.
_P_UP_TURN, _P_TURN, _P_UP, _P_EMPTY, _P_WASTE_UP, _P_WASTE, _P_STOCK, _P_SHIFT, _P_DOWN = (
    100, 80, 70, 50, 48, 45, 40, 20, 10)


def _red(card: int) -> bool:
    return (card >> 4) in (1, 2)  # diamonds and hearts


def _fits(card: int, top: int) -> bool:
    """`card` may go onto the face-up `top`: one rank lower, the other colour."""
    return (top & 15) == (card & 15) + 1 and _red(top) != _red(card)


def _takers(ups: Sequence[bytes]) -> dict[int, list[int]]:
    """Card -> the piles it may go onto now (a King: the first empty pile only, as empty piles
    are alike). A card never fits onto its own pile (the top there is no higher than it)."""
    takers: dict[int, list[int]] = {}
    empty = -1
    for index, up in enumerate(ups):
        if not up:
            if empty < 0:
                empty = index
            continue
        top = up[-1]
        rank = top & 15
        if rank > 1:
            for suit in ((0, 3) if (top >> 4) in (1, 2) else (1, 2)):
                takers.setdefault(suit * 16 + rank - 1, []).append(index)
    if empty >= 0:
        for suit in range(4):
            takers[suit * 16 + 13] = [empty]
    return takers


def model_of(board: Board, draw: int, max_redeals: int | None, redeals: int) -> KlondikeModel | None:
    """The model of this position, or None when the table is not one Klondike can reach (the
    solver then searches the board itself)."""
    slots = board.slots
    for pile in slots[TABLEAU]:
        down = sum(1 for card in pile.cards if not card.face_up)
        if any(not card.face_up for card in pile.cards[down:]):
            return None
        up = pile.cards[down:]
        if any(not (below.rank == above.rank + 1 and below.red != above.red)
               for below, above in itertools.pairwise(up)):
            return None
    if any(not card.face_up for card in slots[WASTE].cards) or any(card.face_up
                                                                   for card in slots[STOCK].cards):
        return None
    return KlondikeModel(board, draw, max_redeals, redeals)


def _code(card: Card) -> int:
    return (card.id % 52 // 13) * 16 + card.rank


class KlondikeModel(LeveledModel[State, Step]):
    """Klondike on compact positions.

    What `children` leaves out, and why it cannot be needed:
    - A card that goes up safely (aisle_klondike/safe.py) goes up alone, nothing else tried.
    - A card taken down from a foundation that would go straight back up safely: the position
      before is at least as good. An ace never moves from one foundation to another (the same
      position, by key).
    - A King with nothing under it never moves to an empty pile, and a King goes only to the
      first empty pile (empty piles are alike: the same key).
    - The stock in shortcuts: "click n times, then play the waste's top card". Clicking changes
      only which card the waste shows, so any game can be reordered to click just before it
      plays from the waste (clicks after the last such play are of no use); of the ways to show
      a card, the one with the fewest redeals does all the others can (`spent`).
    - Positions the dead-end test (aisle_klondike/dead_end.py) proves lost, and positions from
      which the coarse game (aisle_klondike/relaxation.py, with the stock cards played so far
      committed to the tableau and, once no redeal is left, the waste stacked) cannot win: no
      steps at all. The coarse test also spares the hunts most of their dead corners: they
      find most wins in far fewer positions.
    """

    #: The depth-first hunt (its first run in the model's order, with the coarse dead-end
    #: test, and runs with shaken orders between) finds the wins; best-first finds none it
    #: misses. It has only its first share (`first_hunt_share`): the time goes to the hunts
    #: after it.
    hunt_shares = (0.6, 0.0)
    #: And a hunt on the light model (`light`), right after the first hunt (single-card deal 84
    #: needs two seconds of it).
    light_share = 0.25
    #: And a hunt in the other order (`reordered`), right after the light hunt: single-card
    #: deal 20 is won by it within 26,000 positions (1.3 s), and by neither other hunt within
    #: 20 s.
    reordered_share = 0.15
    #: The coarse-tested hunt goes first for six tenths of the budget: single-card deals 9 and
    #: 26 need 5.3 and 4.7 s of it (at a third, both stayed unknown); where it sees every
    #: position its hunch reaches (deal 38, in about 3 s), the light hunt is skipped and the
    #: exhaustive search has the time to prove the loss.
    first_hunt_share: float | None = 0.6
    #: The coarse game proves small lost spaces (and the exhaustive search, with its dead-end
    #: test, proves the rest in the time the hunts leave).
    proof_share = 0.0
    restarts = True
    #: The beam hunt (aisle.solver.beam, each click a level, passes keeping 4, 16, 64...
    #: positions a level) first of all, where the stock's passes are bounded (one card at a
    #: time, a redeal limit above 0): it wins most deals in a few hundred positions, and
    #: deal 1, which the other hunts left unknown at 10 s, in about 3 s
    #: (0.45 leaves room for its last pass under load); `__init__` turns it off for the other
    #: options.
    own_hunt_share = 0.45

    def __init__(self, board: Board, draw: int, max_redeals: int | None, redeals: int) -> None:
        slots = board.slots
        self.draw = draw
        self.max_redeals = max_redeals
        if max_redeals == 0:
            # One pass through the stock: the play falls into stages (`stage`), and the staged
            # hunt with the hunch, a few good positions to deal on from in each, finds wins
            # the depth-first hunt misses (deal 10). The exhaustive search, early on for a
            # share of its own, finds the wins the hunts miss (deals 2 and 85 within a tenth
            # of a second, where the staged hunt spent four in vain) and proves the losses in
            # the rest of the time (deals 11, 55, 93 need 3 to 5 s of it).
            self.hunt_shares = (0.1, 0.25)
            self.light_share = 0.0
            self.reordered_share = 0.0
            self.first_hunt_share = None
            self.proof_share = 0.1
            self.hunch_in_stages = True
            # A position's coarse dead-end question can cost milliseconds: 512 of them held a
            # search up to two seconds past its share (deals 21, 24, 33).
            self.check_every = 32
        if draw != 1 or not max_redeals:
            # Unlimited redeals (three-card deals have them): its levels would never end; one
            # pass: the staged hunt does the same.
            self.own_hunt_share = 0.0
        self.pile_ids = tuple(slot.id for slot in slots[TABLEAU])
        self.foundation_ids = tuple(slot.id for slot in slots[FOUNDATIONS])
        self.hidden: list[bytes] = []
        ups: list[bytes] = []
        downs: list[int] = []
        for pile in slots[TABLEAU]:
            down = [card for card in pile.cards if not card.face_up]
            self.hidden.append(bytes(_code(card) for card in down))
            downs.append(len(down))
            ups.append(bytes(_code(card) for card in pile.cards[len(down):]))
        self._dead: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}
        #: The light version (`light`): the coarse game's dead-end test left out.
        self._light = False
        #: The reordered version (`reordered`): of the piles a card turns up in, the one with
        #: the fewest face-down cards first.
        self._fewest_first = False
        levels = [0, 0, 0, 0]
        homes = [-1, -1, -1, -1]
        for index, slot in enumerate(slots[FOUNDATIONS]):
            if slot.cards:
                suit = slot.cards[-1].id % 52 // 13
                levels[suit] = slot.cards[-1].rank
                homes[suit] = index
        waste = bytes(_code(card) for card in slots[WASTE].cards)
        stock = bytes(_code(card) for card in reversed(slots[STOCK].cards))
        self._start: State = (tuple(ups), tuple(downs), tuple(levels), waste + stock, len(waste), redeals,
                              tuple(homes))
        last_pass = max_redeals is not None and redeals >= max_redeals
        stacked = waste if last_pass else b""
        #: The coarse game: the dead-end test of every position, and `hopeless`'s first try.
        self._coarse = Relaxation(self.hidden, ups, levels, waste + stock, stacked)
        #: The coarse game with the undealt stock kept in its order, for `hopeless` once no
        #: redeal is left (one card dealt at a time); None otherwise.
        self._ordered = Relaxation(self.hidden, ups, levels, waste + stock, stacked, stock) \
            if last_pass and draw == 1 and stock else None

    def _lost(self, ups: Sequence[bytes], downs: tuple[int, ...]) -> bool:
        """`dead_end.lost`, remembered: it reads only the face-down cards and the lowest
        face-up card of the piles that have face-down cards, which change far less often than
        positions do."""
        bases = tuple(up[0] if down and up else -1 for up, down in zip(ups, downs, strict=True))
        found = self._dead.get((downs, bases))
        if found is None:
            if len(self._dead) >= _DEAD_KEPT:
                self._dead.clear()  # a bound on memory; the test is cheap to redo
            found = self._dead[(downs, bases)] = lost(self.hidden, downs, bases)
        return found

    # -- what the search asks ---------------------------------------------------------------
    def start(self) -> State:
        return self._start

    def light(self) -> KlondikeModel:
        """This model without the coarse game's dead-end test (only the cheap one of
        dead_end.py): the coarse test spares the hunt most of its dead corners, but on some
        deals each position then costs ten times as much as the positions it spares, and a
        hunt through four times as many positions wins sooner (deals 63, 77, 84, 88)."""
        light = copy.copy(self)
        light._light = True
        return light

    def reordered(self) -> KlondikeModel:
        """This model turning up the cards of the piles with the fewest face-down cards first
        (the model's own order: the most first, which clears the long piles' backlog but can
        hold a hunt for long in a dead corner where a short pile's card was the key)."""
        other = copy.copy(self)
        other._fewest_first = True
        return other

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool | None:
        """The coarse game of aisle_klondike/relaxation.py: the face-up cards' arrangement and
        the stock's order forgotten (once no redeal is left, first with it forgotten and then
        kept: with it kept, the coarse space is larger but proves far more one-pass deals lost)."""
        if self._ordered is None:
            return self._coarse.lost(deadline, _COARSE_KEPT, stop)
        quick = now() + (deadline - now()) * _UNORDERED_SHARE
        if self._coarse.lost(quick, _COARSE_KEPT, stop):
            return True
        return self._ordered.lost(deadline, _COARSE_KEPT, stop)

    def key(self, state: State) -> bytes:
        """The tableau and foundations, and (only where it matters) where the stock stands.

        Where the waste stands within the stock's cycle is left out when one card is dealt at a
        time: clicking on changes nothing but what the waste shows, so a position reaches every
        later place in the cycle, and every place after a redeal, with the same tableau; `spent`
        orders the places, and a position seen with less spent does all the others can. With
        three cards and no redeal limit, the places a pass stops at (each third card and the
        end) reach each other; another place (a card was played from the waste) reaches every
        third card after it, so it is kept apart by its remainder and ordered by `spent`.
        """
        ups, downs, levels, cycle, shown, _, _ = state
        piles = sorted([bytes((128 + index, 128 + down)) + up if (down := downs[index]) else up
                        for index, up in enumerate(ups)])
        base = b"\xff".join(piles) + bytes(levels)
        if self.draw == 1:
            return base
        if self.max_redeals is None:
            return base + bytes((255, 0 if shown == len(cycle) else shown % self.draw))
        return base + bytes((255, shown))

    def spent(self, state: State) -> int:
        """Dealing one card at a time: how far through the passes the stock has gone (redeals
        first, then the place in this pass); with three and no limit, the place off the passes'
        stops (see `key`); otherwise the redeals used."""
        if self.draw == 1:
            if self.max_redeals is None:
                return 0
            return state[5] * (len(state[3]) + 1) + state[4]
        if self.max_redeals is None:
            shown = state[4]
            return 0 if shown % self.draw == 0 or shown == len(state[3]) else shown
        return state[5]

    def won(self, state: State) -> bool:
        return sum(state[2]) == 52

    def stage(self, state: State) -> int | None:
        """With one pass through the stock, the cards still to deal: no step ever deals one
        back, and only the steps that click the stock change it. With redeals, None (a
        redeal undoes the stages)."""
        if self.max_redeals != 0:
            return None
        return len(state[3]) - state[4]

    def estimate(self, state: State) -> int:
        """Face-down cards weigh most (each needs its pile cleared), then the cards not up,
        then the stock and waste."""
        _, downs, levels, cycle, _, _, _ = state
        return 3 * sum(downs) + (52 - sum(levels)) + len(cycle) // 2

    # -- the rules ----------------------------------------------------------------------------
    def _redeal_left(self, state: State) -> bool:
        return self.max_redeals is None or state[5] < self.max_redeals

    def _take(self, state: State, pile: int, count: int) -> State:
        """The top `count` cards leave `pile`; a face-down card under them turns up."""
        ups, downs, levels, cycle, shown, redeals, homes = state
        up = ups[pile][:-count]
        new_downs = downs
        if not up and downs[pile]:
            down = downs[pile] - 1
            up = self.hidden[pile][down:down + 1]
            new_downs = (*downs[:pile], down, *downs[pile + 1:])
        return (*ups[:pile], up, *ups[pile + 1:]), new_downs, levels, cycle, shown, redeals, homes

    def _put(self, state: State, cards: bytes, target: int) -> State:
        """`cards` go onto pile `target`, or (-1, one card) up onto its foundation."""
        ups, downs, levels, cycle, shown, redeals, homes = state
        if target >= 0:
            ups = (*ups[:target], ups[target] + cards, *ups[target + 1:])
            return ups, downs, levels, cycle, shown, redeals, homes
        card = cards[0]
        suit = card >> 4
        levels = (*levels[:suit], card & 15, *levels[suit + 1:])
        if homes[suit] < 0:
            free = min(index for index in range(4) if index not in homes)
            homes = (*homes[:suit], free, *homes[suit + 1:])
        return ups, downs, levels, cycle, shown, redeals, homes

    def _shift(self, state: State, pile: int, count: int, target: int) -> State:
        """`_take` and `_put` onto another pile in one go (the search's commonest step)."""
        ups, downs, levels, cycle, shown, redeals, homes = state
        source = ups[pile]
        rest = source[:-count]
        if not rest and downs[pile]:
            down = downs[pile] - 1
            rest = self.hidden[pile][down:down + 1]
            downs = (*downs[:pile], down, *downs[pile + 1:])
        moved = list(ups)
        moved[pile] = rest
        moved[target] = ups[target] + source[-count:]
        return tuple(moved), downs, levels, cycle, shown, redeals, homes

    def _from_waste(self, state: State) -> State:
        ups, downs, levels, cycle, shown, redeals, homes = state
        return ups, downs, levels, cycle[:shown - 1] + cycle[shown:], shown - 1, redeals, homes

    def _click(self, state: State) -> State:
        ups, downs, levels, cycle, shown, redeals, homes = state
        if shown < len(cycle):
            return ups, downs, levels, cycle, min(shown + self.draw, len(cycle)), redeals, homes
        return ups, downs, levels, cycle, 0, redeals + 1, homes

    def _can_click(self, state: State) -> bool:
        shown, cycle = state[4], state[3]
        return shown < len(cycle) or (shown > 0 and self._redeal_left(state))

    def _down(self, state: State, suit: int, target: int) -> State:
        ups, downs, levels, cycle, shown, redeals, homes = state
        rank = levels[suit]
        if rank == 1:
            homes = (*homes[:suit], -1, *homes[suit + 1:])
        levels = (*levels[:suit], rank - 1, *levels[suit + 1:])
        state = ups, downs, levels, cycle, shown, redeals, homes
        return self._put(state, bytes((suit * 16 + rank,)), target)

    def _targets(self, ups: Sequence[bytes], card: int, source: int, every_empty: bool = False) -> list[int]:
        """The piles `card` may go onto (a King: the first empty pile, or every one)."""
        if card & 15 == 13:
            empty = [index for index, up in enumerate(ups) if not up and index != source]
            # A pile with no face-up card and face-down cards does not exist (one turns up).
            return empty if every_empty else empty[:1]
        return [index for index, up in enumerate(ups) if up and index != source and _fits(card, up[-1])]

    def children(self, state: State) -> list[tuple[Step, State]]:
        return self._children(state, False)

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """`children` less the moves that rarely help: part of a run moves only to let the
        card it uncovers go up, and no card comes down from a foundation."""
        return self._children(state, True)

    def _children(self, state: State, hunch: bool) -> list[tuple[Step, State]]:
        if not self.alive(state):
            return []
        return self._steps(state, hunch)

    def level_steps(self, state: State) -> list[tuple[Step, State]]:
        """The hunch's steps that click nothing (the waste's top card is the only one of the
        stock's they play), for the beam hunt (aisle.solver.beam: each click begins a level,
        `next_level`)."""
        if not self.alive(state):
            return []
        return self._steps(state, True, in_place=True)

    def next_level(self, state: State) -> tuple[Step, State] | None:
        """One click on the stock (a redeal when it is empty) and the position after it; None
        when the stock is empty and no redeal is left."""
        return (("deal",), self._click(state)) if self._can_click(state) else None

    def played(self, state: State, step: Step) -> State:
        """The position after `step` (one of `level_steps`' or `next_level`'s), from `state`."""
        if step[0] == "deal":
            return self._click(state)
        return next(child for done, child in self._steps(state, True, in_place=True) if done == step)

    def beam_estimates(self) -> tuple[Callable[[State], int]]:
        return (beam_estimate,)

    def alive(self, state: State) -> bool:
        """Whether the dead-end tests let the position live (the light model: the cheap one
        only)."""
        ups, downs, levels, cycle, shown, _, _ = state
        if self._light:
            return not self._lost(ups, downs)
        coarse = self._coarse
        # With no redeal left, only the waste's top card can leave: the coarse game knows it
        # (in smaller searches: such questions are many, each place in the stock another). The
        # stock's order is left to `hopeless`: kept in these questions, it made each far
        # dearer than the real positions it saved (one-pass deal 3: 2,563 real positions in
        # 10 s, against 49,155). With one pass from the start, an empty waste is one more
        # place in the stock: its question has the same bound as the others.
        if self._redeal_left(state) or (not shown and self.max_redeals):
            alive = coarse.live((downs, levels, coarse.committed(cycle, levels), b"", b""))
        else:
            alive = coarse.live((downs, levels, coarse.committed(cycle, levels), cycle[:shown], b""),
                                STACKED_QUERY_KEPT)
        if not alive:
            return False
        # The one-pass test below finds nothing the coarse game does not (on every deal
        # measured); it stands in while the coarse game is out of credit.
        return not (coarse.out_of_credit() and self._lost(ups, downs))

    def _steps(self, state: State, hunch: bool, in_place: bool = False) -> list[tuple[Step, State]]:
        """The steps from a position the dead-end tests let live, best first (`in_place`: none
        that clicks the stock)."""
        ups, downs, levels, cycle, shown, _, _ = state
        # A safe card goes up alone (from the waste only when one card is dealt at a time).
        for index, up in enumerate(ups):
            if up:
                card = up[-1]
                if levels[card >> 4] == (card & 15) - 1 and settled_code(card, levels):
                    return [(("up", index), self._put(self._take(state, index, 1), up[-1:], _HOME))]
        if shown and self.draw == 1:
            card = cycle[shown - 1]
            if levels[card >> 4] == (card & 15) - 1 and settled_code(card, levels):
                return [(("waste", 0, _HOME), self._put(self._from_waste(state), bytes((card,)), _HOME))]
        scored: list[tuple[int, int, Step, State]] = []
        takers = _takers(ups)
        for index, up in enumerate(ups):
            if not up:
                continue
            down = downs[index]
            card = up[-1]
            if levels[card >> 4] == (card & 15) - 1:
                priority = _P_UP_TURN if len(up) == 1 and down else _P_UP
                scored.append((priority, len(scored), ("up", index),
                               self._put(self._take(state, index, 1), up[-1:], _HOME)))
            length = len(up)
            for count in range(1, length + 1):
                card = up[-count]
                if count == length:
                    if down:
                        # the pile with the most (or, reordered, fewest) face-down cards first
                        priority = _P_TURN + (9 - min(down, 9) if self._fewest_first else min(down, 9))
                    elif card & 15 == 13:
                        continue  # a King with nothing under it is where it can be
                    else:
                        priority = _P_EMPTY
                else:
                    uncovered = up[-count - 1]
                    if hunch and levels[uncovered >> 4] != (uncovered & 15) - 1:
                        continue
                    priority = _P_SHIFT
                for target in takers.get(card, ()):
                    scored.append((priority, len(scored), ("pile", index, count, target),
                                   self._shift(state, index, count, target)))
        shows = self._shows(state)
        if in_place:
            shows = shows[:1] if shows and not shows[0][0] else []
        for clicks, at, spent, priority in shows:
            card = cycle[at - 1]
            up_too = levels[card >> 4] == (card & 15) - 1
            targets = takers.get(card, ())
            if not (up_too or targets):
                continue
            # The card leaves the cycle; the waste then shows the one before it.
            taken = (ups, downs, levels, cycle[:at - 1] + cycle[at:], at - 1, spent, state[6])
            if up_too:
                scored.append((priority + 8, len(scored), ("waste", clicks, _HOME),
                               self._put(taken, bytes((card,)), _HOME)))
            for target in targets:
                scored.append((priority, len(scored), ("waste", clicks, target),
                               self._put(taken, bytes((card,)), target)))
        for suit in range(0 if hunch else 4):  # the hunch never takes a card down
            rank = levels[suit]
            if rank <= 2:
                continue  # an ace or a two would go straight back up
            card = suit * 16 + rank
            lower = (*levels[:suit], rank - 1, *levels[suit + 1:])
            if settled_code(card, lower):
                continue  # it would go straight back up
            for target in takers.get(card, ()):
                scored.append((_P_DOWN, len(scored), ("down", suit, target), self._down(state, suit, target)))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(step, child) for _, _, step, child in scored]

    def _shows(self, state: State) -> list[tuple[int, int, int, int]]:
        """Each waste the stock can show (from no click on), with the fewest clicks and
        redeals that show it: (clicks, cards in the waste, redeals used, priority)."""
        found: list[tuple[int, int, int, int]] = []
        cycle, shown, redeals = state[3], state[4], state[5]
        total, draw = len(cycle), self.draw
        redeal_left = self.max_redeals is None or redeals < self.max_redeals
        reached: set[int] = set()
        clicks = 0
        while shown not in reached:  # the same waste again would only spend more redeals
            reached.add(shown)
            if shown:
                priority = _P_WASTE if clicks == 0 else _P_STOCK - min(clicks, 30) // 3
                found.append((clicks, shown, redeals, priority))
            if shown < total:
                shown = min(shown + draw, total)
            elif shown and redeal_left:
                shown = 0
                redeals += 1
                redeal_left = self.max_redeals is None or redeals < self.max_redeals
            else:
                break
            clicks += 1
        return found

    def legal(self, state: State) -> list[tuple[Action, State]]:
        ups, _, levels, cycle, shown, _, homes = state
        found: list[tuple[Action, State]] = []

        def up_targets(card: int) -> list[int]:
            if card & 15 == 1:
                return [index for index in range(4) if index not in homes]
            return [homes[card >> 4]] if levels[card >> 4] == (card & 15) - 1 else []

        def home(state: State, card: int, foundation: int) -> State:
            child = self._put(state, bytes((card,)), _HOME)
            if card & 15 == 1:
                suit = card >> 4
                child = (*child[:6], (*homes[:suit], foundation, *homes[suit + 1:]))
            return child

        for index, up in enumerate(ups):
            for foundation in up_targets(up[-1]) if up else ():
                found.append((Move(self.pile_ids[index], 1, self.foundation_ids[foundation]),
                              home(self._take(state, index, 1), up[-1], foundation)))
            for count in range(1, len(up) + 1):
                for target in self._targets(ups, up[-count], index, every_empty=True):
                    found.append((Move(self.pile_ids[index], count, self.pile_ids[target]),
                                  self._put(self._take(state, index, count), up[-count:], target)))
        if shown:
            card = cycle[shown - 1]
            taken = self._from_waste(state)
            for foundation in up_targets(card):
                found.append((Move("waste", 1, self.foundation_ids[foundation]),
                              home(taken, card, foundation)))
            for target in self._targets(ups, card, -1, every_empty=True):
                found.append((Move("waste", 1, self.pile_ids[target]),
                              self._put(taken, bytes((card,)), target)))
        for suit in range(4):
            if not levels[suit]:
                continue
            source = self.foundation_ids[homes[suit]]
            card = suit * 16 + levels[suit]
            for target in self._targets(ups, card, -1, every_empty=True):
                found.append((Move(source, 1, self.pile_ids[target]), self._down(state, suit, target)))
            if levels[suit] == 1:
                for foundation in up_targets(card):
                    moved = (*homes[:suit], foundation, *homes[suit + 1:])
                    found.append((Move(source, 1, self.foundation_ids[foundation]), (*state[:6], moved)))
        if self._can_click(state):
            found.append((Deal(), self._click(state)))
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        kind = step[0]
        homes = state[6]

        def home_of(card: int) -> str:
            index = homes[card >> 4]
            if index < 0:
                index = min(free for free in range(4) if free not in homes)
            return self.foundation_ids[index]

        if kind == "up":
            source = int(step[1])
            return (Move(self.pile_ids[source], 1, home_of(state[0][source][-1])),)
        if kind == "pile":
            _, pile, count, target = step
            return (Move(self.pile_ids[int(pile)], int(count), self.pile_ids[int(target)]),)
        if kind == "waste":
            _, clicks, target = step
            shown_state = state
            for _ in range(int(clicks)):
                shown_state = self._click(shown_state)
            card = shown_state[3][shown_state[4] - 1]
            goal = home_of(card) if target == _HOME else self.pile_ids[int(target)]
            return (*[Deal()] * int(clicks), Move("waste", 1, goal))
        if kind == "down":
            _, suit, target = step
            return (Move(self.foundation_ids[homes[int(suit)]], 1, self.pile_ids[int(target)]),)
        if kind == "deal":
            return (Deal(),)
        raise ValueError(f"not a Klondike step: {step}")


def beam_estimate(state: State) -> int:
    """How far the position looks from a win, for the beam hunt (lower is better): each
    face-down card weighs most (its pile must be cleared down to it), then each card not up,
    then each card still in the stock and waste."""
    _, downs, levels, cycle, _, _, _ = state
    return 10 * sum(downs) + 2 * (52 - sum(levels)) + len(cycle)
