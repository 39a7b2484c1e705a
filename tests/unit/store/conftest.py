"""Fixtures for store unit tests: a fresh store in a temporary folder, and a way to sync into it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import CaseRef
from scaninbox.store.case_store import CaseStore
from scaninbox.store.records import PageResult


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CaseStore]:
    with CaseStore.open(tmp_path / "account") as opened:
        yield opened


def sync_pages(
    store: CaseStore, cases: Sequence[UnifiedCase], *, full: bool = True, page_size: int = 3
) -> tuple[PageResult, list[CaseRef]]:
    """Run a complete sync of ``cases`` through the store's page API, as the engine does."""
    total = PageResult()
    cursor = store.begin_sync(full=full, date_from=None, page_size=page_size)
    for start in range(0, len(cases), page_size):
        result, cursor = store.save_page(cursor, cursor.next_page, cases[start : start + page_size])
        total.new += result.new
        total.changed += result.changed
        total.unchanged += result.unchanged
        total.malformed += result.malformed
    removed = store.finish_sync(cursor)
    return total, removed
