"""The six intra-oral scanner portals of the sandbox and how each one exports its files.

``axis_mapping`` follows the format documented in ``scaninbox.sandbox.axes``; all are proper
rotations and differ visibly, so a client that ignores or misreads them shows the scans tilted,
upside down or turned.

| id | portal | files | preview | axisMapping |
|---|---|---|---|---|
| 1 | 3Shape TRIOS | STL | PNG | ``x,y,z`` (identity) |
| 2 | iTero | PLY | PLY mesh | ``x,z,-y`` |
| 3 | Medit Link | PLY + colour | PLY mesh + colour | ``-x,-y,z`` |
| 4 | Primescan Connect | STL | PNG | ``y,-x,z`` |
| 5 | Carestream | STL | STL mesh | ``-y,x,z`` |
| 6 | Shining 3D | PLY + colour | PNG | ``x,-z,y`` |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["PORTALS", "Portal", "portal_by_id"]


@dataclass(frozen=True, slots=True)
class Portal:
    id: int
    name: str
    class_name: str
    url: str
    axis_mapping: str
    quantization_bits: int | None
    mesh_format: Literal["stl", "ply"]
    colored: bool
    preview: Literal["png", "stl", "ply"]
    spacing_mm: float  # scan resolution: vertex spacing of the full-resolution arch
    external_id_pattern: str  # str.format with n (an int) and year


PORTALS: tuple[Portal, ...] = (
    Portal(
        1,
        "3Shape TRIOS",
        "ThreeShapeCommunicate",
        "https://portal.3shape.example",
        "x,y,z",
        16,
        "stl",
        False,
        "png",
        0.15,
        "3S-{year}-{n:06d}",
    ),
    Portal(
        2,
        "iTero",
        "AlignITero",
        "https://myitero.example",
        "x,z,-y",
        16,
        "ply",
        False,
        "ply",
        0.16,
        "{n:08d}",
    ),
    Portal(
        3,
        "Medit Link",
        "MeditLink",
        "https://link.medit.example",
        "-x,-y,z",
        14,
        "ply",
        True,
        "ply",
        0.17,
        "ML{n:07d}",
    ),
    Portal(
        4,
        "Primescan Connect",
        "DentsplySironaConnect",
        "https://connect.dentsplysirona.example",
        "y,-x,z",
        12,
        "stl",
        False,
        "png",
        0.17,
        "DS-{n:05d}-{year}",
    ),
    Portal(
        5,
        "Carestream",
        "CarestreamCsConnect",
        "https://csconnect.carestream.example",
        "-y,x,z",
        None,
        "stl",
        False,
        "stl",
        0.18,
        "CS{year}{n:06d}",
    ),
    Portal(
        6,
        "Shining 3D",
        "Shining3dDentalCloud",
        "https://dentalcloud.shining3d.example",
        "x,-z,y",
        16,
        "ply",
        True,
        "png",
        0.16,
        "S3D-{n:x}",
    ),
)


def portal_by_id(portal_id: int) -> Portal:
    return PORTALS[portal_id - 1]
