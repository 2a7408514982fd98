"""A plain search to check a solver model's verdicts against: every position reached through the
game's own legal actions, none skipped and none folded into another, with a bound on the positions
it may see so that a test stays short."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from aisle.engine import Board, Game, Status
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game
from aisle.testing.conformance import Position, position
from aisle.variant import Variant

_Game = TypeVar("_Game", bound=Variant)


def plain_verdict(game: Game, limit: int = 20_000) -> bool | None:
    """Whether any sequence of legal actions wins from `game`'s position; None when that would
    take more than `limit` positions to tell."""
    seen: set[Position] = set()
    waiting = [copy_game(game)]
    while waiting:
        current = waiting.pop()
        if current.status is Status.WON:
            return True
        if current.status is not Status.PLAYING:
            continue
        key = position(current)
        if key in seen:
            continue
        if len(seen) >= limit:
            return None
        seen.add(key)
        for action in current.variant.legal_actions(current.board):
            child = copy_game(current)
            child.play(action)
            waiting.append(child)
    return False


def verdicts_against_plain_search(games: Iterable[Game], limit: int = 20_000,
                                  wanted: int = 6) -> list[Verdict]:
    """The solver's verdict on each position the plain search decides within `limit` positions,
    each checked against it; it stops once `wanted` positions are decided both ways (`wanted`
    in all, at least one won and one lost, if the positions allow)."""
    verdicts: list[Verdict] = []
    for number, game in enumerate(games):
        winnable = plain_verdict(game, limit)
        if winnable is None:
            continue
        # The model folds positions, so it never needs more than the plain search did.
        result = solve(game, Budget(120.0, limit * 2, cpu=True))
        expected = Verdict.WON if winnable else Verdict.LOST
        assert result.verdict is expected, f"position {number}: the solver says {result.verdict.name}"
        verdicts.append(result.verdict)
        if len(verdicts) >= wanted and len(set(verdicts)) == 2:
            break
    return verdicts


def without_solver_knowledge(variant: type[_Game]) -> type[_Game]:
    """`variant` with none of its solver knowledge (no model, key, spent count or steps): the
    solver then tells every card apart and tries every legal action, the plain search to
    compare a game's own solver knowledge with."""

    class Plain(variant):  # type: ignore[valid-type, misc]
        def solver_model(self, board: Board) -> None:
            return None

        def solver_key(self, board: Board) -> None:
            return None

        def solver_spent(self, board: Board) -> int:
            return 0

        def solver_steps(self, board: Board) -> None:
            return None

        def solver_quick_steps(self, board: Board) -> None:
            return None

    Plain.__name__ = Plain.__qualname__ = f"Plain{variant.__name__}"
    return Plain
