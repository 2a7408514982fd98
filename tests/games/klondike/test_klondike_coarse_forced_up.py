"""Klondike's coarse game (aisle_klondike/relaxation.py) searches with a card that can never matter
again (an ace, a two whose aces of the other colour are up, a card the safe test passes) sent up
alone whenever it can go (`Relaxation._forced`): on real positions of random games, from the deal
to the end of the stock, it reaches the same verdict as the coarse game with every move tried,
and it does send such cards up there."""

from __future__ import annotations

import time
from collections.abc import Iterator

from aisle_klondike.relaxation import Coarse, Relaxation
from klondike_random_play import model_of as _model
from klondike_random_play import played_positions

from aisle.engine import Game


class _EveryMove(Relaxation):
    """The coarse game with no move sent alone: every move the rules allow is tried."""

    def _search_moves(self, position: Coarse) -> Iterator[Coarse]:
        return self.moves(position)


def _positions(seed: int, options: dict[str, str]) -> list[Game]:
    """Every seventh position of a random game."""
    return played_positions(seed, options, 150, lambda _game, turn: turn % 7 == 0)


def _coarse_games(game: Game) -> tuple[Relaxation, Relaxation]:
    """The coarse game of `game`'s position (with the waste stacked and the stock in its order
    once no redeal is left, as the solver's `hopeless` asks it), with the rule and without."""
    model = _model(game)
    ups, _, levels, cycle, shown, _, _ = model.start()
    one_pass = model.max_redeals == 0
    stacked = cycle[:shown] if one_pass else b""
    undealt = cycle[shown:] if one_pass else b""
    return (Relaxation(model.hidden, ups, levels, cycle, stacked, undealt),
            _EveryMove(model.hidden, ups, levels, cycle, stacked, undealt))


def test_sending_low_cards_up_alone_never_changes_the_coarse_verdict() -> None:
    compared = lost = forced = 0
    for options in ({"deal": "no-redeals"}, {"deal": "single"}):
        for seed in range(1, 5):
            for game in _positions(seed, options):
                with_rule, every_move = _coarse_games(game)
                forced += with_rule._forced(with_rule.start) is not None
                quick = with_rule.lost(time.monotonic() + 30, 30_000)
                plain = every_move.lost(time.monotonic() + 30, 30_000)
                if quick is None or plain is None:
                    continue  # too large to settle here
                assert quick == plain, (options, seed, len(game.history))
                compared += 1
                lost += quick
    assert compared >= 100
    assert lost >= 40
    assert forced >= 40
