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

from aisle.engine import Deal, DoubleClick, Game, IllegalAction, Move, Status
from aisle.engine.actions import Action
from aisle.variant import Variant

Position = tuple[Any, ...]
Check = Callable[[type[Variant], Mapping[str, str]], None]

RANDOM_STEPS = 320
SEEDS = (1, 2, 77)
#: Every how many random steps the exhaustive "legal means accepted, illegal means refused"
#: sweep runs (it tries every possible move, which is slow with many slots).
SWEEP_EVERY = 40


def position(game: Game) -> Position:
    """Everything that decides the game's future, as a comparable value."""
    piles = tuple((slot.id, tuple((card.id, card.face_up) for card in slot.cards))
                  for slot in game.slots)
    return piles, tuple(sorted(game.state.items()))


def _label(variant: type[Variant], options: Mapping[str, str], seed: int | None = None) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    return f"{variant.id} ({shown})" + (f" deal {seed}" if seed is not None else "")


# -- the checks ---------------------------------------------------------------------------
def check_deal_holds_every_card(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in SEEDS:
        game = Game.new(variant, seed, options)
        where = _label(variant, options, seed)
        cards = [card for slot in game.slots for card in slot.cards]
        ids = Counter(card.id for card in cards)
        assert len(cards) == 52 * variant.decks, f"{where}: {len(cards)} cards on the table"
        assert all(n == 1 for n in ids.values()), f"{where}: a card lies in two places"
        faces = Counter((card.rank, card.suit) for card in cards)
        assert len(faces) == 52 and set(faces.values()) == {variant.decks}, (
            f"{where}: some card is not there exactly {variant.decks} time(s)"
        )
        assert game.status is Status.PLAYING, f"{where}: the deal is already {game.status}"
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
    legal = game.legal_actions()
    assert len(legal) == len(set(legal)), f"{where}: legal_actions() lists an action twice"
    allowed = set(legal)
    for action in every_possible_action(game):
        if action in allowed:
            try:
                game.play(action)
            except IllegalAction as error:
                raise AssertionError(f"{where}: listed {action} refused: {error.why_not.msgid}") from None
            _conserved(game, f"{where}, after {action}")
            game.undo()
            assert position(game) == before, f"{where}: undo of {action} did not restore the table"
        else:
            try:
                game.play(action)
            except IllegalAction as error:
                assert error.why_not.translate().strip(), f"{where}: {action} refused without a reason"
                assert position(game) == before, f"{where}: refused {action} changed the table"
                continue
            raise AssertionError(f"{where}: {action} is not in legal_actions() but was accepted")
    for slot in game.slots:
        try:
            game.double_click(slot.id)
        except IllegalAction:
            assert position(game) == before, f"{where}: refused double-click changed the table"
            continue
        _conserved(game, f"{where}, double-click on {slot.id}")
        game.undo()
        assert position(game) == before, f"{where}: undo of a double-click on {slot.id} failed"


def _check_hint(game: Game, where: str) -> None:
    hint = game.hint()
    if hint is None:
        return
    assert hint.text.translate().strip(), f"{where}: an empty hint"
    if hint.action is not None and not isinstance(hint.action, DoubleClick):
        refusal = game.why_not(hint.action)
        assert refusal is None, f"{where}: the hint suggests {hint.action}, which is illegal"


def random_play(
    variant: type[Variant], options: Mapping[str, str], seed: int, steps: int = RANDOM_STEPS,
    sweep_every: int = SWEEP_EVERY,
) -> Game:
    """Play `steps` random legal actions (with some undo and redo), checking as it goes."""
    game = Game.new(variant, seed, options)
    chooser = random.Random(seed * 7919 + len(variant.id))
    for step in range(steps):
        where = f"{_label(variant, options, seed)} step {step}"
        if sweep_every and step % sweep_every == 0:
            _sweep(game, where)
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
                game.play(chooser.choice(actions))
        _conserved(game, where)
    return game


def check_random_play(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in SEEDS:
        random_play(variant, options, seed)


def check_undo_redo_everything(variant: type[Variant], options: Mapping[str, str]) -> None:
    for seed in SEEDS:
        where = _label(variant, options, seed)
        game = random_play(variant, options, seed, steps=150, sweep_every=0)
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
    for seed in SEEDS:
        where = _label(variant, options, seed)
        game = random_play(variant, options, seed, steps=120, sweep_every=0)
        for _ in range(min(5, len(game.history))):
            game.undo()  # keep a redo list, which must survive too
        game.elapsed = 123.5
        text = game.to_json()
        restored = Game.from_json(text, {variant.id: variant})
        assert position(restored) == position(game), f"{where}: restored position differs"
        assert restored.to_json() == text, f"{where}: save, restore, save is not the same"
        assert restored.legal_actions() == game.legal_actions(), f"{where}: legal actions differ"
        assert (restored.score, restored.status) == (game.score, game.status), where
        assert (restored.moves, restored.elapsed) == (game.moves, game.elapsed), where


CHECKS: dict[str, Check] = {
    "deal holds every card": check_deal_holds_every_card,
    "same seed same deal": check_same_seed_same_deal,
    "random play": check_random_play,
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
