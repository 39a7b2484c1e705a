"""Store and sync performance on the sandbox: sync times, first screen, search, deep windows, size.

    .venv/bin/python benchmarks/store_sync.py                 # 10,000 and 100,000 cases
    .venv/bin/python benchmarks/store_sync.py --cases 10000   # one size only

For each size: a sandbox with that many cases (in a process of its own, on loopback, so that
its CPU time is not the client's), a fresh store, then: the first full sync; an incremental
sync (2-day overlap); a full reconcile of unchanged data — each with the client's CPU time
(``time.process_time``: every thread of this process, i.e. HTTP, parsing, deriving, SQLite's
writer thread) per case listed; opening the store and fetching the first screen; searches
(count + first screen); windows at deep offsets through ``CaseStore.rows`` (indexed
``LIMIT … OFFSET``) and through a ``CaseList`` (the ordered row ids built once); and the
database size per 1,000 cases. Read times are min / median ±spread of ``--repeat`` runs, each
on a freshly opened store so nothing is cached in Python.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from scaninbox.api import ApiClient, make_http_client
from scaninbox.sandbox import DEMO_ACCOUNT, SandboxConfig, SandboxServer
from scaninbox.store import CaseFilter, CaseStore, FileCache, SortKey, SortSpec, SyncEngine

SCREEN = 50


Stats = tuple[float, float, float]  # min, median, spread (s)


def _ms(stats: Stats) -> str:
    low, mid, spread = (v * 1000 for v in stats)
    return f"{low:8.1f} / {mid:8.1f} ±{spread:.1f} ms"


def _stats(times: list[float]) -> Stats:
    return min(times), statistics.median(times), max(times) - min(times)


def _median(repeat: int, run: Callable[[], Any]) -> Stats:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return _stats(times)


def _serve(pipe: Connection, cases: int, cache_dir: Path) -> None:
    """The sandbox in its own process: sends its URL, then obeys "add_case" / "stop"."""
    config = SandboxConfig(port=0, cases=cases, cache_dir=cache_dir)
    with SandboxServer(config) as server:
        pipe.send(server.base_url)
        while (command := pipe.recv()) != "stop":
            if command == "add_case":
                pipe.send(server.control.add_case())


async def _sync_times(base_url: str, pipe: Connection, folder: Path) -> dict[str, Any]:
    async with make_http_client(timeout_s=120) as http:
        client = ApiClient(http, base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        with CaseStore.open(folder) as store, FileCache.open(store) as cache:
            engine = SyncEngine(client, store, cache)
            try:
                rows: dict[str, Any] = {}
                wall, cpu = time.perf_counter(), time.process_time()
                first = await engine.sync_now()
                rows["first full sync"] = (
                    time.perf_counter() - wall,
                    time.process_time() - cpu,
                    first.server_total,
                )
                pipe.send("add_case")
                pipe.recv()
                wall, cpu = time.perf_counter(), time.process_time()
                incremental = await engine.sync_now()
                rows[f"incremental sync ({incremental.server_total} listed)"] = (
                    time.perf_counter() - wall,
                    time.process_time() - cpu,
                    incremental.server_total,
                )
                wall, cpu = time.perf_counter(), time.process_time()
                again = await engine.sync_now(full=True)
                rows["full reconcile, nothing changed"] = (
                    time.perf_counter() - wall,
                    time.process_time() - cpu,
                    again.server_total,
                )
            finally:
                await engine.stop()
    return rows


def _read_times(folder: Path, repeat: int) -> dict[str, Stats]:
    results: dict[str, Stats] = {}

    def open_and_first_screen() -> None:
        with CaseStore.open(folder) as store:
            store.count()
            assert len(store.rows(limit=SCREEN)) == SCREEN

    results["open store + count + first screen"] = _median(repeat, open_and_first_screen)

    with CaseStore.open(folder) as store:
        sample = store.rows(offset=store.count() // 3, limit=1)[0]
        last_name = sample.patient.split()[-1] if sample.patient else "a"
        terms = {
            "search: patient prefix": last_name[:4],
            "search: full patient name": sample.patient,
            "search: remark word": "margin",
            "search: dentist + worktype": f"{sample.dentist.split()[-1]} crown",
        }
    for label, text in terms.items():
        f = CaseFilter(text=text)
        times = []
        for _ in range(repeat):
            with CaseStore.open(folder) as fresh:  # nothing cached: every search is a first one
                fresh.count()
                start = time.perf_counter()
                hits = fresh.count(f)
                fresh.rows(f, limit=SCREEN)
                times.append(time.perf_counter() - start)
        results[f"{label} ({hits} hits): count + first screen"] = _stats(times)

    for sort, f in (
        (SortSpec(), CaseFilter()),
        (SortSpec(SortKey.PATIENT, descending=False), CaseFilter()),
        (SortSpec(), CaseFilter(statuses=frozenset({"accepted"}))),
    ):
        label = f"sort {sort.key.value}" + (" + status filter" if f.statuses else "")
        with CaseStore.open(folder) as store:
            deep = int(store.count(f) * 0.9)
            results[f"{label}: count"] = _median(repeat, lambda s=store, f=f: s.count(f))
            results[f"{label}: rows() window @{deep} (LIMIT/OFFSET)"] = _median(
                repeat, lambda s=store, f=f, o=sort, d=deep: s.rows(f, o, offset=d, limit=SCREEN)
            )
            builds = []
            for _ in range(repeat):  # a fresh store each time: a built list is kept
                with CaseStore.open(folder) as fresh:
                    start = time.perf_counter()
                    fresh.case_list(f, sort)
                    builds.append(time.perf_counter() - start)
            results[f"{label}: case_list() build (orders all ids)"] = _stats(builds)
            cases = store.case_list(f, sort)
            results[f"{label}: case_list() window @{deep}"] = _median(
                repeat, lambda c=cases, d=deep: c.rows(d, SCREEN)
            )
    return results


def _size(folder: Path, cases: int) -> str:
    db = sum(p.stat().st_size for p in folder.glob("inbox.sqlite3*"))
    return f"{db / 1e6:.1f} MB in all, {db / cases * 1000 / 1e6:.2f} MB per 1,000 cases"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    for cases in args.cases:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            pipe, child_end = multiprocessing.Pipe()
            server = multiprocessing.get_context("spawn").Process(
                target=_serve, args=(child_end, cases, Path(tmp) / "sandbox"), daemon=True
            )
            server.start()
            try:
                base_url = pipe.recv()
                print(
                    f"\n=== {cases:,} cases (sandbox process up in "
                    f"{time.perf_counter() - start:.1f} s)"
                )
                folder = Path(tmp) / "account"
                print(f"{'':60} {'wall':>9} {'client CPU':>11} {'CPU per case':>13}")
                for label, (wall, cpu, listed) in asyncio.run(
                    _sync_times(base_url, pipe, folder)
                ).items():
                    per_case = cpu / max(1, listed) * 1000
                    print(f"{label:60} {wall:8.2f}s {cpu:10.2f}s {per_case:10.3f} ms")
                print("  target: first full sync ≤ 0.2 ms of client CPU per case")
            finally:
                pipe.send("stop")
                server.join(timeout=30)
            with CaseStore.open(folder) as store:  # checkpoint the WAL before measuring size
                store.query("PRAGMA wal_checkpoint(TRUNCATE)")
            for label, seconds in _read_times(folder, args.repeat).items():
                print(f"{label:70} {_ms(seconds)}")
            print(f"{'database size':70} {_size(folder, cases)}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
