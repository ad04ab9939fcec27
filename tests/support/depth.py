"""How hard the property tests (hypothesis) look: each test's own example count
in ``make test``, ten times that in ``make test-deep``.

``MEDICI_TEST_DEPTH`` (default 1) multiplies every count; ``tests/conftest.py``
also loads hypothesis' ``deep`` profile (1,000 examples for tests that name no
count) when it is above 1.
"""

from __future__ import annotations

import os

DEPTH = max(1, int(os.environ.get("MEDICI_TEST_DEPTH", "1") or 1))


def examples(count: int) -> int:
    """``count`` examples in a normal run, ``count × MEDICI_TEST_DEPTH`` deep."""
    return count * DEPTH
