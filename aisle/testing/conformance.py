"""The conformance kit: invariants every game must keep, for every option combination.

Use it from pytest in a plugin's own tests::

    from aisle.testing import conformance
    test_my_game = conformance(MyGame)

or call `check_variant(MyGame)` anywhere; a broken invariant raises `AssertionError` that says
which check, which options, which deal and which step.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from aisle.engine import Deal, DoubleClick, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.engine.actions import Action
from aisle.engine.save import game_from_json
from aisle.source_text import source_text
from aisle.variant import Variant

Position = tuple[Any, ...]
Check = Callable[[type[Variant], Mapping[str, str]], None]

RANDOM_STEPS = 320
SEEDS = (1, 2, 77)
#: Every how many random steps the exhaustive "legal means accepted, illegal means refused"
#: sweep runs (it plays and undoes every possible move, which is slow with many slots). The
#: cheaper agreement check (`check_agreement`) runs at every step.
SWEEP_EVERY = 40
#: Deals played by their hints, and the most hints followed in each (hints never loop, so a game
#: ends sooner: won, lost, or a hint with advice only).
HINTED_SEEDS = (1, 2)
HINTED_STEPS = 600
#: How many deal numbers after each of `SEEDS` are looked at for one still being played once
#: dealt (`playing_seeds`).
PLAYING_SEARCH = 40


def position(game: Game) -> Position:
    """Everything that decides the game's future, as a comparable value."""
    piles = tuple((slot.id, tuple((card.id, card.face_up) for card in slot.cards))
                  for slot in game.slots)
    return piles, tuple(sorted(game.state.items()))


def _outline(game: Game) -> Position:
    """A cheap stand-in for `position`: each pile's size and top card, and the game's values.
    A change it misses is still caught by the full comparison at the end of a sweep."""
    tops = tuple((len(slot.cards), slot.cards[-1].id, slot.cards[-1].face_up) if slot.cards
                 else (0,) for slot in game.slots)
    return tops, tuple(sorted(game.state.items()))


def _label(variant: type[Variant], options: Mapping[str, str], seed: int | None = None) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    return f"{variant.id} ({shown})" + (f" deal {seed}" if seed is not None else "")


def playing_seeds(variant: type[Variant], options: Mapping[str, str],
                  seeds: tuple[int, ...] = SEEDS) -> tuple[int, ...]:
    """For each of `seeds`, that deal number or the next one whose game is still being played
    once dealt (a deal may be over at once: lost, when every card is in sight and none can ever
    go up), none taken twice; the checks that play use these (worked out once per game,
    options and seeds)."""
    key = (variant, tuple(sorted(options.items())), seeds)
    known = _PLAYING.get(key)
    if known is not None:
        return known
    chosen: list[int] = []
    for seed in seeds:
        found = next((number for number in range(seed, seed + PLAYING_SEARCH)
                      if number not in chosen
                      and Game.new(variant, number, options).status is Status.PLAYING), None)
        if found is None:
            raise AssertionError(f"{_label(variant, options)}: deals {seed} to "
                                 f"{seed + PLAYING_SEARCH - 1} are all over as soon as dealt")
        chosen.append(found)
    _PLAYING[key] = tuple(chosen)
    return _PLAYING[key]


#: `playing_seeds` worked out so far.
_PLAYING: dict[tuple[type[Variant], tuple[tuple[str, str], ...], tuple[int, ...]], tuple[int, ...]] = {}


# -- the checks ---------------------------------------------------------------------------
def check_deal_holds_every_card(variant: type[Variant], options: Mapping[str, str]) -> None:
    playing_seeds(variant, options)  # some deals are played, not over as they are dealt
    for seed in SEEDS:
        game = Game.new(variant, seed, options)
        where = _label(variant, options, seed)
        cards = [card for slot in game.slots for card in slot.cards]
        ids = Counter(card.id for card in cards)
        assert len(cards) == 52 * variant.decks, f"{where}: {len(cards)} cards on the table"
        assert all(n == 1 for n in ids.values()), f"{where}: a card lies in two places"
        faces = Counter((card.rank, card.suit) for card in cards)
        deck = Counter((c.rank, c.suit) for c in new_deck(variant.decks, game.variant.deck_suits()))
        assert faces == deck, f"{where}: some card is not there as often as the decks hold it"
        assert 0 <= game.score <= game.max_score, f"{where}: score {game.score} out of range"


