"""Store and sync performance on the sandbox: sync CPU per case, first screen, search, deep windows.

    .venv/bin/python benchmarks/store_sync.py                  # 10,000 and 100,000 cases
    .venv/bin/python benchmarks/store_sync.py --cases 10000    # one size only (~1 min)
    .venv/bin/python benchmarks/store_sync.py --cases 2000 --sync-repeat 5 --no-reads  # quick

The sandbox runs as ``scaninbox sandbox --port 0`` in a process of its own on loopback (its
readiness is its announced address answering HTTP, polled — no fixed sleep), so the CPU the
client spends is measured apart from the reference server's. For each size:

- the first full sync into a fresh store, ``--sync-repeat`` times: wall time, the client's CPU
  time (``time.process_time``: every thread of this process — HTTP, parsing, deriving, SQLite's
  writer thread) and the sandbox process's CPU over the same interval, per case listed, as
  min / median ±spread, printed against the target of 0.2 ms of client CPU per case;
- an incremental sync (2-day overlap, nothing new) and a full reconcile of unchanged data on
  the last store, each ``--sync-repeat`` times;
- with ``--stages PAGES``: each step of a first sync timed alone over the same pages (HTTP and
  validating through ``ApiClient.list_cases``, validating from the bytes, the JSON digest,
  deriving the columns, zstd, saving the pages into a fresh store), µs a case; then what each
  intermediate shape of a case buys (issue 24): the same work with ``CaseDict``, ``CaseColumns``
  and stored rows and without them (wire models, domain ``Case``s, the kept JSON read back);
- unless ``--no-reads``: opening the store and fetching the first screen, searches (count +
  first screen), windows at deep offsets through ``CaseStore.rows`` (indexed ``LIMIT …
  OFFSET``) and through a ``CaseList`` (the ordered row ids built once), the database size per
  1,000 cases. Read times are min / median ±spread of ``--repeat`` runs, each on a freshly
  opened store so nothing is cached in Python.

The load average is printed at the start and the end: on a busy machine compare CPU times
(the client's own), not wall times, which the sandbox's share of the 2 cores dominates.

Measured 2026-11-24 on the 2-core machine shared with five other sessions, client CPU of a
first full sync per case, before/after taking turns (``PYTHONPATH`` pointing at a copy of the
code before, one first sync each): 5,000 cases, 3 rounds at load 3.6-4.0, 0.437-0.474 ms
before, 0.289-0.296 ms after (-34 %); 100,000 cases, one run each at load 7-9 and without the
collector change, 0.570 ms before and 0.386 ms after, and 0.360 ms with it (load 4-5); a full
reconcile of 100,000 unchanged cases 0.227 before, 0.182 ms now. On a quiet machine the code
before took 0.390 ms at 5,000 cases. What changed: a page is validated from the
answer's bytes in one pass (``api.parsing.read_case_page``), the columns are read off the wire
model instead of a whole domain ``Case`` (``store.derive.CaseFacts``), the kept JSON is
Zstandard instead of zlib (schema step 4), and a first sync into an empty store builds 13 of
the 15 indexes of ``cases`` once at its end (``sync_writes.defer_sort_indexes``; alone, ~45 µs
a case at 100,000), and a pass collects cyclic garbage 70 times less often
(``sync_pass.fewer_collections``: the collector was 10-15 % of the client's CPU).
The target, 0.2 ms, is not met. Where a case's client CPU goes now (each step alone on the
same 50 pages at load ~5, µs; alone each runs a little slower than inside the sync):
validating the page 134, deriving the columns 75, SQLite (rows, two sort indexes, the search
index, the indexes built at the end) with zstd 83, the JSON digest 25, HTTP 29. A full
reconcile of unchanged data (no deriving, no writes) costs ~0.18 ms a case: reading the pages
into wire models alone is most of the target.

Later the same day (syncfast3, load 4-7, 3 rounds interleaved with the code before): a page of
new cases written with one ``executemany``, attachment lists without a Python step per entry,
``sniffio`` installed (httpcore looked for it on ``sys.path`` on every request). Each is a few
µs a case alone (``--stages``); together they are inside the noise of a whole first sync:
0.269-0.279 ms after against 0.272-0.274 ms before. See benchmarks/README.md for the floor.

syncwalk (later the same day): a sync reads its pages into plain dicts under the wire models'
own rules (``api.wire_dicts``: the models mirrored as TypedDicts; ``ApiClient.list_case_dicts``),
keeps the JSON and digest written from those dicts, derives the columns in one walk over them
(``store.derive.derive_columns``), marks unchanged cases seen in one ``executemany`` and reads a
page's stored rows once. ``--stages`` times the dict path; "validate into models" is printed
beside it for comparison (a sync no longer takes it). Figures: benchmarks/README.md.

syncbatch (later the same day): a sync commits its pages together, at most every
``SyncOptions.commit_interval_s`` (1 s), and adds a batch's new rows to the search index once
at its commit. ``--commit-interval 0 0.5 1.0`` takes first syncs at each interval in turns in one
process (0: a COMMIT a page, as before). Figures: benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from scaninbox.api import ApiClient, make_http_client, to_case
from scaninbox.api.parsing import read_case_dict_page, read_case_page
from scaninbox.sandbox import DEMO_ACCOUNT
from scaninbox.store import (
    CaseFilter,
    CaseStore,
    FileCache,
    SortKey,
    SortSpec,
    SyncEngine,
    SyncOptions,
)
from scaninbox.store.derive import case_json, derive_columns, pack_json
from scaninbox.store.sync_pass import fewer_collections

SCREEN = 50
TARGET_MS_PER_CASE = 0.2
_READY_TIMEOUT_S = 600.0  # generating 100,000 cases takes a while on 2 busy cores
_LISTENING = re.compile(r"Sandbox listening on (http://\S+)")
_OUTPUT_READER = "sandbox-output"  # ours, not the client's: left out of the thread count


Stats = tuple[float, float, float]  # min, median, spread


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


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1/5/15 min; {os.cpu_count()} cores)"


# --------------------------------------------------------------------------- the sandbox


@dataclass(frozen=True, slots=True)
class Sandbox:
    base_url: str
    process: subprocess.Popen[str]

    def cpu_s(self) -> float:
        """The sandbox process's CPU time so far (user + system, all its threads)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def sandbox_process(cases: int, home: Path) -> Iterator[Sandbox]:
    """``scaninbox sandbox`` in its own process on a free loopback port, ready to answer."""
    env = dict(os.environ, XDG_CACHE_HOME=str(home / "cache"), XDG_DATA_HOME=str(home / "data"))
    command = [sys.executable, "-m", "scaninbox", "sandbox", "--port", "0", "--cases", str(cases)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the first line names the address, flushed at once
        found = _LISTENING.search(line)
        if found is None:
            raise RuntimeError(f"the sandbox did not start: {line.strip()!r}")
        sandbox = Sandbox(found[1], process)
        _wait_until_answering(sandbox)
        # Keep reading its output so a full pipe never blocks it.
        threading.Thread(target=process.stdout.read, name=_OUTPUT_READER, daemon=True).start()
        yield sandbox
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_answering(sandbox: Sandbox) -> None:
    """Poll the service until it answers HTTP (a 401 for /me without a token is an answer)."""
    deadline = time.monotonic() + _READY_TIMEOUT_S
    pause = 0.01
    while True:
        if sandbox.process.poll() is not None:
            raise RuntimeError(f"the sandbox exited with status {sandbox.process.returncode}")
        try:
            httpx.get(f"{sandbox.base_url}/me", timeout=5.0)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise RuntimeError("the sandbox did not answer in time") from None
        time.sleep(pause)  # a poll interval, not a guess at how long start-up takes
        pause = min(pause * 2, 0.5)


# --------------------------------------------------------------------------- syncs


@dataclass(frozen=True, slots=True)
class SyncSample:
    wall_s: float
    client_cpu_s: float
    server_cpu_s: float
    listed: int
    threads: int


async def _measure(sandbox: Sandbox, engine: SyncEngine, *, full: bool = False) -> SyncSample:
    server, wall, cpu = sandbox.cpu_s(), time.perf_counter(), time.process_time()
    report = await engine.sync_now(full=full)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    threads = sum(t.name != _OUTPUT_READER for t in threading.enumerate())
    return SyncSample(wall, cpu, sandbox.cpu_s() - server, report.server_total, threads)


async def _syncs(
    sandbox: Sandbox, folder: Path, *, again: int, commit_interval_s: float | None = None
) -> tuple[SyncSample, list[SyncSample], list[SyncSample]]:
    """A first sync into ``folder``; then ``again`` incremental syncs and full reconciles.
    ``commit_interval_s``: ``SyncOptions.commit_interval_s`` (None: the default; the option
    is left out, so code from before it existed runs too)."""
    options = (
        None if commit_interval_s is None else SyncOptions(commit_interval_s=commit_interval_s)
    )
    async with make_http_client(timeout_s=120) as http:
        client = ApiClient(http, sandbox.base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        with CaseStore.open(folder) as store, FileCache.open(store) as cache:
            engine = SyncEngine(client, store, cache, options)
            try:
                first = await _measure(sandbox, engine)
                incremental = [await _measure(sandbox, engine) for _ in range(again)]
                full = [await _measure(sandbox, engine, full=True) for _ in range(again)]
            finally:
                await engine.stop()
    return first, incremental, full


def _per_case(samples: list[SyncSample], value: Callable[[SyncSample], float]) -> str:
    low, mid, spread = _stats([value(s) / max(1, s.listed) * 1000 for s in samples])
    return f"{low:6.3f} / {mid:6.3f} ±{spread:.3f}"


def _print_syncs(label: str, samples: list[SyncSample]) -> None:
    if not samples:
        return
    wall = _stats([s.wall_s for s in samples])
    cpu = _stats([s.client_cpu_s for s in samples])
    listed = samples[0].listed
    print(
        f"{label} ({listed:,} listed, {len(samples)} runs, {samples[-1].threads} client threads)\n"
        f"    wall           {wall[0]:8.2f} / {wall[1]:8.2f} ±{wall[2]:.2f} s\n"
        f"    client CPU     {cpu[0]:8.2f} / {cpu[1]:8.2f} ±{cpu[2]:.2f} s   "
        f"per case {_per_case(samples, lambda s: s.client_cpu_s)} ms\n"
        f"    sandbox CPU    {'':30}   per case {_per_case(samples, lambda s: s.server_cpu_s)} ms"
    )


def _print_target(first: list[SyncSample]) -> None:
    best = min(s.client_cpu_s / max(1, s.listed) * 1000 for s in first)
    middle = statistics.median(s.client_cpu_s / max(1, s.listed) * 1000 for s in first)
    verdict = "met" if middle <= TARGET_MS_PER_CASE else "NOT met"
    print(
        f"  target: first full sync ≤ {TARGET_MS_PER_CASE} ms of client CPU per case — "
        f"median {middle:.3f} ms (min {best:.3f}), {middle / TARGET_MS_PER_CASE:.2f}× the "
        f"target: {verdict}"
    )


# --------------------------------------------------------------------------- stages


def _cpu_rounds(rounds: int, run: Callable[[], Any]) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return times


async def _fetch_pages(sandbox: Sandbox, pages: int) -> tuple[list[bytes], list[float]]:
    """The first ``pages`` pages of 100 as the service sends them, and the client CPU of
    asking for them as a sync does (``ApiClient.list_case_dicts``: HTTP and validating), per
    round."""
    async with make_http_client(timeout_s=120) as http:
        client = ApiClient(http, sandbox.base_url)
        session = await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        headers = {"Authorization": f"Bearer {session.token}"}
        bodies = []
        for page in range(1, pages + 1):
            answer = await http.get(
                f"{sandbox.base_url}/unified-cases",
                params={"page": str(page), "pageSize": "100"},
                headers=headers,
            )
            answer.raise_for_status()
            bodies.append(answer.content)
        listing = []
        for _ in range(3):
            start = time.process_time()
            for page in range(1, pages + 1):
                await client.list_case_dicts(page=page, page_size=100)
            listing.append(time.process_time() - start)
    return bodies, listing


def _stages(sandbox: Sandbox, pages: int, rounds: int) -> None:
    """Where a first sync's client CPU goes, each step alone over the same pages (µs a case,
    min / median ±spread): the steps run one after the other here, in one thread, so they add
    up to a little less than the sync, which also pays for its threads and event loop."""
    bodies, listing = asyncio.run(_fetch_pages(sandbox, pages))
    answers = [
        httpx.Response(200, content=b, headers={"content-type": "application/json"}) for b in bodies
    ]
    read = [read_case_dict_page(a, "the sandbox") for a in answers]
    cases = [c for p in read for c in p.items]
    digests = [case_json(c) for c in cases]
    count = len(cases)

    def save_all() -> None:
        with tempfile.TemporaryDirectory() as tmp, CaseStore.open(Path(tmp)) as store:
            cursor = store.begin_sync(full=True, date_from=None, page_size=100)
            for number, page in enumerate(read, start=1):
                _result, cursor = store.save_page(cursor, number, page.items, page.malformed)
            store.finish_sync(cursor)

    with fewer_collections():
        steps = {
            "validate into dicts (read_case_dict_page)": _cpu_rounds(
                rounds, lambda: [read_case_dict_page(a, "the sandbox") for a in answers]
            ),
            "validate into models (read_case_page; not synced)": _cpu_rounds(
                rounds, lambda: [read_case_page(a, "the sandbox") for a in answers]
            ),
            "JSON + digest (case_json)": _cpu_rounds(rounds, lambda: [case_json(c) for c in cases]),
            "derive columns (derive_columns)": _cpu_rounds(
                rounds, lambda: [derive_columns(c, d) for c, d in zip(cases, digests, strict=True)]
            ),
            "zstd alone (pack_json, inside the save below)": _cpu_rounds(
                rounds, lambda: [pack_json(d[0]) for d in digests]
            ),
            "save pages + finish (digest, derive, SQLite, zstd)": _cpu_rounds(rounds, save_all),
        }
    steps["HTTP + validate (list_case_dicts)"] = listing
    print(f"\nstages over {count:,} cases ({pages} pages), µs a case, min / median ±spread:")
    for label, times in steps.items():
        low, mid, spread = (t / count * 1e6 for t in _stats(times))
        print(f"    {label:52} {low:6.1f} / {mid:6.1f} ±{spread:.1f}")
    _shapes(answers, read, rounds)


def _shapes(answers: list[httpx.Response], read: list[Any], rounds: int) -> None:
    """What each intermediate shape of a case buys (issue 24): the same work with the shape
    and without it, on the same cases, µs a case. A sync without the dicts (``CaseDict``) would
    validate into wire models and write the JSON from them; without the column walk
    (``derive_columns`` → ``CaseColumns``) it would build the domain ``Case`` of every case and
    derive from that; an inbox without stored rows (``CaseRow``) would read each visible case's
    kept JSON back into a domain ``Case``."""
    models = [c for a in answers for c in read_case_page(a, "the sandbox").items]
    cases = [c for p in read for c in p.items]
    digests = [case_json(c) for c in cases]
    count = len(cases)
    with fewer_collections():
        sync = {
            "validate into dicts (CaseDict: what a sync does)": _cpu_rounds(
                rounds, lambda: [read_case_dict_page(a, "the sandbox") for a in answers]
            ),
            "validate into wire models (without CaseDict)": _cpu_rounds(
                rounds, lambda: [read_case_page(a, "the sandbox") for a in answers]
            ),
            "JSON + digest from the dicts": _cpu_rounds(
                rounds, lambda: [case_json(c) for c in cases]
            ),
            "JSON + digest from the models (without CaseDict)": _cpu_rounds(
                rounds, lambda: [_model_json(m) for m in models]
            ),
            "columns in one walk (derive_columns → CaseColumns)": _cpu_rounds(
                rounds, lambda: [derive_columns(c, d) for c, d in zip(cases, digests, strict=True)]
            ),
            "domain Case of each model alone (to_case)": _cpu_rounds(
                rounds, lambda: [to_case(m) for m in models]
            ),
        }
        with tempfile.TemporaryDirectory() as tmp, CaseStore.open(Path(tmp)) as store:
            cursor = store.begin_sync(full=True, date_from=None, page_size=100)
            for number, page in enumerate(read, start=1):
                _result, cursor = store.save_page(cursor, number, page.items, page.malformed)
            store.finish_sync(cursor)
            screens = range(0, count - SCREEN + 1, SCREEN)
            rows = {
                "inbox rows from the columns (CaseRow)": _cpu_rounds(
                    rounds, lambda: [store.rows(offset=o, limit=SCREEN) for o in screens]
                ),
                "inbox rows as domain Cases from the kept JSON": _cpu_rounds(
                    rounds,
                    lambda: [
                        [to_case(w) for w in store.wire_cases(offset=o, limit=SCREEN)]
                        for o in screens
                    ],
                ),
            }
    shown = len(screens) * SCREEN
    print(f"\nshapes of a case (issue 24), µs a case, min / median ±spread, load {_load()}:")
    for table, total in ((sync, count), (rows, shown)):
        for label, times in table.items():
            low, mid, spread = (t / total * 1e6 for t in _stats(times))
            print(f"    {label:52} {low:6.1f} / {mid:6.1f} ±{spread:.1f}")


def _model_json(model: Any) -> tuple[bytes, str]:
    data = model.__pydantic_serializer__.to_json(model, by_alias=True, exclude_unset=True)
    return data, hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------- reads


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
    parser.add_argument("--sync-repeat", type=int, default=3, help="first syncs per size (3)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each read (5)")
    parser.add_argument("--no-reads", action="store_true", help="time the syncs only")
    parser.add_argument(
        "--stages", type=int, default=0, metavar="PAGES",
        help="also time each step of a first sync alone over this many pages of 100",
    )  # fmt: skip
    parser.add_argument(
        "--commit-interval", type=float, nargs="+", default=[None], metavar="S",
        help="SyncOptions.commit_interval_s for the first syncs; several: taken in turns, "
        "each printed on its own (0: a COMMIT a page, as before batching)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    print(f"load average at start: {_load()}")
    for cases in args.cases:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            with sandbox_process(cases, Path(tmp) / "sandbox") as sandbox:
                print(
                    f"\n=== {cases:,} cases (sandbox pid {sandbox.process.pid}, ready in "
                    f"{time.perf_counter() - start:.1f} s; client CPU is this process, sandbox "
                    "CPU the other; min / median ±spread)"
                )
                first: dict[float | None, list[SyncSample]] = {}
                incremental: list[SyncSample] = []
                reconcile: list[SyncSample] = []
                kept = Path(tmp) / "account-0-0"  # the store the reads below are timed on
                for run in range(args.sync_repeat):
                    for turn, interval in enumerate(args.commit_interval):
                        folder = Path(tmp) / f"account-{run}-{turn}"
                        last = run == args.sync_repeat - 1 and turn == 0
                        sample, more, full = asyncio.run(
                            _syncs(
                                sandbox,
                                folder,
                                again=args.sync_repeat if last else 0,
                                commit_interval_s=interval,
                            )
                        )
                        first.setdefault(interval, []).append(sample)
                        incremental += more
                        reconcile += full
                        if last:
                            kept = folder
                for interval, samples in first.items():
                    every = "" if interval is None else f", a commit at most every {interval} s"
                    _print_syncs(f"first full sync{every}", samples)
                    _print_target(samples)
                _print_syncs("incremental sync, nothing new", incremental)
                _print_syncs("full reconcile, nothing changed", reconcile)
                if args.stages:
                    _stages(sandbox, min(args.stages, max(1, cases // 100)), args.sync_repeat + 2)
            print(f"load average now: {_load()}")
            if args.no_reads:
                continue
            with CaseStore.open(kept) as store:  # checkpoint the WAL before measuring size
                store.query("PRAGMA wal_checkpoint(TRUNCATE)")
            for label, seconds in _read_times(kept, args.repeat).items():
                print(f"{label:70} {_ms(seconds)}")
            print(f"{'database size':70} {_size(kept, cases)}")
    print(f"\nload average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
