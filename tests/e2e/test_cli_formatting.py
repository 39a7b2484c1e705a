"""The command line's building blocks, in-process: layout, file plans, exit codes."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from scaninbox.api import errors
from scaninbox.cli.case_files import plan_case_files
from scaninbox.cli.errors import CliError, exit_code_for, plain_message
from scaninbox.cli.text_layout import TableColumn, clean, display_width, fit, render_table
from scaninbox.domain import Case, CaseRef, FileKind, Jaw, MiscFile, OrderForm, ScanFile
from scaninbox.settings import SettingsError
from scaninbox.store import NoLocalAccountError, NotCachedError, StoreError, StoreVersionError


def test_clean_removes_terminal_control_sequences() -> None:
    assert clean("Mül\x1b[2Jler\nJosé\u202e") == "Mül [2Jler José"
    assert clean(None) == ""


def test_display_width_counts_wide_and_combining_characters() -> None:
    assert display_width("abc") == 3
    assert display_width("山田太郎") == 8
    assert display_width("e\u0301") == 1


@pytest.mark.parametrize("text", ["Åsa Öberg-Lindqvist", "山田太郎さん", "Ζωή Παπαδοπούλου"])
def test_fit_pads_or_cuts_to_exact_width(text: str) -> None:
    for width in range(2, 25):
        assert display_width(fit(text, width)) == width


def test_table_squeezes_flexible_columns_to_the_width() -> None:
    columns = (TableColumn("Ref"), TableColumn("Patient", 6), TableColumn("Work", 6))
    rows = [["g-1", "山田太郎 " * 8, "Crown ×2 · Zirconia, Bridge ×3 · PMMA"]]
    text = render_table(columns, rows, 40)
    assert all(display_width(line) <= 40 for line in text.splitlines())
    assert "g-1" in text
    assert "…" in text
    wide = render_table(columns, rows, None)
    assert "Bridge ×3 · PMMA" in wide


def test_file_plan_uses_safe_unique_names() -> None:
    case = Case(
        ref=CaseRef.guid("g-1"),
        scan_files=(
            ScanFile(
                filename="../upper.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
            ),
            ScanFile(
                filename="UPPER.stl", file_type="stl", scan_type="preparationScan", jaw=Jaw.UPPER
            ),
            ScanFile(filename=None, file_type="stl", scan_type="biteScan", jaw=Jaw.BITE),
            ScanFile(
                filename="preview.bin", file_type=None, scan_type="preparationScan", jaw=Jaw.UPPER
            ),
            ScanFile(
                filename="lower.ply", file_type=None, scan_type="preparationScan", jaw=Jaw.LOWER
            ),
        ),
        order_form=OrderForm(filename=None, file_link="internal/path.pdf"),
        misc_files=(
            MiscFile(filename="x/../CON.jpg"),
            MiscFile(filename="what?.png"),
            MiscFile(filename=None),
        ),
    )
    planned, skipped = plan_case_files(case)
    assert [(p.kind, p.local_name) for p in planned] == [
        (FileKind.SCAN, "upper.stl"),
        (FileKind.SCAN, "UPPER (2).stl"),
        (FileKind.SCAN, "lower.ply"),
        (FileKind.ORDER_FORM, "order-form.pdf"),
        (FileKind.MISC, "_CON.jpg"),
        (FileKind.MISC, "what_.png"),
    ]
    assert planned[0].server_name == "../upper.stl"
    assert planned[2].file_type == "ply"
    assert len(skipped) == 3
    assert all(str(s).startswith("Skipped ") for s in skipped)


@pytest.mark.parametrize(
    ("exc", "code"),
    [
        (CliError("x", 4), 4),
        (SettingsError("bad"), 2),
        (errors.InsecureUrlError("http"), 2),
        (errors.error_for_status(400, None), 2),
        (errors.SessionExpiredError(), 3),
        (errors.error_for_status(401, None), 3),
        (errors.error_for_status(403, None), 4),
        (errors.error_for_status(404, None), 4),
        (errors.error_for_status(503, None), 5),
        (errors.error_for_status(429, None), 5),
        (errors.TransportError("down"), 5),
        (errors.TlsError("cert"), 5),
        (errors.ProtocolError("html"), 5),
        (errors.DownloadError("cut"), 5),
        (errors.DownloadError("disk full", local=True), 1),
        (NoLocalAccountError("no data"), 4),
        (NotCachedError("not here"), 4),
        (StoreVersionError("newer"), 1),
        (StoreError("broken"), 1),
        (RuntimeError("boom"), 1),
    ],
)
def test_exit_codes(exc: BaseException, code: int) -> None:
    assert exit_code_for(exc) == code


def test_plain_message_is_one_redacted_line() -> None:
    text = plain_message(RuntimeError("bad\nthing with Bearer eyJa.eyJb.c"))
    assert text.startswith("Unexpected error (RuntimeError): bad thing")
    assert "eyJa" not in text
    assert "\n" not in text
    assert plain_message(errors.TransportError("down")) == "down."
    assert plain_message(StoreVersionError("From a newer Scan Inbox")) == (
        "From a newer Scan Inbox."
    )


def test_narrow_tables_leave_out_less_telling_columns_but_never_cut_the_ref() -> None:
    columns = (TableColumn("Ref"), TableColumn("Patient", 8), TableColumn("Source", 6, drop_rank=1))
    ref = "3f2a9c1e-aaaa-bbbb-cccc-1234567890ab"
    rows = [[ref, "Zoë Müller-Lüdenscheidt", "Carestream"]]
    text = render_table(columns, rows, 50)
    assert "Source" not in text
    assert ref in text
    assert all(display_width(line) <= 50 for line in text.splitlines())
    assert "Source" in render_table(columns, rows, 80)


def test_malformed_cases_are_one_stderr_line_each_and_do_not_fail(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from scaninbox.api import MalformedCase
    from scaninbox.api.wire import UnifiedCase
    from scaninbox.cli.case_listing import CaseListing, show_cases

    good = UnifiedCase.model_validate(
        {"guid": "g-1", "organizationGuid": None, "acceptedData": None, "status": "new"}
    )
    nameless = UnifiedCase.model_validate(
        {"guid": None, "organizationGuid": None, "acceptedData": None, "status": "new"}
    )
    bad = MalformedCase(2, "g-3", "acceptedData.worktypes.0.from", "expected an integer")
    listing = CaseListing([good, nameless], [str(bad)], total=3, page_size=20)
    assert show_cases(listing, as_json=True) == 0
    out, err = capsys.readouterr()
    assert [c["guid"] for c in json.loads(out)] == ["g-1"]
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0] == (
        "Warning: Case g-3 could not be read (acceptedData.worktypes.0.from): expected an integer"
    )
    assert "position 2" in lines[1]


def test_the_case_page_marks_only_late_open_work_overdue() -> None:
    from scaninbox.cli.output import case_table

    today = date(2025, 3, 12)
    late = today - timedelta(days=1)
    page = {
        status: case_table(
            [Case(ref=CaseRef.guid("g-1"), status=status, delivery_date=late)], 200, today=today
        )
        for status in ("new", "in_production", "complete", "cancelled")
    }
    assert all("overdue" in page[s] for s in ("new", "in_production"))
    assert not any("overdue" in page[s] for s in ("complete", "cancelled"))
