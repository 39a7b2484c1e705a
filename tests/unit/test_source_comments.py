"""No measured figure in a comment or docstring under ``src/``: figures go stale there.

A time, a rate, a size or a ratio someone measured ("takes 12 ms", "3× faster", "~40 % of a
frame", "peak 700 MiB") belongs in ``benchmarks/README.md`` with its scenario, its date and the
script that reproduces it; the comment keeps the reason in words and points there. What may
stay is listed in ``ALLOWED`` with why: a limit or timeout the code sets, a fact of a file
format or a dependency, a value a person reads on screen.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "scaninbox"

_NUMBER = r"(?<![\w.])~?\d+(?:[.,]\d+)?"
_RANGE = r"(?:\s*(?:–|-|/|to|against)\s*~?\d+(?:[.,]\d+)?)?"
_TIME = r"(?:ms|s|µs|us|ns|min|fps|seconds?|minutes?)"
_SIZE = r"(?:KB|kB|KiB|MB|MiB|GB|GiB)"
FIGURE = re.compile(
    rf"{_NUMBER}{_RANGE}\s*(?:{_TIME}|{_SIZE})(?!\w)"  # 12 ms, 0.1–0.3 s, 700 MiB
    rf"|{_NUMBER}\s*×(?!\s*\d)"  # 3× faster (not "2 × 300k triangles", "1280×800")
    rf"|{_NUMBER}{_RANGE}\s*%"  # ~40 % of a frame
    rf"|{_NUMBER}\s*(?:times|x)\s+(?:faster|slower|quicker|less|more|smaller|larger)"
)

# (file under src/scaninbox, a piece of the line) → why the figure there is no measurement.
ALLOWED: dict[tuple[str, str], str] = {
    ("api/wire_account.py", "credential for 15 minutes"): "the spec's lifetime of a signed URL",
    ("cli/self_test.py", "(over 64 KiB)"): "the size the check's files must exceed (mapped reads)",
    ("cli/arguments.py", "a size like 500MB or 2GB"): "an example of what a person types",
    ("cli/gui_command.py", "1 after 45 s"): "the option's timeout (configuration)",
    ("demo_process.py", "graceful shutdown is 2 s"): "uvicorn's setting, a fact of the dependency",
    ("domain/wording.py", "``5 min ago``"): "the wording a person reads",
    ("domain/wording.py", "``1.5 MB``"): "the wording a person reads",
    ("logs.py", "rotated at 2 MB"): "the log's rotation size (configuration)",
    ("qc/clearance_field.py", '"Measuring… 40 %"'): "the wording a person reads",
    ("qc/thresholds.py", "(0.1 %) of"): "a grading limit (configuration)",
    ("qt/inbox/model.py", '"5 min ago" goes stale'): "the wording a person reads",
    ("qt/look/window_layout.py", "85 % of a larger screen"): "the first window's size rule",
    ("qt/shell/status.py", '"Synced 2 min ago"'): "the wording a person reads",
    ("qt/shell/status.py", "30 s) and download progress"): "the clock's interval (configuration)",
    ("qt/viewer/heap.py", "starts at 128 KiB"): "glibc's documented default, not measured",
    ("qt/viewer/heap.py", "(up to 32 MiB)"): "glibc's documented ceiling, not measured",
    ("qt/viewer/heap.py", "a fixed 1 MiB"): "the threshold this module sets (configuration)",
    ("qt/viewer/interactor.py", "every 200 ms"): "pyvistaqt's timer, a fact of the dependency",
    ("qt/look/window_layout.py", "1080p screen at 200 % has"): "a display scaling, not measured",
    ("render/orientation_marker.py", "72 × it (150 %: 108)"): "Qt's DPI rule, a formula",
    ("render/orientation_marker.py", "1.5 at 150 %"): "a display scaling, not measured",
    ("render/orientation_marker.py", "12 px at 100 %"): "a display scaling, not measured",
    ("scans/weld.py", "a table ~4× the distinct points"): "the hash table's sizing rule (design)",
    ("settings.py", "after its first 30 s"): "the setting's grace period (configuration)",
    ("store/schema.py", "KiB (64 MB)"): "the cache size the store sets (configuration)",
    ("store/sync.py", "(up to 90 % of the limit)"): "the prefetch's share (configuration)",
    ("store/sync_pass.py", "busy timeout is 10 s"): "SQLite's busy timeout (configuration)",
}


def _texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every comment and every line of a docstring in ``path``."""
    source = path.read_text(encoding="utf-8")
    found = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            for offset, line in enumerate(first.value.value.splitlines()):
                found.append((first.value.lineno + offset, line))
    return found


def _figures(root: Path) -> list[tuple[str, int, str, str]]:
    """(file, line, figure, text) of each comment or docstring line stating a figure."""
    hits = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        for line, text in _texts(path):
            match = FIGURE.search(text)
            if match is not None:
                hits.append((name, line, match[0], text.strip()))
    return hits


def _allowed(name: str, text: str) -> bool:
    return any(file == name and piece in text for file, piece in ALLOWED)


def test_no_measured_figure_in_source_comments() -> None:
    stale = [
        f"src/scaninbox/{name}:{line}: {figure!r} in: {text}"
        for name, line, figure, text in _figures(SRC)
        if not _allowed(name, text)
    ]
    assert not stale, (
        "measured figures in comments or docstrings (move them to benchmarks/README.md, "
        "keep the reason in words):\n" + "\n".join(stale)
    )


def test_every_allowance_is_still_needed_and_says_why() -> None:
    hits = _figures(SRC)
    unused = [
        key
        for key in ALLOWED
        if not any(name == key[0] and key[1] in text for name, _line, _figure, text in hits)
    ]
    assert not unused, f"allowances that match no figure any more: {unused}"
    assert all(len(reason.split()) >= 3 for reason in ALLOWED.values())


@pytest.mark.parametrize(
    "text",
    [
        "# reading it here takes 12 ms",
        "# 0.1–0.3 s of the import thread",
        "# ~3× faster than the VTK reader",
        "# ~40 % of a frame under llvmpipe",
        "# peak from ~840 to ~700 MiB",
        "# turning at 22 fps",
        "# 14 against 43 µs a case",
        "# 4 times faster than the copy",
        "# 3x slower with the BLAS",
    ],
)
def test_the_pattern_finds_measured_figures(text: str) -> None:
    assert FIGURE.search(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "# 2 × 300k triangles at 1000×671",
        "# a tooth 3S-2026-0042",
        "# the 80-byte header",
        "# pieces of 75k triangles",
        "# capped at 3 mm",
    ],
)
def test_the_pattern_leaves_scenarios_and_units_of_length(text: str) -> None:
    assert FIGURE.search(text) is None


def test_only_comments_and_docstrings_are_read(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        '"""Docstring: took 12 ms."""\n'
        "TIMEOUT_S = 5  # the budget\n"
        'MESSAGE = "done in 3 s"\n'
        "# measured 40 MiB\n",
        encoding="utf-8",
    )
    found = {(line, figure) for _name, line, figure, _text in _figures(tmp_path)}
    assert found == {(1, "12 ms"), (4, "40 MiB")}
