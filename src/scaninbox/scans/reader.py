"""`read_mesh`: any scan file (path or bytes) to a drawable `Mesh`, format decided by content.

Binary files are memory-mapped rather than read: the parser copies what it needs straight out
of the page cache, which saves a full copy of the file (tens of milliseconds for a large scan).
The mapping asks for every page up front (`_map`), so a file not yet cached is read in large
sequential requests rather than one page fault at a time. Large texts are mapped too.
"""

from __future__ import annotations

import contextlib
import logging
import mmap
import os
import struct
from pathlib import Path

from scaninbox.language import os_reason, translate
from scaninbox.scans.fallback import read_with_trimesh
from scaninbox.scans.mesh import BytesLike, Mesh, MeshError, PreviewImageError
from scaninbox.scans.obj import parse_obj
from scaninbox.scans.ply import parse_ply
from scaninbox.scans.sniff import (
    HEAD_BYTES,
    TEXT_SAMPLE_BYTES,
    ScanFormat,
    looks_like_text,
    sniff_head,
)
from scaninbox.scans.stl import parse_binary_stl
from scaninbox.scans.stl_ascii import parse_ascii_stl
from scaninbox.scans.validate import require_scan_coordinates

__all__ = ["MeshSource", "read_mesh", "sniff_format"]

_log = logging.getLogger(__name__)

MeshSource = str | os.PathLike[str] | bytes | bytearray | memoryview
# What a parser may still raise on a file written to break it (our own readers check counts
# and sizes first; trimesh's do not): the user gets "not a valid file", the log the traceback.
_PARSER_FAILURES = (ValueError, OverflowError, IndexError, KeyError, struct.error, MemoryError)
_MAP_FROM_BYTES = 1 << 20  # smaller binary files are simply read
# Texts from here are mapped too. A read() buffer this large is a fresh mapping of its own
# (glibc's malloc), zeroed and faulted in a page at a time, while a file mapping takes the
# cached pages 16 a fault. On the real OBJ's first drawable the map is quicker right after
# pyvista and trimesh read it (as the benchmark takes turns, and as the app reads after other
# work), a little slower when nothing else ran in between (a buffer of the same size is then
# reused warm); the figures: benchmarks/README.md, mesh_pipeline.py.
_MAP_TEXT_FROM_BYTES = 1 << 17


def sniff_format(source: MeshSource, *, name: str | None = None) -> ScanFormat:
    """The format of a file or of bytes, from their content (and the name as a tie-breaker)."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = memoryview(source).cast("B")
        return sniff_head(bytes(data[:HEAD_BYTES]), data.nbytes, name or "")
    path = Path(source)
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            size = os.fstat(handle.fileno()).st_size
    except OSError as exc:
        raise MeshError(name or path.name, os_reason(exc)) from exc
    return sniff_head(head, size, name or path.name)


def read_mesh(source: MeshSource, *, name: str | None = None) -> Mesh:
    """Read a scan: a binary/ASCII STL arrives as a soup (``welded=False``), PLY/OBJ indexed.

    ``name`` is what messages call the file (default: the file name, or "scan" for bytes).
    Raises `PreviewImageError` for PNG/JPEG previews and `MeshError` for anything unreadable.
    Safe to call from a worker thread.
    """
    if isinstance(source, bytes | bytearray | memoryview):
        label = name or "scan"
        return _parse(memoryview(source).cast("B"), label)
    # The file through os-level calls, not pathlib and io: a first drawable waits for this right
    # after other work has pushed Python's objects out of the CPU caches, where opening and reading
    # a small file through Path.open cost more than twice this way (and building a Path from the
    # source alone more than this whole read; benchmarks/README.md). Unbuffered: one read of the
    # whole file, without a buffer to fill first.
    path = os.fspath(source)
    label = name or os.path.basename(path)  # noqa: PTH119 (a Path is what this avoids)
    try:
        # Not blocking: a named pipe opens at once (its size, 0, is refused below) instead of
        # waiting for a writer that may never come; regular files ignore the flag. Binary on
        # Windows (no line-end translation).
        fd = os.open(path, os.O_RDONLY | _OPEN_FLAGS)
        try:
            size = os.fstat(fd).st_size
            if size == 0:
                raise MeshError(label, translate("MeshError", "the file is empty"))
            if size < _MAP_TEXT_FROM_BYTES:
                return _parse(_read_all(fd, size), label)
            text = looks_like_text(_head(fd))
            if not text and size < _MAP_FROM_BYTES:
                return _parse(_read_all(fd, size), label)
            # A text's parser is slower than any disk: its pages are better faulted in by the
            # parsing threads (in parallel, 16 pages a fault) than all up front on this one.
            mapped = _map(fd, populate=not text)
            try:
                return _parse(mapped, label)
            finally:
                _release(mapped)
        finally:
            os.close(fd)
    except OSError as exc:
        raise MeshError(label, os_reason(exc)) from exc


def _parse(data: BytesLike, name: str) -> Mesh:
    try:
        return _parse_by_format(data, name)
    except MeshError:
        raise
    except _PARSER_FAILURES as exc:
        _log.warning("reading %s failed unexpectedly", name, exc_info=True)
        raise MeshError(
            name,
            translate(
                "MeshError", "it is not a valid mesh file (the reader stopped: {reason})"
            ).format(reason=type(exc).__name__),
        ) from None


def _parse_by_format(data: BytesLike, name: str) -> Mesh:
    view = memoryview(data)
    size = view.nbytes
    if size == 0:
        raise MeshError(name, translate("MeshError", "the file is empty"))
    kind = sniff_head(bytes(view[:HEAD_BYTES]), size, name)
    if kind.is_image:
        raise PreviewImageError(name, "png" if kind is ScanFormat.PNG else "jpeg")
    if kind is ScanFormat.STL_BINARY:
        return parse_binary_stl(data, name)
    if kind is ScanFormat.STL_ASCII:
        return parse_ascii_stl(data, name)
    # STL soups were checked on the way (`require_finite`); text PLY and OBJ readers check
    # finiteness as they parse, not the size of the coordinates, so that is checked here.
    if kind is ScanFormat.PLY:
        return require_scan_coordinates(parse_ply(data, name))
    if kind is ScanFormat.OBJ:
        return require_scan_coordinates(parse_obj(data, name))
    if kind is ScanFormat.OTHER_MESH:
        return read_with_trimesh(data, name, name.rsplit(".", 1)[-1].lower())
    raise MeshError(
        name, translate("MeshError", "it is not a 3D mesh this program knows (STL, PLY or OBJ)")
    )


_OPEN_FLAGS = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def _head(fd: int) -> bytes:
    """The file's first `TEXT_SAMPLE_BYTES` (the offset is left at 0 for what follows)."""
    if hasattr(os, "pread"):
        return os.pread(fd, TEXT_SAMPLE_BYTES, 0)
    head = os.read(fd, TEXT_SAMPLE_BYTES)  # Windows has no pread
    os.lseek(fd, 0, os.SEEK_SET)
    return head