def check_same_seed_same_deal(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in SEEDS:
        first, again = Game.new(variant, seed, options), Game.new(variant, seed, options)
        assert position(first) == position(again), f"{_label(variant, options, seed)} differs"
    deals = {position(Game.new(variant, seed, options)) for seed in SEEDS}
    assert len(deals) == len(SEEDS), f"{_label(variant, options)}: different deal numbers, same deal"


def _conserved(game: Game, where: str) -> None:
    seen = Counter(card.id for slot in game.slots for card in slot.cards)
    assert len(seen) == len(game.cards) and max(seen.values()) == 1, f"{where}: cards lost or doubled"
    assert all(game.cards[card.id] is card for slot in game.slots for card in slot.cards), (
        f"{where}: a card was replaced by another object"
    )


def every_possible_action(game: Game) -> Iterator[Action]:
    """Every move of any count between any two slots, and the stock click."""
    for source in game.slots:
        for count in range(1, len(source.cards) + 1):
            for target in game.slots:
                if target is not source:
                    yield Move(source.id, count, target.id)
    yield Deal()


def _sweep(game: Game, where: str) -> None:
    """Legal actions are accepted and undo cleanly; every other action is refused with a reason."""
    before = position(game)
    outline = _outline(game)
    legal = game.legal_actions()
    assert len(legal) == len(set(legal)), f"{where}: legal_actions() lists an action twice"
    allowed = set(legal)
    for action in every_possible_action(game):
        if action in allowed:
            try:
                game.play(action)
            except IllegalAction as error:
                reason = source_text(error.why_not)
                raise AssertionError(f"{where}: listed {action} refused: {reason}") from None
            _conserved(game, f"{where}, after {action}")
            game.undo()
            assert position(game) == before, f"{where}: undo of {action} did not restore the table"
        else:
            try:
                game.play(action)
            except IllegalAction as error:
                assert error.why_not.translate().strip(), f"{where}: {action} refused without a reason"
                assert _outline(game) == outline, f"{where}: refused {action} changed the table"
                continue
            raise AssertionError(f"{where}: {action} is not in legal_actions() but was accepted")
    assert position(game) == before, f"{where}: a refused move changed the table"
    for slot in game.slots:
        try:
            game.double_click(slot.id)
        except IllegalAction:
            assert position(game) == before, f"{where}: refused double-click changed the table"
            continue
        _conserved(game, f"{where}, double-click on {slot.id}")
        game.undo()
        assert position(game) == before, f"{where}: undo of a double-click on {slot.id} failed"


def check_agreement(game: Game, where: str) -> None:
    """`legal_actions()` lists exactly the actions the refusal methods allow, each once.

    Nothing is played: the variant's own list is compared with the one the generic
    `Variant.legal_actions` builds by asking `pick_up_refusal`, `drop_refusal` and
    `stock_refusal` about every pick-up and target. Cheap enough for every step of play.
    """
    listed = game.legal_actions()
    assert len(listed) == len(set(listed)), f"{where}: legal_actions() lists an action twice"
    if game.status is not Status.PLAYING:
        return
    variant = game.variant
    if type(variant).legal_actions is Variant.legal_actions:
        return  # the generic list is the refusal methods' answer by construction
    allowed = Variant.legal_actions(variant, game.board)
    listed_set, allowed_set = set(listed), set(allowed)
    missing = [action for action in allowed if action not in listed_set]
    if missing:
        raise AssertionError(f"{where}: {missing[0]} is not in legal_actions() but the refusal "
                             f"methods allow it ({len(missing)} such action(s))")
    extra = [action for action in listed if action not in allowed_set]
    if extra:
        refusal = game.why_not(extra[0])
        reason = source_text(refusal) if refusal is not None else "no reason"
        raise AssertionError(f"{where}: legal_actions() lists {extra[0]}, which the refusal "
                             f"methods refuse ({reason})")


def _check_hint(game: Game, where: str) -> None:
    hint = game.hint()
    if hint is None:
        return
    assert hint.text.translate().strip(), f"{where}: an empty hint"
    if hint.action is not None and not isinstance(hint.action, DoubleClick):
        refusal = game.why_not(hint.action)
        assert refusal is None, f"{where}: the hint suggests {hint.action}, which is illegal"


def _cards_left(game: Game, action: Action) -> int:
    """How many cards a move leaves in a tableau or reserve pile it takes from (else a lot)."""
    if isinstance(action, Move):
        source = game.slot(action.source)
        if source.kind in (SlotKind.TABLEAU, SlotKind.RESERVE):
            return len(source.cards) - action.count
    return 1 << 30


def _choose(game: Game, actions: list[Action], chooser: random.Random, empty_piles: bool) -> Action:
    if empty_piles and chooser.random() < 0.5:
        fewest = min(_cards_left(game, action) for action in actions)
        actions = [action for action in actions if _cards_left(game, action) == fewest]
    return chooser.choice(actions)


def random_play(
    variant: type[Variant], options: Mapping[str, str], seed: int, steps: int = RANDOM_STEPS,
    sweep_every: int = SWEEP_EVERY, agreement: bool = True, empty_piles: bool = False,
    checked: set[Position] | None = None,
) -> Game:
    """Play `steps` random legal actions (with some undo and redo), checking as it goes: the
    agreement of `legal_actions` and the refusals, and the hint, at every step (unless
    `agreement` is false), the full sweep every `sweep_every` steps (never when 0).

    Both depend on the position alone, so a position met again (after an undo, or where a
    finished game is undone and played again) is not checked twice; `checked` may carry the
    positions checked already from one walk to the next.

    With `empty_piles`, every other move on average is one that leaves a tableau or reserve
    pile with the fewest cards, so the play reaches positions with empty piles, which purely
    random play rarely does in games with long piles.
    """
    game = Game.new(variant, seed, options)
    chooser = random.Random(seed * 7919 + len(variant.id))
    label = _label(variant, options, seed) + (" (emptying piles)" if empty_piles else "")
    seen: set[Position] = set() if checked is None else checked
    for step in range(steps):
        where = f"{label} step {step}"
        if sweep_every and step % sweep_every == 0:
            _sweep(game, where)
            _check_hint(game, where)
        elif agreement:
            here = position(game)
            if here not in seen:
                seen.add(here)
                check_agreement(game, where)
                _check_hint(game, where)
        else:
            _check_hint(game, where)
        assert 0 <= game.score <= game.max_score, f"{where}: score {game.score} out of range"
        roll = chooser.random()
        if roll < 0.05 and game.can_undo:
            game.undo()
        elif roll < 0.08 and game.can_redo:
            game.redo()
        else:
            actions = game.legal_actions()
            if not actions:
                if game.status is Status.PLAYING:
                    raise AssertionError(f"{where}: no legal action but the game is still on")
                if not game.can_undo:
                    break
                game.undo()
            else:
                game.play(_choose(game, actions, chooser, empty_piles))
        _conserved(game, where)
    return game


def check_random_play(variant: type[Variant], options: Mapping[str, str]) -> None:
    # First a walk that seeks empty piles: what may go onto an empty pile ("anything", "only a
    # King") is where legal_actions and the refusals most often part ways. Its positions are
    # checked for agreement only; the walks below play every move in their sweeps.
    checked: set[Position] = set()
    seeds = playing_seeds(variant, options)
    random_play(variant, options, seeds[0], sweep_every=0, empty_piles=True, checked=checked)
    for seed in seeds:
        random_play(variant, options, seed, checked=checked)


def check_hinted_play(variant: type[Variant], options: Mapping[str, str]) -> None:
    """Deals played by their hints, checked at every step as random play is (`legal_actions`
    against the refusals, the hint legal, the cards all there, the score in range). Hints go
    where random play seldom does: long runs built in order, foundations nearly full, the end
    of a game; where a fast `legal_actions` most often forgets a case."""
    for seed in playing_seeds(variant, options, HINTED_SEEDS):
        game = Game.new(variant, seed, options)
        label = _label(variant, options, seed) + " by its hints"
        for step in range(HINTED_STEPS):
            where = f"{label} step {step}"
            check_agreement(game, where)
            _check_hint(game, where)
            assert 0 <= game.score <= game.max_score, f"{where}: score {game.score} out of range"
            hint = game.hint()
            if game.status is not Status.PLAYING or hint is None or hint.action is None:
                break
            game.play(hint.action)
            _conserved(game, where)


def check_undo_redo_everything(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in playing_seeds(variant, options):
        where = _label(variant, options, seed)
        game = random_play(variant, options, seed, steps=150, sweep_every=0, agreement=False)
        while game.can_redo:
            game.redo()
        end = position(game)
        steps = len(game.history)
        while game.can_undo:
            game.undo()
        assert position(game) == position(Game.new(variant, seed, options)), (
            f"{where}: undoing everything did not return to the deal"
        )
        for _ in range(steps):
            game.redo()
        assert position(game) == end, f"{where}: redoing everything did not return to the end"


def check_save_restore(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in playing_seeds(variant, options):
        where = _label(variant, options, seed)
        game = random_play(variant, options, seed, steps=120, sweep_every=0, agreement=False)
        for _ in range(min(5, len(game.history))):
            game.undo()  # keep a redo list, which must survive too
        game.elapsed = 123.5
        text = game.to_json()
        restored = game_from_json(text, {variant.id: variant}.__getitem__)
        assert position(restored) == position(game), f"{where}: restored position differs"
        assert restored.to_json() == text, f"{where}: save, restore, save is not the same"
        assert restored.legal_actions() == game.legal_actions(), f"{where}: legal actions differ"
        assert (restored.score, restored.status) == (game.score, game.status), where
        assert (restored.moves, restored.elapsed) == (game.moves, game.elapsed), where


CHECKS: dict[str, Check] = {
    "deal holds every card": check_deal_holds_every_card,
    "same seed same deal": check_same_seed_same_deal,
    "random play": check_random_play,
    "hinted play": check_hinted_play,
    "undo and redo everything": check_undo_redo_everything,
    "save and restore": check_save_restore,
}


def check_variant(variant: type[Variant]) -> None:
    """Run every check for every option combination; raises AssertionError on the first failure."""
    for options in variant.option_combinations():
        for check in CHECKS.values():
            check(variant, options)


def conformance(variant: type[Variant]) -> Callable[..., None]:
    """A pytest test function, parametrized over checks and option combinations."""
    import pytest

    cases = [
        pytest.param(name, options, id=f"{name.replace(' ', '-')}[{_options_id(options)}]")
        for options in variant.option_combinations()
        for name in CHECKS
    ]

    @pytest.mark.parametrize(("check", "options"), cases)
    def test_conformance(check: str, options: dict[str, str]) -> None:
        CHECKS[check](variant, options)

    test_conformance.__name__ = f"test_conformance_{variant.id.replace('-', '_')}"
    return test_conformance


def _options_id(options: Mapping[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"
