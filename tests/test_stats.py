"""Statistics: the figures, their file, damaged files, and never losing a record."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisle.stats import Statistics, StatsEntry, stats_key

THREE = {"deal": "three"}
ONE = {"deal": "one"}




def fresh() -> Statistics:
    stats, problems = Statistics.load()
    assert problems == []
    return stats


def stats_file(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "statistics.json").read_text())
    return data


def asides(folder: Path) -> list[Path]:
    return sorted(folder.glob("statistics.broken-*.json"))


def test_figures_of_one_game() -> None:
    stats = fresh()
    assert stats.entry("klondike", THREE) == StatsEntry()
    assert StatsEntry().win_rate is None
    results = [(True, 200.0, 120), (True, 150.5, 130), (False, 40.0, 10), (True, 300.0, 99),
               (True, 250.0, 140), (True, 100.0, 150), (False, 1.0, 1)]
    for won, seconds, moves in results:
        stats.record("klondike", THREE, won, seconds, moves)
    entry = stats.entry("klondike", THREE)
    assert (entry.played, entry.won) == (7, 5)
    assert entry.win_rate == pytest.approx(5 / 7)
    assert (entry.current_streak, entry.best_streak) == (0, 3)
    assert (entry.best_time, entry.worst_time, entry.fewest_moves) == (100.0, 300.0, 99)


def test_losses_do_not_touch_times_or_moves() -> None:
    stats = fresh()
    stats.record("cruel", {}, False, 5.0, 3)
    entry = stats.entry("cruel", {})
    assert (entry.played, entry.won, entry.win_rate) == (1, 0, 0.0)
    assert (entry.best_time, entry.worst_time, entry.fewest_moves) == (None, None, None)


def test_options_are_separate_and_their_order_does_not_matter() -> None:
    stats = fresh()
    stats.record("spider", {"suits": "two", "speed": "slow"}, True, 10, 5)
    stats.record("spider", {"speed": "slow", "suits": "two"}, False, 10, 5)
    stats.record("spider", {"suits": "four", "speed": "slow"}, True, 10, 5)
    assert stats.entry("spider", {"speed": "slow", "suits": "two"}).played == 2
    assert stats.entry("spider", {"suits": "four", "speed": "slow"}).played == 1
    assert stats.entry("spider", {}).played == 0
    assert stats_key("a", {"x": "1", "b": "2"}) == ("a", (("b", "2"), ("x", "1")))
    assert stats.recorded() == [("spider", {"speed": "slow", "suits": "four"}),
                                ("spider", {"speed": "slow", "suits": "two"})]


def test_entry_is_a_copy() -> None:
    stats = fresh()
    stats.record("cruel", {}, True, 1, 1)
    stats.entry("cruel", {}).played = 99
    assert stats.entry("cruel", {}).played == 1


def test_recorded_at_once_and_read_back(isolated: Path) -> None:
    stats = fresh()
    stats.record("klondike", THREE, True, 61.25, 88)
    assert stats_file(isolated)["games"][0]["played"] == 1
    stats.record("klondike", ONE, False, 3, 2)
    again = fresh()
    assert again.entry("klondike", THREE) == stats.entry("klondike", THREE)
    assert again.entry("klondike", ONE) == stats.entry("klondike", ONE)
    assert again.recorded() == stats.recorded()


def test_reset_forgets_one_key_only(isolated: Path) -> None:
    stats = fresh()
    stats.record("klondike", THREE, True, 1, 1)
    stats.record("klondike", ONE, True, 1, 1)
    stats.reset("klondike", THREE)
    assert stats.entry("klondike", THREE) == StatsEntry()
    assert fresh().entry("klondike", THREE) == StatsEntry()
    assert fresh().entry("klondike", ONE).won == 1


def test_two_running_aisles_do_not_overwrite_each_other(isolated: Path) -> None:
    first, second = fresh(), fresh()
    first.record("klondike", THREE, True, 10, 10)
    second.record("klondike", THREE, False, 10, 10)
    second.record("cruel", {}, True, 10, 10)
    first.record("cruel", {}, True, 10, 10)
    final = fresh()
    assert final.entry("klondike", THREE).played == 2
    assert final.entry("cruel", {}).won == 2


def test_a_failed_save_keeps_the_record_and_says_so(isolated: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    stats = fresh()
    stats.record("klondike", THREE, True, 10, 10)
    before = (isolated / "statistics.json").read_bytes()

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
        patch.setattr(os, "replace", full)
        stats.record("klondike", THREE, True, 20, 20)
        (problem,) = stats.take_problems()
        assert "could not be saved" in str(problem)
        assert (isolated / "statistics.json").read_bytes() == before
        assert stats.take_problems() == []
    # The unsaved win is not replaced by the older file; the next save writes it.
    stats.record("cruel", {}, False, 1, 1)
    assert fresh().entry("klondike", THREE).won == 2


def test_games_that_are_not_installed_keep_their_statistics(isolated: Path) -> None:
    isolated.mkdir()
    game = {"game": "no-such-game", "options": {"x": "y"}, "played": 4, "won": 1,
            "current_streak": 0, "best_streak": 1, "best_time": 12.0, "worst_time": 12.0,
            "fewest_moves": 50}
    (isolated / "statistics.json").write_text(json.dumps({"version": 1, "games": [game]}))
    stats = fresh()
    assert stats.entry("no-such-game", {"x": "y"}).played == 4
    stats.record("klondike", {}, True, 1, 1)
    assert fresh().entry("no-such-game", {"x": "y"}).played == 4


GOOD = {"game": "klondike", "options": {"deal": "three"}, "played": 10, "won": 4,
        "current_streak": 1, "best_streak": 2, "best_time": 100.5, "worst_time": 400,
        "fewest_moves": 90}
HOSTILE: list[Any] = [
    "text", 5, None, [],
    {**GOOD, "played": "10"},
    {**GOOD, "won": True},
    {**GOOD, "played": 10**12, "won": 10**11},
    {**GOOD, "best_time": 1e308, "worst_time": 1e308},
    {**GOOD, "best_time": -1},
    {**GOOD, "fewest_moves": 2.5},
    {**GOOD, "won": 11},
    {**GOOD, "current_streak": 3},
    {**GOOD, "best_time": 500.0},
    {**GOOD, "game": ""},
    {**GOOD, "game": "x" * 10_000},
    {**GOOD, "game": ["klondike"]},
    {**GOOD, "options": {"deal": 3}},
    {**GOOD, "options": "three"},
    {**GOOD, "options": {str(i): "v" for i in range(1000)}},
    {k: v for k, v in GOOD.items() if k != "played"},
    {**GOOD, "options": {"deal": [[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]}},
]


@pytest.mark.parametrize("bad", HOSTILE, ids=lambda bad: json.dumps(bad)[:40])
def test_a_bad_entry_is_left_out_and_the_rest_kept(isolated: Path, bad: Any) -> None:
    isolated.mkdir()
    other = {**GOOD, "game": "cruel", "options": {}}
    original = json.dumps({"version": 1, "games": [GOOD, bad, other]})
    (isolated / "statistics.json").write_text(original)
    stats, problems = Statistics.load()
    assert stats.entry("klondike", {"deal": "three"}) == StatsEntry(10, 4, 1, 2, 100.5, 400.0, 90)
    assert stats.entry("cruel", {}).played == 10
    (problem,) = problems
    (moved,) = asides(isolated)
    assert moved.read_text() == original
    assert "One entry" in str(problem) and str(moved) in str(problem)
    # The usable entries are on disk at once: the next start has them, without a message.
    again = fresh()
    assert again.recorded() == stats.recorded()


def test_a_duplicate_entry_is_left_out(isolated: Path) -> None:
    isolated.mkdir()
    (isolated / "statistics.json").write_text(json.dumps({"version": 1, "games": [
        GOOD, {**GOOD, "options": {"deal": "three"}, "played": 99}]}))
    stats, problems = Statistics.load()
    assert stats.entry("klondike", THREE).played == 10 and len(problems) == 1


@pytest.mark.parametrize("content", [
    b"garbage", b'{"version": 1, "games": [', b"\x00\x01\x02\xff" * 100, b"[" * 100_000,
    b'{"version": 99, "games": []}', b'{"version": 1, "games": {"klondike": 1}}', b"[]",
    b'{"games": []}',
])
def test_a_damaged_file_is_never_silently_reset(isolated: Path, content: bytes) -> None:
    isolated.mkdir()
    (isolated / "statistics.json").write_bytes(content)
    stats, problems = Statistics.load()
    assert len(problems) == 1 and stats.recorded() == []
    (moved,) = asides(isolated)
    assert moved.read_bytes() == content
    # Playing on writes a new file; the damaged one stays where the message said.
    stats.record("klondike", {}, True, 1, 1)
    assert fresh().entry("klondike", {}).won == 1
    assert moved.read_bytes() == content


def test_a_file_damaged_while_running_does_not_lose_what_we_know(isolated: Path) -> None:
    stats = fresh()
    stats.record("klondike", THREE, True, 1, 1)
    (isolated / "statistics.json").write_text("{broken")
    stats.record("klondike", THREE, True, 1, 1)
    (problem,) = stats.take_problems()
    (moved,) = asides(isolated)
    assert moved.read_text() == "{broken" and str(moved) in str(problem)
    assert fresh().entry("klondike", THREE).won == 2


results = st.lists(st.tuples(st.booleans(), st.floats(0, 1e6), st.integers(0, 10_000)),
                   max_size=30)


@settings(max_examples=40, deadline=None)
@given(results)
def test_figures_agree_with_the_games_and_survive_the_file(tmp_path_factory: pytest.TempPathFactory,
                                                           games: list[tuple[bool, float, int]]) -> None:
    folder = tmp_path_factory.mktemp("stats")
    stats = Statistics(folder)
    for won, seconds, moves in games:
        stats.record("klondike", {}, won, seconds, moves)
    entry = stats.entry("klondike", {})
    wins = [g for g in games if g[0]]
    assert (entry.played, entry.won) == (len(games), len(wins))
    assert entry.current_streak <= entry.best_streak <= entry.won
    streak = 0
    for won, _seconds, _moves in reversed(games):
        if not won:
            break
        streak += 1
    assert entry.current_streak == streak
    if wins:
        assert entry.best_time == min(g[1] for g in wins)
        assert entry.worst_time == max(g[1] for g in wins)
        assert entry.fewest_moves == min(g[2] for g in wins)
    reloaded, problems = Statistics.load(folder)
    assert problems == [] and reloaded.entry("klondike", {}) == entry


def test_a_damaged_file_left_alone_is_set_aside_before_it_is_written_over(
        isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolated.mkdir()
    damaged = b'{"version": 1, "games": [{"game": "freecell", "played": 2'
    (isolated / "statistics.json").write_bytes(damaged)
    with monkeypatch.context() as patch:  # a read-only folder: nothing can be renamed
        patch.setattr(Path, "rename", lambda *_args: (_ for _ in ()).throw(OSError(30, "Read-only")))
        stats, problems = Statistics.load()
        assert "could not be moved aside either" in str(problems[0])
        stats.record("klondike", THREE, True, 10, 10)  # not written over: kept in memory
        assert (isolated / "statistics.json").read_bytes() == damaged
    stats.record("klondike", THREE, True, 10, 10)  # the folder can be written again
    (kept,) = isolated.glob("statistics.broken-*.json")
    assert kept.read_bytes() == damaged
    assert fresh().entry("klondike", THREE).won == 2
