"""Once no redeal is left, Klondike's coarse game (aisle_klondike/relaxation.py) keeps the waste
as a stack: only its top card can leave, and nothing lies on its cards. Every position it then
proves lost is lost by a plain exhaustive search (no coarse game, no dead-end test), on small
positions late in random one-pass games; and the stack proves positions lost that the coarse
game without it cannot."""

from __future__ import annotations

import time

from aisle_klondike.relaxation import Relaxation
from klondike_random_play import model_of, played_positions

from aisle.engine import Game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import ModelSearch


class _NoCoarseGame:
    """Stands in for the coarse game: every position lives, and the one-pass dead-end test
    (asked only when the coarse game is out of credit) is never asked."""

    def committed(self, cycle: bytes, levels: tuple[int, ...]) -> int:
        return 0

    def live(self, position: object, limit: int = 0) -> bool:
        return True

    def out_of_credit(self) -> bool:
        return False


_model = model_of


def _plain_verdict(game: Game) -> Verdict:
    model = _model(game)
    model._coarse = _NoCoarseGame()  # type: ignore[assignment]
    search = ModelSearch(model, Budget(120, positions=100_000), None, time.monotonic() + 120)
    return search.run()


def _late_positions(seed: int) -> list[Game]:
    """Positions of a random one-pass game with most of its stock dealt out."""
    return played_positions(seed, {"deal": "no-redeals"}, 200, lambda game, turn: (
        len(game.board.slot("stock").cards) <= 8 and len(game.board.slot("waste").cards) >= 6
        and turn % 3 == 0))


def test_what_the_stacked_waste_proves_lost_a_plain_search_finds_lost() -> None:
    proved = only_stacked = 0
    for seed in range(1, 5):
        for game in _late_positions(seed)[::4]:
            model = _model(game)
            start = model.start()
            if model.hopeless(time.monotonic() + 60) is not True:
                continue
            plain = _plain_verdict(game)
            assert plain is not Verdict.WON, (seed, len(game.history))
            if plain is Verdict.UNKNOWN:
                continue  # too large for the plain search
            proved += 1
            free_waste = Relaxation(model.hidden, start[0], start[2], start[3])
            if free_waste.lost(time.monotonic() + 60, 10**6) is False:
                only_stacked += 1
    assert proved >= 5
    assert only_stacked >= 1
