"""Runtime hook of the frozen app: stand-ins for the VTK modules the app never uses but pyvista
imports anyway (installed by build.spec; the real modules are left out by trim.py).

pyvista defines, when it is imported, Python classes that subclass VTK's 2D charts, volume
rendering, image-source and annotation classes, and every plotter's interactor creates one chart
interaction style. The 3D viewer draws surfaces only: none of those classes is ever
instantiated (measured: `installer/trim.py`, docs/packaging.md). Their modules and the
libraries only they need are ≈ 57 MB. Here each of those modules is a small Python module whose
classes can be subclassed but not created — creating one raises an ImportError that names the
missing module, as pyvista's own placeholder for vtkPythonContext2D does — except the chart
interaction style, which pyvista creates and only ever hands ``None`` when no chart exists.

`STUBBED_MODULES` is the list trim.py leaves out; the frozen self-test and CI's run of it are
the proof that the app never reaches a stand-in.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

STUBBED_MODULES = (
    "vtkmodules.vtkChartsCore",
    "vtkmodules.vtkPythonContext2D",
    "vtkmodules.vtkRenderingVolume",
    "vtkmodules.vtkRenderingVolumeOpenGL2",
    "vtkmodules.vtkImagingSources",
    "vtkmodules.vtkViewsContext2D",
    # Read (not created) by pyvista's picker setter; holds 3D widgets the viewer does not use.
    "vtkmodules.vtkInteractionWidgets",
    # pyvista's axes, scalar bars, legends, rulers and corner text (vtkAxesActor,
    # vtkScalarBarActor, vtkCornerAnnotation…): created only by pyvista methods the app never
    # calls (add_axes, add_scalar_bar, add_legend, add_ruler, add_text with a corner, show_bounds
    # or add_mesh with scalars). The viewer's orientation marker, the QC report's captions and the
    # map legend are vtkTextActor (vtkRenderingCore) or Qt widgets. Its library and
    # vtkImagingColor, which only it links, are ≈ 10 MB.
    "vtkmodules.vtkRenderingAnnotation",
    # 2D charts' scene and drawing device (pyvista's Charts create them on the first chart only).
    "vtkmodules.vtkRenderingContext2D",
    "vtkmodules.vtkRenderingContextOpenGL2",
)
# Optional in pyvista (its import of it is wrapped in `suppress(ImportError)`): simply absent.
ABSENT_MODULES = ("vtkmodules.vtkRenderingMatplotlib",)
# The classes' constants (``vtkAxis.AUTO``: pyvista reads some while defining its classes), per
# module and class, as the real modules have them. build.spec fills this in its copy of this
# file from the installed VTK (`class_constants`).
CONSTANTS: dict[str, dict[str, dict[str, int | float | str]]] = {}


def class_constants(
    module_names: Sequence[str] = STUBBED_MODULES,
) -> dict[str, dict[str, dict[str, int | float | str]]]:
    """Every plain-valued public attribute (enum values, constants) of every class of the real
    modules — run at build time, with VTK installed."""
    import importlib

    found: dict[str, dict[str, dict[str, int | float | str]]] = {}
    for module_name in module_names:
        module = importlib.import_module(module_name)
        classes = found.setdefault(module_name, {})
        for class_name in dir(module):
            cls = getattr(module, class_name)
            if not (class_name.startswith("vtk") and isinstance(cls, type)):
                continue
            values: dict[str, int | float | str] = {}
            for attr in dir(cls):
                if attr.startswith("_"):
                    continue
                value = getattr(cls, attr, None)
                if isinstance(value, bool | int):
                    values[attr] = int(value)
                elif isinstance(value, float | str):
                    values[attr] = value
            classes[class_name] = values
    return found


class _LeftOut:
    """A plain class (no metaclass of its own: pyvista mixes in classes with ABCMeta)."""

    _module = ""
    _vtk_name = ""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise ImportError(
            f"{self._vtk_name} ({self._module}) is not part of this build of Scan Inbox"
        )


class _ChartStyle:
    """pyvista's plotters create a vtkContextInteractorStyle and set its scene to None when
    they close; with no chart there is nothing else to do."""

    def SetScene(self, scene: object) -> None:  # noqa: N802 - VTK's name
        if scene is not None:
            raise ImportError("2D charts are not part of this build of Scan Inbox")

    def __getattr__(self, name: str) -> Any:
        raise ImportError(
            f"vtkContextInteractorStyle.{name} (vtkViewsContext2D) is not part of this build"
        )


def _stub_module(name: str) -> types.ModuleType:
    module = types.ModuleType(name, "A stand-in: this VTK module is not part of the build.")
    classes: dict[str, type] = {}

    def __getattr__(attr: str) -> Any:  # noqa: N807 - the module hook's name
        if not attr.startswith("vtk"):
            raise AttributeError(attr)
        if attr not in classes:
            if attr == "vtkContextInteractorStyle":
                classes[attr] = _ChartStyle
            else:
                constants = CONSTANTS.get(name, {}).get(attr, {})
                classes[attr] = type(
                    attr, (_LeftOut,), {"_module": name, "_vtk_name": attr, **constants}
                )
        return classes[attr]

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in STUBBED_MODULES:
            return importlib.machinery.ModuleSpec(fullname, self)
        if fullname in ABSENT_MODULES:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return _stub_module(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        pass


def install() -> None:
    """Put the stand-ins on the import path (the frozen app's copy of this file calls it)."""
    if not any(isinstance(finder, _StubFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _StubFinder())
