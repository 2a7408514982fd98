"""The solver's verdicts: LOST proven on hand-built dead positions, UNKNOWN when the budget is
spent or `stop()` says so, the game passed in untouched, and a game with no solver knowledge."""

from __future__ import annotations

from collections.abc import Sequence

from toy_game import ToyGame

from aisle.engine import Card, Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game


def arrange(game: Game, layout: dict[str, Sequence[Card]], state: dict[str, object]) -> Game:
    """Lay every card of `game` out anew (slots not named are emptied); all face up."""
    for slot in game.board.slots:
        slot.cards.clear()
    for slot_id, cards in layout.items():
        game.board.slot(slot_id).cards.extend(cards)
    for card in game.board.cards:
        card.face_up = True
    game.board.state.update(state)
    placed = sum(len(cards) for cards in layout.values())
    assert placed == len(game.board.cards)
    return game


def cards_of(game: Game, codes: str) -> list[Card]:
    by_code = {card.code: card for card in game.board.cards}
    return [by_code[code] for code in codes.split()]


def suit_run(game: Game, suit: str, last: int) -> list[Card]:
    return [c for c in sorted(game.board.cards, key=lambda c: c.rank) if c.suit == suit and c.rank <= last]


def cruel_dead(crossed: bool) -> Game:
    """Clubs and diamonds up, hearts and spades up to the Jack; the Queens lie under the Kings,
    so no card can move, and a redeal only deals the same four cards again."""
    game = new_game("cruel", 1)
    piles: dict[str, Sequence[Card]] = (
        {"tableau-1": cards_of(game, "QS KH"), "tableau-2": cards_of(game, "QH KS")} if crossed
        else {"tableau-1": cards_of(game, "QH QS KH KS")})
    layout = {"foundation-1": suit_run(game, "clubs", 13), "foundation-2": suit_run(game, "diamonds", 13),
              "foundation-3": suit_run(game, "hearts", 11), "foundation-4": suit_run(game, "spades", 11),
              **piles}
    return arrange(game, layout, {"just_redealt": False})


def doublets_dead() -> Game:
    """The foundation wants an ace next, and all four aces are buried in the foundation: the
    stock can be dealt through three times, and nothing ever fits."""
    game = new_game("doublets", 1)
    aces = [card for card in game.board.cards if card.rank == 1]
    top = cards_of(game, "7C")
    rest = [card for card in game.board.cards if card.rank != 1 and card not in top]
    layout = {"foundation-1": aces + top, **{f"reserve-{n}": [rest[n - 1]] for n in range(1, 8)},
              "stock": rest[7:]}
    arranged = arrange(game, layout, {"redeals": 0})
    for card in arranged.slot("stock").cards:
        card.face_up = False
    return arranged


def test_dead_cruel_positions_are_lost() -> None:
    for crossed in (False, True):
        game = cruel_dead(crossed)
        assert game.status is Status.PLAYING  # a redeal is still allowed: the game is not over
        result = solve(game, Budget(60), checked=True)
        assert result.verdict is Verdict.LOST
        assert result.solution == () and result.positions >= 1


def test_dead_doublets_position_is_lost_after_every_pass() -> None:
    game = doublets_dead()
    assert game.status is Status.PLAYING
    result = solve(game, Budget(60), checked=True)
    assert result.verdict is Verdict.LOST
    # Doublets' model plays the stock in shortcuts ("click n times, then play"): no card the
    # three passes show fits, so there is no step at all from the start.
    assert result.positions >= 1 and result.solution == ()


def test_the_same_cards_in_a_live_order_are_won() -> None:
    game = cruel_dead(crossed=False)
    game.slot("tableau-1").cards[:] = cards_of(game, "KH QH KS QS")
    result = solve(game, Budget(60), checked=True)
    assert result.verdict is Verdict.WON
    assert len(result.solution) == 4  # Q♠, K♠, Q♥, K♥ straight up, no redeal


def test_tiny_budget_gives_unknown() -> None:
    game = new_game("klondike", 1)
    result = solve(game, Budget(seconds=60, positions=50))
    assert result.verdict is Verdict.UNKNOWN
    assert result.solution == ()
    assert 50 <= result.positions < 400


def test_memory_budget_gives_unknown() -> None:
    result = solve(new_game("klondike", 1), Budget(seconds=60, memory_mb=0))
    assert result.verdict is Verdict.UNKNOWN


def test_stop_is_honoured() -> None:
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return True

    result = solve(new_game("klondike", 1), Budget(seconds=60), stop)
    assert result.verdict is Verdict.UNKNOWN
    assert calls


def test_the_game_passed_in_is_unchanged() -> None:
    game = new_game("klondike", 3)
    game.play(game.legal_actions()[0])
    before = game.to_json()
    faces = [card.face_up for card in game.cards]
    for budget in (Budget(60, positions=300), Budget(60, positions=30_000)):
        solve(game, budget)
        assert game.to_json() == before
        assert [card.face_up for card in game.cards] == faces
        assert len(game.history) == 1


def test_a_game_without_knowledge_is_solved_generically() -> None:
    assert ToyGame.solver_key is not None  # inherited defaults only
    # Deals the generic search wins within a few hundred positions.
    for options, seed in (({"redeals": "one"}, 1), ({"redeals": "one"}, 3),
                          ({"redeals": "none"}, 3), ({"redeals": "none"}, 14)):
        game = Game.new(ToyGame, seed, options)
        result = solve(game, Budget(120, positions=20_000), checked=True)
        assert result.verdict is Verdict.WON
        replay = copy_game(game)
        for action in result.solution:
            replay.play(action)
        assert replay.status is Status.WON


def test_a_finished_game_needs_no_search() -> None:
    game = cruel_dead(crossed=False)
    game.board.state["just_redealt"] = True  # no move and no redeal: the game says it is lost
    assert game.status is Status.LOST
    result = solve(game)
    assert (result.verdict, result.solution, result.positions) == (Verdict.LOST, (), 0)
