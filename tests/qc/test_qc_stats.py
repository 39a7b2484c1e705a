"""The QC scorecard (issue 27.7): ``scaninbox qc-stats [--by clinic|portal] [--json]`` over the
local store — cases checked, the share with each kind of finding, failures and rescans decided,
per clinic (or portal) and month — after checking sandbox cases over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from scaninbox.domain.first_look import full_scans
from scaninbox.sandbox import SandboxServer
from scaninbox.services.qc_stats import scorecard_of
from scaninbox.store.qc_store import QcStatsRow
from tests.qc.test_cli_qc import _cases
from tests.store.conftest import scaninbox


def _result(*kinds: tuple[str, str], verdict: str = "fail") -> str:
    findings = [{"kind": k, "severity": s, "message": ""} for k, s in kinds]
    return json.dumps({"verdict": verdict, "scans": [], "findings": findings})


def test_a_case_counts_in_its_month_with_its_warn_and_fail_kinds() -> None:
    march, april = datetime(2026, 3, 10, 12, tzinfo=UTC), datetime(2026, 4, 2, 12, tzinfo=UTC)
    rows = [
        QcStatsRow("Clinic A", "iTero", march, _result(("hole", "fail")), "rescan"),
        QcStatsRow("Clinic A", "iTero", march, _result(("hole", "info"), verdict="pass"), None),
        QcStatsRow("Clinic A", "Medit", april, _result(("jaw_swapped", "fail")), "ready"),
        QcStatsRow("", "Medit", april, "not json", None),
    ]
    card = scorecard_of(rows, "clinic")
    lines = {(line.who, line.month): line for line in card.lines}
    first = lines[("Clinic A", "2026-03")]
    assert (first.checked, first.failed, first.rescans) == (2, 1, 1)
    assert first.kinds == Counter({"hole": 1})  # an info hole is no problem
    assert first.share("hole") == 0.5
    assert lines[("Clinic A", "2026-04")].kinds == Counter({"jaw_swapped": 1})
    assert lines[("(unknown)", "2026-04")].checked == 1
    by_portal = {line.who for line in scorecard_of(rows, "portal").lines}
    assert by_portal == {"iTero", "Medit"}


def test_qc_stats_over_the_store_after_checking_cases(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path
) -> None:
    server = make_sandbox(cases=6)
    cases = [c for c in asyncio.run(_cases(server.base_url)) if full_scans(c.scan_files)][:2]
    empty = scaninbox("--base-url", server.base_url, "--offline", "qc-stats")
    assert empty.code == 4  # nothing stored yet: one plain sentence
    results = []
    for case, decide in zip(cases, (["--decide", "rescan"], []), strict=True):
        done = scaninbox("--base-url", server.base_url, "qc", str(case.ref), "--json", *decide)
        assert done.code in (0, 6), done.err
        results.append(json.loads(done.out))
    done = scaninbox("--base-url", server.base_url, "qc-stats", "--json")
    assert done.code == 0, done.err
    card = json.loads(done.out)
    assert card["by"] == "clinic"
    assert sum(line["checked"] for line in card["lines"]) == 2
    assert sum(line["rescans"] for line in card["lines"]) == 1
    assert {line["who"] for line in card["lines"]} == {
        (c.clinic.name if c.clinic else "(unknown)") for c in cases
    }
    expected: Counter[str] = Counter()
    for result in results:
        findings = [f for s in result["scans"] for f in s["findings"]] + result["findings"]
        expected.update({f["kind"] for f in findings if f["severity"] in ("warn", "fail")})
    counted: Counter[str] = Counter()
    for line in card["lines"]:
        counted.update({kind: v["cases"] for kind, v in line["kinds"].items()})
    assert counted == expected
    by_portal = scaninbox("--base-url", server.base_url, "qc-stats", "--by", "portal")
    assert by_portal.code == 0, by_portal.err
    assert by_portal.out.startswith("QC scorecard by portal")
    for case in cases:
        assert (case.source or "(unknown)") in by_portal.out
