"""pytest plugin (entry point ``pytest11``): gives plugin authors the kit as a fixture.

    def test_my_game(aisle_conformance):
        aisle_conformance(MyGame)
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from aisle.testing.conformance import check_variant
from aisle.variant import Variant


@pytest.fixture
def aisle_conformance() -> Callable[[type[Variant]], None]:
    return check_variant
