"""A smaller ICU data library for the frozen app's Qt (Linux): 32 MB → about 5 MB.

Qt's wheel links ICU 73, whose data library (``libicudata.so.73``) holds the locale data of
every language: display names of languages, regions, currencies, units and time zones,
number spell-out, transliteration, break-iterator dictionaries and 190 legacy character-set
tables. QtCore asks ICU for collation (``QCollator``: the file dialog's natural sort), case
mapping with a locale and normalisation; the app formats dates, numbers and names in Python and
converts only UTF-8. Measured (docs/packaging.md): with an *empty* ICU data library the
self-test and the window with a case in 3D run and request no ICU data at all; a probe of
QCollator (de, sv, pl, en, zh, numeric mode), ``QLocale.toUpper`` (tr, de) sorts and maps
exactly as with the full data when the data below is kept.

Kept: collation (every language's tailoring, the root UCA tables), the core tables (``*.icu``
except character names, ``*.nrm``, ``*.spp``, ``*.cfu``), and the top-level resources that are
not locale data (root, pool, likely subtags, supplemental data, key types, time-zone rules) plus
English. Left out: ``brkitr/ curr/ lang/ region/ unit/ zone/ translit/ rbnf/``, the other
languages' top-level locale data, the ``*.cnv`` character-set tables (only an explicit
``QStringDecoder("Shift_JIS")`` would need one: it then reports itself invalid) and
``unames.icu``.

Built with the ordinary tools: ``icupkg`` (Debian: icu-devtools) lists and repacks the items,
``as``/``ld`` (binutils) link the package into a library exporting ``icudt73_dat`` as the
original does.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["keep_item", "shrink_icu_data"]

_DROPPED_TREES = ("brkitr/", "curr/", "lang/", "region/", "unit/", "zone/", "translit/", "rbnf/")
_LOCALE_FILE = re.compile(r"^[a-z]{2,3}(_[A-Za-z0-9]+)*\.res$")  # de.res, zh_Hant_TW.res
_ENTRY = re.compile(r"^icudt(\d+)_dat$")


def keep_item(name: str) -> bool:
    """Whether the ICU data item ``name`` ("coll/de.res", "cnvalias.icu") stays."""
    if name.startswith(_DROPPED_TREES) or name.endswith(".cnv") or name == "unames.icu":
        return False
    if "/" not in name and _LOCALE_FILE.match(name):
        return name == "en.res" or name.startswith("en_")
    return True


def shrink_icu_data(folder: Path, report: Callable[[str], None]) -> None:
    """Replace the frozen ``folder``'s libicudata.so.* with one holding only the kept items.

    Leaves it as it is (and says why) when the tools are missing or it is not the expected
    kind of file, so a build without them is larger but works.
    """
    libraries = [p for p in folder.rglob("libicudata.so.*") if p.is_file() and not p.is_symlink()]
    if not libraries:
        return
    missing = [tool for tool in ("icupkg", "as", "ld", "nm", "readelf") if not shutil.which(tool)]
    if missing:
        report(
            f"trim: ICU data kept whole: {', '.join(missing)} not found (icu-devtools, binutils)"
        )
        return
    for library in libraries:
        before = library.stat().st_size
        try:
            _rebuild(library)
        except (OSError, subprocess.CalledProcessError, ValueError) as exc:
            report(f"trim: ICU data kept whole ({library.name}): {exc}")
            continue
        after = library.stat().st_size
        report(
            f"trim: ICU data reduced to collation and core tables ({library.name}): "
            f"{before / 1e6:.1f} → {after / 1e6:.1f} MB"
        )


def _rebuild(library: Path) -> None:
    entry, data = _extract(library)
    package = f"{entry.removesuffix('_dat')}l"  # icudt73l: the name items are filed under
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        (work / f"{package}.dat").write_bytes(data)
        items = work / "items"
        items.mkdir()
        names = _run(["icupkg", "-l", f"{package}.dat"], work).split()
        kept = [name for name in names if keep_item(name)]
        _run(["icupkg", "-x", "*", "-d", str(items), f"{package}.dat"], work)
        (work / "keep.lst").write_text("\n".join(kept) + "\n", encoding="utf-8")
        small = work / "small"
        small.mkdir()
        # The package's file name is the name its items are filed under: keep it.
        _run(["icupkg", "-tl", "new", str(small / f"{package}.dat")], work)
        _run(["icupkg", "-a", "keep.lst", "-s", str(items), str(small / f"{package}.dat")], work)
        _check_items(_run(["icupkg", "-l", str(small / f"{package}.dat")], work).split(), kept)
        source = work / "data.s"
        source.write_text(_assembly(entry, small / f"{package}.dat"), encoding="utf-8")
        _run(["as", "-o", "data.o", "data.s"], work)
        soname = library.name
        _run(["ld", "-shared", "-soname", soname, "-o", "lib.so", "data.o"], work)
        if _extract(work / "lib.so") != (entry, (small / f"{package}.dat").read_bytes()):
            raise ValueError("the rebuilt library does not hold the new data")
        mode = library.stat().st_mode
        shutil.copyfile(work / "lib.so", library)
        library.chmod(mode)


def _check_items(listed: Iterable[str], kept: list[str]) -> None:
    if sorted(listed) != sorted(kept):
        raise ValueError("icupkg did not repack the kept items")


def _assembly(entry: str, data: Path) -> str:
    return (
        '\t.section .note.GNU-stack,"",%progbits\n'
        "\t.section .rodata\n"
        "\t.balign 16\n"
        f"\t.globl {entry}\n"
        f"\t.type {entry},%object\n"
        f"{entry}:\n"
        f'\t.incbin "{data}"\n'
        f"\t.size {entry}, .-{entry}\n"
    )


def _extract(library: Path) -> tuple[str, bytes]:
    """The data symbol's name and bytes (the ICU common data package) of ``library``."""
    symbols = subprocess.run(
        ["nm", "-D", "-S", "--defined-only", str(library)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    found = [line.split() for line in symbols if line.strip()]
    entries = [f for f in found if len(f) == 4 and _ENTRY.match(f[3])]
    if len(entries) != 1:
        raise ValueError(f"{library.name} exports no single icudtNN_dat symbol")
    address, size, _kind, entry = entries[0]
    vaddr, length = int(address, 16), int(size, 16)
    sections = subprocess.run(
        ["readelf", "-S", "-W", str(library)], capture_output=True, text=True, check=True
    ).stdout
    for line in sections.splitlines():
        match = re.search(r"\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match is None:
            continue
        start, offset, span = (int(match.group(i), 16) for i in (2, 3, 4))
        if start <= vaddr and vaddr + length <= start + span:
            with library.open("rb") as handle:
                handle.seek(offset + vaddr - start)
                return entry, handle.read(length)
    raise ValueError(f"{entry} lies in no section of {library.name}")


def _run(command: list[str], cwd: Path) -> str:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True).stdout
