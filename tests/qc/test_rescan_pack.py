"""The rescan pack (issue 27.6): ``scaninbox qc REF --rescan-pack FILE.pdf`` writes, for the
dentist, each problem of the case in plain words with what to do and a picture, the case
reference and the lab's contact — a sandbox demo case over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from scaninbox.sandbox import SandboxServer
from tests.qc.test_cli_qc import _cases
from tests.store.conftest import scaninbox


def test_the_rescan_pack_says_each_problem_of_a_case_in_plain_words(
    make_sandbox: Callable[..., SandboxServer], tmp_path: Path, qapp: object
) -> None:
    from tests.qt.pdf_text import pdf_pages

    server = make_sandbox(cases=15)
    cases = asyncio.run(_cases(server.base_url))
    crowns = [c for c in cases if any(w.restoration_type == "Crown" for w in c.worktypes)]
    problems_seen = 0
    for case in crowns:
        pack = tmp_path / f"rescan {case.ref}.pdf"
        done = scaninbox(
            "--base-url", server.base_url, "qc", str(case.ref), "--json", "--rescan-pack", str(pack)
        )
        assert done.code in (0, 6), done.err
        result = json.loads(done.out)
        findings = [f for s in result["scans"] for f in s["findings"]] + result["findings"]
        expected = [
            f
            for f in findings
            if f["kind"] in _ACTED_ON
            and (f["severity"] == "fail" or (f["severity"] == "warn" and f["kind"] != "fragment"))
        ]
        text = " ".join(pdf_pages(pack))
        assert text.startswith("Rescan request")
        assert str(case.ref) in text
        assert "Demo Dental Laboratory" in text or "demo@" in text  # the lab's contact
        assert "patient's right is on the left" in text
        assert "_mm" not in text  # plain words only
        assert text.count("What to do:") == len(expected)
        if not expected:
            assert "Nothing to rescan" in text
        for finding in expected:
            if finding["kind"] == "insufficient_room":
                assert f"Tooth {finding['tooth']} has" in text
            if finding["kind"] == "margin":
                assert f"The margin of tooth {finding['tooth']} cannot be made out" in text
        problems_seen += len(expected)
    assert problems_seen > 0


_ACTED_ON = {
    "unreadable",
    "hole",
    "fragment",
    "bite_through",
    "clearance",
    "coverage",
    "missing_antagonist",
    "jaw_swapped",
    "one_sided_contact",
    "insufficient_room",
    "undercut",
    "abutment_divergence",
    "margin",  # an estimated margin found unclear (warn)
}


def test_a_rescan_pack_is_for_a_case_and_needs_its_folder(tmp_path: Path) -> None:
    from tests.qc.shapes import arch
    from tests.qc.test_cli_qc import _stl

    upper = _stl(tmp_path / "u.stl", *arch("upper", spacing_mm=0.6))
    done = scaninbox("qc", "--upper", str(upper), "--rescan-pack", str(tmp_path / "r.pdf"))
    assert done.code == 2
    assert "for a case REF" in done.err
    done = scaninbox("qc", "1", "--rescan-pack", str(tmp_path / "nowhere" / "r.pdf"))
    assert done.code == 2
    assert "rescan pack does not exist" in done.err
