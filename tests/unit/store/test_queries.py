"""Filters, every sort order and windowing: windows tile the ordered list exactly, deep windows
equal shallow ones, and a write is seen by the next read."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.api.convert import case_ref
from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import CaseRef
from scaninbox.domain.fdi import LOWER_ARCH_ORDER, UPPER_ARCH_ORDER
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import fold
from scaninbox.store.queries import CaseFilter, CaseRow, SortKey, SortSpec

_LAST_NAMES = ["Müller", "Schmidt", "Öztürk", "de Vries", "Álvarez", "Nowak", "Andersson", "Ωmega"]
_SOURCES = ["3Shape", "iTero", "Medit", "Primescan"]
_START = datetime(2026, 1, 1, 8, tzinfo=UTC)
_ARCH = UPPER_ARCH_ORDER + LOWER_ARCH_ORDER  # the chart's order, which the teeth column sorts by


@pytest.fixture
def inbox(store: CaseStore) -> CaseStore:
    rnd = random.Random(5)
    cases = []
    for i in range(120):
        cases.append(
            wire_case(
                i,
                received=_START + timedelta(hours=rnd.randrange(0, 24 * 60)),
                last_name=rnd.choice(_LAST_NAMES),
                dentist=rnd.choice(["Dr. Ana Silva", "Dr. Björn Berg", "Dr. Chen Li"]),
                clinic=rnd.choice(["Zahnwerk", "Clinique du Lac", "Ålesund Tann"]),
                source=rnd.choice(_SOURCES),
                status=rnd.choice(["new", "accepted"]),
                priority=rnd.random() < 0.2,
                delivery=rnd.choice([None, "2026-02-01", "2026-03-15", "2026-01-20"]),
                misc=["photo.jpg"] * rnd.randrange(0, 2),
                worktypes=_one_tooth_or_none(rnd),
            )
        )
    sync_pages(store, cases, page_size=25)
    for case in cases[::7]:
        store.set_pinned(_ref_of(case), True)
    store.mark_read([_ref_of(c) for c in cases[::3]])
    return store


def _one_tooth_or_none(rnd: random.Random) -> list[dict[str, Any]]:
    tooth = rnd.choice(["11", "18", "21", "28", "36", "41", "48", None])
    if tooth is None:
        return []
    return [{"categoryId": "Fixed", "restorationTypeId": "Crown", "fdi": tooth}]


def _ref_of(case: UnifiedCase) -> CaseRef:
    ref = case_ref(case)
    assert ref is not None
    return ref


def _python_key(key: SortKey, row: CaseRow) -> Any:
    return {
        SortKey.RECEIVED: row.received_at,
        SortKey.UNREAD: row.unread,
        SortKey.PRIORITY: row.priority,
        SortKey.PATIENT: fold(row.patient),
        SortKey.DENTIST: fold(row.dentist),
        SortKey.CLINIC: fold(row.clinic),
        SortKey.SOURCE: fold(row.source),
        SortKey.WORK: fold(row.work_summary),
        SortKey.TEETH: _ARCH.index(int(row.teeth)) if row.teeth else len(_ARCH),  # none last
        SortKey.DELIVERY: row.delivery_date.isoformat() if row.delivery_date else "~",
        SortKey.STATUS: row.status,
        SortKey.FILES: row.file_count,
        SortKey.PINNED: row.pinned,
        SortKey.CACHED: row.fully_cached,
    }[key]


@pytest.mark.parametrize("key", list(SortKey))
@pytest.mark.parametrize("descending", [True, False])
def test_every_column_sorts_and_windows_tile_the_whole_list(
    inbox: CaseStore, key: SortKey, descending: bool
) -> None:
    sort = SortSpec(key, descending)
    first = inbox.rows(sort=sort, offset=0, limit=17)  # the early-stop path
    windows = [inbox.rows(sort=sort, offset=o, limit=17) for o in range(0, 130, 17)]
    tiled = [row for window in windows for row in window]
    assert len(tiled) == inbox.count() == 120
    assert len({r.ref for r in tiled}) == 120  # no overlap, nothing skipped
    assert tiled[:17] == first
    keys = [_python_key(key, r) for r in tiled]
    assert keys == sorted(keys, reverse=descending)
    # Equal values keep the received order in the same direction.
    for a, b in itertools.pairwise(tiled):
        if _python_key(key, a) == _python_key(key, b):
            assert a.received_at is not None
            assert b.received_at is not None
            assert (a.received_at >= b.received_at) == descending or a.received_at == b.received_at


def test_filters_select_what_they_say(inbox: CaseStore) -> None:
    every = inbox.rows(limit=1000)
    f = CaseFilter(
        statuses=frozenset({"accepted"}),
        sources=frozenset({"iTero", "Medit"}),
        received_from=date(2026, 1, 10),
        received_to=date(2026, 2, 10),
    )
    expected = [
        r
        for r in every
        if r.status == "accepted"
        and r.source in {"iTero", "Medit"}
        and r.received_at is not None
        and date(2026, 1, 10) <= r.received_at.date() <= date(2026, 2, 10)
    ]
    assert expected
    assert inbox.rows(f, limit=1000) == expected
    assert inbox.count(f) == len(expected)
    assert inbox.count(CaseFilter(unread_only=True)) == inbox.unread_count() == 80
    assert inbox.count(CaseFilter(pinned_only=True)) == 18


def test_delivery_bounds_select_cases_due_in_that_range(inbox: CaseStore) -> None:
    every = inbox.rows(limit=1000)
    due = CaseFilter(delivery_from=date(2026, 1, 20), delivery_to=date(2026, 2, 1))
    expected = [
        r
        for r in every
        if r.delivery_date is not None and date(2026, 1, 20) <= r.delivery_date <= date(2026, 2, 1)
    ]
    assert {r.delivery_date for r in expected} == {date(2026, 1, 20), date(2026, 2, 1)}
    assert inbox.rows(due, limit=1000) == expected
    before = CaseFilter(delivery_to=date(2026, 2, 14))  # "overdue" on 15 Feb
    assert inbox.rows(before, limit=1000) == [
        r for r in every if r.delivery_date is not None and r.delivery_date < date(2026, 2, 15)
    ]
    # Open work only: the domain's overdue rule leaves out what is complete, cancelled, rejected.
    inbox.upsert_case(wire_case(0, status="complete", delivery="2026-01-20"))
    late = CaseFilter(delivery_to=date(2026, 2, 14), open_only=True)
    shown = inbox.rows(late, limit=1000)
    assert shown
    assert all(r.status != "complete" for r in shown)
    assert len(shown) == len(inbox.rows(before, limit=1000)) - 1
    every = inbox.rows(limit=1000)
    undated = [r for r in every if r.delivery_date is None]
    assert undated  # and none of them is "due" in any range
    assert not set(undated) & set(
        inbox.rows(CaseFilter(delivery_from=date(2000, 1, 1)), limit=1000)
    )


def test_next_unread_goes_down_the_list_then_from_the_top(inbox: CaseStore) -> None:
    cases = inbox.case_list(CaseFilter(), SortSpec(SortKey.PATIENT, descending=False))
    rows = cases.rows(0, len(cases))
    unread = [i for i, r in enumerate(rows) if r.unread]
    assert len(unread) > 2
    assert cases.next_unread(-1) == unread[0]
    assert cases.next_unread(unread[0]) == unread[1]
    between = unread[1] + 1 if unread[1] + 1 < unread[2] else unread[1]
    assert cases.next_unread(between) == unread[2]
    assert cases.next_unread(unread[-1]) == unread[0]  # past the last one: from the top
    inbox.mark_read([r.ref for r in rows])
    assert cases.next_unread(-1) is None


def test_date_bounds_are_inclusive_calendar_days_in_utc(store: CaseStore) -> None:
    day = datetime(2026, 2, 3, tzinfo=UTC)
    sync_pages(
        store,
        [
            wire_case(1, received=day),  # 00:00 on the first day
            wire_case(2, received=day + timedelta(days=1, hours=23, minutes=59)),  # last minute
            wire_case(3, received=day + timedelta(days=2)),  # the day after
            wire_case(4, received=day - timedelta(seconds=1)),  # the day before
        ],
    )
    f = CaseFilter(received_from=date(2026, 2, 3), received_to=date(2026, 2, 4))
    assert sorted(r.ref.value[-1] for r in store.rows(f)) == ["1", "2"]


def test_deep_windows_see_writes_made_after_they_were_cached(inbox: CaseStore) -> None:
    deep = inbox.rows(offset=100, limit=10)
    assert len(deep) == 10
    target = deep[0].ref
    inbox.mark_read([target], read=False)
    inbox.mark_read([target])
    again = inbox.rows(offset=100, limit=10)
    assert [r.ref for r in again] == [r.ref for r in deep]
    assert not next(r for r in again if r.ref == target).unread
    sync_pages(inbox, [wire_case(500, received=_START + timedelta(days=365))], full=False)
    shifted = inbox.rows(offset=101, limit=10)
    assert [r.ref for r in shifted] == [r.ref for r in deep]  # one newer case pushed all down


def test_out_of_range_windows_are_empty(inbox: CaseStore) -> None:
    assert inbox.rows(offset=500, limit=10) == []
    assert inbox.rows(offset=0, limit=0) == []
    assert inbox.rows(offset=-1, limit=10) == []


def test_a_case_list_keeps_its_order_while_the_store_changes(inbox: CaseStore) -> None:
    cases = inbox.case_list(CaseFilter(), SortSpec(SortKey.PATIENT, descending=False))
    before = [r.ref for r in cases.rows(0, 120)]
    assert len(cases) == cases.count == 120
    target = before[60]
    assert cases.position_of(target) == 60
    sync_pages(inbox, [wire_case(900, last_name="Aaberg")], full=False)  # would sort first
    inbox.mark_read([target], read=False)
    assert [r.ref for r in cases.rows(0, 120)] == before  # the view decides when to refresh
    assert next(r for r in cases.rows(60, 1)).unread  # … but values are current
    fresh = inbox.case_list(CaseFilter(), SortSpec(SortKey.PATIENT, descending=False))
    assert len(fresh) == 121
    assert fresh.position_of(target) == 61
    assert fresh.rows(0, 1)[0].patient == "Anna Aaberg"
    assert cases.position_of(CaseRef.guid("unknown")) is None
    assert cases.rows(500, 10) == []