def _read_all(fd: int, size: int) -> bytes:
    """The file's ``size`` bytes in one ``read`` call (a short read goes on to the file's end:
    it shrank, or the read was cut).

    Measured on the real OBJ (repeated reads): a little quicker than a buffered ``read()``
    (texts that large are mapped now: `_MAP_TEXT_FROM_BYTES`)."""
    data = os.read(fd, size)
    if len(data) == size:
        return data
    rest = [data]
    while chunk := os.read(fd, 1 << 20):
        rest.append(chunk)
    return b"".join(rest)


def _map(fd: int, *, populate: bool = True) -> mmap.mmap:
    """The whole file mapped read-only, its pages asked for up front (``populate``), or only
    announced (a text: see below).

    A file not in the page cache (a scan just downloaded and evicted, a cold start) otherwise
    arrives one page fault at a time as the parser walks it, which halved the binary STL
    reader's lead over VTK's. Telling the kernel the whole file is wanted (``WILLNEED``) and
    having ``mmap`` fill the page table (``MAP_POPULATE``) turns that into large sequential
    reads and no faults at all; on a file already cached it costs next to nothing.
    Measured against the alternatives (cold binary STLs of a few and of tens of megabytes): one
    ``readinto`` of the whole file, ``WILLNEED`` without ``MAP_POPULATE`` (parsing while the
    pages arrive) and ``SEQUENTIAL`` read-ahead were within noise of this or slower. What is
    left is the disk: ``benchmarks/mesh_pipeline.py`` prints the ceiling (``pyvista.read`` /
    reading the bytes cold) beside the cold ratio.

    A text is not populated: filling the page table costs time on this one thread even when
    every page is cached, while the parser's threads fault the pages in as they go (16 at a
    time) and parse far slower than the disk reads ahead after ``WILLNEED``.
    """
    if hasattr(os, "posix_fadvise"):
        with contextlib.suppress(OSError):
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
    flag = getattr(mmap, "MAP_POPULATE", 0) if populate else 0
    if flag and hasattr(mmap, "MAP_SHARED"):
        with contextlib.suppress(OSError):
            return mmap.mmap(fd, 0, flags=mmap.MAP_SHARED | flag, prot=mmap.PROT_READ)
    return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)


def _release(mapped: mmap.mmap) -> None:
    # The parsers copy out what they keep. While an error propagates, its traceback may still
    # hold a view into the mapping: then the mapping goes away with the last view instead.
    with contextlib.suppress(BufferError):
        mapped.close()
