"""Off-screen plotters for the render tests, always closed afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from scaninbox.scans.mesh import Mesh
from tests.unit.scans.meshfiles import arch_mesh


@pytest.fixture
def plotter() -> Iterator[Any]:
    import pyvista as pv

    plotter = pv.Plotter(off_screen=True, window_size=[320, 240])
    yield plotter
    plotter.close()


@pytest.fixture(scope="session")
def arch() -> Mesh:
    """A generated upper-arch-like shell with smooth normals, in the canonical frame."""
    from scaninbox.scans import refine

    points, faces = arch_mesh(240, 40)
    return refine(Mesh(points, faces, welded=True, name="arch"))


@pytest.fixture(scope="session")
def coloured_arch(arch: Mesh) -> Mesh:
    """The arch with pink 'gingiva' on its upper half and ivory 'teeth' below."""
    colours = np.empty((arch.n_points, 3), np.uint8)
    low = arch.points[:, 2] < np.median(arch.points[:, 2])
    colours[low] = (235, 230, 215)
    colours[~low] = (220, 120, 130)
    return arch.replace(colours=colours)
