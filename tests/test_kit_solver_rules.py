"""Rules of a game's own that the kit's solver model is told of (`aisle.kit.solver_rules`): Agnes's
runs that stop at the base rank, Easthaven's stock that waits for a King. The model must play
them as the game's own methods do, at positions random play seldom reaches."""

from __future__ import annotations

from collections.abc import Mapping

from aisle.engine import Deal, Game, Move
from aisle.kit.solver_coverage import unknown_rules
from aisle.kit.solver_model import KitModel
from aisle.registry.games import new_game
from aisle.testing.solver_model import check_position


def laid_out(game_id: str, layout: Mapping[str, str]) -> Game:
    """A game of `game_id` with its cards where `layout` says (codes such as "10H", "?" for a
    face-down card); the cards not named go into the stock."""
    game = new_game(game_id, 1)
    by_code = {card.code: card for card in game.board.cards}
    for slot in game.board.slots:
        slot.cards.clear()
    for slot_id, text in layout.items():
        for name in text.split():
            card = by_code.pop(name.rstrip("?"))
            card.face_up = not name.endswith("?")
            game.board.slot(slot_id).cards.append(card)
    for card in by_code.values():
        card.face_up = False
        game.board.slot("stock").cards.append(card)
    return game


def model_of(game: Game) -> KitModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KitModel)
    return model


def test_both_games_are_covered_by_the_kits_model() -> None:
    for game_id in ("agnes", "easthaven"):
        assert unknown_rules(new_game(game_id, 1).variant) is None


def test_agnes_runs_stop_at_the_base_rank() -> None:
    # Base 5: 7H 6D 5H 4D is in sequence (one colour, down), but 4D lies on a Five: only 4D
    # moves (onto 5D), never the run onto 8D.
    game = laid_out("agnes", {"foundation-1": "5S", "tableau-1": "7H 6D 5H 4D", "tableau-2": "8D",
                              "tableau-3": "5D", "tableau-4": "JS", "tableau-5": "2C",
                              "tableau-6": "QC", "tableau-7": "KS"})
    model = model_of(game)
    assert game.variant.first_rank(game.board) == 5
    from_first = [action for action, _ in model.legal(model.start())
                  if isinstance(action, Move) and action.source == "tableau-1"]
    assert from_first and all(action.count == 1 for action in from_first)
    assert game.why_not(Move("tableau-1", 4, "tableau-2")) is not None
    check_position(game)
    # Above the base card the run moves whole: 7H 6D onto 8D.
    above = laid_out("agnes", {"foundation-1": "5S", "tableau-1": "7H 6D", "tableau-2": "8D"})
    model = model_of(above)
    assert any(action == Move("tableau-1", 2, "tableau-2") for action, _ in model.legal(model.start()))
    check_position(above)


def test_easthaven_deals_only_once_no_king_can_fill_an_empty_pile() -> None:
    piles = {"tableau-2": "4C? KH", "tableau-3": "9S", "tableau-4": "9D", "tableau-5": "2S",
             "tableau-6": "3H", "tableau-7": "5C"}
    waiting = laid_out("easthaven", piles)
    model = model_of(waiting)
    assert not any(isinstance(action, Deal) for action, _ in model.legal(model.start()))
    assert waiting.why_not(Deal()) is not None
    check_position(waiting)
    # The King already at the foot of its pile: the stock deals.
    at_foot = laid_out("easthaven", {**piles, "tableau-2": "KH"})
    model = model_of(at_foot)
    assert any(isinstance(action, Deal) for action, _ in model.legal(model.start()))
    check_position(at_foot)
    # With one card fewer in the piles, 46 are in the stock and on the foundations together
    # (more than 45): it deals anyway.
    late = laid_out("easthaven", {pile: cards for pile, cards in piles.items() if pile != "tableau-7"})
    assert len(late.slot("stock").cards) + late.variant.score(late.board) > 45
    model = model_of(late)
    assert any(isinstance(action, Deal) for action, _ in model.legal(model.start()))
    check_position(late)
