"""Once no redeal is left and the stock deals one card at a time, Klondike's coarse game
(aisle_klondike/relaxation.py) keeps the undealt stock in its order: its cards lie in no pile and
are dealt onto the stacked waste only in turn. Every position it then proves lost is lost by a
plain exhaustive search (no coarse game, no dead-end test), on small positions late in random
one-pass games; and the order proves positions lost that the stacked waste alone cannot."""

from __future__ import annotations

import time

from aisle_klondike.relaxation import Relaxation
from test_klondike_stacked_waste import _late_positions, _model, _plain_verdict

from aisle.solver import Verdict


def test_what_the_ordered_stock_proves_lost_a_plain_search_finds_lost() -> None:
    proved = only_ordered = 0
    for seed in range(1, 7):
        for game in _late_positions(seed)[1::3]:
            model = _model(game)
            ups, _, levels, cycle, shown, _, _ = model.start()
            if shown == len(cycle):
                continue  # the stock is dealt out: no order to keep
            ordered = Relaxation(model.hidden, ups, levels, cycle, cycle[:shown], cycle[shown:])
            if ordered.lost(time.monotonic() + 60, 10**6) is not True:
                continue
            plain = _plain_verdict(game)
            assert plain is not Verdict.WON, (seed, len(game.history))
            if plain is Verdict.UNKNOWN:
                continue  # too large for the plain search
            proved += 1
            unordered = Relaxation(model.hidden, ups, levels, cycle, cycle[:shown])
            if unordered.lost(time.monotonic() + 60, 10**6) is False:
                only_ordered += 1
    assert proved >= 5
    assert only_ordered >= 1
