"""What telling outdated QC results apart costs the inbox, per block of 200 rows.

    .venv/bin/python benchmarks/inbox_qc_standing.py [--rows N] [--repeat N]

Every row has a kept QC result and its scans cached (a real SQLite store and file cache). The
inbox reads a block's QC states in one statement (``qc_states``, the peer: what it read before
outdated results were told apart); on the GUI thread it now also runs ``suspect_results`` (the
kept results a later fetch or case change could have outdated); the close look at the suspects
(``outdated_among``) runs on a worker thread, once per change. Two cases: every result checked
after its scans were fetched (the usual one: no suspects), and every result older than its
files (the worst case: all suspects). Min / median and spread of ``--repeat`` rounds, taking
turns; ratios against ``qc_states`` of the same round; the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.unit.store.factory import wire_case

from scaninbox.domain import CaseRef, FileKind
from scaninbox.qc import QC_VERSION
from scaninbox.services.qc_queue import outdated_among, suspect_results
from scaninbox.store import CaseStore, FileCache, FileSpec
from scaninbox.store.qc_store import qc_states, save_qc_result


def _line(label: str, times: list[float], peer: list[float] | None) -> str:
    ms = [t * 1e3 for t in times]
    text = (
        f"  {label:<34} min {min(ms):8.2f} ms  median {statistics.median(ms):8.2f} ms  "
        f"spread {max(ms) - min(ms):7.2f} ms"
    )
    if peer is not None:
        ratios = [t / p for t, p in zip(times, peer, strict=True)]
        text += f"  ×{statistics.median(ratios):.2f} of qc_states (median of rounds)"
    return text


def _measure(store: CaseStore, refs: list[CaseRef], repeat: int, label: str) -> None:
    peer: list[float] = []
    suspects_t: list[float] = []
    worker_t: list[float] = []
    found: dict[CaseRef, str] = {}
    for _ in range(repeat):
        start = time.perf_counter()
        states = qc_states(store, refs)
        peer.append(time.perf_counter() - start)
        start = time.perf_counter()
        found = suspect_results(store, list(states))
        suspects_t.append(time.perf_counter() - start)
        start = time.perf_counter()
        outdated_among(store, list(found))
        worker_t.append(time.perf_counter() - start)
    print(f"{label} ({len(found)} suspects of {len(refs)} rows)")
    print(_line("qc_states (GUI thread, peer)", peer, None))
    print(_line("suspect_results (GUI thread)", suspects_t, peer))
    print(_line("outdated_among (worker, once)", worker_t, peer))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        with CaseStore.open(tmp / "account") as store, FileCache.open(store) as cache:
            refs = [store.upsert_case(wire_case(i)).new[0] for i in range(1, args.rows + 1)]
            for index, ref in enumerate(refs, 1):
                for jaw in ("upper", "lower"):
                    source = tmp / f"{jaw}-{index}.stl"
                    source.write_bytes(f"solid {jaw} {index}\nendsolid\n".encode())
                    spec = FileSpec.of(FileKind.SCAN, f"{jaw} {index}.stl", "stl")
                    assert spec is not None
                    cache.add(ref, spec, source)
                save_qc_result(
                    store, ref, key="k", qc_version=QC_VERSION, verdict="pass", result_json="{}"
                )
            _measure(store, refs, args.repeat, "checked after every fetch")
            old = datetime(2020, 1, 1, tzinfo=UTC)
            for ref in refs:
                save_qc_result(
                    store, ref, key="k", qc_version=QC_VERSION, verdict="pass",
                    result_json="{}", checked_at=old,
                )  # fmt: skip
            _measure(store, refs, args.repeat, "every result older than its files")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
