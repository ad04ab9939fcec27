"""Template filters for rules findings shown root first (issue 31): a root
with the findings that follow from it folded under it
(``scoring.core.medici.findings``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from scoring.core.medici.findings import FindingGroup, root_count, root_first

register = template.Library()


@register.filter(name="root_first")
def root_first_filter(rows: Sequence[dict[str, Any]] | None) -> list[FindingGroup]:
    """A list of finding rows as groups, each root with its followers
    (``findings.root_first``); ``None`` gives none."""
    return root_first(list(rows or []))


@register.filter(name="root_count")
def root_count_filter(rows: Sequence[dict[str, Any]] | None) -> int:
    """How many of the finding rows are roots that block (what a GM has to
    look at: ``findings.root_count``)."""
    return root_count(list(rows or []))
