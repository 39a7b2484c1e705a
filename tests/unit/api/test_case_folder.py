"""Case folders and placing files in a person's folder: the template, numbered names, links left
alone, and what a killed writer left behind removed (only that)."""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scaninbox.api import case_folder
from scaninbox.api.case_folder import (
    case_folder_name,
    check_folder_template,
    new_part_file,
    open_case_folder,
    place_file,
    remove_abandoned_parts,
    save_copies,
)
from scaninbox.domain import Case, CaseRef, Patient


def make_case(**fields: object) -> Case:
    values: dict[str, object] = {
        "ref": CaseRef.parse("3f2b9c1e-0000-4000-8000-00000000abcd"),
        "received_at": datetime(2026, 11, 23, 12, 0, tzinfo=UTC),
        "external_id": "EXT-1042",
        "patient": Patient(first_name="Jane", last_name="Doe"),
    }
    values.update(fields)
    return Case(**values)  # type: ignore[arg-type]


def part_with(folder: Path, name: str, data: bytes) -> Path:
    fd, path = new_part_file(folder, name)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    return path


def test_the_default_template_names_date_patient_and_external_id() -> None:
    local_day = datetime(2026, 11, 23, 12, 0, tzinfo=UTC).astimezone().date().isoformat()
    assert case_folder_name(make_case()) == f"{local_day}_Jane Doe_EXT-1042"


def test_missing_fields_drop_their_separator_and_the_external_id_falls_back_to_the_ref() -> None:
    case = make_case(patient=None, external_id=None, received_at=None)
    assert case_folder_name(case) == str(case.ref)
    assert case_folder_name(case, "{patient} - {ref}") == str(case.ref)


def test_server_text_in_a_folder_name_cannot_leave_the_folder() -> None:
    case = make_case(patient=Patient(full_name="../../etc/pass\x1bwd"), external_id="a/b")
    name = case_folder_name(case, "{patient}_{external_id}")
    assert name == "_.._etc_pass" + "wd_a_b"
    assert "/" not in name
    assert "\x1b" not in name
    assert not name.startswith(".")


def test_an_unknown_template_field_is_refused() -> None:
    with pytest.raises(ValueError, match=r"\{name\}"):
        check_folder_template("{date}_{name}")
    with pytest.raises(ValueError, match="at least one field"):
        check_folder_template("scans")


def test_a_case_folder_name_taken_by_a_link_or_a_file_gets_a_number(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "Case").symlink_to(elsewhere)
    (tmp_path / "Case (2)").write_text("a file", encoding="utf-8")
    folder = open_case_folder(tmp_path, "Case")
    assert folder == tmp_path / "Case (3)"
    assert folder.is_dir()
    assert not folder.is_symlink()
    assert open_case_folder(tmp_path, "Case (3)") == folder  # a real folder is used again
    assert list(elsewhere.iterdir()) == []


def test_placing_never_replaces_a_file_or_a_link(tmp_path: Path) -> None:
    mine = tmp_path / "scan.stl"
    mine.write_text("mine", encoding="utf-8")
    target = tmp_path / "outside.txt"
    target.write_text("outside", encoding="utf-8")
    (tmp_path / "scan (2).stl").symlink_to(target)
    placed = place_file(part_with(tmp_path, "scan.stl", b"new"), tmp_path, "scan.stl")
    assert placed == tmp_path / "scan (3).stl"
    assert placed.read_bytes() == b"new"
    assert mine.read_text(encoding="utf-8") == "mine"
    assert target.read_text(encoding="utf-8") == "outside"
    assert not list(tmp_path.glob(".*.part"))


def test_the_same_bytes_already_there_are_kept_instead_of_copied(tmp_path: Path) -> None:
    data = b"scan bytes"
    (tmp_path / "scan.stl").write_text("edited", encoding="utf-8")
    (tmp_path / "scan (2).stl").write_bytes(data)
    digest = hashlib.sha256(data).hexdigest()
    placed = place_file(part_with(tmp_path, "scan.stl", data), tmp_path, "scan.stl", sha256=digest)
    assert placed == tmp_path / "scan (2).stl"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan (2).stl", "scan.stl"]


def test_without_hard_links_a_name_is_reserved_before_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A FAT-formatted stick has no hard links; that cannot be provoked on the test's disk.
    def no_links(*_args: object, **_kw: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(case_folder.os, "link", no_links)
    (tmp_path / "scan.stl").write_text("mine", encoding="utf-8")
    placed = place_file(part_with(tmp_path, "scan.stl", b"new"), tmp_path, "scan.stl")
    assert placed == tmp_path / "scan (2).stl"
    assert placed.read_bytes() == b"new"
    assert (tmp_path / "scan.stl").read_text(encoding="utf-8") == "mine"


def test_only_abandoned_partial_files_are_removed(tmp_path: Path) -> None:
    old = (1_000_000_000, 1_000_000_000)
    abandoned = part_with(tmp_path, "a.stl", b"half")  # its descriptor is closed: writer gone
    os.utime(abandoned, old)
    fd, busy = new_part_file(tmp_path, "b.stl")  # still open and locked: a writer at work
    os.utime(busy, old)
    fresh = part_with(tmp_path, "c.stl", b"just created")  # too young to judge
    lookalike = tmp_path / ".notes.0123456789ab.part.txt"
    lookalike.write_text("the person's", encoding="utf-8")
    theirs = tmp_path / "x.part"
    theirs.write_text("the person's", encoding="utf-8")
    os.utime(theirs, old)
    linked = tmp_path / ".d.stl.0123456789ab.part"
    linked.symlink_to(theirs)
    try:
        assert remove_abandoned_parts(tmp_path) == 1
        assert not abandoned.exists()
        assert busy.exists()
        assert fresh.exists()
        assert lookalike.exists()
        assert theirs.exists()
        assert linked.is_symlink()
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def test_save_copies_puts_a_case_into_its_folder_and_adds_nothing_the_second_time(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "blob1").write_bytes(b"upper jaw")
    (cache / "blob2").write_bytes(b"order form")
    sources = [(cache / "blob1", "upper.stl"), (cache / "blob2", "order.pdf")]
    parent = tmp_path / "saved"
    first = save_copies(sources, parent, make_case(), "{ref}")
    folder = parent / str(make_case().ref)
    assert first == [folder / "upper.stl", folder / "order.pdf"]
    assert [p.read_bytes() for p in first] == [b"upper jaw", b"order form"]
    (folder / "order.pdf").write_bytes(b"annotated by the technician")
    second = save_copies(sources, parent, make_case(), "{ref}")
    assert second == [folder / "upper.stl", folder / "order (2).pdf"]
    assert (folder / "order.pdf").read_bytes() == b"annotated by the technician"
    assert sorted(p.name for p in folder.iterdir()) == ["order (2).pdf", "order.pdf", "upper.stl"]
