"""The inbox table at 100,000 cases: list building, row windows, data(), filters, painting.

    .venv/bin/python benchmarks/inbox_model.py                    # 100,000 cases, new store
    .venv/bin/python benchmarks/inbox_model.py --store /tmp/inbox  # reuse (or create) a store

Cases are written through the store's own write path (``begin_sync``/``save_page``), with
varied patients, dentists, clinics, portals, statuses, dates and worktypes. The model runs on a
qasync loop exactly as in the app (lists built on a worker thread); painting is measured with a
real ``InboxView`` at 1280×800 (offscreen when there is no display). Medians of ``--repeat``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

FIRST = ("Anna", "Jonas", "Märta", "Léa", "Σοφία", "Oliver", "Ines", "Pieter", "Zofia", "Kai")
LAST = ("Schmidt", "Öberg", "Dupont", "Papadopoulou", "García", "Van Dijk", "Nowak", "Rossi")
DENTISTS = ("Dr. Jean Dupont", "Dr. Eva Berg", "Dr. Lukas Meyer", "Dr. Sara Costa")
CLINICS = ("Praxis am Markt", "Smile Studio", "Clinique du Parc", "Tandarts Centrum")
SOURCES = ("3Shape", "iTero", "Medit", "Dexis", "Carestream")
STATUSES = ("new", "accepted", "accepted", "accepted")
WORK = (("Crown", "Zirconia"), ("Bridge", "Zirconia"), ("Veneer", "Feldspathic"), ("Inlay", "Gold"))


def _case(index: int, rng: random.Random, now: datetime) -> dict[str, Any]:
    received = now - timedelta(minutes=index * 2)
    kind, material = rng.choice(WORK)
    teeth = rng.sample(["11", "12", "21", "22", "36", "46", "14", "24"], k=rng.randint(1, 3))
    return {
        "guid": f"00000000-0000-4000-8000-{index:012d}",
        "organizationGuid": "org-bench",
        "status": rng.choice(STATUSES),
        "acceptedData": {
            "source": rng.choice(SOURCES),
            "externalId": f"EXT-{index:07d}",
            "receivedDate": received.isoformat().replace("+00:00", "Z"),
            "deliveryDate": (received + timedelta(days=rng.randint(3, 20))).date().isoformat(),
            "customer": {
                "clinic": {"name": rng.choice(CLINICS)},
                "dentist": {"fullName": rng.choice(DENTISTS)},
            },
            "patient": {"firstName": rng.choice(FIRST), "lastName": rng.choice(LAST)},
            "remark": "margin deep" if index % 7 == 0 else "",
            "scanFiles": [
                {
                    "type": "preparationScan",
                    "filename": f"upper-{index}.stl",
                    "fileLink": "x/u",
                    "jaw": "upper",
                    "fileType": "stl",
                },
                {
                    "type": "preparationScan",
                    "filename": f"lower-{index}.stl",
                    "fileLink": "x/l",
                    "jaw": "lower",
                    "fileType": "stl",
                },
            ],
            "orderForm": {"filename": "order.pdf", "fileLink": "x/o"},
            "worktypes": [
                {
                    "categoryId": "Fixed",
                    "restorationTypeId": kind,
                    "materialId": material,
                    "fdi": tooth,
                }
                for tooth in teeth
            ],
            "administrative": {
                "priority": index % 13 == 0,
                "remake": False,
                "additionalInfo": False,
                "contactRequired": False,
            },
            "miscellaneousFiles": [],
        },
    }


def _PaintCounter(counter: list[int], parent: Any) -> Any:  # noqa: N802 - a QObject factory
    # A benchmark of the Qt model drives Qt itself (the ban guards the package's layers).
    from PySide6.QtCore import QEvent, QObject  # noqa: TID251

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                counter[0] += 1
            return False

    return Counter(parent)


def build_store(folder: Path, cases: int) -> float:
    from scaninbox.api.wire import UnifiedCase
    from scaninbox.store import CaseStore

    started = time.perf_counter()
    rng = random.Random(7)
    now = datetime.now(UTC)
    with CaseStore.open(folder) as store:
        if store.count() >= cases:
            return 0.0
        cursor = store.begin_sync(full=True, date_from=None, page_size=1000)
        for page, start in enumerate(range(0, cases, 1000), start=1):
            wires = [
                UnifiedCase.model_validate(_case(i, rng, now))
                for i in range(start, min(cases, start + 1000))
            ]
            _result, cursor = store.save_page(cursor, page, wires)
        store.finish_sync(cursor)
    return time.perf_counter() - started


def _median_ms(repeat: int, run: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def measure(folder: Path, repeat: int) -> list[tuple[str, float]]:
    from PySide6.QtCore import Qt  # noqa: TID251 - see _PaintCounter

    from scaninbox.qt.inbox import Column, DatePreset, FilterState, InboxView
    from scaninbox.qt.inbox.model import CaseTableModel
    from scaninbox.store import CaseStore

    results: list[tuple[str, float]] = []
    store = CaseStore.open(folder)
    model = CaseTableModel()
    applied = asyncio.Event()
    model.queryApplied.connect(applied.set)

    async def timed(label: str, change: Callable[[], None]) -> None:
        times = []
        shown = 0
        for _ in range(repeat):
            applied.clear()
            start = time.perf_counter()
            change()
            await applied.wait()
            times.append(time.perf_counter() - start)
            shown = model.rowCount()
            # The next change starts from no filter, newest first.
            model.set_filter(FilterState())
            model.set_sort(Column.RECEIVED, descending=True)
            applied.clear()
            model.refresh()
            await applied.wait()
        results.append((f"{label} → {shown:,} rows", statistics.median(times) * 1000))

    applied.clear()
    start = time.perf_counter()
    model.set_store(store)
    await applied.wait()
    results.append(
        (
            f"open: list of {model.rowCount():,} cases ready (worker thread)",
            (time.perf_counter() - start) * 1000,
        )
    )
    results.append(("rowCount()", _median_ms(repeat, model.rowCount)))

    roles = [
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.DecorationRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.AccessibleTextRole,
    ]

    def screen(first: int) -> None:
        for row in range(first, first + 30):
            for column in range(len(Column)):
                index = model.index(row, column)
                for role in roles:
                    model.data(index, role)

    for where in (0, model.rowCount() // 2, model.rowCount() - 40):
        model.repaint_all()  # drop cached blocks: the first look at a screen reads its block
        start = time.perf_counter()
        screen(where)
        cold = (time.perf_counter() - start) * 1000
        warm = _median_ms(repeat, lambda w=where: screen(w))
        results.append(
            (f"data(): one screen (30 rows × 13 columns × 7 roles) @{where:,}, cold", cold)
        )
        results.append(("data(): the same screen again (block cached)", warm))
    per_call = _median_ms(repeat, lambda: [model.data(model.index(5, 4)) for _ in range(10_000)])
    results.append(("data(DisplayRole) one call, µs", per_call / 10_000 * 1000))

    await timed("filter: search 'schmidt'", lambda: model.set_filter(FilterState(text="schmidt")))
    await timed("filter: search 'mar' (prefix)", lambda: model.set_filter(FilterState(text="mar")))
    await timed(
        "filter: status = new", lambda: model.set_filter(FilterState(statuses=frozenset({"new"})))
    )
    await timed(
        "filter: portal + last 7 days",
        lambda: model.set_filter(
            FilterState(sources=frozenset({"iTero"}), preset=DatePreset.LAST_7_DAYS)
        ),
    )
    for column in (Column.PATIENT, Column.DELIVERY, Column.RECEIVED):
        await timed(
            f"sort by {column.name.lower()}", lambda c=column: model.set_sort(c, descending=False)
        )

    view = InboxView(model)
    view.resize(1280, 800)
    view.show()
    for _ in range(200):  # wait until the window is really on screen
        handle = view.windowHandle()
        if handle is not None and handle.isExposed():
            break
        await asyncio.sleep(0.01)
    painted = [0]
    view.viewport().installEventFilter(_PaintCounter(painted, view))
    rng = random.Random(1)
    bar = view.verticalScrollBar()

    def jump() -> None:
        bar.setValue(rng.randrange(0, max(1, bar.maximum())))
        view.viewport().repaint()

    def step() -> None:
        bar.setValue(min(bar.maximum(), bar.value() + 3))
        view.viewport().repaint()

    for width in (1280, 700):  # every column; the app's default inbox share of 1280×800
        view.resize(width, 800)
        await asyncio.sleep(0.05)
        frames = max(repeat, 20)
        jumped = _median_ms(frames, jump)
        results.append((f"paint after jumping to a random position ({width}×800)", jumped))
        results.append((f"paint after scrolling 3 rows ({width}×800)", _median_ms(frames, step)))
    if not painted[0]:
        raise SystemExit("the view never painted: is there a display?")
    ref = model.ref_at(model.rowCount() - 1)
    results.append(
        (
            "position_of(a case) to keep the selection, first",
            _median_ms(1, lambda: model.position_of(ref)),
        )
    )
    view.close()
    model.set_store(None)
    store.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--store", type=Path, help="folder of the store (kept; reused if full)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.store or Path(tmp) / "account"
        seconds = build_store(folder, args.cases)
        if seconds:
            print(f"store written: {args.cases:,} cases in {seconds:.1f} s")
        from PySide6.QtWidgets import QApplication  # noqa: TID251

        import scaninbox.qt  # noqa: F401 - the PySide6 refcount guard first
        from scaninbox.qt.workarounds.qasync_loop import (
            GuiEventLoop,
        )  # the app's loop, as in the app

        app = QApplication.instance() or QApplication([])
        loop = GuiEventLoop(app)
        asyncio.set_event_loop(loop)
        with loop:
            results = loop.run_until_complete(measure(folder, args.repeat))
    for label, ms in results:
        unit = "µs" if label.endswith("µs") else "ms"
        print(f"{label.removesuffix(', µs'):78} {ms:9.2f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
