"""The solver's memo of pile shares: worked out once per key, forgotten all at once when full."""

from __future__ import annotations

from aisle.kit.remembered import Remembered


def test_a_value_is_worked_out_once_and_all_is_forgotten_past_the_limit() -> None:
    asked: list[bytes] = []

    def work_out(pile: bytes) -> int:
        asked.append(pile)
        return len(pile)

    remembered = Remembered(work_out, most=2)
    assert [remembered[b"ab"], remembered[b"ab"], remembered[b"abc"]] == [2, 2, 3]
    assert asked == [b"ab", b"abc"]
    assert remembered[b"x"] == 1  # the third key: the first two are forgotten
    assert dict(remembered) == {b"x": 1}
    assert sum(map(remembered.__getitem__, [b"x", b"ab"])) == 3
    assert asked == [b"ab", b"abc", b"x", b"ab"]
