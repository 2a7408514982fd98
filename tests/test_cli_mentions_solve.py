"""`aisle --help` points to `aisle solve`, which the README advertises."""

from __future__ import annotations

import pytest

from aisle.cli import main


def test_help_names_the_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "aisle solve --help" in capsys.readouterr().out
