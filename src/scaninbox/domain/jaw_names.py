"""The jaw a scan file's name suggests, for files whose role does not say (``jaw`` missing).

Names scanners and people write: "…_UpperJaw.stl", "LJ.ply", "maxilla", "Unterkiefer",
"OK"/"UK" (German Ober-/Unterkiefer), "oben"/"unten", "bite". Whole words or camel-case parts
only, so "ljubljana" is not a lower jaw.
"""

from __future__ import annotations

import re

from scaninbox.domain.vocabulary import Jaw

__all__ = ["jaw_from_name", "known_jaw"]

_WORDS = re.compile(r"[a-z]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_JAW_WORDS = (
    (Jaw.UPPER, ("upper", "maxilla", "maxillary", "oberkiefer")),
    (Jaw.LOWER, ("lower", "mandible", "mandibular", "unterkiefer")),
    (Jaw.BITE, ("bite", "bitescan", "occlusion")),
)
_JAW_TOKENS = {
    "uj": Jaw.UPPER,
    "lj": Jaw.LOWER,
    "ok": Jaw.UPPER,
    "uk": Jaw.LOWER,
    "oben": Jaw.UPPER,
    "unten": Jaw.LOWER,
}


def jaw_from_name(file_name: str) -> Jaw | None:
    """The jaw ``file_name`` names, or None when it names none."""
    stem = file_name.rsplit(".", 1)[0]
    words = _WORDS.findall(_CAMEL.sub(" ", stem).lower())
    for word in words:
        if word in _JAW_TOKENS:
            return _JAW_TOKENS[word]
    joined = " ".join(words)
    for jaw, names in _JAW_WORDS:
        if any(name in joined for name in names):
            return jaw
    return None


def known_jaw(jaw: Jaw, file_name: str | None) -> Jaw:
    """The jaw of a scan: its role when the case gives one, else what its name says."""
    if jaw is not Jaw.NONE or not file_name:
        return jaw
    return jaw_from_name(file_name) or Jaw.NONE
