"""File names chosen by a server, made safe to create on this computer (any OS).

A portal may forward a folder path (``../../x``, ``C:\\scans\\a.stl``), control characters,
characters Windows forbids, a reserved device name (``CON``, ``LPT1.txt``) or a name longer than
any file system allows. ``safe_filename`` keeps the readable part and guarantees the result is one
plain name inside the folder it is joined to.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_NAME_BYTES", "dedupe_filename", "safe_filename"]

# File systems allow 255 bytes; leave room for a download's ".{name}.{random}.part" temp name
# and a " (2)" suffix.
MAX_NAME_BYTES = 200
_MAX_EXTENSION_CHARS = 16
_FORBIDDEN = re.compile(r'[<>:"|?*]')
_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"COM{i}" for i in "123456789¹²³"}
    | {f"LPT{i}" for i in "123456789¹²³"}
)
# Cc control, Cf invisible format characters (e.g. right-to-left override, which can disguise
# "gpj.exe" as "exe.jpg"), Cs lone surrogates (cannot be encoded as a file name).
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def safe_filename(name: str, *, fallback: str = "file") -> str:
    """A non-empty, single, portable file name from ``name``; ``fallback`` if nothing is left."""
    text = unicodedata.normalize("NFC", name)
    text = re.split(r"[\\/]", text)[-1]
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _DROPPED_CATEGORIES)
    text = _FORBIDDEN.sub("_", text)
    text = _trim(text)
    if not text:
        return safe_filename(fallback) if fallback != "file" else "file"
    stem = text.split(".", 1)[0].rstrip(" ")
    if stem.upper() in _RESERVED:
        text = "_" + text
    return _cap_bytes(text)


def dedupe_filename(name: str, taken: set[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``… before the extension, avoiding ``taken``.

    Comparison ignores case: Windows and macOS folders do. The chosen name is added to ``taken``.
    """
    stem, extension = _split_extension(name)
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        candidate = _cap_bytes(f"{stem} ({number}){extension}", keep=f" ({number}){extension}")
    taken.add(candidate.casefold())
    return candidate


def _trim(text: str) -> str:
    # Leading dots hide files (and "." / ".." are folders); Windows drops trailing dots/spaces.
    return text.strip().lstrip(". ").rstrip(". ")


def _split_extension(name: str) -> tuple[str, str]:
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem or len(extension) > _MAX_EXTENSION_CHARS or " " in extension:
        return name, ""
    return stem, "." + extension


def _cap_bytes(text: str, keep: str | None = None) -> str:
    if len(text.encode("utf-8")) <= MAX_NAME_BYTES:
        return text
    if keep is None:
        _stem, keep = _split_extension(text)
    stem = text[: len(text) - len(keep)] if keep else text
    budget = MAX_NAME_BYTES - len(keep.encode("utf-8"))
    cut = stem.encode("utf-8")[:budget].decode("utf-8", errors="ignore")
    cut = _trim(unicodedata.normalize("NFC", cut)) or "file"
    return cut + keep
