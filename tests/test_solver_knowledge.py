"""What the window keeps of the solver's answers (no Qt): positions by key, the line of play,
what follows from a known position, and a game the solver played not counting as a win."""

from __future__ import annotations

from aisle.engine import Deal, Game
from aisle.registry.games import new_game
from aisle.session import Session
from aisle.solver.result import Result, Verdict
from aisle.stats import Statistics
from aisle.storage import Settings
from aisle.ui.solver.knowledge import Knowledge, Line, inferred, position_key


def test_equal_positions_have_equal_keys_and_others_not() -> None:
    game, again = new_game("klondike", 5), new_game("klondike", 5)
    assert position_key(game) == position_key(again)
    game.play(Deal())
    assert position_key(game) != position_key(again)
    game.undo()
    assert position_key(game) == position_key(again)
    assert position_key(new_game("klondike", 6)) != position_key(again)


def test_knowledge_keeps_the_most_recently_used() -> None:
    knowledge = Knowledge(limit=2)
    knowledge.learn("a", Result(Verdict.WON))
    knowledge.learn("b", Result(Verdict.LOST))
    assert knowledge.get("a") is not None  # "a" is now the more recent
    knowledge.learn("c", Result(Verdict.UNKNOWN))
    assert knowledge.get("b") is None
    assert knowledge.get("a") is not None and knowledge.get("c") is not None


def visit(line: Line, game: Game) -> object:
    key = position_key(game)
    line.visit(game, key)
    return key


def test_the_line_forgets_positions_of_a_history_taken_back() -> None:
    game, line = new_game("klondike", 5), Line()
    start = visit(line, game)
    game.play(Deal())
    first = visit(line, game)
    game.play(Deal())
    visit(line, game)
    game.undo()
    game.undo()
    visit(line, game)
    assert line.ancestor(game, 0) == start
    game.redo()
    visit(line, game)
    assert line.ancestor(game, 1) == first  # the very same turn again
    game.undo()
    visit(line, game)
    game.play(game.legal_actions()[0])  # another turn than the one taken back
    visit(line, game)
    assert line.ancestor(game, 0) == start
    assert line.ancestor(game, 1) == position_key(game) and line.ancestor(game, 1) != first


def test_a_lost_position_makes_the_next_ones_lost() -> None:
    game, line, knowledge = new_game("klondike", 5), Line(), Knowledge()
    knowledge.learn(visit(line, game), Result(Verdict.LOST))
    game.play(Deal())
    visit(line, game)
    assert inferred(game, line, knowledge) == Result(Verdict.LOST)


def test_the_solution_s_first_step_leads_to_a_position_won_by_the_rest() -> None:
    game, line, knowledge = new_game("klondike", 5), Line(), Knowledge()
    other = next(action for action in game.legal_actions() if action != Deal())
    knowledge.learn(visit(line, game), Result(Verdict.WON, (Deal(), other)))
    game.play(Deal())
    visit(line, game)
    assert inferred(game, line, knowledge) == Result(Verdict.WON, (other,))
    game.undo()
    game.play(other)  # not the solution's step: nothing follows
    visit(line, game)
    assert inferred(game, line, knowledge) is None


def test_last_won_is_the_latest_winnable_ancestor() -> None:
    game, line, knowledge = new_game("klondike", 5), Line(), Knowledge()
    knowledge.learn(visit(line, game), Result(Verdict.WON))
    for _turn in range(3):
        game.play(Deal())
        key = visit(line, game)
        if len(game.history) == 2:
            knowledge.learn(key, Result(Verdict.WON))
    assert line.last_won(game, knowledge) == 2
    game.undo()
    game.undo()
    visit(line, game)
    assert line.last_won(game, knowledge) == 0


def test_a_game_the_solver_played_counts_as_not_won_even_after_resuming() -> None:
    from aisle.solver import Budget, solve

    stats, _problems = Statistics.load()
    session = Session(stats)
    game = new_game("doublets", 1)
    session.start(game)
    solution = solve(game, Budget(seconds=30)).solution
    assert solution
    game.play(solution[0])
    session.note_change()
    session.mark_assisted()
    session.save()
    again = Session(stats)
    assert again.resume() is None and again.assisted
    assert again.game is not None
    for action in solution[1:]:
        again.game.play(action)
        again.note_change()
    entry = stats.entry("doublets", again.game.options)
    assert (entry.played, entry.won, entry.current_streak) == (1, 0, 0)
    again.restart()
    assert again.assisted  # the same deal: the player has seen how
    again.start(new_game("doublets", 3))
    assert not again.assisted


def test_the_setting_is_remembered() -> None:
    settings = Settings(winnable_only=True)
    settings.save()
    loaded, problems = Settings.load()
    assert problems == [] and loaded.winnable_only
