"""Saving the 3D view as a PNG picture: a suggested name, and a write that leaves nothing half
done (`scaninbox.render.write_png`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scaninbox.domain import Case
from scaninbox.language import translate
from scaninbox.render import write_png

__all__ = ["save_png", "suggested_picture_name"]


def suggested_picture_name(case: Case | None) -> str:
    """``"Anna Muster – 3D.png"``; the case reference when the patient has no name."""
    from scaninbox.api.filenames import safe_filename

    if case is None:
        return translate("ScenePictures", "scans 3D.png", "a file name")
    who = case.patient_name or translate("ScenePictures", "case {case}").format(case=case.ref)
    return safe_filename(
        f"{who} – 3D.png", fallback=translate("ScenePictures", "scans 3D.png", "a file name")
    )


def save_png(pixels: np.ndarray, path: Path) -> Path:
    """Write RGB ``pixels`` (height, width, 3) to ``path`` (".png" added when it has no suffix).

    Raises OSError when the folder cannot be written; no partial file is left behind.
    """
    path = Path(path)
    return write_png(pixels, path if path.suffix else path.with_suffix(".png"))
