"""Section 2 of the plugin author's guide, "Refusals do not travel alone", and the kit game's
solver steps of section 13 say what the code does: a kit game that overrides a refusal works out
`legal_actions`, `double_click` and `safe_up_move` from its roles all the same; the conformance
kit catches the first two, a game played with automatic moves the third; and a kit game with a
rule of its own is solved on the board, where its `solver_steps` count. (No Qt here.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aisle.engine import Board, Game, Move, Slot, SlotKind, VariantError
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, Foundations, KitVariant, Rest, Rows, Stock, Tableau
from aisle.solver import Budget, Verdict, solve
from aisle.testing import check_variant
from aisle.variant import Variant

GUIDE = (Path(__file__).resolve().parents[1] / "plugins" / "README.md").read_text(encoding="utf-8")
KIT = GUIDE[GUIDE.index("\n## 2. "):GUIDE.index("\n## 3. ")]
SOLVER = GUIDE[GUIDE.index("\n## 13. "):GUIDE.index("\n## 14. ")]
TOGETHER = KIT[KIT.index("**Refusals do not travel alone.**"):KIT.index("### A hint that only")]


class NothingUp(KitVariant):
    """A kit game whose drop_refusal lets no card go up: the kit's other methods do not know."""

    id = "nothing-up"
    name = T("Nothing Up")
    description = T("No card goes up.")
    table = (Stock(at=(0, 0), onto="tableau"), Foundations(4, at=(3, 0)),
             Tableau(7, at=(0, 1), build=DOWN_ALTERNATE))
    dealing = (Rows(2, face_up=False), Rows(1), Rest())

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.FOUNDATION:
            return T("No card goes up in this game.")
        return super().drop_refusal(board, source, count, target)


def _generic_list(self: Variant, board: Board) -> list[Any]:
    return Variant.legal_actions(self, board)


def _no_double_click(self: Variant, board: Board, slot_id: str) -> Iterator[Move]:
    return iter(())


def test_the_guide_names_the_three_methods_worked_out_from_the_roles() -> None:
    listed = re.findall(r"^- `(\w+)`", TOGETHER, re.MULTILINE)
    assert listed == ["legal_actions", "double_click", "safe_up_move"]
    for name in listed:  # each is the kit's own, not Variant's
        assert getattr(KitVariant, name) is not getattr(Variant, name)


def test_the_kits_legal_actions_disagree_with_an_overridden_refusal() -> None:
    with pytest.raises(AssertionError, match=r"legal_actions\(\) lists .*No card goes up"):
        check_variant(NothingUp)


def test_then_the_kits_double_click_offers_a_refused_move() -> None:
    game = type("ListFixed", (NothingUp,), {"legal_actions": _generic_list})
    with pytest.raises(VariantError, match=r"double_click\(\) offered an illegal move"):
        check_variant(game)
    assert "double_click() offered an illegal move …" in TOGETHER


def test_the_conformance_kit_never_asks_safe_up_move_but_automatic_moves_do() -> None:
    game = type("BothFixed", (NothingUp,), {"legal_actions": _generic_list,
                                            "double_click": _no_double_click})
    check_variant(game)  # automatic moves off: the kit's safe_up_move is never asked
    for seed in range(1, 100):  # a deal with an Ace on top of a pile, and a move elsewhere
        played = Game.new(game, seed)
        aces = {slot.id for slot in played.slots
                if slot.top is not None and slot.top.face_up and slot.top.rank == 1}
        away = [action for action in played.legal_actions()
                if isinstance(action, Move) and not {action.source, action.target} & aces]
        if aces and away:
            break
    else:
        raise AssertionError("no deal with an Ace on top")
    played.auto_up = True
    with pytest.raises(VariantError, match=r"safe_up_move\(\) offered an illegal move .*: "
                                           r"No card goes up in this game\."):
        played.play(away[0])
    assert "safe_up_move() offered an illegal move …" in TOGETHER


def _solver_example() -> type[KitVariant]:
    found = re.search(r"<!-- a kit game's solver steps -->\n```python\n(.*?)```", SOLVER, re.DOTALL)
    assert found is not None
    names: dict[str, Any] = {}
    exec(compile(found.group(1), "solver-steps-example", "exec"), names)
    example = names["MyKitGame"]
    assert issubclass(example, KitVariant)
    return example


def test_a_kit_game_with_a_rule_of_its_own_is_solved_by_its_solver_steps() -> None:
    asked: list[int] = []

    class OnlyFromTheTop(_solver_example()):  # type: ignore[misc]
        """A kit game with a rule method of its own (one that changes nothing, and says
        nothing of it to the kit): the kit's model steps aside."""

        id = "only-from-the-top"
        name = T("Only From The Top")
        description = T("A test game.")
        table = NothingUp.table
        dealing = NothingUp.dealing

        def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
            return super().pick_up_refusal(board, source, count)

        def legal_actions(self, board: Board) -> list[Any]:
            return Variant.legal_actions(self, board)

        def solver_steps(self, board: Board) -> Any:
            asked.append(1)
            return super().solver_steps(board)

    game = Game.new(OnlyFromTheTop, 3)
    assert game.variant.solver_model(game.board) is None  # the kit's model cannot see the rule
    result = solve(game, Budget(seconds=60, positions=3000), checked=True)
    assert result.verdict in (Verdict.WON, Verdict.UNKNOWN, Verdict.LOST) and asked
    assert "`solver_key`" in SOLVER and "`solver_knows_rules`" in SOLVER
