"""The lab hub at scale: a workstation catching up on 100,000 events, and how long a decision
takes to reach another workstation.

    .venv/bin/python benchmarks/lab_catchup.py                 # 100,000 events, 3 catch-ups
    .venv/bin/python benchmarks/lab_catchup.py --events 20000 --repeat 5 --decisions 50

Starts a throw-away PostgreSQL cluster on loopback (``tests/lab/postgres.py``: Debian's
``postgresql`` server binaries; as the ``postgres`` user when run as root), creates the hub's
schema and a laboratory's role, and fills the log with ``--events`` events of 50 workstations
(decisions, claims, releases, notes, read marks over 5,000 cases, written by one INSERT …
SELECT). Then:

- catch-up: a fresh workstation store reads the whole log (``lab.exchange.pull``: batches of
  5,000 from the hub into SQLite), ``--repeat`` times, each into a new store — wall time and
  this process's CPU, min / median ±spread, against the target of 5 s;
- propagation: workstation B runs a ``LabListener`` (LISTEN/NOTIFY on its own thread); A
  appends a decision, and the time from before A's append to B's listener having the event in
  its store is measured ``--decisions`` times — min / median / max against the target of 2 s.

The load average is printed before and after: on a busy machine compare CPU, not wall times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

import psycopg  # noqa: E402
from tests.lab.postgres import Cluster, find_server_binaries  # noqa: E402

from scaninbox.lab.config import hub_address  # noqa: E402
from scaninbox.lab.events import new_event  # noqa: E402
from scaninbox.lab.exchange import pull  # noqa: E402
from scaninbox.lab.hub import Hub  # noqa: E402
from scaninbox.lab.live import LabListener  # noqa: E402
from scaninbox.lab.migrations import admit_role, migrate  # noqa: E402
from scaninbox.store import CaseStore  # noqa: E402
from scaninbox.store.lab_store import last_seq  # noqa: E402

ORG = "benchmark-lab"
PASSWORD = "bench"  # a throw-away cluster's role

_FILL = """
INSERT INTO scaninbox.events (id, organisation, case_ref, kind, by_email, made_at, body)
SELECT gen_random_uuid(), %(org)s, 'case-' || (i %% 5000),
       (ARRAY['decision','claim','release','note','read'])[1 + i %% 5],
       'desk' || (i %% 50) || '@lab.test',
       now() - make_interval(secs => %(n)s - i),
       CASE i %% 5
         WHEN 0 THEN jsonb_build_object('value', CASE WHEN i %% 2 = 0 THEN 'ready'
                                                     ELSE 'rescan' END, 'note', 'checked')
         WHEN 3 THEN jsonb_build_object('text', 'note number ' || i)
         ELSE '{}'::jsonb END
FROM generate_series(1, %(n)s) AS i
"""


def spread(values: list[float]) -> str:
    return (
        f"min {min(values):.3f} / median {statistics.median(values):.3f} "
        f"±{max(values) - min(values):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=30)
    args = parser.parse_args()
    bin_dir = find_server_binaries()
    if bin_dir is None:
        sys.exit("PostgreSQL's server is not installed (Debian: apt install postgresql).")
    print(f"load average at start: {os.getloadavg()}")
    cluster = Cluster(bin_dir)
    cluster.create()
    try:
        with psycopg.connect(cluster.admin_conninfo(), autocommit=True) as admin:
            admin.execute(f"CREATE ROLE lab LOGIN PASSWORD '{PASSWORD}'")
            admin.execute("CREATE DATABASE hub OWNER lab")
        url = cluster.url("lab", PASSWORD, "hub")
        with psycopg.connect(url, autocommit=True) as owner:
            migrate(owner)
            admit_role(owner, "lab", ORG)
        with psycopg.connect(cluster.admin_conninfo("hub"), autocommit=True) as admin:
            started = time.perf_counter()
            admin.execute(_FILL, {"org": ORG, "n": args.events})  # type: ignore[arg-type]
            admin.execute("ANALYZE scaninbox.events")
            print(f"filled {args.events:,} events in {time.perf_counter() - started:.1f} s")
        address = hub_address(url, from_file=False)
        assert address is not None
        catch_up(address, args.events, args.repeat)
        propagation(address, args.decisions)
    finally:
        cluster.destroy()
    print(f"load average at end: {os.getloadavg()}")


def catch_up(address: object, events: int, repeat: int) -> None:
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder, CaseStore.open(Path(folder)) as store:
            with Hub.open(address) as hub:  # type: ignore[arg-type]
                wall, cpu = time.perf_counter(), time.process_time()
                received = pull(store, hub)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            assert received == events, (received, events)
            assert last_seq(store) > 0
    print(
        f"catch-up of {events:,} events into a fresh store: wall {spread(walls)} s, "
        f"CPU {spread(cpus)} s (target: under 5 s)"
    )


def propagation(address: object, decisions: int) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        CaseStore.open(Path(folder)) as store,
    ):
        arrived = threading.Event()
        connected = threading.Event()

        def changed(_count: int) -> None:
            arrived.set()

        def state(up: bool, _why: str | None) -> None:
            if up:
                connected.set()

        listener = LabListener(store, address, ORG, on_change=changed, on_state=state)  # type: ignore[arg-type]
        listener.start()
        try:
            connected.wait(30)
            # The listener's first catch-up reads the whole log and reports it once.
            if not arrived.wait(120):
                raise SystemExit("the listener did not catch up within 120 s")
            with Hub.open(address) as hub:  # type: ignore[arg-type]
                newest = hub.conn.execute("SELECT max(seq) FROM scaninbox.events").fetchone()
                assert newest is not None
                assert last_seq(store) == newest[0]
                times: list[float] = []
                for i in range(decisions):
                    arrived.clear()
                    event = new_event(f"case-{i}", "decision", "qc@lab.test", {"value": "ready"})
                    started = time.perf_counter()
                    outcome = hub.append(event)
                    while True:
                        if not arrived.wait(5):
                            raise SystemExit("a decision did not arrive within 5 s")
                        arrived.clear()
                        if last_seq(store) >= (outcome.seq or 0):
                            break
                    times.append(time.perf_counter() - started)
        finally:
            listener.stop()
    print(
        f"decision to another workstation ({decisions}x): min {min(times) * 1000:.1f} ms / "
        f"median {statistics.median(times) * 1000:.1f} ms / max {max(times) * 1000:.1f} ms "
        "(target: under 2 s)"
    )


if __name__ == "__main__":
    main()
