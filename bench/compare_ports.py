"""Compare a game as it is now with the same game at an older commit, move by move.

    python bench/compare_ports.py 61edcd4 yukon freecell --games 200 --steps 150

The old plugin package is taken out of git (``git show <commit>:plugins/aisle_<game>/...``) into
a temporary folder under another module name, so both versions load side by side. For every
option combination, random games are played in both at once; at every step the two must agree
on the legal actions, every refusal (each pick-up and each drop, with its text), the hint, the
score, the status and its line, and the position after a double-click on every slot and after
Send All Up. Undo is mixed in. The first difference is printed with the deal and the moves that
led to it, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from aisle.engine import Game, IllegalAction, Move
from aisle.engine.actions import Action
from aisle.variant import Variant

ROOT = Path(__file__).resolve().parent.parent


def old_variant(commit: str, game: str, new: type[Variant], into: Path) -> type[Variant]:
    """The game's Variant class as it was at `commit`, imported as legacy_<package>."""
    package = new.__module__.split(".")[0]
    legacy = f"legacy_{package}"
    listing = subprocess.run(["git", "ls-tree", "--name-only", f"{commit}:plugins/{package}"],
                             cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    folder = into / legacy
    folder.mkdir()
    for name in listing:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "show", f"{commit}:plugins/{package}/{name}"], cwd=ROOT,
                              check=True, capture_output=True, text=True).stdout
        (folder / name).write_text(re.sub(rf"\b{package}\b", legacy, text), encoding="utf-8")
    if str(into) not in sys.path:
        sys.path.insert(0, str(into))
    module = importlib.import_module(legacy)
    return getattr(module, new.__name__)  # type: ignore[no-any-return]


def snapshot(game: Game) -> Any:
    """Everything the player or a test can see of the position."""
    hint = game.hint()
    return (
        tuple((slot.id, tuple((card.id, card.face_up) for card in slot.cards)) for slot in game.slots),
        tuple(sorted(game.state.items())),
        [str(action) for action in game.legal_actions()],
        game.score, game.max_score, game.status,
        None if game.status_text is None else str(game.status_text.translate()),
        None if hint is None else (str(hint.text.translate()), str(hint.action)),
    )


def refusals(game: Game) -> list[Any]:
    """Every pick-up and drop the player could try, with the answer."""
    seen = []
    for source in game.slots:
        for count in range(1, len(source.cards) + 1):
            refusal = game.pick_up_refusal(source.id, count)
            seen.append((source.id, count, None if refusal is None else refusal.translate()))
            if refusal is not None:
                continue
            for target in game.slots:
                if target is not source:
                    why = game.why_not(Move(source.id, count, target.id))
                    seen.append((source.id, count, target.id, None if why is None else why.translate()))
    return seen


def after(game: Game, action: Any) -> Any:
    """The position after `action` (a double-click or Send All Up), then undone."""
    try:
        events = action()
    except IllegalAction as refused:
        return ("refused", refused.why_not.translate())
    shown = snapshot(game)
    if events:
        game.undo()
    return shown


def compare(old: type[Variant], new: type[Variant], games: int, steps: int, seed: int) -> str | None:
    chance = random.Random(seed)
    for options in new.option_combinations():
        for _ in range(games):
            deal = chance.randrange(1, 1_000_000)
            a, b = Game.new(old, deal, options), Game.new(new, deal, options)
            played: list[str] = []
            for step in range(steps):
                where = f"{new.id} {options} deal {deal} after {played}"
                if snapshot(a) != snapshot(b):
                    return f"{where}: positions, moves, hint or status differ:\n{snapshot(a)}\n{snapshot(b)}"
                if step % 5 == 0 and refusals(a) != refusals(b):
                    pairs = zip(refusals(a), refusals(b), strict=False)
                    diff = [pair for pair in pairs if pair[0] != pair[1]]
                    return f"{where}: refusals differ: {diff[:3]}"
                if step % 7 == 0:
                    for slot in a.slots:
                        if after(a, lambda s=slot.id, g=a: g.double_click(s)) != after(
                                b, lambda s=slot.id, g=b: g.double_click(s)):
                            return f"{where}: double-click on {slot.id} differs"
                    if after(a, a.send_all_up) != after(b, b.send_all_up):
                        return f"{where}: Send All Up differs"
                actions: list[Action] = a.legal_actions()
                if not actions:
                    break
                if a.can_undo and chance.random() < 0.1:
                    a.undo()
                    b.undo()
                    played.append("undo")
                    continue
                action = chance.choice(actions)
                a.play(action)
                b.play(action)
                played.append(str(action))
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--games", dest="count", type=int, default=100)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from aisle.registry.loading import available_variants

    known = available_variants()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            new = known[game].variant
            old = old_variant(args.commit, game, new, Path(folder))
            problem = compare(old, new, args.count, args.steps, args.seed)
            combos = len(new.option_combinations())
            print(f"{game}: {'DIFFERS' if problem else 'same'} "
                  f"({combos} option sets × {args.count} games × up to {args.steps} steps)")
            if problem:
                print("  " + problem[:3000])
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
