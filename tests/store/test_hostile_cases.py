"""Hostile members in one case, sent over real HTTP by the sandbox: the case is recorded as
malformed (or its text mended), the rest of the page is kept, and every later sync still runs."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from scaninbox.domain import CaseRef
from scaninbox.sandbox import SandboxServer
from scaninbox.store.sync_writes import set_meta
from tests.store.conftest import running_engine, scaninbox

pytestmark = pytest.mark.anyio

EXTREME_DATES = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59"]


@pytest.mark.parametrize(
    ("variant", "members"),
    [
        (False, {"acceptedData.receivedDate": EXTREME_DATES[0]}),
        (False, {"acceptedData.receivedDate": EXTREME_DATES[1]}),
        (True, {"createdAt": EXTREME_DATES[1]}),
        (True, {"id": -5}),
    ],
    ids=["received-10000", "received-year-0", "variant-created", "variant-id"],
)
async def test_one_hostile_case_is_recorded_and_the_rest_of_the_page_is_kept(
    make_sandbox: Callable[..., SandboxServer],
    tmp_path: Path,
    variant: bool,
    members: dict[str, Any],
) -> None:
    server = make_sandbox(cases=12, variant=variant)
    refs = server.control.case_refs()
    hostile = refs[3]
    server.control.override_members(hostile, members)
    async with running_engine(server, tmp_path / "acc", page_size=5) as (engine, _rec, _c):
        report = await engine.sync_now()
        store = engine.store
        assert report.malformed == 1
        assert store.count() == len(refs) - 1
        assert store.row(CaseRef.parse(hostile)) is None
        (bad,) = store.malformed()
        (value,) = members.values()
        assert bad.ref in (hostile, str(value))  # the variant's ref is the id it sent
        assert str(value) in bad.reason
        # The next sync runs too, and still records it.
        again = await engine.sync_now(full=True)
        assert again.malformed == 1
        assert store.count() == len(refs) - 1


async def test_a_lone_surrogate_is_mended_and_the_case_kept(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=8)
    hostile = server.control.case_refs()[2]
    server.control.override_members(
        hostile, {"acceptedData.patient.lastName": "M\ud800ller", "acceptedData.remark": "\udfff"}
    )
    async with running_engine(server, tmp_path / "acc") as (engine, _rec, _c):
        report = await engine.sync_now()
        assert report.malformed == 0
        assert engine.store.count() == 8
        stored = engine.store.case(CaseRef.guid(hostile))
        assert stored is not None
        assert stored.case.patient is not None
        assert stored.case.patient.last_name == "M\ufffdller"
        assert stored.case.remark == "\ufffd"
        # Opening it refreshes it from the service: the same mending there.
        refreshed = await engine.refresh_case(CaseRef.guid(hostile))
        assert refreshed is not None
        assert refreshed.case.remark == "\ufffd"


def test_the_command_line_lists_the_others_and_names_the_bad_one(
    make_sandbox: Callable[..., SandboxServer],
) -> None:
    server = make_sandbox(cases=6)
    refs = server.control.case_refs()
    server.control.override_members(refs[1], {"acceptedData.receivedDate": EXTREME_DATES[0]})
    server.control.override_members(refs[2], {"acceptedData.patient.fullName": "M\ud800ller"})
    url = server.base_url
    listing = scaninbox("--base-url", url, "cases", "--json")
    assert listing.code == 0, listing.err
    shown = [case["guid"] for case in json.loads(listing.out)]
    assert shown == [r for r in refs if r != refs[1]]
    assert "could not be read" in listing.err
    assert refs[1] in listing.err
    one = scaninbox("--base-url", url, "case", refs[2])
    assert one.code == 0, one.err
    assert "M\ufffdller" in one.out
    bad = scaninbox("--base-url", url, "case", refs[1])
    assert bad.code != 0
    assert "receivedDate" in bad.err
    assert "Unexpected" not in bad.err
    sync = scaninbox("--base-url", url, "sync")
    assert sync.code == 0, sync.err
    assert "1 case could not be read" in sync.out + sync.err
    offline = scaninbox("--base-url", url, "--offline", "cases")
    assert offline.code == 0, offline.err
    assert refs[1] in offline.err


async def test_a_case_received_in_2999_does_not_hide_todays_cases(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=10)
    future = server.control.add_case(received_at=datetime(2999, 1, 1, tzinfo=UTC))
    async with running_engine(server, tmp_path / "acc") as (engine, _rec, _c):
        first = await engine.sync_now()
        assert CaseRef.guid(future) in first.new
        mark = engine.store.synced_through()
        assert mark is not None
        assert mark <= datetime.now(UTC)  # the client's clock, not the server's 2999
        today = server.control.add_case()
        report = await engine.sync_now()
        assert not report.full
        assert report.date_from is not None
        assert report.date_from <= datetime.now(UTC).date()
        assert [str(r) for r in report.new] == [today]
        # `sync --from` a later day leaves the watermark alone (the days between are unread).
        before = engine.store.synced_through()
        later = await engine.sync_now(date_from=date(2999, 1, 1))
        assert later.date_from == date(2999, 1, 1)
        assert engine.store.synced_through() == before


async def test_a_stored_watermark_in_the_future_is_not_trusted(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    """A store written before the fix holds the server's 2999 as its watermark."""
    server = make_sandbox(cases=6)
    async with running_engine(server, tmp_path / "acc") as (engine, _rec, _c):
        await engine.sync_now()
        with engine.store.transaction() as tx:
            set_meta(tx, "synced_through", repr(datetime(2999, 1, 1, tzinfo=UTC).timestamp()))
        today = server.control.add_case()
        report = await engine.sync_now()
        assert report.full
        assert [str(r) for r in report.new] == [today]
        mark = engine.store.synced_through()
        assert mark is not None
        assert mark <= datetime.now(UTC)
