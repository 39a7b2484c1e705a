"""Formats we do not parse ourselves (OFF, glTF, 3MF, …), read through trimesh.

trimesh is imported here only, on first use: it is slow to import and rarely needed (dental
portals deliver STL, PLY and OBJ, which `scaninbox.scans` reads itself). ``process=False`` keeps
trimesh from merging and repairing, which costs much more than reading; our own refine step does
what the viewer needs.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import numpy as np

from scaninbox.language import translate
from scaninbox.scans.mesh import BytesLike, Mesh, MeshError
from scaninbox.scans.validate import require_finite, require_indices_in_range

__all__ = ["read_with_trimesh"]


def read_with_trimesh(data: BytesLike, name: str, file_type: str) -> Mesh:
    """The mesh trimesh reads from ``data`` as ``file_type`` ("obj", "off", …)."""
    import trimesh

    # trimesh logs every unknown OBJ statement at WARNING; a portal's file is not our bug.
    logging.getLogger("trimesh").setLevel(logging.ERROR)
    try:
        loaded: Any = trimesh.load(
            io.BytesIO(bytes(data)), file_type=file_type, process=False, force="mesh"
        )
    except Exception as exc:  # trimesh raises many types for bad files; all mean "unreadable"
        reason = str(exc).strip() or type(exc).__name__
        raise MeshError(
            name,
            translate("MeshError", "it is not a readable {format} mesh ({reason})").format(
                format=file_type.upper(), reason=reason
            ),
        ) from exc
    vertices = np.ascontiguousarray(getattr(loaded, "vertices", np.empty((0, 3))), np.float32)
    faces = np.asarray(getattr(loaded, "faces", np.empty((0, 3))))
    if len(vertices) == 0 or len(faces) == 0 or faces.ndim != 2 or faces.shape[1] != 3:
        raise MeshError(name, translate("MeshError", "the file contains no triangles"))
    faces = np.ascontiguousarray(faces, np.int32)
    require_finite(vertices, name)
    require_indices_in_range(faces, len(vertices), name)
    colours = None
    visual = getattr(loaded, "visual", None)
    if getattr(visual, "kind", None) == "vertex":
        rgba = np.asarray(getattr(visual, "vertex_colors", ()), np.uint8)
        if rgba.shape == (len(vertices), 4):
            colours = np.ascontiguousarray(rgba)
    return Mesh(vertices, faces, colours=colours, welded=True, name=name, source=file_type.upper())
