"""FreeCell's solver on the classic deals: deal 11982, the one classic deal of 1-32000 that
cannot be won, is proved lost (every position reached and none wins), on a budget of positions
so the verdict is the same on any machine; a winnable deal is won on the same kind of budget."""

from __future__ import annotations

from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve

#: More positions than the proof of deal 11982 needs (about 106 000), far fewer than memory allows.
PROOF_POSITIONS = 200_000
#: No time limit worth the name: the positions end the search.
NO_TIME_LIMIT = 3600.0


def test_deal_11982_is_proved_lost() -> None:
    result = solve(new_game("freecell", 11982), Budget(NO_TIME_LIMIT, PROOF_POSITIONS, cpu=True))
    assert result.verdict is Verdict.LOST
    assert result.positions < PROOF_POSITIONS and result.solution == ()


def test_a_winnable_deal_on_the_same_budget_is_won() -> None:
    game = new_game("freecell", 617)
    result = solve(game, Budget(NO_TIME_LIMIT, PROOF_POSITIONS, cpu=True))
    assert result.verdict is Verdict.WON and result.solution
