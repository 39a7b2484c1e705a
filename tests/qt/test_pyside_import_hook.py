"""PySide6's "does this module use PySide6?" answered from the file's bytes: the same answers,
without tokenising every module's source."""

from __future__ import annotations

import inspect
import sys
from types import ModuleType

import pytest

import scaninbox.qt  # noqa: F401 - installs the quicker check
from scaninbox.qt.pyside_import_hook import quicken_pyside_import_hook


def _feature() -> ModuleType:
    feature = sys.modules["shibokensupport.feature"]
    assert isinstance(feature, ModuleType)
    return feature


def test_the_quicker_check_is_installed_once() -> None:
    check = _feature()._mod_uses_pyside
    assert getattr(check, "_scaninbox_quick", False)
    assert quicken_pyside_import_hook()
    assert _feature()._mod_uses_pyside is check  # not wrapped twice


def test_it_answers_as_pyside_does_for_every_loaded_module() -> None:
    import scaninbox.qt.app_controller  # uses PySide6
    import scaninbox.store  # noqa: F401 - does not use it

    check = _feature()._mod_uses_pyside
    upstream = check.upstream
    modules = [m for m in list(sys.modules.values()) if isinstance(m, ModuleType)]
    assert len(modules) > 300
    differ = [m.__name__ for m in modules if check(m) != upstream(m)]
    assert differ == []
    assert check(sys.modules["scaninbox.qt.app_controller"])
    assert not check(sys.modules["scaninbox.store"])
    assert not check(sys)  # built in
    assert not check(inspect)  # no PySide6 in its source


def test_it_does_not_tokenise_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    original = inspect.getsource

    def counting(obj: object) -> str:
        calls.append(obj)
        return original(obj)  # type: ignore[arg-type]

    monkeypatch.setattr(inspect, "getsource", counting)
    assert _feature()._mod_uses_pyside(sys.modules["scaninbox.qt.app_controller"])
    assert calls == []
