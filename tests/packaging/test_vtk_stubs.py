"""installer/vtk_stubs.py: the stand-ins for the VTK modules the frozen app leaves out. pyvista
must still be able to define its classes on them; creating one must fail in plain words."""

from __future__ import annotations

import abc
import importlib.util

import pytest

from tests.packaging.loaders import load

stubs = load("installer/vtk_stubs.py", "scaninbox_vtk_stubs")


def _stub(name: str) -> object:
    spec = stubs._StubFinder().find_spec(name)
    assert spec is not None
    module = spec.loader.create_module(spec)
    spec.loader.exec_module(module)
    return module


def test_a_left_out_class_can_be_subclassed_with_abc_mixins_but_not_created() -> None:
    charts = _stub("vtkmodules.vtkChartsCore")

    class Mixin(abc.ABC):  # pyvista's own mixins use an ABCMeta subclass
        @abc.abstractmethod
        def render(self) -> None: ...

    class Axis(Mixin, charts.vtkAxis):  # type: ignore[misc,name-defined]
        def render(self) -> None:
            pass

    assert charts.vtkAxis is charts.vtkAxis  # one class per name
    with pytest.raises(ImportError, match=r"vtkAxis \(vtkmodules.vtkChartsCore\) is not part"):
        Axis()
    with pytest.raises(AttributeError):
        charts.numpy_support  # noqa: B018 - only vtk* names exist


def test_constants_come_from_the_real_classes() -> None:
    if importlib.util.find_spec("vtkmodules") is None:
        pytest.skip("VTK is not installed")
    constants = stubs.class_constants(("vtkmodules.vtkChartsCore",))
    axis = constants["vtkmodules.vtkChartsCore"]["vtkAxis"]
    from vtkmodules.vtkChartsCore import vtkAxis

    assert axis["AUTO"] == int(vtkAxis.AUTO)
    assert axis["FIXED"] == int(vtkAxis.FIXED)
    saved = dict(stubs.CONSTANTS)
    stubs.CONSTANTS.update(constants)
    try:
        stand_in = _stub("vtkmodules.vtkChartsCore").vtkAxis
        fixed = stand_in.FIXED
        assert fixed == int(vtkAxis.FIXED)
    finally:
        stubs.CONSTANTS.clear()
        stubs.CONSTANTS.update(saved)


def test_the_chart_interaction_style_accepts_no_scene_only() -> None:
    style = _stub("vtkmodules.vtkViewsContext2D").vtkContextInteractorStyle()
    style.SetScene(None)  # what pyvista does when a plotter closes
    with pytest.raises(ImportError, match="2D charts are not part of this build"):
        style.SetScene(object())


def test_only_the_listed_modules_are_stood_in_for() -> None:
    finder = stubs._StubFinder()
    assert finder.find_spec("vtkmodules.vtkRenderingCore") is None
    assert finder.find_spec("numpy") is None
    with pytest.raises(ModuleNotFoundError):
        finder.find_spec("vtkmodules.vtkRenderingMatplotlib")  # optional in pyvista: absent
