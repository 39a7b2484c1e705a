"""Scan files to numpy meshes: reading, welding, normals, orientation, level of detail.

numpy only (trimesh for rare formats, imported on demand); no VTK, no Qt. Every function is pure
and safe to call from a worker thread. The viewer's pipeline: `read_mesh` (drawable at once) →
`refine` (welded, smooth normals) → `build_lod` (coarse copy for camera motion).
"""

from scaninbox.scans.auto_orient import Estimate, estimate_orientation
from scaninbox.scans.decimate import decimate
from scaninbox.scans.mesh import Mesh, MeshError, PreviewImageError
from scaninbox.scans.normals import face_normals, point_normals, soup_face_normals
from scaninbox.scans.orientation import (
    AxisMappingError,
    HalfTurns,
    Orientation,
    describe_turn,
    format_axis_mapping,
    parse_axis_mapping,
    resolve_orientation,
)
from scaninbox.scans.parallel import run_parts
from scaninbox.scans.pipeline import LOD_FRACTION, build_lod, refine
from scaninbox.scans.reader import read_mesh, sniff_format
from scaninbox.scans.sniff import ScanFormat
from scaninbox.scans.transform import orient
from scaninbox.scans.weld import weld_points

__all__ = [
    "LOD_FRACTION",
    "AxisMappingError",
    "Estimate",
    "HalfTurns",
    "Mesh",
    "MeshError",
    "Orientation",
    "PreviewImageError",
    "ScanFormat",
    "build_lod",
    "decimate",
    "describe_turn",
    "estimate_orientation",
    "face_normals",
    "format_axis_mapping",
    "orient",
    "parse_axis_mapping",
    "point_normals",
    "read_mesh",
    "refine",
    "resolve_orientation",
    "run_parts",
    "sniff_format",
    "soup_face_normals",
    "weld_points",
]
