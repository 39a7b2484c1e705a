"""Server-chosen file names never leave their folder and are valid on every OS."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scaninbox.api import dedupe_filename, safe_filename
from scaninbox.api.filenames import MAX_NAME_BYTES


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("upper jaw.stl", "upper jaw.stl"),
        ("../../etc/passwd", "passwd"),
        ("..\\..\\Windows\\win.ini", "win.ini"),
        ("C:\\scans\\lower.ply", "lower.ply"),
        ("scans/2026/", "file"),
        ("..", "file"),
        (".", "file"),
        ("", "file"),
        ("   ", "file"),
        (".bashrc", "bashrc"),
        ("...hidden. . ", "hidden"),
        ("report.pdf. ", "report.pdf"),
        ("CON", "_CON"),
        ("con.txt", "_con.txt"),
        ("LPT9.tar.gz", "_LPT9.tar.gz"),
        ("COM1 .stl", "_COM1 .stl"),
        ("CONSOLE.txt", "CONSOLE.txt"),
        ('a<b>c:d"e|f?g*h.png', "a_b_c_d_e_f_g_h.png"),
        ("what?.png", "what_.png"),
        ("shade #A2 100%.jpg", "shade #A2 100%.jpg"),
        ("tab\there\x00\x1f.stl", "tabhere.stl"),
        ("evil\u202egpj.exe", "evilgpj.exe"),
        ("Röntgen OPG 2026.png", "Röntgen OPG 2026.png"),
        ("Ro\u0308ntgen.png", "Röntgen.png"),  # decomposed ö becomes one character (NFC)
    ],
)
def test_examples(name: str, expected: str) -> None:
    assert safe_filename(name) == expected


def test_fallback_is_used_and_itself_made_safe() -> None:
    assert safe_filename("../", fallback="order-form.pdf") == "order-form.pdf"
    assert safe_filename("", fallback="../x/..") == "file"


def test_long_names_are_capped_in_bytes_keeping_the_extension() -> None:
    name = "Ü" * 300 + ".stl"
    result = safe_filename(name)
    assert result.endswith(".stl")
    assert len(result.encode("utf-8")) <= MAX_NAME_BYTES
    assert result.startswith("ÜÜÜ")


def test_dedupe_adds_a_number_before_the_extension_ignoring_case() -> None:
    taken: set[str] = set()
    assert dedupe_filename("scan.stl", taken) == "scan.stl"
    assert dedupe_filename("SCAN.stl", taken) == "SCAN (2).stl"
    assert dedupe_filename("scan.stl", taken) == "scan (3).stl"
    assert dedupe_filename("notes", taken) == "notes"
    assert dedupe_filename("notes", taken) == "notes (2)"


@settings(max_examples=300)
@given(st.text(min_size=0, max_size=400))
def test_any_text_gives_a_single_name_inside_the_folder(name: str) -> None:
    result = safe_filename(name)
    folder = Path("/tmp/scaninbox-safe-name-check")
    assert result
    assert "/" not in result
    assert "\\" not in result
    assert "\x00" not in result
    assert result not in (".", "..")
    assert not result.startswith((".", " "))
    assert not result.endswith((".", " "))
    assert len(result.encode("utf-8")) <= MAX_NAME_BYTES
    assert unicodedata.is_normalized("NFC", result)
    assert Path(folder, result).resolve().parent == folder.resolve()


@given(
    st.lists(
        st.sampled_from(["..", ".", "a", "CON", "", " ", "b.stl", "%2F", "?"]), max_size=6
    ).map("/".join)
)
def test_path_like_names_never_escape(name: str) -> None:
    result = safe_filename(name)
    assert result not in ("", ".", "..")
    assert "/" not in result
