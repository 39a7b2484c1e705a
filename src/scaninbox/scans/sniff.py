"""What kind of file this is, decided by its content (the name is only a tie-breaker).

Portals name files freely, and a binary STL may start with the word "solid" (several exporters
write it into the 80-byte header), so the size rule decides: a binary STL is exactly
84 + 50·n bytes for the n triangles its header announces. Pictures (a portal's PNG or JPEG
preview) are recognised by their magic bytes so that callers can show them as images.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["HEAD_BYTES", "TEXT_SAMPLE_BYTES", "ScanFormat", "looks_like_text", "sniff_head"]

HEAD_BYTES = 4096  # enough for any PLY header we accept and the first ASCII STL facet
TEXT_SAMPLE_BYTES = 1024  # what `looks_like_text` looks at

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8\xff"
_TRIMESH_SUFFIXES = frozenset({"off", "glb", "gltf", "3mf", "dae", "xaml", "3dxml"})


class ScanFormat(StrEnum):
    STL_BINARY = "binary STL"
    STL_ASCII = "ASCII STL"
    PLY = "PLY"
    OBJ = "OBJ"
    OTHER_MESH = "mesh"  # something trimesh may read, chosen by the file name's suffix
    PNG = "PNG image"
    JPEG = "JPEG image"
    UNKNOWN = "unknown"

    @property
    def is_image(self) -> bool:
        return self in (ScanFormat.PNG, ScanFormat.JPEG)


def sniff_head(head: bytes, size_bytes: int, name: str = "") -> ScanFormat:
    """The format of a file of ``size_bytes`` whose first bytes are ``head``.

    ``head`` should hold at least `HEAD_BYTES` bytes (or the whole file when it is shorter).
    """
    by_content = _by_content(head, size_bytes)
    if by_content is not None:
        return by_content
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix == "stl" and size_bytes >= 84:
        # Announced count and size disagree: the binary reader says how (truncated, or extra).
        return ScanFormat.STL_BINARY
    if suffix == "obj" or (looks_like_text(head) and _looks_like_obj(head)):
        return ScanFormat.OBJ
    return ScanFormat.OTHER_MESH if suffix in _TRIMESH_SUFFIXES else ScanFormat.UNKNOWN


def _by_content(head: bytes, size_bytes: int) -> ScanFormat | None:
    magic = {_PNG_MAGIC: ScanFormat.PNG, _JPEG_MAGIC: ScanFormat.JPEG}
    for prefix, kind in magic.items():
        if head.startswith(prefix):
            return kind
    if head[:4] in (b"ply\n", b"ply\r"):
        return ScanFormat.PLY
    if size_bytes >= 84 and 84 + 50 * int.from_bytes(head[80:84], "little") == size_bytes:
        return ScanFormat.STL_BINARY
    if head.lstrip()[:5].lower() == b"solid" and looks_like_text(head):
        return ScanFormat.STL_ASCII
    return None


def looks_like_text(head: bytes) -> bool:
    """No control bytes but tabs and line ends in the first KiB. A binary STL's count and
    coordinates always have some (the count's top byte is 0 below 16 million triangles)."""
    sample = head[:TEXT_SAMPLE_BYTES]
    return bool(sample) and min(sample) >= 9 and b"\x7f" not in sample


def _looks_like_obj(head: bytes) -> bool:
    for line in head.splitlines()[:200]:
        word = line.split(maxsplit=1)[:1]
        if word and word[0] in (b"v", b"vn", b"vt", b"f", b"o", b"g", b"mtllib", b"usemtl"):
            return True
        if word and not word[0].startswith(b"#"):
            return False
    return False
